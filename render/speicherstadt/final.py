"""Speicherstadt board: the final scores (the per-category breakdown for every seat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render import kit
from render.kit import BOARD, BOARD_DARK, INK, INK_SOFT, MIN_FONT, PHONE_MIN, Box, Canvas, mix, player, seat_name
from rules.speicherstadt.views import BREAKDOWN_LABELS
from rules.words import translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtView

_, _n = translator("speicherstadt")


def draw_final(view: SpeicherstadtView, names: Sequence[str] | None) -> Canvas:
    """The final-score sheet: ranks, per-category breakdown per seat, coins as the tie-break."""
    c = Canvas()
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = outcome.get("scores", view["scores"])
    ranks = outcome.get("ranks", [1] * len(scores))
    breakdown = outcome.get("breakdown") or [p["breakdown"] for p in view["players"]]
    full = c.box.inset(16, 12)
    head, body = full.rows(-120, 1, gap=10)
    c.region("header", head)
    c.panel(head, fill=BOARD_DARK)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    who = " & ".join(seat_name(s, names) for s in winners)
    # TRANSLATORS: {who} is one winner's name, or several joined by " & " (the plural form)
    title = _n("The Speicherstadt — final scores · {who} wins", "The Speicherstadt — final scores · {who} win",
               len(winners)).format(who=who)
    with c.element("winner"):  # who won reads on a phone; the breakdown is a detail there, in the words
        c.text_lines(head.inset(16, 4), title, PHONE_MIN, "bold", INK, "left")
    c.region("table", body)
    c.in_words("table", "outcome", "players")
    c.panel(body)
    cats = [k for k in BREAKDOWN_LABELS if any(b.get(k, 0) for b in breakdown)]
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    table = body.inset(12, 10)
    ncols = len(order)
    labels = [_("Rank"), _("Coins (tie)"), _("Total")] + [_(BREAKDOWN_LABELS[k]) for k in cats]
    # the label column: 250 px, wider (up to 360) for a language whose labels are longer
    header_w = min(360.0, max(250.0, max(kit.text_width(label, MIN_FONT, "bold") for label in labels) + 24))
    col_w = (table.w - header_w) / max(1, ncols)
    lines = table.rows(*([1.6] + [1] * (len(cats) + 3)))
    # top line: each seat's token over its name, in its colour
    for j, seat in enumerate(order):
        cell = Box(table.x + header_w + j * col_w, lines[0].y, col_w, lines[0].h).inset(4, 2)
        c.draw.rounded_rectangle(cell.rect, radius=12, fill=mix(player(seat).colour, BOARD, 0.6))
        c.token(seat, (cell.cx, cell.y + 24), 40)
        c.text_in(Box(cell.x + 2, cell.y + 46, cell.w - 4, cell.h - 48), seat_name(seat, names), MIN_FONT, "cond")
    rows: list[tuple[str, list[str], bool]] = [(_("Rank"), [f"#{ranks[s]}" for s in order], True)]
    rows += [(_(BREAKDOWN_LABELS[k]), [str(breakdown[s].get(k, 0)) for s in order], False) for k in cats]
    rows.append((_("Coins (tie)"), [str(view["players"][s]["coins"]) for s in order], False))
    rows.append((_("Total"), [str(scores[s]) for s in order], True))
    for (label, values, bold), line in zip(rows, lines[1:], strict=False):
        if bold:
            c.draw.rectangle(line.rect, fill=BOARD_DARK)
        c.draw.line((line.x, line.y, line.x2, line.y), fill=INK_SOFT, width=1)
        c.text_in(Box(line.x + 8, line.y, header_w - 8, line.h), label, MIN_FONT, "bold", INK, "left")
        for j, value in enumerate(values):
            cell = Box(table.x + header_w + j * col_w, line.y, col_w, line.h)
            c.text_in(cell, value, MIN_FONT, "bold" if bold else "regular", INK)
    return c
