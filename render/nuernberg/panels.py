"""Nürnberg board: the panels around the maps: the header (turn, phase, who is awaited), the council cards, the
sale markets with prices and tolls, the timeline and the event deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render import nuernberg_art as art
from render.kit import BAD, BOARD_DARK, GOLD, INK, INK_SOFT, MIN_FONT, PAPER, PHONE_MIN, Box, Canvas, mix, text_width
from render.nuernberg.layout import EVENT_NAMES, PHASE_SHORT, _name, _paste
from rules.nuernberg import names as nb_names
from rules.words import translator

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergView

_, _n = translator("nuernberg")


def _draw_header(cv: Canvas, box: Box, view: NuernbergView, names: Sequence[str] | None) -> None:
    """Whose turn at a size a phone reads on the whole board (the awaited seats' tokens, the name when one is
    awaited), then the phase and the turn where the line holds them (details there: the words say them)."""
    cv.panel(box, fill=BOARD_DARK)
    cv.in_words("header", "turn", "phase")
    inner = box.inset(10, 2)
    key = str(view.get("phase"))  # the view's phase_name is its builder's language: only a fallback, read if needed
    phase = _("game over") if view.get("over") else (
        nb_names.tr(PHASE_SHORT[key]) if key in PHASE_SHORT else str(view.get("phase_name")))
    seats = [int(s) for s in view.get("to_act", [])] or [int(view.get("active", 0))]
    x = inner.x
    with cv.element("turn"):
        for seat in seats:
            cv.token(seat, (x + PHONE_MIN / 2, inner.cy), PHONE_MIN)
            x += PHONE_MIN + 6
        if len(seats) == 1:  # a long name is cut at most of the line, never to nothing (the words say it whole)
            x = cv.text((x + 4, inner.cy), _name(seats[0], names), PHONE_MIN, "bold", INK, "lm",
                        max_width=inner.w * 0.62).x2
    room = inner.x2 - x - 14
    if text_width(phase, MIN_FONT, "regular") <= room:
        x = cv.text((x + 14, inner.cy), phase, MIN_FONT, "regular", INK, "lm").x2
        turn = _("Turn {turn}").format(turn=view.get("turn", 0))
        if text_width(turn, MIN_FONT, "bold") <= inner.x2 - x - 14:
            cv.text((inner.x2, inner.cy), turn, MIN_FONT, "bold", INK, "rm")


def _draw_council(cv: Canvas, box: Box, council: list[dict[str, Any]]) -> dict[str, Box]:
    """A narrow column beside the city: the council pictogram, then each card's points and its holder."""
    cv.panel(box)
    inner = box.inset(6)
    _paste(cv, art.icon("council", 44), (inner.cx, inner.y + 24))
    slots = inner.rest_below(48, 4).rows(*([1] * 3), gap=8)
    out: dict[str, Box] = {}
    for card, slot in zip(council, slots, strict=False):
        out[card["id"]] = slot
        cv.draw.rounded_rectangle(slot.rect, radius=8, fill=mix(GOLD, PAPER, 0.45), outline=INK, width=2)
        top, bottom = slot.inset(2, 4).rows(1, 1)
        cv.text_in(top, _("{vp} VP").format(vp=card["vp"]), MIN_FONT, "cond", INK)
        if card.get("holder") is not None:
            cv.token(card["holder"], (bottom.cx, bottom.cy), 34)
        else:
            r = 14
            cv.draw.ellipse((bottom.cx - r, bottom.cy - r, bottom.cx + r, bottom.cy + r), outline=INK_SOFT, width=2)
    return out


def _draw_markets(cv: Canvas, box: Box, view: NuernbergView) -> dict[str, Box]:
    cv.panel(box)
    cities = view.get("cities") or []
    goods = {g["good"]: g for g in view.get("goods") or []}
    numerals = {r["id"]: r["numeral"] for r in view["countryside"]["routes"]}
    cols = box.inset(8, 6).cols(*([1] * max(1, len(cities))), gap=8)
    out: dict[str, Box] = {}
    for city, col in zip(cities, cols, strict=False):
        head = col.top(40)
        numeral = numerals.get(city["route"], "")
        name = nb_names.city(city["city"])
        nw = text_width(numeral, MIN_FONT, "cond") + 16
        if text_width(name, MIN_FONT, "cond") > head.w - nw - 6:  # a long city name (Francoforte) takes it all
            numeral, nw = "", -6.0
        pill = Box(head.x, head.y + 2, nw, head.h - 4)
        if numeral:
            cv.draw.rounded_rectangle(pill.rect, radius=8, fill=BOARD_DARK, outline=INK, width=2)
            cv.text_in(pill, numeral, MIN_FONT, "cond", INK)
        cv.text_in(Box(pill.x2 + 6, head.y, head.w - nw - 6, head.h), name, MIN_FONT, "cond", INK, "left")
        rows = col.rest_below(40, 4).rows(1, 1, gap=4)
        for good_name, row in zip(city["goods"], rows, strict=False):
            g = goods.get(good_name)
            if g is None:
                continue
            out[good_name] = row
            _good_row(cv, row, g)
    return out


def _good_row(cv: Canvas, row: Box, g: dict[str, Any]) -> None:
    """Good pictogram, sale price on a coin, the toll (minus) and who collects it."""
    h = row.h
    size = min(44, round(h))
    _paste(cv, art.icon(g["good"], size), (row.x + size / 2, row.cy))
    coin = Box(row.x + size + 6, row.cy - 21, 42, 42)
    _paste(cv, art.icon("gold", 42), (coin.cx, coin.cy))
    cv.text((coin.cx, coin.cy), str(g["price"]), MIN_FONT, "bold", INK, "mm")
    toll = Box(coin.x2 + 8, row.cy - 19, 52, 38)
    cv.draw.rounded_rectangle(toll.rect, radius=8, fill=mix(BAD, PAPER, 0.65), outline=INK, width=2)
    cv.text_in(toll, f"−{g['toll']}", MIN_FONT, "cond", INK)
    slot = (toll.x2 + 20, row.cy)
    if g.get("toll_to") is not None:
        cv.token(g["toll_to"], slot, 30)
    else:
        cv.draw.ellipse((slot[0] - 12, slot[1] - 12, slot[0] + 12, slot[1] + 12), outline=INK_SOFT, width=2)


def _draw_timeline(cv: Canvas, box: Box, tl: dict[str, Any]) -> None:
    cv.panel(box)
    years = list(tl.get("years") or [])
    index = int(tl.get("index", 0))
    weights = [-112.0 if i == index else 1.0 for i in range(len(years))]
    cells = box.inset(6, 6).cols(*weights, gap=3)
    reshuffle = set(tl.get("reshuffle") or [])
    for i, (year, cell) in enumerate(zip(years, cells, strict=True)):
        current = i == index
        fill = GOLD if current else (mix(BAD, PAPER, 0.55) if year in reshuffle else BOARD_DARK)
        cv.draw.rounded_rectangle(cell.rect, radius=8, fill=fill, outline=INK if current else INK_SOFT,
                                  width=3 if current else 1)
        label = str(year) if current else str(year)[-2:]
        mark = "flag" if year == tl.get("end") else "shuffle" if year in reshuffle else None
        text_box = cell.top(cell.h - 20) if mark else cell
        cv.text_in(text_box, label, MIN_FONT, "bold" if current else "cond", INK if i >= index else INK_SOFT)
        if mark:
            _paste(cv, art.icon(mark, 20), (cell.cx, cell.y2 - 13))


def _draw_deck(cv: Canvas, box: Box, deck: dict[str, Any]) -> Box:
    cv.panel(box)
    inner = box.inset(10, 6)
    _paste(cv, art.icon("event", 44), (inner.x + 22, inner.cy))
    card = deck.get("last_card")
    if card is None:
        label = _("No card yet")
    elif card.get("income") is None:
        label = _("{event}!").format(event=nb_names.tr(EVENT_NAMES.get(card.get("event") or "", "Raubritter")))
    else:
        event = EVENT_NAMES.get(card.get("event") or "")
        label = _("Income {number}").format(number=card["income"]) + (f" · {nb_names.tr(event)}" if event else "")
    # TRANSLATORS: event cards left in the draw pile
    pile = _n("{n} left", "{n} left", deck.get("draw_pile", 0)).format(n=deck.get("draw_pile", 0))
    pw = text_width(pile, MIN_FONT, "regular")
    text_box = Box(inner.x + 54, inner.y, inner.w - 54 - pw - 16, inner.h)
    style = "bold" if text_width(label, MIN_FONT, "bold") <= text_box.w else "cond"  # a longer language's label
    drawn = cv.text_in(text_box, label, MIN_FONT, style, INK, "left")
    cv.text_in(inner.right(pw), pile, MIN_FONT, "regular", INK_SOFT, "right")
    return Box(inner.x, inner.y, drawn.x2 - inner.x, inner.h)
