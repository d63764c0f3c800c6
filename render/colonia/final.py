"""Colonia board: the final scores (per-seat breakdown, holdings left, the stained-glass windows).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render import colonia_art as art
from render import kit
from render.colonia.layout import HEADER, fitting, panel, short_name
from render.kit import INK, INK_SOFT, MIN_FONT, PAPER, PHONE_MIN, Box, Canvas, mix
from rules.colonia.names import _

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView


RESULTS = Box(8, 64, 1264, 452)
WINDOWS = Box(8, 524, 1264, 268)
RESULT_COLS = (-64, 2.6, 1.2, 1.45, 1.55, 1.1, 1.2, 1.1, 1)
PLAYER_MIN = 180.0  # the player column keeps room for a chip and a short name
PLAYER_MAX = 240.0  # and takes no more from the headings than a name of about 11 letters needs ("Bot Bruno")
HEAD_MIN = 105.0  # a heading abbreviated to a few letters and a dot


def abbreviated(text: str, width: float) -> str:
    """``text``, or where it does not fit ``width`` its longest head that does, ending in a consonant, with a dot
    ("Marchandises" -> "Marchand."): a column heading may be abbreviated, never cut."""
    if kit.text_width(text, MIN_FONT, "cond") <= width:
        return text
    for k in range(len(text) - 1, 1, -1):
        head = text[:k].rstrip(" .")
        if head[-1:].lower() in "aeiouyàâäéèêëíïîóôöúùûüáṽ" or not head[-1:].isalpha():
            continue
        if kit.text_width(head + ".", MIN_FONT, "cond") <= width:
            return head + "."
    return ""


def _result_cols(line: Box, header: Sequence[str], names: Sequence[str] = ()
                 ) -> tuple[tuple[float, ...], list[str]]:
    """``RESULT_COLS`` and the headings, or where a language's headings or a player's name need more room than their
    share, fixed widths: the player column gets what its longest name needs (a chip: shape, name, padding; at least
    ``PLAYER_MIN``, at most ``PLAYER_MAX`` or its share), each heading its own width, and the rest is shared out by
    ``RESULT_COLS``' weights; where the row cannot hold it all, the widest headings are abbreviated first, so a bot's
    name ("Bot Clara") is not cut while a heading can give room."""
    cells = line.cols(*RESULT_COLS, gap=6)
    widths = [cell.w for cell in cells]
    needs = [kit.text_width(label, MIN_FONT, "cond") + 4 for label in header]
    chip = line.h - 8  # the chip's height: its shape is 0.62 of it, and 20 px of padding around the name
    player = max([needs[1], *(kit.text_width(n, MIN_FONT, "cond") + chip * 0.62 + 24 for n in names)])
    if player <= widths[1] and all(needs[k] <= widths[k] for k in range(2, len(widths))):
        return RESULT_COLS, list(header)
    room = sum(widths[1:])
    player = min(player, max(PLAYER_MAX, widths[1]),
                 max(PLAYER_MIN, room - sum(min(need, HEAD_MIN) for need in needs[2:])))
    heads = _fit_headings(needs[2:], room - player)
    spare = room - player - sum(heads)
    weights = RESULT_COLS[1:]
    sized = [w + spare * weight / sum(weights) for w, weight in zip([player, *heads], weights, strict=True)]
    labels = [label if k < 2 else abbreviated(label, sized[k - 1] - 4) for k, label in enumerate(header)]
    return (-widths[0], *(-w for w in sized)), labels


def _fit_headings(needs: Sequence[float], room: float) -> list[float]:
    """Each heading's width: its own, but while they overflow ``room`` the widest gives up what it must (down to
    ``HEAD_MIN``; then the next widest too), so as few headings as possible are abbreviated."""
    heads = list(needs)
    while sum(heads) > room:
        widest = max(range(len(heads)), key=lambda k: heads[k])
        if heads[widest] <= HEAD_MIN:
            break
        heads[widest] = max(HEAD_MIN, heads[widest] - (sum(heads) - room))
    return heads


def draw_final(view: ColoniaView, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = list(outcome.get("scores") or view.get("scores") or [])
    ranks = list(outcome.get("ranks") or [1] * len(scores))
    breakdown = list(outcome.get("breakdown") or [{} for _ in scores])
    final = view.get("final") or {}
    holdings = {p["seat"]: p for p in final.get("players") or []}
    head = cv.region("header", HEADER)
    row = head.inset(12, 6)
    title = _("Colonia · final scores")
    cv.text_in(Box(row.x, row.y, max(500.0, kit.text_width(title, MIN_FONT, "bold") + 2), row.h), title, MIN_FONT,
               "bold", PAPER, "left")
    winners = [s for s, r in enumerate(ranks) if r == 1]
    if winners:
        who = ", ".join(short_name(s, names) for s in winners)
        label = _("Winner: {names}").format(names=who) if len(winners) == 1 else _("Shared win: {names}").format(
            names=who)
        room = Box(row.x + 520, row.y, row.w - 520, row.h)
        # the winner at a size a phone reads where the line holds it (else the board's size: the words say it)
        size = PHONE_MIN if kit.text_width(label, PHONE_MIN, "bold") <= room.w else MIN_FONT
        with cv.element("winner"):
            cv.text((room.x2, room.cy), label, size, "bold", kit.GOLD, "rm", max_width=room.w)
    # on a phone the sheet's small marks are details the words give (the final scores and holdings)
    cv.in_words("header", "outcome")
    cv.in_words("winner", "outcome")
    cv.in_words("results", "outcome", "final")
    cv.in_words("windows", "final")

    cv.region("results", RESULTS)
    cv.panel(RESULTS)
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    inner = RESULTS.inset(10, 8)
    lines = inner.rows(*([1] * 7), gap=2)
    header = ("#", _("Player"), _("Relics"), _("Shrines"), _("Windows"), _("Total"), _("Money"), _("Goods"), _("Raw"))
    columns, labels = _result_cols(lines[0], header, [short_name(s, names) for s in range(len(scores))])
    for k, (cell, label) in enumerate(zip(lines[0].cols(*columns, gap=6), labels, strict=True)):
        cv.text_in(cell, label, MIN_FONT, "cond", INK_SOFT, "left" if k == 1 else "center")
    for line, seat in zip(lines[1:], order, strict=False):
        cells = line.cols(*columns, gap=6)
        if ranks[seat] == 1:
            cv.draw.rounded_rectangle(line.rect, radius=10, fill=mix(kit.GOLD, PAPER, 0.45), outline=INK, width=2)
        cv.text_in(cells[0], str(ranks[seat]), MIN_FONT, "bold", INK)
        cv.player_chip(cells[1].inset(0, 4), seat, short_name(seat, names), MIN_FONT, "cond", tight=True)
        b = breakdown[seat] if seat < len(breakdown) else {}
        held = holdings.get(seat, {})
        values = (b.get("relics", 0), b.get("shrines", 0), b.get("windows", 0))
        for cell, value in zip(cells[2:5], values, strict=True):
            cv.text_in(cell, str(value), MIN_FONT, "cond", INK)
        cv.text_in(cells[5], str(scores[seat]), MIN_FONT, "bold", INK)
        extras = (sum((held.get("money") or {}).values()), sum((held.get("goods") or {}).values()),
                  sum((held.get("materials") or {}).values()))
        for cell, value in zip(cells[6:], extras, strict=True):
            cv.text_in(cell, str(value), MIN_FONT, "cond", INK_SOFT)

    content = panel(cv, "windows", WINDOWS, _("Stained-glass windows"), _("most money of a currency; ties: none"))
    for tile, w in zip(content.cols(1, 1, 1, 1, gap=10), final.get("windows") or [], strict=False):
        city = str(w.get("city", ""))
        col = art.city_colour(city)
        cv.draw.rounded_rectangle(tile.rect, radius=12, fill=mix(col, PAPER, 0.75), outline=INK, width=2)
        top, mid, bottom = tile.inset(10, 8).rows(1, 1, 1, gap=4)
        sign = art.SIGN_OF_CITY.get(city, "")
        cv.text_in(top, fitting(top.w, "bold", f"{sign} {art.city_label(city)}", sign), MIN_FONT, "bold", INK)
        owner = w.get("seat")
        if isinstance(owner, int):
            cv.player_chip(mid, owner, short_name(owner, names), MIN_FONT, "cond")
            cv.text_in(bottom, _("paid {n}").format(n=w.get("paid", 0)), MIN_FONT, "cond", INK_SOFT)
        else:
            cv.text_in(mid, fitting(mid.w, "cond", _("not awarded"), "—"), MIN_FONT, "cond", INK_SOFT)
    return cv
