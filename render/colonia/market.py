"""Colonia board: the market's stalls with their key to the cube colours, and the craftsmen's order columns (the
market grows while its stalls are the day's decision: ``left_boxes``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from render import colonia_art as art
from render import kit
from render.colonia.layout import CRAFTSMEN, CRAFTSMEN_SMALL, LIT, MARKET, MARKET_FOCUS, ORDER_SPACES, TITLE, panel
from render.kit import BOARD, BOARD_DARK, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix
from rules.colonia.names import _, name

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView


def left_boxes(view: ColoniaView) -> tuple[Box, Box]:
    """The market's and the craftsmen's boxes: the market is larger while its stalls are the day's decision."""
    kind = (view.get("loop") or {}).get("kind")
    decree = (view.get("vote") or {}).get("decree")
    if kind == "stall" or decree in ("D01", "D02"):
        return MARKET_FOCUS, CRAFTSMEN_SMALL
    return MARKET, CRAFTSMEN


MATERIAL_NAMES = ("leather", "iron", "wood", "linen", "fur")
#: the key's cubes and the craftsmen's inputs: the zoomed panel (614 px, shown 400 px wide on a phone) shows
#: them 14 px tall
LEGEND_CUBE = 22


def _initials(words: Sequence[str]) -> tuple[str, ...]:
    """Two letters of each word, three where two would not tell two words apart (German Leder and Leinen)."""
    short = [w[:2].capitalize() for w in words]
    return tuple(w[:3].capitalize() if short.count(s) > 1 else s for w, s in zip(words, short, strict=True))


def _legend(cv: Canvas, box: Box) -> None:
    """The cube colours by name, right-aligned in ``box`` (the market has no other key to them); initials where the
    names do not fit."""
    names = tuple(name(m) for m in MATERIAL_NAMES)
    for words in (names, _initials(names)):
        widths = [LEGEND_CUBE + 4 + kit.text_width(w, MIN_FONT, "cond") for w in words]
        if sum(widths) + 8 * (len(widths) - 1) <= box.w:
            break
    x = box.x2 - sum(widths) - 8 * (len(widths) - 1)
    for m, word, w in zip(MATERIAL_NAMES, words, widths, strict=True):
        art.cube(cv, m, (x + LEGEND_CUBE / 2, box.cy), LEGEND_CUBE)
        cv.text_in(Box(x + LEGEND_CUBE + 3, box.y, w - LEGEND_CUBE - 3, box.h), word, MIN_FONT, "cond", INK, "left")
        x += w + 8


def draw_market(cv: Canvas, view: ColoniaView, marks: dict[str, Box], box: Box = MARKET) -> None:
    stalls = view.get("market") or []
    content = panel(cv, "market", box, _("Market"))
    title = kit.text_width(_("Market"), MIN_FONT, "bold")
    _legend(cv, Box(box.x + 12 + title + 14, box.y + 2, box.w - 24 - title - 14, TITLE))
    cells = content.cols(*([1] * max(1, len(stalls))), gap=6)
    for cell, stall in zip(cells, stalls, strict=False):
        extra = bool(stall.get("extra"))
        used = stall.get("seat") is not None or stall.get("total", 0) > 0
        fill = mix(BOARD, BOARD_DARK, 0.4) if not extra else mix(kit.WATER, PAPER, 0.7)
        if not used:
            fill = mix(fill, BOARD, 0.6)
        cv.draw.rounded_rectangle(cell.rect, radius=8, fill=fill, outline=INK_SOFT, width=2)
        label, body = cell.rows(-30, 1)
        cv.text_in(label, str(stall.get("stall", "")), MIN_FONT, "cond",
                   INK if used else INK_SOFT)
        if stall.get("seat") is not None:
            art.seat_cell(cv, body.inset(5, 6), int(stall["seat"]), int(stall.get("members") or 0))
        else:
            cubes = [m for m, k in (stall.get("materials") or {}).items() for _ in range(int(k))]
            # As large as the stall allows: 2 columns when 4 rows fit (market day), else 3 (a stall holds 7 at most).
            cols = 2 if body.h >= 4 * 28 and len(cubes) <= 8 else 3 if len(cubes) <= 9 else 4
            rows_needed = max(1, -(-len(cubes) // cols))
            pitch = min((body.w - 4) / cols, (body.h - 4) / max(3, rows_needed), 32.0)
            size = int(pitch - 3)
            rows = max(1, -(-len(cubes) // cols))
            top = body.cy - rows * pitch / 2 + pitch / 2
            for i, m in enumerate(cubes):
                r, c = divmod(i, cols)
                art.cube(cv, m, (body.cx + (c - (cols - 1) / 2) * pitch, top + r * pitch), size)
        marks[f"stall {stall.get('stall')}"] = cell


def draw_craftsmen(cv: Canvas, view: ColoniaView, marks: dict[str, Box], box: Box = CRAFTSMEN) -> None:
    crafts = view.get("craftsmen") or []
    card = view.get("week_card") or {}
    note = _("{n} extra dice").format(n=card["dice"]) if card else ""
    content = panel(cv, "craftsmen", box, _("Craftsmen"), note)
    rows = content.rows(*([1] * max(1, len(crafts))), gap=6)
    for row, craft in zip(rows, crafts, strict=False):
        icon_box, inputs, spaces, cost = row.cols(-44, -2 * LEGEND_CUBE - 4, 1, -58, gap=6)
        stick = int(craft.get("stick") or 0)
        art.good(cv, craft["good"], (icon_box.cx, icon_box.cy), min(40, int(row.h)))
        for k, m in enumerate(craft.get("inputs") or []):
            art.cube(cv, m, (inputs.x + LEGEND_CUBE / 2 + k * (LEGEND_CUBE + 4), inputs.cy), LEGEND_CUBE)
        orders = craft.get("orders") or []
        n = min(ORDER_SPACES, max(8, stick + 1, len(orders) + 1))
        pitch = spaces.w / n
        for i in range(n):
            cell = Box(spaces.x + i * pitch + 1, row.y, pitch - 4, row.h)
            if i < len(orders):
                o = orders[i]
                art.seat_cell(cv, cell, int(o["seat"]), int(o.get("members") or 0))
                marks[f"order {craft['name']} {o['seat']}"] = cell  # the latest order of a seat wins
                marks[f"order {craft['name']} #{i + 1}"] = cell
            else:
                cv.draw.rounded_rectangle(cell.rect, radius=8, fill=LIT if i < stick else BOARD,
                                          outline=BOARD_DARK, width=2)
        bar_x = spaces.x + stick * pitch - 3
        cv.draw.rounded_rectangle((round(bar_x - 3), round(row.y - 3), round(bar_x + 3), round(row.y2 + 3)),
                                  radius=3, fill=art.WOOD, outline=INK, width=1)
        chip = cost.inset(0, 3)
        cv.draw.rounded_rectangle(chip.rect, radius=10, fill=PAPER, outline=INK_SOFT, width=2)
        cv.paste(art.meeple_plain(24), (chip.x + 16, chip.cy))
        cv.text_in(Box(chip.x + 28, chip.y, chip.w - 30, chip.h), str(craft.get("next_cost", 1)), MIN_FONT, "cond",
                   INK)
        marks[f"craftsman {craft['name']}"] = row
