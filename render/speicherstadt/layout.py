"""Speicherstadt board: the shared layout: the goods and their colours and marks, the card kinds' colours and short
titles, and the public board's named boxes (``board_layout``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from render import kit
from render.kit import RGB, Box, hex_rgb
from rules.speicherstadt.text import card_name
from rules.words import N_, translator

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtView

_, _n = translator("speicherstadt")


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


def _short_title(slot: Mapping[str, Any]) -> str:
    """The card's title as it fits a card 200 px wide (a fire's own name: 1st Fire ... 4th Fire)."""
    kind = slot["kind"]
    if kind == "fire" or kind not in SHORT_TITLE:
        return card_name(str(slot.get("card") or slot.get("id") or ""))
    return _(SHORT_TITLE[kind])


HEADER_H = 62


def board_layout(view: SpeicherstadtView) -> dict[str, Any]:
    """Named boxes of the board; the structural tests check that they fit and do not overlap."""
    full = Box(0, 0, kit.W, kit.H).inset(12, 8)
    header, water, tableaus = full.rows(-HEADER_H, -352, 1, gap=8)
    ncards = max(1, len(view["row"]), view["num_players"] + 1)
    cols = water.inset(10, 0).cols(*([1] * ncards), gap=10)
    nseats = view["num_players"]
    seats = tableaus.cols(*([1] * nseats), gap=8)
    return {"header": header, "water": water, "columns": cols, "tableaus": seats}
