"""The Nürnberg board's player panel: one card per seat in a 2 x 2 grid, and a key to its icons.

A card has two lines so that a full name (about 12 characters, "Bot C (strong)") fits beside the seat's shape at
phone width (the image is shown ~400 px wide, a third of its size): the name chip on the first line, with cards owed
or an hourglass (awaited) at its end, and the Wegerecht cards where they fit whole (the map's route labels show them
too); the four two-digit stats (points, gold,
cards in hand, prestige) on the second. One line per seat cut the names or the stats (issue 20). The key line under
the cards names each icon once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render import nuernberg_art as art
from render.kit import (
    BAD,
    BOARD,
    BOARD_DARK,
    INK,
    INK_SOFT,
    MIN_FONT,
    Box,
    Canvas,
    fit_text,
    icon_sprite,
    mix,
    player,
    seat_name,
    text_width,
)
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.nuernberg.views import NuernbergPlayer, NuernbergView

_, _n = translator("nuernberg")

ICON = 30
STAT_ICON = 28  # a stat cell is icon + number; four cells of 72 px keep "13" whole on a 309 px card
# The key under the cards: (icon, word) in the order of a card's stats.
KEY: tuple[tuple[str, str], ...] = (("star", N_("points")), ("gold", N_("gold")), ("card", N_("cards")),
                                   ("prestige", N_("prestige")))
KEY_H = 36
HOURGLASS = 24


def sprite(kind: str, size: int) -> Any:
    return icon_sprite("star", size) if kind == "star" else art.icon(kind, size)


def stat(cv: Canvas, box: Box, kind: str, value: Any, size: int = ICON) -> None:
    """An icon followed by a number, left-aligned in ``box``."""
    cv.paste(sprite(kind, size), (box.x + size / 2, box.cy))
    cv.text_in(Box(box.x + size + 3, box.y, box.w - size - 3, box.h), str(value), MIN_FONT, "cond", INK, "left")


def numerals(view: NuernbergView, route_ids: list[str]) -> str:
    by_id = {r["id"]: r["numeral"] for r in view["countryside"]["routes"]}
    return " ".join(by_id.get(r, r) for r in route_ids)


def route_pill(cv: Canvas, box: Box, text: str) -> None:
    """The Wegerecht cards a seat holds, as one parchment pill of route numerals (right-aligned in ``box``)."""
    label = fit_text(text, MIN_FONT, "cond", box.w - 12)
    w = text_width(label, MIN_FONT, "cond") + 14
    pill = Box(box.x2 - w, box.y + 2, w, box.h - 4)
    cv.draw.rounded_rectangle(pill.rect, radius=8, fill=BOARD_DARK, outline=INK, width=2)
    cv.text_in(pill, label, MIN_FONT, "cond", INK)


def chip_width(name: str, h: float) -> float:
    """The tight name chip's width for the whole name (player_chip: the shape, 0.62 h, with 6 px either side, the
    label, 8 px, and a pixel to spare)."""
    return text_width(name, MIN_FONT, "cond") + round(h * 0.62) + 21


def draw_players(cv: Canvas, box: Box, view: NuernbergView, names: Sequence[str] | None) -> dict[int, Box]:
    """The cards and the key; returns each seat's card (the last-move ring marks a robbed seat's card)."""
    cv.panel(box)
    inner = box.inset(5, 6)
    cards_box, key_box = inner.rows(1, -KEY_H, gap=4)
    cards = cards_box.grid(4, 2, gap=4)
    active = view.get("active")
    out: dict[int, Box] = {}
    for p, card in zip(view["players"], cards, strict=False):
        out[p["seat"]] = card
        _card(cv, card, view, p, active, names)
    _key(cv, key_box)
    return out


def _card(cv: Canvas, card: Box, view: NuernbergView, p: NuernbergPlayer, active: Any,
          names: Sequence[str] | None) -> None:
    seat = p["seat"]
    over = bool(view.get("over"))
    colour = player(seat).colour
    if seat == active and not over:
        cv.draw.rounded_rectangle(card.rect, radius=10, fill=mix(colour, BOARD, 0.72), outline=colour, width=3)
    else:  # a faint frame keeps the four cards apart
        cv.draw.rounded_rectangle(card.rect, radius=10, outline=mix(INK_SOFT, BOARD, 0.5), width=2)
    top, bottom = card.inset(3, 4).rows(1, 1, gap=2)
    name = seat_name(seat, names)
    # cards owed, else an hourglass (awaited), at the line's right end: they say who must act now. The hourglass fits
    # beside a whole 14-character name; the rarer debt may cut a long name.
    awaited = seat in (view.get("to_act") or []) and seat != active and not over
    badge = 52.0 if p.get("discard_due") else HOURGLASS if awaited else 0.0
    chip = top.left(min(top.w - (badge + 4 if badge else 0), chip_width(name, top.h)))
    cv.player_chip(chip, seat, name, MIN_FONT, "cond", tight=True)
    x2 = top.x2
    if p.get("discard_due"):
        due = Box(x2 - badge, top.y + 2, badge, top.h - 4)
        cv.chip(due, f"−{p['discard_due']}", BAD, MIN_FONT, "cond")
        x2 = due.x - 4
    elif awaited:
        cv.paste(art.icon("hourglass", HOURGLASS), (x2 - HOURGLASS / 2, top.cy))
        x2 -= HOURGLASS + 4
    held = numerals(view, p.get("wegerecht") or [])
    # a pill only when the numerals fit whole: the map's route labels show every holder anyway
    if held and x2 - chip.x2 - 6 >= text_width(held, MIN_FONT, "cond") + 14:
        route_pill(cv, Box(chip.x2 + 6, top.y, x2 - chip.x2 - 6, top.h), held)
    cells = bottom.cols(*([1] * len(KEY)), gap=4)
    for cell, (kind, _word), value in zip(cells, KEY, (p["vp"], p["gold"], p["cards"], p["prestige"]),
                                          strict=True):
        stat(cv, cell, kind, value, STAT_ICON)


def _key(cv: Canvas, box: Box) -> None:
    """One line naming each icon of the cards, spread over the panel's width."""
    widths = [STAT_ICON + 4 + text_width(_(word), MIN_FONT, "cond") + 1 for _kind, word in KEY]
    if sum(widths) > box.w:  # longer words (another language): every cell gives up room alike, none leaves the box
        widths = [w * box.w / sum(widths) for w in widths]
    gap = max(0.0, (box.w - sum(widths)) / (len(KEY) - 1))
    cells = box.cols(*(-w for w in widths), gap=gap)
    for cell, (kind, word) in zip(cells, KEY, strict=True):
        cv.paste(sprite(kind, STAT_ICON), (cell.x + STAT_ICON / 2, cell.cy))
        cv.text_in(Box(cell.x + STAT_ICON + 4, cell.y, cell.w - STAT_ICON - 4, cell.h), _(word), MIN_FONT, "cond",
                   INK_SOFT, "left")
