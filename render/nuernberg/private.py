"""Nürnberg board: one player's screen: the hand, what it can build or produce now, and what only that seat knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from PIL import Image, ImageDraw

from render import nuernberg_art as art
from render.kit import BAD, BOARD, BOARD_DARK, GOLD, GOOD, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix, player
from render.nuernberg import players
from render.nuernberg.layout import BUILD_NAMES, COSTS, RESOURCES, _name, _paste
from render.nuernberg.news import _draw_offer
from rules.nuernberg import names as nb_names
from rules.nuernberg.board_words import affordable, can_build
from rules.nuernberg.views import PHASE_NAMES
from rules.words import translator

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergPlayer, NuernbergView

_, _n = translator("nuernberg")


def draw_private(view: NuernbergView, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    seat = view.get("viewer")
    if seat is None:
        box = cv.region("header", Box(8, 8, cv.w - 16, 60))
        cv.panel(box, fill=BOARD_DARK)
        cv.text_in(box.inset(12, 4), _("Spectators hold no cards"), MIN_FONT, "bold", INK, "left")
        return cv
    me = view["players"][seat]
    hand: dict[str, int] = me.get("hand") or {}
    header = cv.region("header", Box(8, 8, cv.w - 16, 56))
    cv.panel(header, fill=BOARD_DARK)
    hi = header.inset(10, 6)
    name = _name(seat, names)
    chip = hi.left(max(260.0, min(340.0, players.chip_width(name, hi.h))))  # a 14-character name whole
    cv.player_chip(chip, seat, name, MIN_FONT, "cond", tight=chip.w > 260)
    stats = Box(chip.x2 + 16, hi.y, hi.w - chip.w - 16, hi.h).cols(-110, -110, -110, -110, 1)
    players.stat(cv, stats[0], "star", me["vp"])
    players.stat(cv, stats[1], "gold", me["gold"])
    players.stat(cv, stats[2], "prestige", me["prestige"])
    players.stat(cv, stats[3], "card", me["cards"])
    phase = str(view.get("phase"))  # the phase in the reader's language (the view's name is its builder's)
    turn = _("your turn") if seat in (view.get("to_act") or []) else (
        nb_names.tr(PHASE_NAMES[phase]) if phase in PHASE_NAMES else str(view.get("phase_name") or ""))
    cv.text_in(stats[4], turn, MIN_FONT, "regular", INK, "right")

    _draw_hand(cv, cv.region("hand", Box(8, 72, cv.w - 16, 220)), hand, me)
    _draw_builds(cv, cv.region("builds", Box(8, 300, 624, 492)), view, me, hand)
    _draw_goods(cv, cv.region("goods", Box(640, 300, 632, 340)), view, me, hand)
    _draw_private_info(cv, cv.region("info", Box(640, 648, 632, 144)), view, me, names)
    return cv


def _draw_hand(cv: Canvas, box: Box, hand: dict[str, int], me: NuernbergPlayer) -> None:
    cv.panel(box)
    cards = box.inset(12, 10).cols(*([1] * 6), gap=14)
    items = [(res, int(hand.get(res, 0)), art.RESOURCE_COLOUR[res]) for res in RESOURCES]
    items.append(("gold", int(me["gold"]), GOLD))
    for (item, n, colour), card in zip(items, cards, strict=False):
        fill = colour if n else mix(colour, BOARD, 0.75)
        cv.draw.rounded_rectangle(card.rect, radius=14, fill=mix(fill, PAPER, 0.35), outline=INK, width=3)
        pic_box, label_box, count_box = card.inset(6, 6).rows(1, -36, -56)
        pic = round(min(pic_box.w, pic_box.h) * 0.92)
        _paste(cv, art.icon(item, pic), (pic_box.cx, pic_box.cy))
        cv.text_in(label_box, nb_names.item(item), MIN_FONT, "cond", INK_SOFT)
        cv.text_in(count_box, str(n), 48, "bold", INK if n else INK_SOFT)


def _cost_icons(cv: Canvas, x: float, cy: float, cost: dict[str, int], size: int = 34) -> float:
    for item, n in cost.items():
        for _ in range(n if item != "gold" else 1):
            sprite = art.icon("gold", size) if item == "gold" else art.resource_chip(item, size)
            _paste(cv, sprite, (x + size / 2, cy))
            if item == "gold":
                cv.text((x + size / 2, cy), str(n), MIN_FONT, "bold", INK, "mm")
            x += size + 3
    return x


def _draw_builds(cv: Canvas, box: Box, view: NuernbergView, me: NuernbergPlayer, hand: dict[str, int]) -> None:
    cv.panel(box)
    inner = box.inset(12, 8)
    cv.text_in(inner.top(40), _("Build"), MIN_FONT, "bold", INK, "left")
    rows = inner.rest_below(40, 4).rows(*([1] * len(COSTS)), gap=6)
    left = me.get("pieces_left") or {}
    seat = me["seat"]
    for (kind, cost), row in zip(COSTS.items(), rows, strict=False):
        ok = can_build(kind, cast(dict[str, Any], view), cast(dict[str, Any], me), hand)
        if kind == "toll":
            sprite = art.toll_bar(seat, 46, 16, 0)
        elif kind == "settlement":
            sprite = art.settlement(seat, 40)
        elif kind == "manufacture":
            sprite = art.manufacture(seat, 40)
        elif kind == "tower":
            sprite = art.tower(seat, 40)
        else:
            sprite = _wall_sprite(seat)
        if ok:
            cv.draw.rounded_rectangle(row.rect, radius=10, fill=mix(GOOD, PAPER, 0.8))
        _paste(cv, sprite, (row.x + 28, row.cy))
        label = nb_names.tr(BUILD_NAMES[kind])
        if kind in left:
            label += f" ({left[kind]})"
        cv.text_in(Box(row.x + 60, row.y, 272, row.h), label, MIN_FONT, "cond", INK, "left")
        _cost_icons(cv, row.x + 340, row.cy, cost)
        _paste(cv, art.icon("check" if ok else "cross", 30), (row.x2 - 22, row.cy))


def _wall_sprite(seat: int) -> Image.Image:
    img = Image.new("RGBA", (46, 20), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle((1, 3, 45, 17), fill=player(seat).colour, outline=INK, width=2)
    for x in (12, 23, 34):
        d.line((x, 3, x, 17), fill=INK, width=1)
    return img


def _doubled(view: NuernbergView, seat: int) -> set[str]:
    return {g for d in view["city"]["discs"] if d.get("owner") == seat for g in d.get("doubles") or []}


def _draw_goods(cv: Canvas, box: Box, view: NuernbergView, me: NuernbergPlayer, hand: dict[str, int]) -> None:
    cv.panel(box)
    inner = box.inset(12, 8)
    cv.text_in(inner.top(40), _("Produce and sell"), MIN_FONT, "bold", INK, "left")
    goods = view.get("goods") or []
    rows = inner.rest_below(40, 4).rows(*([1] * max(1, len(goods))), gap=4)
    doubled = _doubled(view, me["seat"])
    for g, row in zip(goods, rows, strict=False):
        ok = affordable(g["recipe"], hand, 0)
        if ok:
            cv.draw.rounded_rectangle(row.rect, radius=10, fill=mix(GOOD, PAPER, 0.8))
        _paste(cv, art.icon(g["good"], 44), (row.x + 26, row.cy))
        x = _cost_icons(cv, row.x + 58, row.cy, g["recipe"], 32)
        cv.text((x + 6, row.cy), "→", MIN_FONT, "bold", INK, "lm")
        price = g["price"] * (2 if g["good"] in doubled else 1)
        coin_x = row.x + 58 + 4 * 35 + 50
        _paste(cv, art.icon("gold", 42), (coin_x + 21, row.cy))
        cv.text((coin_x + 21, row.cy), str(price), MIN_FONT, "bold", INK, "mm")
        if g["good"] in doubled:
            cv.text((coin_x + 48, row.cy), "×2", MIN_FONT, "cond", GOOD, "lm")
        # the toll goes to the sale city's Wegerecht holder, unless that is the seller or nobody
        collector = g.get("toll_to")
        if collector is None or collector == me["seat"]:
            cv.text((coin_x + 110, row.cy), _("no toll"), MIN_FONT, "cond", GOOD, "lm")
        else:
            drawn = cv.text((coin_x + 110, row.cy), _("toll {toll}").format(toll=g["toll"]), MIN_FONT, "cond",
                            INK_SOFT, "lm")
            cv.token(collector, (drawn.x2 + 20, row.cy), 28)
        _paste(cv, art.icon("check" if ok else "cross", 30), (row.x2 - 22, row.cy))


def _draw_private_info(cv: Canvas, box: Box, view: NuernbergView, me: NuernbergPlayer,
                       names: Sequence[str] | None) -> None:
    cv.panel(box)
    inner = box.inset(12, 6)
    top, bottom = inner.rows(1, 1, gap=4)
    rates = me.get("bank_rates") or {}
    cv.text_in(top.left(150), _("Bank n:1"), MIN_FONT, "cond", INK, "left")
    x = top.x + 156
    for item in (*RESOURCES, "gold"):
        rate = rates.get(item, 4)
        sprite = art.icon("gold", 32) if item == "gold" else art.resource_chip(item, 34)
        _paste(cv, sprite, (x + 17, top.cy))
        colour = GOOD if rate < 4 else INK
        cv.text((x + 38, top.cy), f"{rate}", MIN_FONT, "bold", colour, "lm")
        x += 74
    offer = view.get("offer")
    draft = view.get("draft") if view.get("active") == me["seat"] else None
    if me.get("discard_due"):
        due = me["discard_due"]  # never 1 (more than 7 cards return half): English always said "cards"
        cv.chip(bottom.inset(0, 4), _n("Return {n} cards (Raubritter)", "Return {n} cards (Raubritter)", due).format(
            n=due), BAD, MIN_FONT, "bold")
    elif offer:
        _draw_offer(cv, bottom, offer)
    elif draft:
        _draw_offer(cv, bottom, {"from": me["seat"], "to": [], "declined": [], **draft})
    else:
        tolls = (me.get("pieces_left") or {}).get("toll", 0)
        routes = players.numerals(view, me.get("wegerecht") or [])
        text = _("Wegerecht {routes}").format(routes=routes) if routes else _("No Wegerecht")
        # English said "1 toll bars left" too (kept); other languages take their singular
        left_text = _n("{n} toll bars left", "{n} toll bars left", tolls).format(n=tolls)
        cv.text_in(bottom, f"{text} · {left_text}", MIN_FONT, "regular", INK, "left")
