"""Speicherstadt board: one seat's private screen: its own tableau drawn large, the score breakdown and the card list.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render.kit import INK, INK_SOFT, MIN_FONT, Box, Canvas
from render.speicherstadt.header import draw_header
from render.speicherstadt.layout import HEADER_H, KIND_RGB, _short_title
from render.speicherstadt.pieces import _points, cube, cubes_in_row
from render.speicherstadt.tableau import draw_tableau
from rules.speicherstadt.views import BREAKDOWN_LABELS
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtPlayer, SpeicherstadtView

_, _n = translator("speicherstadt")


def draw_private(view: SpeicherstadtView, names: Sequence[str] | None) -> Canvas:
    """The viewer's tableau, large: nothing else in this game is private (only the pile order is secret)."""
    c = Canvas()
    seat = view.get("viewer")
    seat = 0 if seat is None else seat
    full = c.box.inset(16, 12)
    head, body = full.rows(-HEADER_H, 1, gap=10)
    c.region("header", head)
    draw_header(c, head, view, names)
    left, right = body.cols(1, 1, gap=12)
    c.region("tableau", left)
    end = draw_tableau(c, left, view, seat, names, large=True)
    draw_breakdown(c, Box(left.x + 16, end + 10, left.w - 32, left.y2 - end - 24), view["players"][seat])
    c.region("cards", right)
    draw_card_list(c, right, view["players"][seat])
    return c


def draw_breakdown(c: Canvas, box: Box, pl: SpeicherstadtPlayer) -> None:
    """Points if the game ended now, by category (non-zero ones), two columns of label and value."""
    parts = [(_(BREAKDOWN_LABELS[k]) if k in BREAKDOWN_LABELS else k.title(), v) for k, v in pl["breakdown"].items()
             if v]
    rows = -(-len(parts) // 2)
    if box.h < 44 * (rows + 1) or not parts:
        return
    c.draw.line((box.x, box.y, box.x2, box.y), fill=INK_SOFT, width=2)
    c.text((box.x, box.y + 26), _("If the game ended now: {score}★").format(score=pl["score"]), MIN_FONT, "bold",
           INK, "lm", max_width=box.w)
    for i, (label, value) in enumerate(parts):
        row, col = divmod(i, 2)
        cell = Box(box.x + col * box.w / 2, box.y + 50 + row * 44, box.w / 2 - 32, 44)
        c.text((cell.x, cell.cy), label, MIN_FONT, "regular", INK, "lm", max_width=cell.w - 60)
        c.text((cell.x2, cell.cy), str(value), MIN_FONT, "bold", INK, "rm")


def draw_card_list(c: Canvas, box: Box, pl: SpeicherstadtPlayer) -> None:
    """Every card the seat owns, one line each, with what it does or is worth."""
    c.panel(box)
    inner = box.inset(16, 10)
    c.text((inner.x, inner.y + 22), _("Cards ({n})").format(n=len(pl["cards"])), MIN_FONT, "bold", INK, "lm")
    rows = max(1, int((inner.h - 50) // 46))
    y = inner.y + 50
    cards = pl["cards"]
    for i, card in enumerate(cards[:rows]):
        if i == rows - 1 and len(cards) > rows:
            c.text((inner.x, y + 22), _("… and {n} more").format(n=len(cards) - i), MIN_FONT, "regular", INK_SOFT, "lm")
            break
        line = Box(inner.x, y, inner.w, 44)
        band = KIND_RGB.get(card["kind"], INK_SOFT)
        c.draw.rounded_rectangle((line.x, line.y + 6, line.x + 14, line.y2 - 6), radius=4, fill=band)
        title = c.text((line.x + 26, line.cy), _short_title(card), MIN_FONT, "bold", INK, "lm")
        rest = Box(title.x2 + 14, line.y, line.x2 - title.x2 - 14, line.h)
        info = card.get("info", {})
        if card["kind"] == "contract":
            goods = info.get("goods", [])
            cubes_in_row(c, Box(rest.x, rest.y, len(goods) * 40, rest.h), goods, 36)
            _points(c, Box(rest.x + len(goods) * 40 + 10, rest.y, 90, rest.h), info.get("points", 0))
        elif card["kind"] == "merchant":
            cube(c, info.get("good", "coffee"), (rest.x + 18, rest.cy), 36)
            c.text((rest.x + 46, rest.cy), _("→ 1 coin each, 1★"), MIN_FONT, "regular", INK, "lm",
                   max_width=rest.w - 46)
        else:
            note = CARD_NOTES.get(card["kind"])
            c.text((rest.x, rest.cy), _(note).format(**info) if note else "", MIN_FONT, "regular", INK_SOFT,
                   "lm", max_width=rest.w)
        y += 46


CARD_NOTES = {
    "fireman": N_("value {value}"), "ship": N_("{capacity} cubes"), "kontor": N_("set: 2·5·9·14★"),
    "warehouse": N_("4 cubes, 1★ each"), "bank": N_("+1 coin income"), "chamber": N_("1★ per coin"),
    "church": "{points}★", "michaelis": "{points}★", "port": N_("1★ per ship"),
}
