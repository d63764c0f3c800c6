"""Speicherstadt board: one seat's tableau (score, coins, firemen, contracts with their goods slots, the other cards,
the hand, warehouse and market hall), on the board or large on the private screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render import kit
from render.kit import BOARD, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, hex_rgb, mix, player, seat_name
from render.speicherstadt.pieces import cube, expand
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtPlayer, SpeicherstadtView

_, _n = translator("speicherstadt")


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
    per_row = max(1, int((box.w + 16) // (CONTRACT_W + 16)))  # wide panels (2-3 players) take contracts side by side

    def height(row_h: float, across: int, flow_h: float) -> float:
        return (-(-len(contracts) // across) * row_h + _flow_height(chips, box.w, flow_h)
                + _flow_height(stores, box.w, flow_h))

    # Every contract is drawn (none hidden behind "+N"): a crowded panel draws its lines lower (the contracts first,
    # then the chips and stores), then the contracts two a line
    row_h: float = line
    flow_h: float = line
    while row_h > CONTRACT_MIN and height(row_h, per_row, flow_h) > box.h:
        row_h -= 2
    while flow_h > FLOW_MIN and height(row_h, per_row, flow_h) > box.h:
        flow_h -= 2
    if height(row_h, per_row, flow_h) > box.h and box.w >= 2 * CONTRACT_NARROW and per_row == 1:
        per_row = 2
    y = box.y
    cell_w = box.w if per_row == 1 else (box.w - 16 * (per_row - 1)) / per_row
    for i, k in enumerate(contracts):
        row, col = divmod(i, per_row)
        draw_contract(c, Box(box.x + col * (cell_w + 16), y + row * row_h, cell_w, row_h), k)
    y += -(-len(contracts) // per_row) * row_h
    y = _flow(c, Box(box.x, y, box.w, box.y2 - y), chips, flow_h)
    return _flow(c, Box(box.x, y, box.w, box.y2 - y), stores, flow_h)



#: the lowest line a card chip or a store is drawn on (its text still inside)
FLOW_MIN = 36
#: the lowest line a contract is drawn on, and the narrowest cell it keeps its goods in
CONTRACT_MIN = 28
CONTRACT_NARROW = 4 * 22 + 60
#: below this line height a contract's count is written without its chip (the chip would not hold the text)
CHIPLESS = 36
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
    if row.h < CHIPLESS:  # a crowded panel: the count, and the points where they fit, as plain text
        at = c.text((start + 2, row.cy), count, MIN_FONT, "cond", kit.ink_on(fill) if k["complete"] else INK, "lm")
        if at.x2 + points_w + 4 <= row.x2:
            c.text((at.x2 + 8, row.cy), points, MIN_FONT, "cond", INK, "lm")
        return
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
        c.paste(kit.coin_sprite(26), (cell.x2 - 6, cell.y + 9), "coin merchant")
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
