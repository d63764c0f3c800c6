"""Strasbourg renderer: the players table (one row per seat in turn order, stacks and bids) and its legend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import strasbourg_art as art
from render.kit import BOARD, GOLD, GOOD, INK, INK_SOFT, PAPER, Box, Canvas, icon_sprite, mix, seat_name, text_width
from render.strasbourg.layout import F, _turn_order, fit_in
from rules.strasbourg.prompts import ordinal
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView

_, _n = translator("strasbourg")


# ---------------------------------------------------------------- players table
# turn position, name, prestige, council seats, city members, deck, privileges spent, stacks, bid
COLUMNS = ("pos", "name", "prestige", "council", "city", "deck", "spent", "stacks", "bid")
WIDTHS = {"pos": -48, "name": -330, "prestige": -64, "council": -64, "city": -64, "deck": -64, "spent": -64,
          "stacks": 1, "bid": -256}
ICONS = {"prestige": "star", "council": "pillar", "city": "person", "deck": "deck", "spent": "seal_spent"}
#: the key to the icon columns (and to the numbered chapel spaces), drawn under the table
LEGEND = (("star", N_("prestige")), ("pillar", N_("council")), ("person", N_("in city")), ("deck", N_("deck")),
          ("seal_spent", N_("privileges spent")), ("chapel", "CH3"))


def _head_icon(c: Canvas, kind: str, center: tuple[float, float], size: int) -> None:
    if kind == "star":
        c.paste(icon_sprite("star", size - 2), center)
    else:
        c.paste(art.pictogram(kind, size), center)


def draw_legend(c: Canvas, box: Box, legend: Sequence[tuple[str, str]] = LEGEND) -> None:
    """Icon = meaning, left to right; the chapel's item shows an empty chapel space and its id. Words too long for
    the line (a translation) are drawn condensed, then closer together, then cut to equal shares."""
    # TRANSLATORS: "chapel {id}" is the key to the numbered chapel spaces of the city; {id} is a chapel's id (CH3).
    words = [_("chapel {id}").format(id=word) if kind == "chapel" else _(word) for kind, word in legend]
    face, gap, most = "regular", 18, float(box.w)
    icons = sum(2 * 15 + 6 if kind == "chapel" else 38 for kind, _word in legend)
    if icons + sum(text_width(w, F, face) + gap for w in words) > box.w - 8:
        face = "cond"
        spare = box.w - 8 - icons - sum(text_width(w, F, face) for w in words)
        if spare < 4 * len(words) and legend[-1][0] == "chapel":  # still too long: the chapel's key keeps its id
            words[-1] = "CH3"
            spare = box.w - 8 - icons - sum(text_width(w, F, face) for w in words)
        gap = max(4, min(18, int(spare / len(words))))
        if spare < 4 * len(words):  # and still: every word gets an equal share of the line, cut to it
            most = (box.w - 8 - icons) / len(words) - gap
    x = box.x + 8
    for (kind, _word), word in zip(legend, words, strict=True):
        if kind == "chapel":  # an empty chapel space as the city draws it, numbered like its id
            r = 15
            c.draw.ellipse((x, box.cy - r, x + 2 * r, box.cy + r), fill=PAPER, outline=INK_SOFT, width=2)
            c.text((x + r, box.cy), "3", F, "cond", INK, "mm")
            drawn = c.text((x + 2 * r + 6, box.cy), word, F, face, INK, "lm", max_width=most)
        else:
            _head_icon(c, kind, (x + 17, box.cy), 32)
            drawn = c.text((x + 38, box.cy), word, F, face, INK, "lm", max_width=most)
        x = drawn.x2 + gap


def draw_players(c: Canvas, box: Box, view: StrasbourgView, names: Sequence[str] | None, last_seat: int | None,
                 last_verb: str, columns: Sequence[str] = COLUMNS) -> None:
    """The table, one row per seat in turn order, with ``columns`` (``COLUMNS``: all), and the key to its icons
    under it."""
    c.panel(box, fill=BOARD)
    inner = box.inset(6, 4)
    order = _turn_order(view)
    shown = {ICONS[k] for k in columns if k in ICONS}
    keys = [item for item in LEGEND if item[0] in shown or (item[0] == "chapel" and tuple(columns) == COLUMNS)]
    head, body, *under = inner.rows(-38, 1, -34, gap=2) if keys else inner.rows(-38, 1, gap=2)
    rows = body.rows(*([1] * len(order)), gap=2)
    # the bid column widens for a long heading (a translation); the stacks column gives the room
    bid_head = _bid_header(view)
    widths = [WIDTHS[k] for k in columns]
    widths[columns.index("bid")] = -max(-WIDTHS["bid"], round(text_width(bid_head, F, "bold")) + 14)
    at = {k: i for i, k in enumerate(columns)}
    hcols = head.cols(*widths, gap=4)
    fit_in(c, hcols[at["name"]].inset(6, 0), _("Turn order"), "bold")
    for cell, kind in zip(hcols, columns, strict=True):
        if kind in ICONS:
            _head_icon(c, ICONS[kind], (cell.cx, cell.cy), 34)
    for legend in under:
        c.draw.line((legend.x, legend.y - 1, legend.x2, legend.y - 1), fill=INK_SOFT, width=1)
        draw_legend(c, legend, keys)
    fit_in(c, hcols[at["stacks"]].inset(6, 0), _("Stacks"), "bold")
    fit_in(c, hcols[at["bid"]].inset(6, 0), bid_head, "bold")
    to_act = {int(s) for s in view.get("to_act", [])}
    by_seat = {int(p["seat"]): p for p in view["players"]}
    leader = max(int(p["prestige"]) for p in view["players"])
    for pos, (seat, row) in enumerate(zip(order, rows, strict=True)):
        p = by_seat[seat]
        if seat in to_act:
            c.draw.rounded_rectangle(row.rect, radius=8, fill=mix(GOLD, PAPER, 0.55))
        cells = dict(zip(columns, row.cols(*widths, gap=4), strict=True))
        if pos == 0:
            _first_marker(c, cells["pos"])
        else:
            c.text_in(cells["pos"], str(pos + 1), F, "bold", INK_SOFT)
        chip = cells["name"].inset(0, max(2.0, (row.h - 40) / 2))
        c.player_chip(chip, seat, seat_name(seat, names), tight=True)
        if "prestige" in cells:
            prestige = int(p["prestige"])
            c.text_in(cells["prestige"], str(prestige), F + 2, "bold",
                      INK if prestige < leader or leader == 0 else GOOD)
        for kind, key in (("council", "council"), ("city", "city"), ("deck", "deck"), ("spent", "privileges_spent")):
            if kind in cells:
                c.text_in(cells[kind], str(p[key]), F, "regular", INK)  # type: ignore[literal-required]
        _stacks(c, cells["stacks"], [int(k) for k in p["stacks"]])
        _bid_cell(c, cells["bid"].inset(6, 0), view, seat)
        if last_seat == seat:
            where = _ring_place(view, seat, last_verb)
            if where == "bid":
                c.highlight(cells["bid"], radius=8, width=4)
            elif where == "chip":
                c.highlight(chip, radius=20, width=4)
        if pos:
            c.draw.line((row.x, row.y - 1, row.x2, row.y - 1), fill=INK_SOFT, width=1)


def _ring_place(view: StrasbourgView, seat: int, verb: str) -> str | None:
    """Where the last move shows in a player's row: their bid cell, their name chip, or nowhere (the city)."""
    if verb in ("reveal", "pass", "privilege"):
        bid = view.get("bid")
        if bid:  # still this step's bid, or (status waiting) a step already resolved and gone
            return "bid" if bid["status"][seat] != "waiting" else "chip"
        return "bid" if view.get("phase") == "action" and view.get("last") else "chip"
    if verb in ("goods", "sell", "done", "skip", "return"):
        return "chip"
    return None


def _first_marker(c: Canvas, box: Box) -> None:
    r = min(box.w, box.h) / 2 - 3
    c.draw.ellipse((box.cx - r, box.cy - r, box.cx + r, box.cy + r), fill=GOLD, outline=INK, width=2)
    c.text((box.cx, box.cy), "1", F, "bold", INK, "mm")


def _stacks(c: Canvas, box: Box, sizes: list[int]) -> None:
    """Face-down stacks as card backs with their card count: every stack (none hidden behind "+N"), the backs
    narrower when many share the cell."""
    h, step = min(40, round(box.h - 4)), 38.0
    if sizes:
        step = min(step, (box.w - 8) / len(sizes))
    w = round(min(34.0, step - 4))
    x = box.x + 6 + w / 2
    for k in sizes:
        c.paste(art.card_sprite(w, h, False), (x, box.cy))
        c.text((x, box.cy), str(k), F, "cond", PAPER, "mm")
        x += step
    if not sizes:
        c.text((box.x + 6, box.cy), _("none"), F, "regular", INK_SOFT, "lm")


def _bid_header(view: StrasbourgView) -> str:
    if view.get("phase") == "planning":
        return _("Planning")
    if view.get("bid") and view.get("step"):
        return _("Step {step} bids").format(step=view["step"])
    last = view.get("last")
    if last:
        return _("Step {step} result").format(step=last["step"])
    return ""


def _bid_cell(c: Canvas, box: Box, view: StrasbourgView, seat: int) -> None:
    if view.get("phase") == "planning":
        p = view["players"][seat]
        if p.get("ready"):
            fit_in(c, box, _("ready"), "bold", GOOD)
        else:
            fit_in(c, box, _("planning…"), fill=INK_SOFT)
        return
    bid = view.get("bid")
    if bid:
        status = bid["status"][seat]
        if status == "revealed":
            cards = [int(v) for v in bid["revealed"][seat]]
            _revealed(c, box, cards)
        elif status == "passed":
            fit_in(c, box, _("passed"), fill=INK_SOFT)
        elif status == "postponed":
            c.paste(art.pictogram("seal", 30), (box.x + 15, box.cy))
            fit_in(c, Box(box.x + 36, box.y, box.w - 36, box.h), _("later"))
        elif seat in view.get("to_act", []):
            fit_in(c, box, _("deciding…"), "bold")
        else:
            fit_in(c, box, _("waiting"), fill=INK_SOFT)
        return
    last = view.get("last")
    if not last:
        return
    for rank, (s, total) in enumerate(last.get("ranking", []), start=1):
        if int(s) == seat:
            c.text_in(box, f"{ordinal(rank)} · {total}", F, "bold" if rank == 1 else "regular", INK, "left")
            return
    if seat in last.get("passed", []):
        fit_in(c, box, _("passed"), fill=INK_SOFT)


def _revealed(c: Canvas, box: Box, cards: list[int]) -> None:
    total = sum(cards)
    text = "+".join(map(str, cards)) + f" = {total}"
    if text_width(text, F, "cond") > box.w:
        text = _n("{total} ({n} card)", "{total} ({n} cards)", len(cards)).format(total=total, n=len(cards))
    c.text_in(box, text, F, "cond", INK, "left")
