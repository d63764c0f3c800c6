"""Nürnberg board: the shared layout: the region boxes of the public board and of the final image, the words of
buildings, events and phases, the costs printed on the building cards, and the ``Board`` canvas.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image

from render.kit import Box, Canvas, seat_name
from render.nuernberg import maps
from rules.words import N_

RESOURCES: tuple[str, ...] = ("wood", "wool", "grain", "brick", "ore")
# Costs are printed on the players' building cards (rules/nuernberg/data.py COSTS, seed); the view has no
# cost table, so the private screen carries this copy (a test checks it against the rules' table).
COSTS: dict[str, dict[str, int]] = {
    "toll": {"wood": 1, "brick": 1},
    "settlement": {"grain": 1, "wool": 1, "brick": 1, "wood": 1},
    "manufacture": {"ore": 3, "grain": 2},
    "wall": {"brick": 1, "gold": 3},
    "tower": {"brick": 1, "wood": 1, "gold": 3},
}

BUILD_NAMES = {"toll": N_("Toll bar"), "settlement": N_("Settlement"), "manufacture": N_("Manufacture"),
               "wall": N_("Wall"), "tower": N_("Tower")}
EVENT_NAMES = {"raubritter": N_("Raubritter"), "wegezoll": N_("Wegezoll"), "time": N_("Time +1"),
               "retreat": N_("Knight home"), "reichstag": N_("Reichstag"), "handelstag": N_("Handelstag")}
# The header's phase names, short enough to fit beside the active player's name.
PHASE_SHORT = {"setup_toll": N_("set-up: toll"), "setup_settle": N_("set-up: settle"), "draw": N_("event card"),
               "discard": N_("return cards"), "robber": N_("knight moves"), "robber_hex": N_("knight moves"),
               "steal": N_("steal a card"), "main": N_("trade & build"), "council": N_("council card"),
               "offer": N_("offer out"), "over": N_("game over")}
# The last event card, in one line of the news box (the view's text is longer than the box).
EVENT_LINES = {"raubritter": N_("Raubritter: the knight moves"), "wegezoll": N_("Wegezoll: gold to route holders"),
               "time": N_("The time marker moves on"), "retreat": N_("The knight goes home"),
               "reichstag": N_("Reichstag: gold per manufacture"),
               "handelstag": N_("Handelstag: bank trades at 3:1")}

# The right column is for what a phone must read at a third of the size: player cards with whole names, and a city
# 520 px wide (it was 440 beside a 184 px council column); the last move sits under the map to make room (issue 20).
COUNTRYSIDE = Box(8, 8, 624, 580)
TIMELINE = Box(8, 596, 624, 76)
DECK = Box(8, 680, 624, 52)
NEWS = Box(8, 740, 624, 52)
# whose turn at a size a phone reads (issue 41): the header is as tall as that text
HEADER = Box(640, 8, 632, 54)
PLAYERS = Box(640, 70, 632, 230)
CITY = Box(640, 308, 520, 340)
COUNCIL = Box(1168, 308, 104, 340)
MARKETS = Box(640, 656, 632, 136)
# The final image has no news line: its map keeps the full height.
FINAL_COUNTRYSIDE = Box(8, 8, 624, 640)
FINAL_TIMELINE = Box(8, 656, 624, 76)
FINAL_DECK = Box(8, 740, 624, 52)


@dataclass
class Board(Canvas):
    """A canvas that also records what the last-move ring marks (for the tests)."""

    marks: list[tuple[str, Box]] = field(default_factory=list)
    labels: list[tuple[str, Box]] = field(default_factory=list)  # the places labelled while a menu chooses one

    def mark(self, what: str, box: Box) -> None:
        self.marks.append((what, box))
        self.highlight(box, radius=10, width=5)

    def ring(self, what: str, centre: tuple[float, float], radius: float) -> None:
        self.marks.append((what, Box(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)))
        maps.ring(self, centre, radius)


def _name(seat: int, names: Sequence[str] | None) -> str:
    return seat_name(seat, names)


def _paste(cv: Canvas, sprite: Image.Image, centre: tuple[float, float]) -> None:
    cv.paste(sprite, centre)
