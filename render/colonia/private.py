"""Colonia board: one player's screen (money, materials, goods, the family cards, relics and shrines held).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from render import colonia_art as art
from render import kit
from render.colonia.layout import HEADER, fitting, panel, short_name
from render.kit import INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix
from rules.colonia.names import _, name
from rules.colonia.views import members_out

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaPlayer, ColoniaPrivate, ColoniaView


MONEY = Box(8, 64, 1264, 150)
MATERIALS = Box(8, 222, 410, 300)
GOODS = Box(426, 222, 410, 300)
FAMILY = Box(844, 222, 428, 300)
HOLDINGS = Box(8, 530, 1264, 262)


def draw_private(view: ColoniaView, names: Sequence[str] | None) -> Canvas:
    """What lies behind ``view["viewer"]``'s screen (plus their public family state, for convenience)."""
    cv = Canvas()
    me = view.get("me")
    head = cv.region("header", HEADER)
    row = head.inset(12, 6)
    if not me:  # a spectator has no screen
        cv.text_in(row, _("Spectator: no screen to show"), MIN_FONT, "bold", PAPER,
                   "left")
        return cv
    seat = int(me.get("seat", 0))
    found = next((p for p in view.get("players") or [] if p.get("seat") == seat), None)
    mine = found if found is not None else cast("ColoniaPlayer", {})  # a malformed view: draw what there is
    cv.player_chip(Box(row.x, row.y, 300, row.h), seat, short_name(seat, names), MIN_FONT, "cond")
    # The week and day at the right (shorter where a language's do not fit), "behind your screen" in what is left.
    week = _("Week {week}/6").format(week=view.get("week", 1))
    when = fitting(420, "cond", _("Week {week}/6 · {day}").format(week=view.get("week", 1),
                                                                  day=view.get("day_name", "")),
                   week, str(view.get("day_name", "")))
    drawn = cv.text_in(Box(row.x2 - 420, row.y, 420, row.h), when, MIN_FONT, "cond", PAPER, "right")
    room = Box(row.x + 316, row.y, min(520.0, drawn.x - 24 - row.x - 316), row.h)
    cv.text_in(room, fitting(room.w, "bold", _("behind your screen"), " ").strip(), MIN_FONT, "bold", PAPER, "left")

    money = me.get("money") or {}
    content = panel(cv, "money", MONEY, _("Money"))
    for tile, (currency, amount) in zip(content.cols(1, 1, 1, 1, gap=10), money.items(), strict=False):
        city = art.CITY_OF_CURRENCY.get(currency, "")
        cv.draw.rounded_rectangle(tile.rect, radius=10, fill=mix(art.city_colour(city), PAPER, 0.8),
                                  outline=INK_SOFT, width=2)
        coin = 64
        cx = tile.x + coin / 2 + 10
        cv.paste(art.coin_sprite(currency, coin), (cx, tile.cy))
        cv.text((cx, tile.cy), art.CURRENCY_SIGN.get(currency, "?"), MIN_FONT, "bold",
                kit.ink_on(art.city_colour(city)), "mm")
        text = Box(tile.x + coin + 22, tile.y + 2, tile.w - coin - 30, tile.h - 4)
        top, bottom = text.rows(1, 1)
        big = cv.text_in(top, str(amount), MIN_FONT + 12, "bold", INK, "left")
        after = Box(big.x2 + 10, top.y, top.x2 - big.x2 - 10, top.h)
        if kit.text_width(name(currency), MIN_FONT, "cond") <= after.w:
            cv.text_in(after, name(currency), MIN_FONT, "cond", INK, "left")
            cv.text_in(bottom, art.city_fit(city, bottom.w), MIN_FONT, "cond", INK_SOFT, "left")
        else:  # a longer currency name takes the city's line (the coin's colour and sign name the city)
            cv.text_in(bottom, name(currency), MIN_FONT, "cond", INK, "left")

    content = panel(cv, "materials", MATERIALS, _("Raw materials"), short=_("Materials"))
    materials = me.get("materials") or {}
    for line, (key, count) in zip(content.rows(*([1] * max(1, len(materials)))), materials.items(), strict=False):
        art.cube(cv, key, (line.x + 22, line.cy), 30)
        cv.text_in(Box(line.x + 50, line.y, line.w - 100, line.h), name(key), MIN_FONT, "cond",
                   INK if count else INK_SOFT, "left")
        cv.text_in(Box(line.x2 - 70, line.y, 60, line.h), str(count), MIN_FONT, "bold", INK if count else INK_SOFT,
                   "right")

    content = panel(cv, "goods", GOODS, _("Goods"))
    goods = me.get("goods") or {}
    for line, (key, count) in zip(content.rows(*([1] * max(1, len(goods)))), goods.items(), strict=False):
        art.good(cv, key, (line.x + 22, line.cy), 38)
        cv.text_in(Box(line.x + 50, line.y, line.w - 100, line.h), name(key), MIN_FONT, "cond",
                   INK if count else INK_SOFT, "left")
        cv.text_in(Box(line.x2 - 70, line.y, 60, line.h), str(count), MIN_FONT, "bold", INK if count else INK_SOFT,
                   "right")

    _draw_family(cv, view, me, mine)
    _draw_holdings(cv, me, mine)
    return cv


def _draw_family(cv: Canvas, view: ColoniaView, me: ColoniaPrivate, mine: ColoniaPlayer) -> None:
    content = panel(cv, "family", FAMILY, _("Family"))
    lines = content.rows(1, 1, 1, 1, 1, gap=2)
    cv.paste(art.meeple_plain(34, kit.player(int(me.get("seat", 0))).colour), (lines[0].x + 20, lines[0].cy))
    cv.text_in(Box(lines[0].x + 44, lines[0].y, lines[0].w - 44 - 84, lines[0].h), _("in reserve"), MIN_FONT, "cond",
               INK, "left")
    cv.text_in(Box(lines[0].x2 - 80, lines[0].y, 70, lines[0].h), str(mine.get("reserve", 0)), MIN_FONT, "bold",
               INK, "right")
    cv.text_in(Box(lines[1].x, lines[1].y, 170, lines[1].h), fitting(170, "cond", _("cards left"), " ").strip(),
               MIN_FONT, "cond", INK, "left")
    x = lines[1].x + 176
    for c in mine.get("cards_left") or []:
        tile = Box(x, lines[1].y + 2, 36, lines[1].h - 4)
        cv.draw.rounded_rectangle(tile.rect, radius=6, fill=PAPER, outline=INK, width=2)
        cv.text_in(tile, str(c), MIN_FONT, "bold", INK)
        x += 42
    choice = me.get("family_choice")
    card = mine.get("card")
    # each line has a shorter wording for a language whose first one does not fit
    texts: tuple[str, ...]
    if choice is not None:
        texts = (_("your card: {card} (secret)").format(card=choice), _("your card: {card}").format(card=choice))
    elif card is not None:
        played = 0 if mine.get("card_zero") else card
        texts = (_("played this week: {card}").format(card=played), _("family card {card}").format(card=played))
    else:
        texts = (_("no card played yet"), _("no card yet"))
    cv.text_in(lines[2], fitting(lines[2].w, "cond", *texts), MIN_FONT, "cond", INK, "left")
    out = members_out(view, int(me.get("seat", 0)))
    cv.text_in(lines[3], fitting(lines[3].w, "cond", _("on the board: {n}").format(n=out),
                                 _("board: {n}").format(n=out)), MIN_FONT, "cond", INK, "left")
    if me.get("ballot"):
        yes = me["ballot"] == "yes"
        ballot = fitting(lines[4].w, "cond", _("your vote: yes (secret)") if yes else _("your vote: no (secret)"),
                         _("your vote yes") if yes else _("your vote no"))
        cv.text_in(lines[4], ballot, MIN_FONT, "cond", INK, "left")
    elif me.get("exchange_from"):
        currency = name(str(me["exchange_from"]))
        cv.text_in(lines[4], fitting(lines[4].w, "cond", _("changing {currency}").format(currency=currency), currency),
                   MIN_FONT, "cond", INK, "left")


def _draw_holdings(cv: Canvas, me: ColoniaPrivate, mine: ColoniaPlayer) -> None:
    relics = [r for r in me.get("relics") or [] if r]
    shrines = mine.get("shrines") or []
    vp = sum(int(r.get("vp") or 0) for r in relics) + sum(int(s.get("vp") or 0) for s in shrines)
    content = panel(cv, "relics", HOLDINGS, _("Relics and shrines"), _("{vp} VP so far").format(vp=vp))
    items = len(relics) + len(shrines)
    if not items:
        cv.text_in(content, _("no relics yet"), MIN_FONT, "cond", INK_SOFT)
        return
    one_row = items <= 6
    columns = 6 if items <= 12 else 10
    area = content.inset(0, 30) if one_row else content
    cells = area.grid(columns if one_row else max(items, 2 * columns), columns, gap=10)
    for cell, card in zip(cells, relics, strict=False):
        art.relic_card(cv, cell, card, show_city=one_row)
    for cell, shrine in zip(cells[len(relics):], shrines, strict=False):
        art.shrine_card(cv, cell, shrine)
