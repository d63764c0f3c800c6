"""Nürnberg board: the final image: the countryside, the timeline and each seat's score breakdown with its legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render import nuernberg_art as art
from render.kit import (
    BOARD_DARK,
    GOLD,
    INK,
    INK_SOFT,
    MIN_FONT,
    PAPER,
    PHONE_MIN,
    Box,
    Canvas,
    icon_sprite,
    mix,
    text_width,
)
from render.nuernberg import maps
from render.nuernberg.layout import FINAL_COUNTRYSIDE, FINAL_DECK, FINAL_TIMELINE, _name, _paste
from render.nuernberg.panels import _draw_timeline
from rules.nuernberg import names as nb_names
from rules.nuernberg.text import and_list
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergView

_, _n = translator("nuernberg")


def draw_final(view: NuernbergView, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    cv.region("countryside", FINAL_COUNTRYSIDE)
    lay = maps.countryside_layout(FINAL_COUNTRYSIDE, view["countryside"])
    maps.draw_countryside(cv, lay, view["countryside"])
    _draw_timeline(cv, cv.region("timeline", FINAL_TIMELINE), view["timeline"])
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = list(outcome.get("scores") or view.get("scores") or [])
    ranks = list(outcome.get("ranks") or [1] * len(scores))
    breakdown = list(outcome.get("breakdown") or [{} for _ in scores])
    # who won at a size a phone reads, wrapped (never cut); the sheet's figures are details there: the words
    title = cv.region("title", Box(640, 8, 632, 150))
    cv.panel(title, fill=BOARD_DARK)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    head, sub = title.inset(14, 6).rows(-40, 1)
    end = view.get("end")
    reason = {"vp": _("13 points reached"), "time": _("time ran out")}.get(str(end), "")
    over = _("Game over") + (f" · {reason}" if reason else "")  # why, where the line holds it
    cv.text_in(head, over if text_width(over, MIN_FONT, "bold") <= head.w else _("Game over"), MIN_FONT, "bold",
               INK, "left")
    win = and_list([_name(s, names) for s in winners])
    # English said "A and B wins" for a shared win too (kept); other languages take their plural
    wins = _n("{winners} wins", "{winners} wins", len(winners)).format(winners=win)
    with cv.element("winner"):
        cv.text_lines(sub, wins, PHONE_MIN, "bold", INK, "left")
    cv.in_words("title", "end", "outcome")
    for region in ("countryside", "timeline", "deck"):
        cv.in_words(region, region)
    cv.in_words("scores", "outcome")
    cv.in_words("legend", "outcome")
    table = cv.region("scores", Box(640, 166, 632, 380))
    cv.panel(table)
    _final_table(cv, table.inset(10), scores, ranks, breakdown, names)
    legend = cv.region("legend", Box(640, 554, 632, 238))
    cv.panel(legend)
    _final_legend(cv, legend.inset(14, 10), scores, ranks)
    deck = cv.region("deck", FINAL_DECK)
    cv.panel(deck)
    cv.text_in(deck.inset(12, 4), _("Ended in {year}, turn {turn}").format(year=view["timeline"].get("year", ""),
                                                                           turn=view.get("turn", 0)),
               MIN_FONT, "regular", INK, "left")
    return cv


_FINAL_COLS: tuple[tuple[str, str, str], ...] = (
    ("settlements", "house", N_("Settlements")), ("manufactures", "workshop", N_("Manufactures")),
    ("wegerecht", "signpost", N_("Wegerecht")), ("council", "council", N_("Council"))
)


def _final_table(cv: Canvas, box: Box, scores: list[int], ranks: list[int], breakdown: list[dict[str, int]],
                 names: Sequence[str] | None) -> None:
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    lines = box.rows(-60, *([1] * 4), gap=6)
    widths = (-40, 1, -46, -46, -46, -46, -66)  # narrow figures: the names keep their room whole
    head = lines[0].cols(*widths, gap=6)
    cv.draw.rounded_rectangle(lines[0].rect, radius=8, fill=BOARD_DARK)
    for cell, (_key, pic, _label) in zip(head[2:6], _FINAL_COLS, strict=True):
        _paste(cv, art.icon(pic, 42), (cell.cx, cell.cy))
    _paste(cv, icon_sprite("star", 42), (head[6].cx, head[6].cy))
    cv.text_in(head[1].inset(8, 0), _("Player"), MIN_FONT, "bold", INK, "left")
    for seat, line in zip(order, lines[1:], strict=False):
        cells = line.cols(*widths, gap=6)
        if ranks[seat] == 1:
            cv.draw.rounded_rectangle(line.rect, radius=8, fill=mix(GOLD, PAPER, 0.5))
        cv.text_in(cells[0], str(ranks[seat]), MIN_FONT, "bold", INK)
        chip = Box(cells[1].x, cells[1].cy - 24, cells[1].w, 48)
        cv.player_chip(chip, seat, _name(seat, names), MIN_FONT, "cond", tight=True)
        parts = breakdown[seat] if seat < len(breakdown) else {}
        for cell, (key, _pic, _label) in zip(cells[2:6], _FINAL_COLS, strict=True):
            cv.text_in(cell, str(parts.get(key, 0)), MIN_FONT, "regular", INK)
        cv.text_in(cells[6], str(scores[seat]), 40, "bold", INK)


def _final_legend(cv: Canvas, box: Box, scores: list[int], ranks: list[int]) -> None:
    """What the columns count, and whether a tie was broken."""
    tied = len(set(scores)) < len(scores) and len(set(ranks)) > len(set(scores))
    rows = box.rows(1, 1, 1)
    cells = [*rows[0].cols(1, 1, gap=10), *rows[1].cols(1, 1, gap=10)]
    for cell, (_key, pic, label) in zip(cells, _FINAL_COLS, strict=True):
        _paste(cv, art.icon(pic, 40), (cell.x + 20, cell.cy))
        cv.text_in(Box(cell.x + 48, cell.y, cell.w - 48, cell.h), nb_names.tr(label), MIN_FONT, "regular", INK, "left")
    if tied:
        cv.text_in(rows[2], _("Ties: the better council card first"), MIN_FONT, "regular", INK_SOFT,
                   "left")
