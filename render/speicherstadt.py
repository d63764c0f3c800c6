"""The Speicherstadt: the quay with its worker columns, the water row of cards, and one tableau per seat.

Layout (1280 x 800): a header (round, season, phase, whose decision, pile and fires to come), the
water row (per card: its building spaces with the workers, drawn as their seats' shapes, in placement
order and the price above, the card below, a bought one naming its buyer and price; along the canal the
reserve and the bag, in every phase), and the tableaus (score, coins, firemen, contracts with their
goods slots, a square cube when filled and a round hole when empty, and an "n/m" count, other cards,
warehouse and market hall). ``view["over"]`` draws the final scores instead (see
``draw_final``). Nothing but the pile order is secret in this game, so a seat's private image is
its own tableau drawn large.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import (
    BOARD,
    BOARD_DARK,
    GOLD,
    INK,
    INK_SOFT,
    MIN_FONT,
    PAPER,
    RGB,
    SS,
    WATER,
    WATER_DARK,
    Box,
    Canvas,
    hex_rgb,
    mix,
    player,
    seat_name,
)
from rules.speicherstadt.text import card_name, season_name
from rules.speicherstadt.views import BREAKDOWN_LABELS, phase_name
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.core import Event
    from rules.speicherstadt.views import RowSlot, SpeicherstadtPlayer, SpeicherstadtView

GOODS = ("coffee", "tea", "saffron", "rubber", "carpet")
GOOD_RGB: dict[str, RGB] = {
    "coffee": hex_rgb("#6b4423"),
    "tea": hex_rgb("#3f9b45"),
    "saffron": hex_rgb("#f2c12e"),
    "rubber": hex_rgb("#f7f7f2"),
    "carpet": hex_rgb("#c8322a"),
}
#: Each good's mark (render/kit.py ``draw_mark``): carpet striped like a rug, tea's leaf vein, coffee's bean, a
#: saffron flower's cross, rubber's ring: no good is told apart by colour alone.
GOOD_MARK: dict[str, str] = {"coffee": "dot", "tea": "vein", "saffron": "cross", "rubber": "ring", "carpet": "stripes"}
BUILDING_SPACES = 8
SPACE_RGB = hex_rgb("#cdbfa3")

# Card face colours by kind (header band) and the short title that fits a card 200 px wide.
KIND_RGB: dict[str, RGB] = {
    "contract": hex_rgb("#b98b4e"),
    "ship": hex_rgb("#2d5f78"),
    "fireman": hex_rgb("#a8322b"),
    "fire": hex_rgb("#e06c1f"),
    "kontor": hex_rgb("#6d5a8c"),
    "merchant": hex_rgb("#4f7a4a"),
    "warehouse": hex_rgb("#7b6a58"),
    "bank": hex_rgb("#8a7a2a"),
    "chamber": hex_rgb("#5b6770"),
    "church": hex_rgb("#5b6770"),
    "michaelis": hex_rgb("#5b6770"),
    "port": hex_rgb("#2d5f78"),
}
SHORT_TITLE = {
    "contract": N_("Contract"), "ship": N_("Ship"), "fireman": N_("Fireman"), "kontor": N_("Kontor"),
    "merchant": N_("Merchant"), "warehouse": N_("Warehouse"), "bank": N_("Bank"), "chamber": N_("Chamber"),
    "church": N_("Church"), "michaelis": N_("Michaelis"), "port": N_("Port"),
}
_, _n = translator("speicherstadt")


def _short_title(slot: Mapping[str, Any]) -> str:
    """The card's title as it fits a card 200 px wide (a fire's own name: 1st Fire ... 4th Fire)."""
    kind = slot["kind"]
    if kind == "fire" or kind not in SHORT_TITLE:
        return card_name(str(slot.get("card") or slot.get("id") or ""))
    return _(SHORT_TITLE[kind])


# ---------------------------------------------------------------- sprites
_cache: dict[tuple[Any, ...], Image.Image] = {}


def good_cube(good: str, size: int, faded: bool = False) -> Image.Image:
    """A goods cube with its good's mark (``GOOD_MARK``), so no two goods rest on colour alone."""
    key = ("cube", good, size, faded)
    if key in _cache:
        return _cache[key]
    colour = GOOD_RGB[good]
    if faded:  # an empty contract slot: a round hole ringed in the good's colour, never a square like a cube
        s = size * SS
        big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        lw = max(SS, round(s / 8))
        edge = colour if good != "rubber" else mix(colour, INK, 0.3)
        pad = round(s * 0.1)
        d.ellipse((pad, pad, s - pad, s - pad), fill=mix(BOARD, INK, 0.12), outline=INK, width=SS * 2)
        d.ellipse((pad + SS * 3, pad + SS * 3, s - pad - SS * 3, s - pad - SS * 3), outline=edge, width=lw)
        kit.draw_mark(d, GOOD_MARK[good], s / 2, s / 2, s * 0.26, INK, max(SS * 2, s // 12))
        img = big.resize((size, size), Image.Resampling.LANCZOS)
    else:
        img = kit.cube_sprite(colour, size, GOOD_MARK[good])
    _cache[key] = img
    return img


def cube(c: Canvas, good: str, center: tuple[float, float], size: int, faded: bool = False) -> None:
    c.paste(good_cube(good, size, faded), center)


def cubes_in_row(c: Canvas, box: Box, goods: list[str], size: int, gap: int = 4) -> None:
    """Cubes side by side, centred in ``box``."""
    if not goods:
        return
    total = len(goods) * size + (len(goods) - 1) * gap
    x = box.cx - total / 2 + size / 2
    for g in goods:
        cube(c, g, (x, box.cy), size)
        x += size + gap


def expand(counts: dict[str, int] | None) -> list[str]:
    return [g for g in GOODS for _ in range((counts or {}).get(g, 0))]


# ---------------------------------------------------------------- helpers


def _decider(view: SpeicherstadtView) -> int | None:
    return view["to_act"][0] if view.get("to_act") else None


def _situation(view: SpeicherstadtView, names: Sequence[str] | None) -> str:
    """What the awaited seat is deciding, in a few words (after their name)."""
    deciding = view.get("deciding")
    if view["phase"] == "purchase" and deciding:
        slot = view["row"][deciding - 1]
        # TRANSLATORS: follows a player's name in the board's header: "Ana buys Ship for 3?"
        return _("buys {card} for {price}?").format(card=_short_title(slot), price=slot["price"])
    if view["phase"] == "demand":
        # TRANSLATORS: follows a player's name in the board's header
        return _("places a worker")
    # TRANSLATORS: follows a player's name in the board's header
    return _("unloads goods")


def _ring_target(view: SpeicherstadtView, seat: int | None, action: str) -> tuple[str, int] | None:
    """Which part of the board the last action touched: ("col", i) or ("seat", s)."""
    words = action.split()
    if not words:
        return None
    if words[0] == "place" and len(words) == 2 and words[1].isdigit():
        return ("col", int(words[1]))
    if words[0] == "buy":
        bought = [slot["col"] for slot in view["row"] if slot["status"] == "bought" and slot["buyer"] == seat]
        if bought:
            return ("col", bought[-1])
    # a decline (or a buy whose card already left the row with a new round) marks the player who acted:
    # the column it concerned may since have been discarded or moved on
    if seat is not None:
        return ("seat", seat)
    return None


@dataclass(frozen=True)
class Touched:
    """What the last move touched, read from its public events (``last_from_events``): ("col", i), ("seat", s) or
    None. ``draw_board`` takes it in place of an action hint."""

    ring: tuple[str, int] | None


def last_from_events(view: SpeicherstadtView, events: Sequence[Event]) -> Touched:
    """The part of the board the last step touched, from its public events: the mover's event comes first (a
    ``place`` names its column, a ``buy`` its card, which is still in the row unless a new round began; any other
    move of a seat, e.g. a decline or a loading step, marks that seat). Rings what ``_ring_target`` rings for the
    step's action (tests/render/test_speicherstadt.py checks both on whole games)."""
    for event in events:
        seat = event.params.get("seat")
        if not isinstance(seat, int):
            continue
        if event.kind == "place":
            return Touched(("col", int(event.params["col"])))
        if event.kind == "buy":
            bought = [slot["col"] for slot in view["row"]
                      if slot["status"] == "bought" and slot["card"] == event.params["card"]]
            return Touched(("col", bought[-1]) if bought else ("seat", seat))
        return Touched(("seat", seat))
    return Touched(None)


# ---------------------------------------------------------------- the board
def focus_region(view: Mapping[str, Any]) -> str | tuple[str, ...] | None:
    """The board's region the awaited decision is about (``render.focus`` enlarges it for phones): the offered
    card's column during a purchase, every card's column while workers are placed (the panel wraps the row in two
    or three lines), the tableau of the one seat loading; None when several seats load at once (their tableaus are
    the whole lower half) or nobody is awaited."""
    awaited = view.get("to_act") or []
    if not awaited:
        return None
    if view["phase"] == "purchase" and view.get("deciding"):
        return f"col{view['deciding']}"
    if view["phase"] == "demand":
        return tuple(f"col{i + 1}" for i in range(len(view["row"])))
    if view["phase"] == "loading" and len(awaited) == 1:
        return f"seat{awaited[0]}"
    return None


HEADER_H = 58


def board_layout(view: SpeicherstadtView) -> dict[str, Any]:
    """Named boxes of the board; the structural tests check that they fit and do not overlap."""
    full = Box(0, 0, kit.W, kit.H).inset(12, 8)
    header, water, tableaus = full.rows(-HEADER_H, -352, 1, gap=8)
    ncards = max(1, len(view["row"]), view["num_players"] + 1)
    cols = water.inset(10, 0).cols(*([1] * ncards), gap=10)
    nseats = view["num_players"]
    seats = tableaus.cols(*([1] * nseats), gap=8)
    return {"header": header, "water": water, "columns": cols, "tableaus": seats}


def draw_board(view: SpeicherstadtView, last: Any, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    lay = board_layout(view)
    if isinstance(last, Touched):  # the last move as data (its events)
        ring = last.ring
    else:  # the fallback: a public action hint
        last_seat, action = kit.last_action(last)
        ring = _ring_target(view, last_seat, action)
    c.region("header", lay["header"])
    c.region("water", lay["water"])
    draw_header(c, lay["header"], view, names)
    draw_water(c, lay["water"], lay["columns"], view, ring, names)
    for seat, box in enumerate(lay["tableaus"]):
        c.region(f"seat{seat}", box)
        draw_tableau(c, box, view, seat, names, ringed=ring == ("seat", seat))
    return c


def draw_header(c: Canvas, box: Box, view: SpeicherstadtView, names: Sequence[str] | None) -> None:
    c.panel(box, fill=BOARD_DARK)
    inner = box.inset(14, 0)
    # right: cards left in the pile and fires to come
    pile = view["pile"]
    fires = c.text((inner.x2, inner.cy), str(pile["fires_left"]), MIN_FONT, "bold", INK, "rm")
    kit.icon(c, "flame", (fires.x - 24, inner.cy), 38)
    count = c.text((fires.x - 52, inner.cy), str(pile["count"]), MIN_FONT, "bold", INK, "rm")
    kit.icon(c, "cards", (count.x - 24, inner.cy), 38)
    right_edge = count.x - 52
    seat = _decider(view)
    together = view["to_act"] if view["phase"] == "loading" and seat is not None else []
    if len(together) > 1:
        verb = _("load at the same time") if len(together) < 5 else _("load at once")
        need = len(together) * 40 + 6 + kit.text_width(verb, MIN_FONT, "regular")
    elif seat is not None:
        verb = _situation(view, names)
        need = 40 + kit.text_width(seat_name(seat, names), MIN_FONT, "bold") + 10 + kit.text_width(
            verb, MIN_FONT, "regular")
    else:
        verb, need = "", 0.0
    left = _header_left(c, box, inner, view, room=right_edge - inner.x - 24 - need)
    x = left.x2 + 24
    if seat is None:
        return
    if len(together) > 1:  # loading at the same time: every loading seat's token, no names (they would not fit)
        for s in together:
            c.token(s, (x + 17, box.cy), 34)
            x += 40
        c.text((x + 6, box.cy), verb, MIN_FONT, "regular", INK, "lm", max_width=max(60.0, right_edge - x - 6))
        return
    c.token(seat, (x + 17, box.cy), 34)
    x += 40
    verb_w = kit.text_width(verb, MIN_FONT, "regular")
    name_w = max(60.0, right_edge - x - verb_w - 12)
    name = c.text((x, box.cy), seat_name(seat, names), MIN_FONT, "bold", INK, "lm", max_width=name_w)
    c.text((name.x2 + 10, box.cy), verb, MIN_FONT, "regular", INK, "lm", max_width=max(60.0, right_edge - name.x2))


def _header_left(c: Canvas, box: Box, inner: Box, view: SpeicherstadtView, room: float) -> Box:
    """The header's left part: round, season and phase, or less of it when the rest of the line (whose turn, in
    a longer language) needs the room; returns the drawn box."""
    phase = phase_name(view["phase"])
    # TRANSLATORS: the phase, as the board's header says it before whose turn it is ("Purchase:")
    short = _("{phase}:").format(phase=phase)
    if view.get("last_round"):  # the season is Autumn by then; say what matters more
        last = _("Last round {round}").format(round=view["round"])
        chip_w = kit.text_width(last, MIN_FONT, "cond") + 28
        left = c.chip(Box(inner.x - 6, box.y + 7, chip_w, box.h - 14), last, kit.BAD, MIN_FONT, "cond")
        if chip_w - 6 + 30 + kit.text_width(short, MIN_FONT, "bold") > room:
            return left
        return c.text((left.x2 + 30, inner.cy), short, MIN_FONT, "bold", INK, "lm")
    choices = [_("Round {round} · {season} · {phase}:").format(round=view["round"], season=season_name(view["season"]),
                                                             phase=phase),
               _("Round {round} · {phase}:").format(round=view["round"], phase=phase), short]
    when = next((text for text in choices if kit.text_width(text, MIN_FONT, "bold") <= room), short)
    return c.text((inner.x, inner.cy), when, MIN_FONT, "bold", INK, "lm")


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
    if workers:
        chip = Box(box.cx - 70, box.y, 140, price_h)
        c.draw.rounded_rectangle(chip.rect, radius=20, fill=PAPER, outline=INK, width=2)
        c.coin((chip.x + 22, chip.cy), 32)
        c.text_in(Box(chip.x + 40, chip.y, chip.w - 44, chip.h), f"{slot['price']}", MIN_FONT, "bold")


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
        overlay = Image.new("RGBA", (round(box.w), round(box.h)), (*BOARD, 215))
        c.img.paste(overlay, (round(box.x), round(box.y)), overlay)
        label = Box(box.x + 8, box.cy - 26, box.w - 16, 44)
        buyer = slot.get("buyer")
        if slot["status"] == "bought" and buyer is not None:
            c.player_chip(label, buyer, seat_name(buyer, names), MIN_FONT, "cond", tight=True)
            paid = slot.get("paid")
            if paid is not None:
                price = Box(box.x + 8, label.y2 + 4, box.w - 16, 40)
                text = _("paid {n}").format(n=paid)
                left = price.cx - (40 + kit.text_width(text, MIN_FONT, "bold")) / 2
                c.coin((left + 17, price.cy), 34)
                c.text((left + 40, price.cy), text, MIN_FONT, "bold", INK, "lm", max_width=price.x2 - left - 40)
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


def _points(c: Canvas, box: Box, points: int) -> None:
    kit.icon(c, "star", (box.cx - 30, box.cy), 40)
    c.text((box.cx - 4, box.cy), str(points), MIN_FONT, "bold", INK, "lm")


# ---------------------------------------------------------------- tableaus
def draw_tableau(c: Canvas, box: Box, view: SpeicherstadtView, seat: int, names: Sequence[str] | None,
                 ringed: bool = False, large: bool = False) -> float:
    """One seat's panel; returns the y below its last drawn line."""
    pl = view["players"][seat]
    style = player(seat)
    c.panel(box, fill=mix(style.colour, BOARD, 0.82), outline=style.colour, width=4)
    inner = box.inset(8, 8)
    head = inner.top(46)
    first = seat == view.get("first_player")
    values = (("star", pl["score"]), ("coin", pl["coins"]), ("helmet", pl["firemen"]))
    stats_w = sum(33 + kit.text_width(str(v), MIN_FONT, "bold") + 8 for _, v in values) - 8
    marker_in_stats = first and stats_w + 40 <= inner.w
    chip = head if not first or marker_in_stats else Box(head.x, head.y, head.w - 42, head.h)
    c.player_chip(chip, seat, seat_name(seat, names), MIN_FONT, "cond", tight=True)
    if first and not marker_in_stats:  # the metal coin: this seat starts the round
        _first_marker(c, (head.x2 - 19, head.cy))
    y = head.y2 + 6
    stats = Box(inner.x, y, inner.w, 42)
    if marker_in_stats:
        _first_marker(c, (stats.x2 - 18, stats.cy))
    x = stats.x
    for kind, value in values:
        if kind == "coin":
            c.coin((x + 15, stats.cy), 30)
        else:
            kit.icon(c, kind, (x + 15, stats.cy), 30)
        x = c.text((x + 33, stats.cy), str(value), MIN_FONT, "bold", INK, "lm").x2 + 8
    y = stats.y2 + 4
    if view["phase"] == "demand" and pl["workers"]:  # workers still to place
        marks = Box(inner.x, y, inner.w, 38)
        for k in range(pl["workers"]):
            c.meeple(seat, (marks.x + 19 + k * 38, marks.cy), 38)
        y = marks.y2 + 4
    end = draw_holdings(c, Box(inner.x, y, inner.w, inner.y2 - y), pl, large)
    if ringed:
        c.highlight(box, edged=True)
    return end


def _first_marker(c: Canvas, center: tuple[float, float]) -> None:
    x, y = center
    c.draw.ellipse((x - 18, y - 18, x + 18, y + 18), fill=hex_rgb("#a7b0b5"), outline=INK, width=2)
    c.text((x, y), "1", MIN_FONT, "cond", INK, "mm")


def draw_holdings(c: Canvas, box: Box, pl: SpeicherstadtPlayer, large: bool) -> float:
    """Contracts (goods slots, filled or waiting), other cards as chips, stored cubes."""
    line = 46 if large else 42
    contracts = sorted(pl["contracts"], key=lambda k: (k["complete"], -len(k["filled"]) / len(k["goods"])))
    chips = _card_chips(pl)
    stores = _stores(pl)
    shown = len(contracts)
    per_row = max(1, int((box.w + 16) // (CONTRACT_W + 16)))  # wide panels (2-3 players) take contracts side by side

    def height(n_shown: int) -> float:
        extra = [("+", None)] if n_shown < len(contracts) else []
        return (-(-n_shown // per_row) * line + _flow_height(extra + chips, box.w, line)
                + _flow_height(stores, box.w, line))

    while shown and height(shown) > box.h:  # too many contracts for the panel: keep the least finished
        shown -= 1
    y = box.y
    cell_w = box.w if per_row == 1 else (box.w - 16 * (per_row - 1)) / per_row
    for i, k in enumerate(contracts[:shown]):
        row, col = divmod(i, per_row)
        draw_contract(c, Box(box.x + col * (cell_w + 16), y + row * line, cell_w, line), k)
    y += -(-shown // per_row) * line
    if shown < len(contracts):
        hidden = len(contracts) - shown
        # TRANSLATORS: contracts not drawn for lack of room (English says "contracts" even for one)
        chips.insert(0, (_n("+{n} contracts", "+{n} contracts", hidden).format(n=hidden), None))
    y = _flow(c, Box(box.x, y, box.w, box.y2 - y), chips, line)
    return _flow(c, Box(box.x, y, box.w, box.y2 - y), stores, line)


CONTRACT_W = 4 * 40 + 130  # four goods slots, the n/m chip and the points


def draw_contract(c: Canvas, row: Box, k: dict[str, Any]) -> None:
    """Goods slots (a filled one is a square cube, an empty one a round hole), then an "n/m" chip and the points
    (green once complete). A panel too narrow for both shows the points only once the contract is complete."""
    goods = k["goods"]
    filled = list(k["filled"])
    size = int(min(row.h - 6, 34))
    step = size + 3
    x = row.x + size / 2 + 2
    for g in goods:
        done = g in filled
        if done:
            filled.remove(g)
        cube(c, g, (x, row.cy), size, faded=not done)
        x += step
    count = f"{len(k['filled'])}/{len(goods)}"
    points = f"{k['points']}★"
    count_w = kit.text_width(count, MIN_FONT, "cond") + 14
    points_w = kit.text_width(points, MIN_FONT, "cond") + 4
    own_end = row.x + len(goods) * step + 2
    aligned = row.x + 4 * step + 2  # chips line up after a 4th slot when the panel is wide enough
    start = aligned if aligned + count_w + points_w <= row.x2 else own_end
    fill = kit.GOOD if k["complete"] else PAPER
    if start + count_w + points_w > row.x2:  # narrow: the count until complete, then the points
        label = points if k["complete"] else count
        chip = Box(start, row.y + 4, kit.text_width(label, MIN_FONT, "cond") + 14, row.h - 8)
        c.draw.rounded_rectangle(chip.rect, radius=12, fill=fill, outline=INK, width=1)
        c.text_in(chip, label, MIN_FONT, "cond", kit.ink_on(fill))
        return
    chip = Box(start, row.y + 4, count_w, row.h - 8)
    c.draw.rounded_rectangle(chip.rect, radius=12, fill=fill, outline=INK, width=1)
    c.text_in(chip, count, MIN_FONT, "cond", kit.ink_on(fill))
    c.text((chip.x2 + 4, row.cy), points, MIN_FONT, "cond", INK, "lm")


CHIP_TITLES = {"kontor": N_("Kontor"), "ship": N_("Ship"), "bank": N_("Bank"), "chamber": N_("Chamber"),
               "church": N_("Church"), "michaelis": N_("Michaelis"), "port": N_("Port")}

# A flowing item: (label, good) for a card chip (good set for merchants), or (store, cubes, capacity) for a store
# ("hand", "warehouse" or "hall": STORE_LABELS names it).
Item = tuple[Any, ...]


def _card_chips(pl: SpeicherstadtPlayer) -> list[Item]:
    """Compact labels for every card but contracts, firemen (summed above) and the warehouse (its crate shows)."""
    counts: dict[str, int] = {}
    out: list[Item] = []
    for card in pl["cards"]:
        kind = card["kind"]
        if kind in ("contract", "fireman", "warehouse"):
            continue
        if kind == "merchant":
            out.append(("", card["info"].get("good")))
            continue
        counts[kind] = counts.get(kind, 0) + 1
    for kind, n in counts.items():
        title = _(CHIP_TITLES[kind]) if kind in CHIP_TITLES else kind.title()
        out.append((title + (f"×{n}" if n > 1 else ""), None))
    return out


def _stores(pl: SpeicherstadtPlayer) -> list[Item]:
    """(label, cubes, capacity) for the hand, the warehouse and the market hall, where they matter."""
    out: list[Item] = []
    if any(pl["hand"].values()):
        out.append(("hand", expand(pl["hand"]), 0))
    if pl["warehouse"] is not None:
        out.append(("warehouse", expand(pl["warehouse"]), 4))
    if any(pl["hall"].values()):
        out.append(("hall", expand(pl["hall"]), 1))
    return out


# TRANSLATORS: short labels of a player's cubes in hand, in the warehouse and on the market hall (board tableaus)
STORE_LABELS = {"hand": N_("Hand"), "warehouse": N_("Store"), "hall": N_("Hall")}
STORE_RGB = {"warehouse": hex_rgb("#b08d62"), "hall": hex_rgb("#c9b48a"), "hand": PAPER}


def _item_width(item: Item, line: float) -> float:
    if len(item) == 2:
        label, good = item
        return line - 4 if good is not None else kit.text_width(label, MIN_FONT, "cond") + 18
    store, goods, cap = item
    size = line - 12
    slots: int = max(cap, len(goods))
    return kit.text_width(_(STORE_LABELS[store]), MIN_FONT, "cond") + 12 + slots * (size + 2) + 4


def _flow_height(items: list[Item], width: float, line: float) -> float:
    if not items:
        return 0.0
    rows, x = 1, 0.0
    for item in items:
        w = _item_width(item, line)
        if x and x + w > width:
            rows, x = rows + 1, 0.0
        x += w + 6
    return rows * line


def _flow(c: Canvas, box: Box, items: list[Item], line: float) -> float:
    """Draw items left to right, wrapping; returns the y below the last row."""
    if not items:
        return box.y
    x, y = box.x, box.y
    for item in items:
        w = min(_item_width(item, line), box.w)
        if x > box.x and x + w > box.x2:
            x, y = box.x, y + line
        cell = Box(x, y, w, line - 4)
        if len(item) == 2:
            _draw_chip(c, cell, item)
        else:
            _draw_store(c, cell, item)
        x += w + 6
    return y + line


def _draw_chip(c: Canvas, cell: Box, item: Item) -> None:
    label, good = item
    if good is not None:  # a merchant: its good's cube with a coin badge
        cube(c, good, (cell.cx, cell.cy), int(cell.h - 2))
        c.paste(kit.coin_sprite(20), (cell.x2 - 6, cell.y + 7))
        return
    c.draw.rounded_rectangle(cell.rect, radius=10, fill=PAPER, outline=INK_SOFT, width=2)
    c.text_in(cell, label, MIN_FONT, "cond")


def _draw_store(c: Canvas, cell: Box, item: Item) -> None:
    store, goods, cap = item
    fill = STORE_RGB[store]
    c.draw.rounded_rectangle(cell.rect, radius=8, fill=fill, outline=INK, width=2)
    lab = c.text((cell.x + 8, cell.cy), _(STORE_LABELS[store]), MIN_FONT, "cond", kit.ink_on(fill), "lm")
    size = int(cell.h - 8)  # = line - 12, as in _item_width
    for k in range(max(cap, len(goods))):
        cx = lab.x2 + 6 + k * (size + 2) + size / 2
        if cx + size / 2 > cell.x2:
            break
        if k < len(goods):
            cube(c, goods[k], (cx, cell.cy), size)
        else:
            c.draw.rounded_rectangle((cx - size / 2 + 3, cell.cy - size / 2 + 3, cx + size / 2 - 3,
                                      cell.cy + size / 2 - 3), radius=5, outline=mix(fill, INK, 0.4), width=2)


# ---------------------------------------------------------------- private screen
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


# ---------------------------------------------------------------- final scores
def draw_final(view: SpeicherstadtView, names: Sequence[str] | None) -> Canvas:
    """The final-score sheet: ranks, per-category breakdown per seat, coins as the tie-break."""
    c = Canvas()
    outcome: Mapping[str, Any] = view.get("outcome") or {}
    scores = outcome.get("scores", view["scores"])
    ranks = outcome.get("ranks", [1] * len(scores))
    breakdown = outcome.get("breakdown") or [p["breakdown"] for p in view["players"]]
    full = c.box.inset(16, 12)
    head, body = full.rows(-70, 1, gap=10)
    c.region("header", head)
    c.panel(head, fill=BOARD_DARK)
    winners = [s for s, r in enumerate(ranks) if r == 1]
    who = " & ".join(seat_name(s, names) for s in winners)
    # TRANSLATORS: {who} is one winner's name, or several joined by " & " (the plural form)
    title = _n("The Speicherstadt — final scores · {who} wins", "The Speicherstadt — final scores · {who} win",
               len(winners)).format(who=who)
    c.text_in(head.inset(16, 0), title, MIN_FONT + 4, "bold", INK, "left")
    c.region("table", body)
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
