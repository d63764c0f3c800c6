"""Strasbourg: the phone panel of a bid and of planning (``draw_focus``, issue 41).

The players table spans the board, so no crop of it reads on a phone: the panel is drawn for one instead, one
block per seat in turn order, its name chip and this step's bid (or planning) on one line, its face-down stacks side
by side under it, every stack with its card count (none hidden behind "+N")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import strasbourg_art as art
from render.kit import BOARD, GOLD, INK_SOFT, PAPER, Box, Canvas, mix, seat_name, text_width
from render.strasbourg.layout import F, _turn_order, fit_in
from render.strasbourg.players import _bid_cell, _bid_header, _first_marker
from rules.words import translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView

_, _n = translator("strasbourg")

#: 800 px wide: shown 400 px wide on a phone, its smallest text (MIN_FONT) shows at 16 px
FOCUS_W = 800
HEAD_H, LINE_H, PAD = 44, 48, 8
CARD_W, CARD_H, CARD_STEP = 38, 44, 44


def draw_focus_table(view: StrasbourgView, names: Sequence[str] | None) -> Canvas:
    order = _turn_order(view)
    by_seat = {int(p["seat"]): p for p in view["players"]}
    per_line = int((FOCUS_W - 2 * PAD - 56) // CARD_STEP)
    lines = {s: max(1, -(-len(by_seat[s]["stacks"]) // per_line)) for s in order}
    block = {s: LINE_H + lines[s] * (CARD_H + 6) + 10 for s in order}
    c = Canvas(w=FOCUS_W, h=round(2 * PAD + HEAD_H + sum(block.values()) + 4 * len(order)))
    box = c.region("players", c.box)
    c.panel(box, fill=BOARD)
    inner = box.inset(PAD)
    fit_in(c, inner.top(HEAD_H).inset(56, 0), _bid_header(view), "bold")
    to_act = {int(s) for s in view.get("to_act", [])}
    y = inner.y + HEAD_H
    for pos, seat in enumerate(order):
        row = Box(inner.x, y, inner.w, block[seat])
        y += block[seat] + 4
        if seat in to_act:
            c.draw.rounded_rectangle(row.rect, radius=10, fill=mix(GOLD, PAPER, 0.55))
        c.draw.line((row.x, row.y - 2, row.x2, row.y - 2), fill=INK_SOFT, width=1)
        head = row.top(LINE_H)
        mark = head.left(48)
        if pos == 0:
            _first_marker(c, mark)
        else:
            c.text_in(mark, str(pos + 1), F, "bold", INK_SOFT)
        name = seat_name(seat, names)
        # the name whole: bold where it fits, else condensed; the bid takes what is left of the line
        face = "bold" if text_width(name, F, "bold") + 60 <= head.w * 0.6 else "cond"
        chip_w = min(head.w - 48 - 200, text_width(name, F, face) + 60)
        c.player_chip(Box(head.x + 52, head.y + 3, chip_w, LINE_H - 6), seat, name, style=face, tight=True)
        _bid_cell(c, Box(head.x + 52 + chip_w + 14, head.y, head.x2 - head.x - 52 - chip_w - 20, LINE_H), view, seat)
        _stacks(c, Box(row.x + 56, head.y2 + 4, row.w - 64, row.h - LINE_H - 8),
                [int(k) for k in by_seat[seat]["stacks"]], per_line)
    return c


def _stacks(c: Canvas, box: Box, sizes: list[int], per_line: int) -> None:
    """Every face-down stack as a card back with its card count, side by side, on as many lines as they need."""
    if not sizes:
        fit_in(c, box.top(CARD_H), _("none"), fill=INK_SOFT)
        return
    for k, count in enumerate(sizes):
        line, col = divmod(k, per_line)
        centre = (box.x + col * CARD_STEP + CARD_W / 2, box.y + line * (CARD_H + 6) + CARD_H / 2)
        c.paste(art.card_sprite(CARD_W, CARD_H, False), centre, "card stack")
        c.text(centre, str(count), F, "cond", PAPER, "mm")
