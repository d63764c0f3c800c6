"""The names' legend: a strip at an image's foot saying whom each short form drawn on it stands for.

An image that drew some player's name short (``render/names.py``) grows by this strip, only then: one entry per
such seat, in seat order, each the seat's mark (colour and shape), the short form in bold and the whole name
("○ BvH = Bartholomäus von Hohenzollern"), laid out in lines as wide as the image, at a size a phone reads
(``READABLE_PX`` at ``PHONE_WIDTH``). A whole name too long for one line wraps at its spaces. The strip has no
words, so it speaks every language.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from render.kit import BOARD, INK, MIN_FONT, PAPER, Box, Canvas, mix, smallest_readable, text_width, wrap

MARGIN = 16
GAP = 28  # between two entries on one line


def _size(canvas: Canvas) -> int:
    return max(MIN_FONT, math.ceil(smallest_readable(canvas.w)))


def _entry(canvas: Canvas, seat: int, size: int) -> tuple[str, list[str], float]:
    """The entry's short form, its whole name's lines, and its width."""
    assert canvas.roster is not None
    short = f"{canvas.roster.short[seat]} ="
    room = canvas.w - 2 * MARGIN - size - 8 - text_width(short, size, "bold") - 10
    lines = wrap(canvas.roster.full[seat], size, "cond", room)
    width = size + 8 + text_width(short, size, "bold") + 10 + max(text_width(line, size, "cond") for line in lines)
    return short, lines, width


def add(canvas: Canvas) -> None:
    """Grow ``canvas`` by the legend of the names it drew short (nothing when it drew every name whole)."""
    roster = canvas.roster
    if roster is None or not roster.shortened:
        return
    size = _size(canvas)
    line_h = round(size * 1.25)
    seats = sorted(roster.shortened)
    entries = [(seat, *_entry(canvas, seat, size)) for seat in seats]
    # entries flow left to right; a wrapped name takes its own lines
    rows: list[list[tuple[int, str, list[str], float]]] = [[]]
    used = 0.0
    for entry in entries:
        if rows[-1] and used + GAP + entry[3] > canvas.w - 2 * MARGIN:
            rows.append([])
            used = 0.0
        used += (GAP if rows[-1] else 0) + entry[3]
        rows[-1].append(entry)
    height = sum(max(len(e[2]) for e in row) for row in rows) * line_h + 2 * MARGIN
    top = canvas.h
    grown = Image.new("RGB", (canvas.w, canvas.h + height), canvas.background)
    grown.paste(canvas.img, (0, 0))
    canvas.img, canvas.h = grown, canvas.h + height
    canvas.draw = ImageDraw.Draw(canvas.img)
    strip = canvas.legend_box = Box(0, top, canvas.w, height)  # below the regions: not one of them
    canvas.panel(strip.inset(8, 4), fill=mix(BOARD, PAPER, 0.5))
    y = top + MARGIN
    for row in rows:
        x = float(MARGIN)
        for seat, short, lines, width in row:
            with canvas.element("names"):
                canvas.token(seat, (x + size / 2, y + line_h / 2), size)
                at = canvas.text((x + size + 8, y + line_h / 2), short, size, "bold", INK, "lm").x2 + 10
                for k, line in enumerate(lines):
                    canvas.text((at, y + line_h * (k + 0.5)), line, size, "cond", INK, "lm")
            canvas.legend_seats.append(seat)
            x += width + GAP
        y += max(len(e[2]) for e in row) * line_h
