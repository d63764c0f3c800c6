"""Line charts drawn with the kit (issue 38): a player's rating after each rated game (``/game profile``) and each
player's points after each round (the report at the end of a game).

The caller gives every word already in the reader's language (title, axis names, the players' names): a chart knows
no game. Readable on a phone: the canvas is ``CHART_W`` px wide and every text is at least ``LABEL`` px, which shows
``READABLE_PX`` (14 px) tall when Discord shows the image ``PHONE_WIDTH`` (400 px) wide (``Canvas.glyphs`` records
them; tests/render/test_charts.py measures them). Colour is never the only signal: each series has its seat's colour,
its seat's marker shape (``render/palette.py``) and its own dash pattern, and the legend names each player beside the
three. A name is never cut to nothing: the legend gives long names a whole line, and a name the font cannot draw at
all reads "Seat N" (``seat_name``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from render.kit import (
    BOARD,
    BOARD_DARK,
    INK,
    INK_SOFT,
    Box,
    Canvas,
    fit_text,
    player,
    seat_name,
    smallest_readable,
    text_width,
    wrap,
)
from render.sprites import token_sprite
from rules.words import number

#: the chart's width; Discord shows it ~400 px wide on a phone
CHART_W = 800
#: the smallest text: 14 px tall at 400 px wide
LABEL = math.ceil(smallest_readable(CHART_W))
TITLE = LABEL + 4
TITLE_LINES = 4
MARKER = LABEL  # a marker is as tall as the smallest text: its shape reads on a phone
PLOT_H = 300
PAD = 20
LINE_W = 4
#: the piece of each line the legend shows (its dash pattern at least once)
SAMPLE = 64
#: each seat's dash pattern (px drawn, px skipped, ...): () is a solid line
DASHES: tuple[tuple[int, ...], ...] = ((), (20, 10), (5, 8), (20, 7, 5, 7), (10, 10), (28, 6, 5, 6))


@dataclass(frozen=True)
class Series:
    """One line: a player's ``name`` (drawn as given; empty: "Seat N"), the ``seat`` whose colour, marker and dash it
    takes, and one value per x."""

    name: str
    seat: int
    values: Sequence[int]


def nice_ticks(lo: float, hi: float, most: int = 5) -> list[int]:
    """Round values (1, 2 or 5 times a power of ten apart) covering ``lo``..``hi`` in at most ``most`` + 1 steps."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / most
    power = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    step = next(k * power for k in (1, 2, 5, 10) if k * power >= raw)
    step = max(1, round(step))
    first = math.floor(lo / step) * step
    last = math.ceil(hi / step) * step
    return list(range(int(first), int(last) + 1, int(step)))


def _dashed(canvas: Canvas, points: Sequence[tuple[float, float]], colour: tuple[int, int, int],
            dash: tuple[int, ...]) -> None:
    """A polyline with ``dash`` (on, off, on, off, ...) carried on across its corners."""
    if not dash:
        canvas.draw.line([(round(x), round(y)) for x, y in points], fill=colour, width=LINE_W, joint="curve")
        return
    k, left, on = 0, float(dash[0]), True
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        length = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                a, b = done / length, (done + step) / length
                canvas.draw.line((round(x0 + (x1 - x0) * a), round(y0 + (y1 - y0) * a),
                                  round(x0 + (x1 - x0) * b), round(y0 + (y1 - y0) * b)), fill=colour, width=LINE_W)
            done += step
            left -= step
            if left <= 0:
                k = (k + 1) % len(dash)
                left, on = float(dash[k]), k % 2 == 0


def _legend_rows(names: Sequence[str], width: float) -> list[list[int]]:
    """The series' indexes by legend line: two a line while every name fits half the width, else one."""
    cell = (width - 20) / 2 - (MARKER + SAMPLE + 14)
    pairs = all(text_width(n, LABEL) <= cell for n in names)
    per = 2 if pairs and len(names) > 1 else 1
    return [list(range(i, min(i + per, len(names)))) for i in range(0, len(names), per)]


def line_chart(title: str, x_label: str, y_label: str, xs: Sequence[int], series: Sequence[Series], *,
               from_zero: bool = True) -> Canvas:
    """The chart as a recorded canvas: ``xs`` the x values (rounds, games), each series one value per x; the y axis
    starts at 0 when ``from_zero`` (points), else near the lowest value (ratings)."""
    names = [seat_name(s.seat, [*([""] * s.seat), s.name]) for s in series]
    inner = CHART_W - 2 * PAD
    title_lines = _wrap(title, TITLE, inner)
    legend = _legend_rows(names, inner)
    row_h = LABEL + 14
    height = (PAD + len(title_lines) * (TITLE + 8) + 10 + row_h + PLOT_H + row_h * 2 + 10 + len(legend) * row_h
              + PAD)
    c = Canvas(CHART_W, height, background=BOARD)
    y: float = PAD
    for line in title_lines:
        c.text((PAD, y), line, TITLE, "bold", INK)
        y += TITLE + 8
    y += 10
    values = [v for s in series for v in s.values] or [0]
    lo: float = min(0, *values) if from_zero else min(values)
    hi: float = max(values)
    if not from_zero:
        spread = max(hi - lo, 20)
        lo, hi = lo - spread * 0.1, hi + spread * 0.1
    ticks = nice_ticks(lo, hi)
    tick_texts = [number(t) for t in ticks]
    left = PAD + max(text_width(t, LABEL) for t in tick_texts) + 12
    c.text((PAD, y), y_label, LABEL, "bold", INK_SOFT)  # the y axis's name, above it
    y += row_h + LABEL // 2  # the top tick's label stands half a line above the plot
    plot = c.region("plot", Box(left, y, CHART_W - PAD - MARKER / 2 - left, PLOT_H))
    c.draw.rectangle(plot.rect, fill=mix_light(), outline=INK_SOFT, width=2)
    y_lo, y_hi = ticks[0], ticks[-1]

    def py(v: float) -> float:
        return plot.y2 - (v - y_lo) / max(1, y_hi - y_lo) * plot.h

    for t, text in zip(ticks, tick_texts, strict=True):
        ty = py(t)
        c.draw.line((round(plot.x), round(ty), round(plot.x2), round(ty)), fill=BOARD_DARK, width=2)
        c.text((plot.x - 10, ty), text, LABEL, "regular", INK, "rm")
    span = max(1, len(xs) - 1)
    inset = MARKER
    px = [plot.x + inset + (plot.w - 2 * inset) * (i / span if len(xs) > 1 else 0.5) for i in range(len(xs))]
    # x tick labels: as many as fit without touching
    widest = max((text_width(number(x), LABEL) for x in xs), default=0) + 16
    every = max(1, math.ceil(widest / max(1.0, (plot.w - 2 * inset) / span)))
    shown = _spaced(len(xs), every)
    for i in shown:
        c.draw.line((round(px[i]), round(plot.y2), round(px[i]), round(plot.y2 + 8)), fill=INK_SOFT, width=2)
        c.text((px[i], plot.y2 + 10), number(xs[i]), LABEL, "regular", INK, "ma")
    y = plot.y2 + 10 + row_h
    c.text((plot.cx, y), x_label, LABEL, "bold", INK_SOFT, "ma")
    y += row_h + 10
    # the lines, then their markers (as many as stand apart, the last always)
    mark_every = max(1, math.ceil(MARKER * 1.6 / max(1.0, (plot.w - 2 * inset) / span)))
    for s in series:
        points = [(px[i], py(v)) for i, v in enumerate(s.values[:len(xs)])]
        if len(points) > 1:
            _dashed(c, points, player(s.seat).colour, DASHES[s.seat % len(DASHES)])
    for s in series:
        for i in _spaced(min(len(xs), len(s.values)), mark_every):
            c.paste(token_sprite(s.seat, MARKER), (px[i], py(s.values[i])), f"token {s.seat}")
    # the legend: marker, a piece of the line, the name
    for row in legend:
        cells = Box(PAD, y, inner, row_h).cols(*([1] * len(row)), gap=20) if len(row) > 1 else [
            Box(PAD, y, inner, row_h)]
        for cell, k in zip(cells, row, strict=True):
            s = series[k]
            c.paste(token_sprite(s.seat, MARKER), (cell.x + MARKER / 2, cell.cy), f"token {s.seat}")
            _dashed(c, [(cell.x + MARKER + 4, cell.cy), (cell.x + MARKER + 4 + SAMPLE, cell.cy)],
                    player(s.seat).colour, DASHES[s.seat % len(DASHES)])
            at = cell.x + MARKER + SAMPLE + 14
            c.text_in(Box(at, cell.y, cell.x2 - at, cell.h), names[k], LABEL, "bold", INK, "left")
        y += row_h
    return c


def _spaced(n: int, every: int) -> list[int]:
    """Every ``every``-th of ``n`` indexes and always the last; the one before the last gives way when they would
    stand closer than ``every``."""
    if n <= 0:
        return []
    out = list(range(0, n, every))
    if out[-1] != n - 1:
        if n - 1 - out[-1] < every and len(out) > 1:
            out.pop()
        out.append(n - 1)
    return out


def mix_light() -> tuple[int, int, int]:
    """The plot's ground: a shade lighter than the parchment, so the grid lines read."""
    return (min(255, BOARD[0] + 12), min(255, BOARD[1] + 12), min(255, BOARD[2] + 12))


def _wrap(text: str, size: int, width: float) -> list[str]:
    """The title in whole words on as many lines as it takes (``TITLE_LINES`` at most, the last fitted)."""
    lines = wrap(text, size, "bold", width)
    if len(lines) > TITLE_LINES:
        lines = [*lines[:TITLE_LINES - 1], fit_text(" ".join(lines[TITLE_LINES - 1:]), size, "bold", width)]
    return lines


def chart_png(title: str, x_label: str, y_label: str, xs: Sequence[int], series: Sequence[Series], *,
              from_zero: bool = True) -> bytes:
    """``line_chart`` as PNG bytes (full colour: a chart is small)."""
    return line_chart(title, x_label, y_label, xs, series, from_zero=from_zero).png(colours=0, level=6)
