"""Speicherstadt board: the water row: per card its building spaces with the workers and the price, the card itself
(a bought one naming its buyer), and the reserve and bag along the canal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image

from render import kit
from render.kit import (
    BOARD,
    GOLD,
    INK,
    INK_SOFT,
    MIN_FONT,
    PAPER,
    WATER,
    WATER_DARK,
    Box,
    Canvas,
    hex_rgb,
    mix,
    seat_name,
)
from render.speicherstadt.layout import BUILDING_SPACES, GOOD_RGB, GOODS, KIND_RGB, SPACE_RGB, _short_title
from render.speicherstadt.pieces import _points, cube, cubes_in_row, expand
from rules.words import translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import RowSlot, SpeicherstadtView

_, _n = translator("speicherstadt")


RESERVE_H = 46  # the reserve strip along the bottom of the canal, in every phase


def draw_water(c: Canvas, box: Box, cols: list[Box], view: SpeicherstadtView, ring: tuple[str, int] | None,
               names: Sequence[str] | None = None) -> None:
    quay_h = 150
    # the quay (building spaces) on stone, the canal below with the cards floating on it
    c.panel(box.top(quay_h + 12), fill=hex_rgb("#b9a98c"), outline=None)
    canal = Box(box.x, box.y + quay_h, box.w, box.h - quay_h)
    c.draw.rounded_rectangle(canal.rect, radius=14, fill=WATER)
    for y in range(round(canal.y) + 30, round(canal.y2) - 10, 34):  # a few wave lines
        c.draw.line((canal.x + 16, y, canal.x2 - 16, y), fill=mix(WATER, PAPER, 0.12), width=2)
    deciding = view.get("deciding")
    # the reserve a conversion draws from, and the bag ships are filled from: shown in every phase
    draw_reserve(c, Box(box.x + 10, canal.y2 - RESERVE_H - 6, box.w - 20, RESERVE_H), view)
    for i, col in enumerate(cols):
        slot = view["row"][i] if i < len(view["row"]) else None
        spaces = Box(col.x, box.y + 6, col.w, quay_h - 12)
        card = Box(col.x, canal.y + 10, col.w, canal.h - RESERVE_H - 22)
        c.region(f"col{i + 1}", Box(col.x, box.y, col.w, box.h - RESERVE_H - 8))
        if slot is None:
            c.draw.rounded_rectangle(card.rect, radius=12, outline=WATER_DARK, width=3)
            continue
        draw_spaces(c, spaces, slot, deciding == slot["col"] and view["phase"] == "purchase")
        draw_number(c, spaces, slot["col"])
        draw_card(c, card, slot, ringed=False, names=names)
        if deciding == slot["col"] and view["phase"] == "purchase":
            c.draw.rounded_rectangle(Box(col.x - 4, box.y + 2, col.w + 8, box.h - RESERVE_H - 12).rect, radius=14,
                                     outline=GOLD, width=5)
        if ring == ("col", slot["col"]):
            c.highlight(Box(col.x, box.y + 4, col.w, box.h - RESERVE_H - 16), edged=True)


def draw_reserve(c: Canvas, box: Box, view: SpeicherstadtView) -> None:
    """The reserve (cubes sold, converted or lost; a conversion takes from here) and the bag's count."""
    line = box
    c.draw.rounded_rectangle(line.rect, radius=14, fill=BOARD, outline=INK_SOFT, width=2)
    x = c.text((line.x + 16, line.cy), _("Reserve"), MIN_FONT, "bold", INK, "lm").x2 + 20
    reserve = view.get("reserve") or {}
    size = int(line.h - 10)
    for good in GOODS:
        cube(c, good, (x + size / 2, line.cy), size)
        x = c.text((x + size + 6, line.cy), f"×{reserve.get(good, 0)}", MIN_FONT, "bold", INK, "lm").x2 + 22
    c.text((line.x2 - 16, line.cy), _("Bag {n}").format(n=view.get("bag", 0)), MIN_FONT, "regular", INK_SOFT, "rm")


def draw_spaces(c: Canvas, box: Box, slot: RowSlot, deciding: bool) -> None:
    """Eight building spaces (two rows of four, filled bottom row first, left to right) and the price."""
    price_h = 40
    grid = Box(box.x, box.y + price_h + 4, box.w, box.h - price_h - 4)
    size = min(46, int((grid.w - 3 * 4) / 4), int((grid.h - 4) / 2))
    gw = 4 * size + 3 * 4
    x0 = grid.cx - gw / 2
    workers = slot["workers"] if slot["status"] == "open" else []
    for k in range(BUILDING_SPACES):
        row, colk = divmod(k, 4)
        cx = x0 + colk * (size + 4) + size / 2
        cy = grid.y2 - row * (size + 4) - size / 2
        cell = Box(cx - size / 2, cy - size / 2, size, size)
        c.draw.rounded_rectangle(cell.rect, radius=8, fill=SPACE_RGB,
                                 outline=INK_SOFT, width=1)
        if k < len(workers):  # the seat's shape in its colour: owners told apart without colour
            c.token(workers[k], (cx, cy), size - 4)
            if k == 0 and deciding:
                c.draw.rounded_rectangle(cell.inset(-3).rect, radius=9, outline=GOLD, width=4)
    # the price while workers stand here, what the buyer paid once bought (the quay is empty then); narrow enough to
    # leave the card's number its corner at six cards (``draw_number``)
    price = slot["price"] if workers else slot.get("paid") if slot["status"] == "bought" else None
    if price is not None:
        chip = Box(max(box.cx - 56, box.x + 48), box.y, 112, price_h)
        c.draw.rounded_rectangle(chip.rect, radius=20, fill=PAPER, outline=INK, width=2)
        c.coin((chip.x + 22, chip.cy), 32)
        c.text_in(Box(chip.x + 40, chip.y, chip.w - 44, chip.h), f"{price}", MIN_FONT, "bold")


def draw_number(c: Canvas, box: Box, col: int) -> None:
    """The card's number in the row, as the menus, the orders and ``/speicherstadt place card:`` name it (issue 42)."""
    size = 40
    badge = Box(box.x + 2, box.y, size, size)
    c.draw.ellipse(badge.rect, fill=INK, outline=PAPER, width=2)
    c.text_in(badge, str(col), MIN_FONT, "bold", PAPER)


def draw_card(c: Canvas, box: Box, slot: RowSlot, ringed: bool, names: Sequence[str] | None = None) -> None:
    kind = slot["kind"]
    info = slot.get("info", {})
    band = KIND_RGB.get(kind, INK_SOFT)
    if kind == "merchant" and info.get("good"):
        band = mix(GOOD_RGB[info["good"]], INK, 0.25)
    c.draw.rounded_rectangle(box.rect, radius=12, fill=BOARD, outline=INK, width=2)
    head = box.top(46)
    c.draw.rounded_rectangle(head.rect, radius=12, fill=band)
    c.draw.rectangle(Box(head.x, head.y2 - 12, head.w, 12).rect, fill=band)
    title = _short_title(slot)
    c.text_in(head.inset(4, 0), title, MIN_FONT, "cond", kit.ink_on(band))  # 4: "Warehouse" fits 6 cards
    body = box.rest_below(46).inset(8, 6)
    draw_card_body(c, body, slot)
    if slot["status"] != "open":
        # the title stays as it is and the body shows through, so what the card was stays readable under its buyer
        # (issue 42); the buyer and the price share one line at the bottom
        faded = box.rest_below(46)
        overlay = Image.new("RGBA", (round(faded.w), round(faded.h)), (*BOARD, 150))
        c.img.paste(overlay, (round(faded.x), round(faded.y)), overlay)
        buyer = slot.get("buyer")
        if slot["status"] == "bought" and buyer is not None:
            c.player_chip(Box(box.x + 6, box.y2 - 46, box.w - 12, 40), buyer, seat_name(buyer, names), MIN_FONT,
                          "cond", tight=True)
        else:
            c.chip(Box(box.x + 8, box.cy - 4, box.w - 16, 44), _("Discarded"), INK_SOFT, MIN_FONT, "cond")
    if ringed:
        c.highlight(box, edged=True)


def draw_card_body(c: Canvas, body: Box, slot: RowSlot) -> None:
    kind = slot["kind"]
    info = slot.get("info", {})
    top, bottom = body.rows(1, 1, gap=4)
    if kind == "ship":
        kit.icon(c, "ship", (top.cx, top.cy), int(min(52, top.h + 8)))
        cubes_in_row(c, bottom, expand(slot.get("cubes")), int(min(44, bottom.h + 4)))
    elif kind == "contract":
        goods = info.get("goods", [])
        size = min(44, int((top.w - 4 * (len(goods) - 1)) / max(1, len(goods))))
        cubes_in_row(c, top, goods, size)
        _points(c, bottom, info.get("points", 0))
    elif kind == "fireman":
        kit.icon(c, "helmet", (body.cx - 34, body.cy), 56)
        c.text((body.cx + 10, body.cy), str(info.get("value", "?")), 56, "bold", INK, "lm")
    elif kind == "fire":
        kit.icon(c, "flame", (top.cx, top.cy), 52)
        c.text_in(bottom, f"+{info.get('bonus', 0)} / −{info.get('penalty', 0)}", MIN_FONT, "bold")
    elif kind == "merchant":
        good = info.get("good", "coffee")
        cube(c, good, (top.cx - 34, top.cy), 44)
        c.text((top.cx - 6, top.cy), "→", MIN_FONT, "bold", INK, "lm")
        c.coin((top.cx + 50, top.cy), 40)
        _points(c, bottom, info.get("points", 1))
    elif kind == "warehouse":
        capacity = info.get("capacity", 4)
        c.text_in(top, _n("{n} cube", "{n} cubes", capacity).format(n=capacity), MIN_FONT, "regular")
        c.text_in(bottom, _("1★ each"), MIN_FONT, "bold")
    elif kind == "kontor":
        # TRANSLATORS: the Kontors score as a set (2/5/9/14 points for 1-4 of them)
        c.text_in(top, _("set"), MIN_FONT, "regular")
        c.text_in(bottom, "2·5·9·14★", MIN_FONT, "cond")
    elif kind == "bank":
        c.coin((top.cx, top.cy), 46)
        c.text_in(bottom, _("+1 income"), MIN_FONT, "cond")
    elif kind == "chamber":
        c.coin((top.cx, top.cy), 46)
        c.text_in(bottom, _("1★ / coin"), MIN_FONT, "cond")
    elif kind == "port":
        kit.icon(c, "ship", (top.cx, top.cy), 52)
        c.text_in(bottom, _("1★ / ship"), MIN_FONT, "cond")
    else:  # church, St. Michaelis: plain points
        _points(c, body, info.get("points", 0))
