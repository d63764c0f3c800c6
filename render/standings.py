"""A tournament's standings as an image (posted after each round with the same figures as alt text:
bot/discord/tournaments.py): place, name, points, opponents' points, total score, games, and "dropped" under the name
of a player who left.

Drawn to read on a phone, which shows it ``PHONE_WIDTH`` px wide: every glyph is at least ``READABLE_PX`` tall there
(``render/measure.py``; tests/render/test_standings.py). A long name wraps onto a second line instead of losing its
end; a name longer still is cut with an ellipsis, and two names cut to the same form are told apart by a number; a
name with no glyph the font can draw gets "?" and its place, so no line is ever nameless. The words (title, column
headings, the legend, "dropped") come in the reader's language from the caller: this module draws, it does not speak.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from render.kit import (
    BOARD_DARK,
    INK,
    INK_SOFT,
    PAPER,
    Canvas,
    drawable,
    fit_text,
    mix,
    smallest_readable,
    text_width,
    wrap,
)

WIDTH = 720
#: every text's size: what shows ``READABLE_PX`` tall when the image is shown ``PHONE_WIDTH`` wide
SIZE = math.ceil(smallest_readable(WIDTH))
TITLE_SIZE = SIZE + 6
MARGIN = 20
PAD = 10  # inside a cell, each side
LINE = round(SIZE * 1.3)
MAX_NAME_LINES = 2


@dataclass(frozen=True)
class Row:
    """One line of the standings, as the text shows it."""

    place: int
    name: str
    points: int
    opponents: int
    score: int
    games: int
    dropped: bool


@dataclass(frozen=True)
class Words:
    """The image's words in the reader's language: the title, the six column headings (place, name, points,
    opponents' points, score, games), the word under a dropped player's name, and a legend of the headings."""

    title: str
    headings: tuple[str, ...]  # six
    dropped: str
    legend: str = ""


def name_lines(rows: Sequence[Row], width: float) -> list[list[str]]:
    """Each row's name as the lines drawn in a column ``width`` wide: wrapped, at most ``MAX_NAME_LINES``, cut past
    that, and never empty nor shared by two rows."""
    out: list[list[str]] = []
    for row in rows:
        name = " ".join(drawable(row.name).split()) or f"? {row.place}"
        lines = [fit_text(line, SIZE, "bold", width) for line in wrap(name, SIZE, "bold", width)]
        if len(lines) > MAX_NAME_LINES:
            lines = [*lines[:MAX_NAME_LINES - 1], fit_text(" ".join(lines[MAX_NAME_LINES - 1:]), SIZE, "bold", width)]
        out.append(lines)
    seen: dict[tuple[str, ...], int] = {}
    for lines in out:
        key = tuple(lines)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] > 1:  # cut to the same form as an earlier name: number it
            mark = f" ({seen[key]})"
            lines[-1] = fit_text(lines[-1].rstrip("…"), SIZE, "bold", width - text_width(mark, SIZE, "bold")) + mark
    return out


def _columns(rows: Sequence[Row], words: Words) -> list[float]:
    """The six columns' widths: each figure's column as wide as its heading or widest figure, the name the rest."""
    figures = [[str(r.place) for r in rows], [], [str(r.points) for r in rows], [str(r.opponents) for r in rows],
               [str(r.score) for r in rows], [str(r.games) for r in rows]]
    widths = [max([text_width(words.headings[i], SIZE, "bold"),
                   *(text_width(f, SIZE, "bold" if i == 0 else "regular") for f in col)]) + 2 * PAD
              for i, col in enumerate(figures)]
    widths[1] = WIDTH - 2 * MARGIN - sum(w for i, w in enumerate(widths) if i != 1)
    return widths


def draw_standings(rows: Sequence[Row], words: Words) -> Canvas:
    """The standings drawn on a canvas ``WIDTH`` px wide, as tall as they need."""
    widths = _columns(rows, words)
    names = name_lines(rows, widths[1] - 2 * PAD)
    title = wrap(words.title, TITLE_SIZE, "bold", WIDTH - 2 * MARGIN)
    legend = wrap(words.legend, SIZE, "regular", WIDTH - 2 * MARGIN) if words.legend else []
    heights = [(len(lines) + row.dropped) * LINE + PAD for lines, row in zip(names, rows, strict=True)]
    head = LINE + PAD
    title_h = len(title) * round(TITLE_SIZE * 1.3)
    height = MARGIN + title_h + PAD + head + sum(heights) + PAD + len(legend) * LINE + MARGIN
    canvas = Canvas(WIDTH, height, background=PAPER)
    y = float(MARGIN)
    for line in title:
        canvas.text((MARGIN, y), line, TITLE_SIZE, "bold", INK)
        y += round(TITLE_SIZE * 1.3)
    y += PAD
    xs = [MARGIN + sum(widths[:i]) for i in range(len(widths))]
    canvas.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + head), fill=BOARD_DARK)
    for i, heading in enumerate(words.headings):
        _cell(canvas, xs[i], widths[i], y + PAD / 2, heading, "bold", left=i == 1)
    y += head
    for n, (row, lines, h) in enumerate(zip(rows, names, heights, strict=True)):
        if n % 2:
            canvas.draw.rectangle((MARGIN, y, WIDTH - MARGIN, y + h), fill=mix(PAPER, BOARD_DARK, 0.35))
        ink = INK_SOFT if row.dropped else INK
        top = y + PAD / 2
        for i, figure in enumerate((row.place, None, row.points, row.opponents, row.score, row.games)):
            if figure is not None:
                _cell(canvas, xs[i], widths[i], top, str(figure), "bold" if i == 0 else "regular", ink=ink)
        for k, line in enumerate(lines):
            canvas.text((xs[1] + PAD, top + k * LINE), line, SIZE, "bold", ink)
        if row.dropped:
            canvas.text((xs[1] + PAD, top + len(lines) * LINE), fit_text(words.dropped, SIZE, "regular",
                                                                      widths[1] - 2 * PAD), SIZE, "regular", INK_SOFT)
        y += h
        canvas.draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=INK_SOFT, width=1)
    y += PAD
    for line in legend:
        canvas.text((MARGIN, y), line, SIZE, "regular", INK_SOFT)
        y += LINE
    return canvas


def _cell(canvas: Canvas, x: float, width: float, top: float, text: str, style: str, *, left: bool = False,
          ink: tuple[int, int, int] = INK) -> None:
    if left:
        canvas.text((x + PAD, top), fit_text(text, SIZE, style, width - 2 * PAD), SIZE, style, ink)
    else:
        canvas.text((x + width / 2, top), fit_text(text, SIZE, style, width - 2 * PAD), SIZE, style, ink, anchor="ma")


def standings_png(rows: Sequence[Row], words: Words) -> bytes:
    return draw_standings(rows, words).png()
