"""Strasbourg renderer: the final score sheet with the per-seat breakdown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render.kit import (
    BAD,
    BOARD,
    BOARD_DARK,
    GOLD,
    GOOD,
    INK,
    INK_SOFT,
    PAPER,
    PHONE_MIN,
    Box,
    Canvas,
    mix,
    seat_name,
    text_width,
)
from render.strasbourg.city import draw_city
from render.strasbourg.layout import GAP, MARGIN, F, fit_in
from rules.strasbourg.data import OBJECTIVE_PENALTY, OBJECTIVES
from rules.strasbourg.prompts import objective_text
from rules.strasbourg.state import SCORE_COLUMNS
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView

_, _n = translator("strasbourg")


# ---------------------------------------------------------------- the final score sheet
FINAL_KEYS = SCORE_COLUMNS
#: the city beside the objectives: narrow enough for five kept objectives a seat to show their ids whole
CITY_W = 400
#: the name column's least width: a chip with the seat's shape and a short name
NAME_MIN = 220
FINAL_HEAD = (N_("Council"), N_("City"), N_("Chapels"), N_("Edifices"), N_("Privil."), N_("Objectives"))


def draw_final(view: StrasbourgView, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = [int(s) for s in outcome.get("scores", view.get("scores", []))]
    ranks = [int(r) for r in outcome.get("ranks", [1] * len(scores))]
    breakdown = outcome.get("breakdown") or [{} for _ in scores]
    full = c.box.inset(MARGIN)
    # the winner at a size a phone reads (wrapped, never cut); the sheet's figures are details there: the words
    head, table_box, bottom = full.rows(-112, -(44 + 50 * len(scores)), 1, gap=GAP)
    c.region("header", head)
    c.panel(head, fill=BOARD_DARK)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    who = " & ".join(seat_name(s, names) for s in winners)
    # TRANSLATORS: {who} is the winner's name, or the winners' names joined by " & ".
    title = _n("Strasbourg · final scores · {who} wins", "Strasbourg · final scores · {who} win", len(winners))
    with c.element("winner"):
        c.text_lines(head.inset(16, 4), title.format(who=who), PHONE_MIN, "bold", INK, "left")
    c.in_words("scores", "outcome", "scores")
    c.in_words("city", "city", "built", "chapels")
    c.in_words("objectives", "final")
    c.region("scores", table_box)
    c.panel(table_box, fill=BOARD)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    inner = table_box.inset(8, 4)
    heads = [_(h) for h in FINAL_HEAD]
    total = _("Total")
    # columns as wide as their headings, whole; the name takes the rest (a name too long for it is drawn short, with
    # the legend at the foot: render/names.py); only a name column squeezed under NAME_MIN packs the headings tighter
    total_w = max(80, text_width(total, F, "cond") + 16)
    room = inner.w - 4 * (len(heads) + 3) - 50 - total_w - NAME_MIN  # what the headings may take
    pad = 16 if sum(text_width(h, F, "cond") + 16 for h in heads) <= room else 6
    head_w = [text_width(h, F, "cond") + pad for h in heads]
    if sum(head_w) > room:  # even packed they do not fit: shares of the room (the headings are cut)
        head_w = [room * w / sum(head_w) for w in head_w]
    widths = [-50, 1, *[-w for w in head_w], -total_w]
    lines = inner.rows(-40, *([1] * len(order)), gap=2)
    for cell, text in zip(lines[0].cols(*widths, gap=4)[2:], (*heads, total), strict=True):
        c.text_in(cell, text, F, "cond", INK)
    for seat, line in zip(order, lines[1:], strict=True):
        cols = line.cols(*widths, gap=4)
        if ranks[seat] == 1:
            c.draw.rounded_rectangle(line.rect, radius=8, fill=mix(GOLD, PAPER, 0.5))
        c.text_in(cols[0], f"{ranks[seat]}.", F, "bold", INK)
        name = seat_name(seat, names)  # condensed where the bold face would cut it
        face = "bold" if text_width(name, F, "bold") + 56 <= cols[1].w else "cond"
        c.player_chip(cols[1].inset(0, 3), seat, name, style=face, tight=face == "cond")
        parts = breakdown[seat] if seat < len(breakdown) else {}
        for cell, key in zip(cols[2:-1], FINAL_KEYS, strict=True):
            value = int(parts.get(key, 0))
            c.text_in(cell, str(value), F, "regular", BAD if value < 0 else INK)
        c.text_in(cols[-1], str(scores[seat]), F + 4, "bold", INK)
        c.draw.line((line.x, line.y - 1, line.x2, line.y - 1), fill=INK_SOFT, width=1)
    # a narrower city leaves the objectives their room: up to five a seat, none cut
    city_box, notes_box = bottom.cols(-CITY_W, 1, gap=GAP + 2)
    draw_city(c, c.region("city", city_box), view, None, prices=False, label_chapels=False)
    draw_final_notes(c, c.region("objectives", notes_box), view, order, names)
    return c


def draw_final_notes(c: Canvas, box: Box, view: StrasbourgView, order: list[int], names: Sequence[str] | None) -> None:
    """Per seat: each kept objective, met (✓, its points) or missed (✗, −3)."""
    c.panel(box, fill=BOARD)
    inner = box.inset(10, 6)
    title, body = inner.rows(-38, 1, gap=2)
    fit_in(c, title, _("Objectives kept"), "bold")
    final = view.get("final") or []
    rows = body.rows(*([1] * max(1, len(order))), gap=4)
    for seat, row in zip(order, rows, strict=False):
        c.token(seat, (row.x + 18, row.cy), 32)
        x0 = row.x + 44
        objectives = final[seat].get("objectives", []) if seat < len(final) else []
        # several objectives share the row on two lines, so each keeps its text whole (issue 42: "+3 3+ mem…" was cut,
        # and an objective's id told a player nothing)
        lines = 2 if len(objectives) > 1 and row.h >= 80 else 1
        per_line = -(-len(objectives) // lines) if objectives else 1
        height = min(44, row.h / lines - 4)
        slot = (row.x2 - x0) / per_line - 6
        for i, o in enumerate(objectives):
            if i % per_line == 0:
                x = x0
            cy = row.cy if lines == 1 else row.y + (i // per_line + 0.5) * row.h / lines
            met = bool(o.get("met"))
            card = OBJECTIVES[o["id"]]
            points = card["points"] if met else -OBJECTIVE_PENALTY
            mark = f"{'✓' if met else '✗'} {points:+d}".replace("-", "−")
            # the richest label that fits its share of the row whole (the words give every objective's text)
            what = objective_text(o["id"], int(view["num_players"]), view.get("edifices", []))
            size = F  # never below the smallest readable size (render/typeface.py)
            label = next((text for text in (f"{mark} {what}", f"{mark} {o['id']}", f"{mark.replace(' ', '')} {o['id']}")
                          if text_width(text, F, "cond") + 16 <= slot), f"{mark.replace(' ', '')} {o['id']}")
            w = min(slot, text_width(label, size, "cond") + 16)
            chip = Box(x, cy - height / 2, w, height)
            c.chip(chip, label, mix(GOOD, PAPER, 0.35) if met else mix(BAD, PAPER, 0.35), size, "cond")
            x += w + 6
        x = x0
        if not objectives:
            c.text((x, row.cy), _("none"), F, "regular", INK_SOFT, "lm")
