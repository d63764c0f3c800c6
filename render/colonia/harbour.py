"""Colonia board: the harbour (ships at their berths, holds, the departure stick) and the relic display.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render import colonia_art as art
from render import kit
from render.colonia.layout import HARBOUR, RELICS, ROMAN, panel
from render.kit import BOARD_DARK, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix
from rules.colonia.names import _, _n, name

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView


GOOD_PITCH = 30  # the smallest pitch of a good in a hold; larger where the row leaves room (phone width)
MAX_GOOD_PITCH = 42


def _hold_width(goods: int, pay: int, pitch: float = GOOD_PITCH) -> float:
    return goods * pitch + 16 + kit.text_width(str(pay), MIN_FONT, "bold")


def _good_pitch(ships: Sequence[Mapping[str, Any]], width: float, height: float) -> float:
    """One pitch for every hold, as large as the widest ship row (extra hold included) and the row height allow."""
    pitch = min(float(MAX_GOOD_PITCH), height)
    for ship in ships:
        holds = list(ship.get("holds") or [])
        goods = sum(len(h["goods"]) for h in holds)
        fixed = sum(_hold_width(0, int(h["pay"])) + 6 for h in holds)
        if ship.get("extra_open") or ship.get("extra_seat") is not None:
            goods += 1
            fixed += _hold_width(0, 2) + 6
        if goods:
            pitch = min(pitch, (width - fixed) / goods)
    return max(float(GOOD_PITCH), pitch)


def draw_harbour(cv: Canvas, view: ColoniaView, marks: dict[str, Box]) -> None:
    harbour = view.get("harbour") or {}
    ships = harbour.get("ships") or []
    departing = int(harbour.get("departing") or 0)
    note = _n("{n} sails Saturday", "{n} sail Saturday", departing).format(n=departing) if departing else ""
    if harbour.get("extra_holds"):
        note = _n("{n} sails Sat · +1 hold", "{n} sail Sat · +1 hold", departing).format(n=departing) if departing \
            else _("+1 hold each")
    content = panel(cv, "harbour", HARBOUR, _("Harbour"), note)
    rows = content.rows(*([1] * 4), gap=8)
    marks["harbour"] = HARBOUR
    pitch = _good_pitch(ships, content.w - 40 - 38 - 12, rows[0].h) if rows else float(GOOD_PITCH)
    for row, ship in zip(rows, ships, strict=False):
        berth, flag, rest = row.cols(-40, -38, 1, gap=6)
        sails = ship["berth"] <= departing
        cv.draw.rounded_rectangle(berth.rect, radius=8, fill=kit.GOLD if sails else BOARD_DARK, outline=INK_SOFT,
                                  width=2)
        cv.text_in(berth, ROMAN[ship["berth"] - 1], MIN_FONT, "cond", INK)
        city = str(ship.get("city", ""))
        col = art.city_colour(city)
        cv.draw.rounded_rectangle(flag.rect, radius=8, fill=col, outline=INK, width=2)
        cv.text_in(flag, art.SIGN_OF_CITY.get(city, "?"), MIN_FONT, "bold", kit.ink_on(col))
        x = rest.x
        holds = list(enumerate(ship.get("holds") or []))
        for h, hold in holds:
            w = _hold_width(len(hold["goods"]), int(hold["pay"]), pitch)
            box = Box(x, row.y, w, row.h)
            _draw_hold(cv, box, hold["goods"], int(hold["pay"]), hold.get("seat"), pitch=pitch)
            marks[f"hold {ship['id']} {h + 1}"] = box
            x += w + 6
        if ship.get("extra_open") or ship.get("extra_seat") is not None:
            box = Box(x, row.y, _hold_width(1, 2, pitch), row.h)
            _draw_hold(cv, box, ["any"], 2, ship.get("extra_seat"), extra=True, pitch=pitch)
            marks[f"extra {ship['id']}"] = box
            if ship.get("extra_seat") is not None:
                marks[f"extra seat {ship['extra_seat']}"] = box
            x += box.w + 6
        room = Box(x + 4, row.y, rest.x2 - x - 4, row.h)
        label = art.city_label(city)
        if kit.text_width(label, MIN_FONT, "cond") > room.w:
            label = name(city)[:3].upper()
        if kit.text_width(label, MIN_FONT, "cond") <= room.w:
            cv.text_in(room, label, MIN_FONT, "cond", mix(col, INK, 0.45), "right")
        if sails and ship["berth"] == departing and departing < len(ships):
            y = row.y2 + 4
            cv.draw.rounded_rectangle((round(row.x - 2), round(y - 3), round(row.x2 + 2), round(y + 3)), radius=3,
                                      fill=art.WOOD, outline=INK, width=1)


def _draw_hold(cv: Canvas, box: Box, goods: list[str], pay: int, seat: Any, extra: bool = False,
               pitch: float = GOOD_PITCH) -> None:
    """A hold: its goods and pay; once loaded, the loader's colour and token (the goods fade). The decree's extra
    hold (any one good) has a blue rim."""
    loaded = isinstance(seat, int)
    fill = mix(kit.player(seat).colour, PAPER, 0.55) if loaded else PAPER
    outline = INK if loaded else (INK_SOFT if not extra else kit.WATER_DARK)
    cv.draw.rounded_rectangle(box.rect, radius=8, fill=fill, outline=outline, width=3 if extra else 2)
    x = box.x + 5
    size = int(min(pitch - 2, box.h - 4))
    for g in goods:
        art.good(cv, g, (x + pitch / 2, box.cy), size, faded=loaded)
        if g == "any":
            cv.text((x + pitch / 2, box.cy), "?", MIN_FONT, "bold", INK, "mm")
        x += pitch
    cv.text_in(Box(x + 2, box.y, box.x2 - x - 4, box.h), str(pay), MIN_FONT, "bold", INK)
    if loaded:
        cv.token(int(seat), (box.x + 5 + pitch * len(goods) / 2, box.cy), min(34, int(box.h - 6)))


def draw_relics(cv: Canvas, view: ColoniaView, marks: dict[str, Box]) -> None:
    relics = view.get("relics") or {}
    display = list(relics.get("display") or [])
    extra = list(relics.get("extra") or [])
    deck = (view.get("deck_counts") or {}).get("relics")
    content = panel(cv, "relics", RELICS, _("Relics"), _("deck {n}").format(n=deck) if deck is not None else "")
    marks["relics"] = RELICS
    main, side = content.cols(5, 1, gap=18)
    half = (len(display) + 1) // 2 or 1
    cells = main.grid(len(display), half, gap=8) if display else []
    for cell, card in zip(cells, display, strict=False):
        art.relic_card(cv, cell, card)
        if card:
            marks[f"relic {card['id']}"] = cell
    side_cells = side.rows(*([1] * max(1, len(extra))), gap=8) if extra else []
    for cell, card in zip(side_cells, extra, strict=False):
        art.relic_card(cv, cell, card, extra=True)
        if card:
            marks[f"relic {card['id']}"] = cell
