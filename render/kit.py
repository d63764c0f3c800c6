"""Shared drawing kit: layout boxes, a recording canvas and board-game primitives, and the kit's other parts.

Every board is drawn on a ``Canvas`` of ``W`` x ``H`` (16:10). The canvas records each top-level
region, every text it draws (with its font size) and every glyph and mark (``Canvas.glyphs``, ``render/measure.py``:
what, how tall, which view element), so tests can check the layout without pixels: regions inside the canvas and
not overlapping, no text below ``MIN_FONT``, and every mark a player needs readable on a phone (or declared given
by the focus panel or the words: ``Canvas.in_focus``, ``Canvas.in_words``).

The kit's other parts live beside it and are re-exported here, so ``from render.kit import ...`` finds every name:
``render/palette.py`` (colours, each seat's style), ``render/measure.py`` (the marks recorded, what a phone reads),
``render/typeface.py`` (fonts, text widths, wrapping, ``MIN_FONT``) and ``render/sprites.py`` (tokens, meeples,
cubes, coins and pictograms drawn at ``SS`` x and downscaled once, then cached and pasted with their alpha as mask
onto an RGB canvas).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from render.measure import PHONE_WIDTH as PHONE_WIDTH
from render.measure import READABLE_PX as READABLE_PX
from render.measure import Mark as Mark
from render.measure import smallest_readable as smallest_readable
from render.names import Roster as Roster
from render.names import cast as cast
from render.names import current as current_roster
from render.palette import BAD as BAD
from render.palette import BOARD as BOARD
from render.palette import BOARD_DARK as BOARD_DARK
from render.palette import GOLD as GOLD
from render.palette import GOOD as GOOD
from render.palette import HIGHLIGHT as HIGHLIGHT
from render.palette import INK as INK
from render.palette import INK_SOFT as INK_SOFT
from render.palette import PAPER as PAPER
from render.palette import PLAYERS as PLAYERS
from render.palette import RGB as RGB
from render.palette import TABLE as TABLE
from render.palette import WATER as WATER
from render.palette import WATER_DARK as WATER_DARK
from render.palette import PlayerStyle as PlayerStyle
from render.palette import hex_rgb as hex_rgb
from render.palette import ink_on as ink_on
from render.palette import luminance as luminance
from render.palette import mix as mix
from render.palette import player as player
from render.sprites import MARKS as MARKS
from render.sprites import SS as SS
from render.sprites import coin_sprite as coin_sprite
from render.sprites import cube_sprite as cube_sprite
from render.sprites import draw_mark as draw_mark
from render.sprites import icon_sprite as icon_sprite
from render.sprites import meeple_sprite as meeple_sprite
from render.sprites import shape_points as shape_points
from render.sprites import token_sprite as token_sprite
from render.typeface import MIN_FONT as MIN_FONT
from render.typeface import drawable as drawable
from render.typeface import fit_text as fit_text
from render.typeface import font as font
from render.typeface import text_width as text_width
from render.typeface import wrap as wrap
from rules.words import translator

_, _n = translator("core")

W, H = 1280, 800
#: the smallest mark that reads on a phone on a W px wide board (44.8 px: 14 px at 400 px wide)
PHONE_MIN = math.ceil(smallest_readable(W))


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The player's name if given, else "Seat N" (views carry seat numbers only).

    Characters the bundled font cannot draw (emoji, CJK) are dropped rather than shown as boxes; a name
    with nothing drawable left falls back to "Seat N" too."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        name = " ".join(drawable(str(names[seat])).split())
        if name:
            return name
    return _("Seat {n}").format(n=seat + 1)


# ---------------------------------------------------------------- layout
@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle; the layout helper. Split it into rows, columns and grids."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return (round(self.x), round(self.y), round(self.x2), round(self.y2))

    def inset(self, dx: float, dy: float | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * dy))

    def top(self, h: float) -> Box:
        return Box(self.x, self.y, self.w, h)

    def bottom(self, h: float) -> Box:
        return Box(self.x, self.y2 - h, self.w, h)

    def left(self, w: float) -> Box:
        return Box(self.x, self.y, w, self.h)

    def right(self, w: float) -> Box:
        return Box(self.x2 - w, self.y, w, self.h)

    def rest_below(self, h: float, gap: float = 0) -> Box:
        """What is left after cutting ``h`` (+ ``gap``) off the top."""
        return Box(self.x, self.y + h + gap, self.w, max(0.0, self.h - h - gap))

    def rows(self, *weights: float, gap: float = 0) -> list[Box]:
        """Split top to bottom in proportion to ``weights`` (a weight < 0 is a fixed height in px)."""
        return [Box(self.x, a, self.w, b) for a, b in _split(self.y, self.h, weights, gap)]

    def cols(self, *weights: float, gap: float = 0) -> list[Box]:
        """Split left to right in proportion to ``weights`` (a weight < 0 is a fixed width in px)."""
        return [Box(a, self.y, b, self.h) for a, b in _split(self.x, self.w, weights, gap)]

    def grid(self, n: int, columns: int, gap: float = 0) -> list[Box]:
        """``n`` equal cells in reading order, ``columns`` per row."""
        nrows = max(1, math.ceil(n / columns))
        out: list[Box] = []
        for row in self.rows(*([1] * nrows), gap=gap):
            out.extend(row.cols(*([1] * columns), gap=gap))
        return out[:n]

    def overlaps(self, other: Box) -> bool:
        return self.x < other.x2 and other.x < self.x2 and self.y < other.y2 and other.y < self.y2

    def inside(self, other: Box) -> bool:
        eps = 0.5
        return (
            self.x >= other.x - eps and self.y >= other.y - eps and self.x2 <= other.x2 + eps
            and self.y2 <= other.y2 + eps
        )


def _split(start: float, length: float, weights: Sequence[float], gap: float) -> list[tuple[float, float]]:
    fixed = sum(-w for w in weights if w < 0)
    flexible = sum(w for w in weights if w > 0)
    free = max(0.0, length - fixed - gap * (len(weights) - 1))
    out = []
    pos = start
    for w in weights:
        size = -w if w < 0 else (free * w / flexible if flexible else 0.0)
        out.append((pos, size))
        pos += size + gap
    return out


@dataclass
class TextRecord:
    text: str
    size: int
    box: Box
    #: the text did not fit its width and was cut with an ellipsis (the language tests forbid it)
    cut: bool = False


@dataclass
class Canvas:
    """An RGB image plus a record of its named regions and texts (for the structural tests)."""

    w: int = W
    h: int = H
    background: RGB = TABLE
    img: Image.Image = field(init=False)
    draw: ImageDraw.ImageDraw = field(init=False)
    regions: dict[str, Box] = field(default_factory=dict)
    texts: list[TextRecord] = field(default_factory=list)
    #: every glyph and mark drawn, for the phone test (``render/measure.py``)
    glyphs: list[Mark] = field(default_factory=list)
    #: the elements whose marks are details on a phone, and what gives them there: ("words", view keys) or
    #: ("focus", ())
    elsewhere: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    _elements: list[str] = field(default_factory=list)
    #: the table's names (``render/names.py``): a name that does not fit is drawn short, never cut
    roster: Roster | None = field(default=None, init=False)
    #: the seats the legend at the image's foot names (``render/legend.py``)
    legend_seats: list[int] = field(default_factory=list, init=False)
    #: the legend's strip at the foot (None: every name drawn whole)
    legend_box: Box | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.img = Image.new("RGB", (self.w, self.h), self.background)
        self.draw = ImageDraw.Draw(self.img)
        self.roster = current_roster()

    # -------------------------------------------------------------- what the marks show
    @contextmanager
    def element(self, name: str) -> Iterator[None]:
        """The marks drawn in this block show the view element ``name`` (else the region they lie in says)."""
        self._elements.append(name)
        try:
            yield
        finally:
            self._elements.pop()

    def in_words(self, element: str, *keys: str) -> None:
        """``element``'s marks are details on a phone: the words give them (``Game.summary`` reads ``keys``)."""
        self.elsewhere[element] = ("words", keys)

    def in_focus(self, element: str) -> None:
        """``element``'s marks are details on the board: this view's focus panel gives them, readable."""
        self.elsewhere[element] = ("focus", ())

    def record(self, kind: str, what: str, box: Box, size: float | None = None, decor: bool = False) -> None:
        """Record a mark drawn by other means than ``text``/``paste`` (a shape drawn straight on the image)."""
        self.glyphs.append(Mark(kind, what, box.h if size is None else size, box.x, box.y, box.w, box.h,
                               self._elements[-1] if self._elements else None, decor))

    def element_of(self, mark: Mark) -> str:
        """The element ``mark`` shows: its own, else the smallest region its centre lies in, else "board"."""
        if mark.element is not None:
            return mark.element
        around = [(box.w * box.h, name) for name, box in self.regions.items()
                  if box.x <= mark.cx <= box.x2 and box.y <= mark.cy <= box.y2]
        return min(around)[1] if around else "board"

    @property
    def box(self) -> Box:
        return Box(0, 0, self.w, self.h)

    def region(self, name: str, box: Box) -> Box:
        """Register a top-level region (regions must not overlap; tests check)."""
        self.regions[name] = box
        return box

    # -------------------------------------------------------------- text
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = MIN_FONT,
        style: str = "regular",
        fill: RGB = INK,
        anchor: str = "la",
        max_width: float | None = None,
        decor: bool = False,
    ) -> Box:
        """Draw one line; cut with an ellipsis past ``max_width``, a player's name first drawn short (never cut:
        ``render/names.py``). Returns the drawn box."""
        text = wanted = str(text)
        if max_width is not None:
            text, style = self._fit(text, size, style, max_width)
        f = font(size, style)
        self.draw.text((round(xy[0]), round(xy[1])), text, font=f, fill=fill, anchor=anchor)
        x0, y0, x1, y1 = self.draw.textbbox((round(xy[0]), round(xy[1])), text, font=f, anchor=anchor)
        drawn = Box(x0, y0, x1 - x0, y1 - y0)
        self.texts.append(TextRecord(text, size, drawn, cut=text != wanted and text.endswith("…")))
        if text.strip():
            self.record("text", text, drawn, size, decor)
        return drawn

    def _fit(self, text: str, size: int, style: str, max_width: float) -> tuple[str, str]:
        """``text`` fitted into ``max_width``: the names in it short first, then the condensed face for a name
        alone, and only then the ellipsis (which the tests forbid on a name)."""
        if text_width(text, size, style) <= max_width or self.roster is None or not self.roster.names_in(text):
            return fit_text(text, size, style, max_width), style
        text = self.roster.shorten(text)
        if text_width(text, size, style) > max_width and text in self.roster.short and style != "cond":
            style = "cond"
        return fit_text(text, size, style, max_width), style

    def name_fits(self, name: str, width: float, size: int = MIN_FONT, style: str = "bold") -> bool:
        """Whether ``name`` (a whole name, or a text holding names) shows in ``width``, whole or short, uncut."""
        if text_width(name, size, style) <= width:
            return True
        short = self.roster.shorten(name) if self.roster is not None and self.roster.names_in(name) else None
        return short is not None and min(text_width(short, size, style), text_width(short, size, "cond")) <= width

    def text_in(self, box: Box, text: str, size: int = MIN_FONT, style: str = "regular", fill: RGB = INK,
                align: str = "center", decor: bool = False) -> Box:
        """One line fitted into ``box``, vertically centred; align left, center or right."""
        x = {"left": box.x, "center": box.cx, "right": box.x2}[align]
        anchor = {"left": "lm", "center": "mm", "right": "rm"}[align]
        return self.text((x, box.cy), text, size, style, fill, anchor, max_width=box.w, decor=decor)

    def text_lines(self, box: Box, text: str, size: int, style: str = "regular", fill: RGB = INK,
                   align: str = "left", max_lines: int = 2) -> list[Box]:
        """``text`` wrapped at spaces into at most ``max_lines`` lines centred in ``box`` (the last one fitted)."""
        lines = wrap(text, size, style, box.w)
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1:])] if len(lines) > max_lines else lines
        step = min(box.h / len(lines), size * 1.15)
        top = box.cy - step * len(lines) / 2
        return [self.text_in(Box(box.x, top + k * step, box.w, step), line, size, style, fill, align)
                for k, line in enumerate(lines)]

    # -------------------------------------------------------------- shapes
    def panel(self, box: Box, fill: RGB = BOARD, outline: RGB | None = INK_SOFT, radius: int = 14,
              width: int = 2) -> None:
        self.draw.rounded_rectangle(box.rect, radius=radius, fill=fill, outline=outline, width=width)

    def highlight(self, box: Box, radius: int = 16, width: int = 6, edged: bool = False) -> None:
        """The last-action marker: a thick ring just outside ``box``.

        ``edged`` lines the ring with ink on both sides: to red-green colour-blind eyes the pink alone is
        a mid grey-blue that can vanish against blue or grey backgrounds; the dark edges keep it visible."""
        ring = box.inset(-width / 2 - 2)
        if edged:
            self.draw.rounded_rectangle(ring.inset(-width / 2 - 1).rect, radius=radius + width // 2, outline=INK,
                                        width=2)
            self.draw.rounded_rectangle(ring.inset(width / 2 + 1).rect, radius=max(2, radius - width // 2),
                                        outline=INK, width=2)
        self.draw.rounded_rectangle(ring.rect, radius=radius, outline=HIGHLIGHT, width=width)

    def paste(self, sprite: Image.Image, center: tuple[float, float], what: str = "sprite",
              decor: bool = False) -> None:
        """Paste ``sprite`` centred on ``center``, recorded as the mark ``what`` (its first word is its kind)."""
        x = round(center[0] - sprite.width / 2)
        y = round(center[1] - sprite.height / 2)
        self.img.paste(sprite, (x, y), sprite)
        self.record(what.split()[0] if what.split() else "sprite", what,
                    Box(x, y, sprite.width, sprite.height), decor=decor)

    def token(self, seat: int, center: tuple[float, float], size: int, decor: bool = False) -> None:
        """A player's marker: their colour in their shape."""
        self.paste(token_sprite(seat, size), center, f"token {seat}", decor)

    def meeple(self, seat: int, center: tuple[float, float], size: int) -> None:
        self.paste(meeple_sprite(seat, size), center, f"meeple {seat}")

    def cube(self, colour: RGB, center: tuple[float, float], size: int, mark: str | None = None) -> None:
        self.paste(cube_sprite(colour, size, mark), center, f"cube {mark or ''}")

    def coin(self, center: tuple[float, float], size: int, value: int | str | None = None) -> None:
        self.paste(coin_sprite(size), center, "coin")
        if value is not None:
            self.text(center, str(value), MIN_FONT, "cond", INK, "mm")

    def chip(self, box: Box, text: str, fill: RGB, size: int = MIN_FONT, style: str = "bold") -> Box:
        """A rounded pill with a label (badges, counters)."""
        self.draw.rounded_rectangle(box.rect, radius=round(min(box.h, box.w) / 2), fill=fill,
                                    outline=mix(fill, INK, 0.5), width=2)
        return self.text_in(box, text, size, style, ink_on(fill))

    def player_chip(self, box: Box, seat: int, label: str, size: int = MIN_FONT, style: str = "bold",
                    tight: bool = False) -> None:
        """A pill in the player's colour carrying their shape and a label (name, score...).

        ``tight`` packs the shape closer to the edge, leaving the label ~20 px more (narrow panels)."""
        p = player(seat)
        self.draw.rounded_rectangle(box.rect, radius=round(box.h / 2), fill=p.colour, outline=INK, width=2)
        icon = round(box.h * 0.62)
        icon_x = box.x + (icon / 2 + 6 if tight else box.h / 2 + 2)
        # the shape repeats the name beside it (and tells seats apart without colour at desktop size)
        self.paste(token_sprite(seat, icon, ring=PAPER), (icon_x, box.cy), f"token {seat}", decor=True)
        text_x = icon_x + icon / 2 + 6 if tight else box.x + box.h + 4
        self.text_in(Box(text_x, box.y, box.x2 - text_x - 8, box.h), label, size, style, p.ink,
                     "left")

    def track(self, box: Box, values: Sequence[int], lo: int | None = None, hi: int | None = None) -> None:
        """A score track: a bar from lo to hi with each seat's token at its value (ties stack)."""
        lo = min([0, *values]) if lo is None else lo
        hi = max([lo + 10, *values]) if hi is None else hi
        bar = Box(box.x + box.h / 2, box.cy - 5, box.w - box.h, 10)
        self.draw.rounded_rectangle(bar.rect, radius=5, fill=BOARD_DARK, outline=INK_SOFT)
        seen: dict[int, int] = {}
        size = round(box.h * 0.5)
        for seat, v in enumerate(values):
            x = bar.x + (v - lo) / max(1, hi - lo) * bar.w
            k = seen.get(v, 0)
            seen[v] = k + 1
            self.token(seat, (x, box.cy - (k % 2) * size * 0.5 + (k // 2) * 4), size)

    def table(self, box: Box, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
              size: int = MIN_FONT, row_fill: Iterable[RGB | None] | None = None) -> list[list[Box]]:
        """A plain grid of one-line cells; the first column left-aligned, the others centred."""
        nrows = len(rows) + 1
        lines = box.rows(*([1] * nrows))
        fills = list(row_fill) if row_fill is not None else [None] * len(rows)
        cells: list[list[Box]] = []
        for r, line in enumerate(lines):
            cols = line.cols(*widths)
            if r == 0:
                self.draw.rectangle(line.rect, fill=BOARD_DARK)
            elif fills[r - 1] is not None:
                self.draw.rectangle(line.rect, fill=fills[r - 1])
            values = header if r == 0 else rows[r - 1]
            for c, (cell, value) in enumerate(zip(cols, values, strict=False)):
                self.text_in(cell.inset(8, 0), value, size, "bold" if r == 0 or c == 0 else "regular",
                             INK, "left" if c == 0 else "center")
            cells.append(cols)
            if r:
                self.draw.line((line.x, line.y, line.x2, line.y), fill=INK_SOFT, width=1)
        return cells

    # -------------------------------------------------------------- output
    def png(self, colours: int = 128, level: int = 3) -> bytes:
        """PNG bytes, quantised to an adaptive palette (flat board art loses nothing visible).

        128 colours at zlib level 3 measured ~2x faster than 256 at level 6 on a 5-player board (about 15 vs
        30 ms), for ~10 KB more (58 KB); ``colours=0`` keeps full RGB."""
        out = io.BytesIO()
        img = self.img.quantize(colours, method=Image.Quantize.FASTOCTREE) if colours else self.img
        img.save(out, format="PNG", compress_level=level)
        return out.getvalue()


def icon(canvas: Canvas, kind: str, center: tuple[float, float], size: int) -> None:
    canvas.paste(icon_sprite(kind, size), center, f"icon {kind}")


# ---------------------------------------------------------------- hints
def last_action(last: Any) -> tuple[int | None, str]:
    """Normalise the ``last`` hint: a dict {"seat", "action"}, a (seat, action) pair, or an action string."""
    if last is None:
        return None, ""
    if isinstance(last, dict):
        seat = last.get("seat")
        return (int(seat) if isinstance(seat, int) else None), str(last.get("action") or "")
    if isinstance(last, tuple | list) and len(last) == 2:
        seat, action = last
        return (int(seat) if isinstance(seat, int) else None), str(action or "")
    return None, str(last)
