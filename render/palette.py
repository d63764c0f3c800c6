"""The palette: colours and their helpers, and each seat's style (an Okabe-Ito colour, a shape and a letter).

Part of the drawing kit (``render/kit.py`` re-exports every name here).
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(c: RGB) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def ink_on(c: RGB) -> RGB:
    """Dark or light text, whichever reads on background ``c``."""
    return INK if luminance(c) > 0.55 else PAPER


# ---------------------------------------------------------------- palette
PAPER = hex_rgb("#f6efe0")  # light text on dark
TABLE = hex_rgb("#2f3b45")  # the table the board lies on (canvas background)
BOARD = hex_rgb("#e9dcc0")  # parchment panels
BOARD_DARK = hex_rgb("#d6c39d")
INK = hex_rgb("#241c15")
INK_SOFT = hex_rgb("#5a4a3a")
WATER = hex_rgb("#3f7f9f")
WATER_DARK = hex_rgb("#2d5f78")
GOLD = hex_rgb("#e8b931")
HIGHLIGHT = hex_rgb("#ff3fa4")  # last action: a hot pink ring, distinct from every player colour
GOOD = hex_rgb("#2e8b57")
BAD = hex_rgb("#c0392b")


@dataclass(frozen=True)
class PlayerStyle:
    colour: RGB
    shape: str  # circle, square, triangle, diamond, plus, star
    letter: str  # redundancy for colour-blind readers: the seat number

    @property
    def ink(self) -> RGB:
        return ink_on(self.colour)


# Okabe-Ito colours (distinguishable under the common colour-vision deficiencies), each paired with
# its own shape so that no information rests on colour alone.
PLAYERS: tuple[PlayerStyle, ...] = (
    PlayerStyle(hex_rgb("#0072b2"), "circle", "1"),
    PlayerStyle(hex_rgb("#e69f00"), "square", "2"),
    PlayerStyle(hex_rgb("#009e73"), "triangle", "3"),
    PlayerStyle(hex_rgb("#cc79a7"), "diamond", "4"),
    PlayerStyle(hex_rgb("#d55e00"), "plus", "5"),  # not a hexagon: too like the circle on a phone
    PlayerStyle(hex_rgb("#56b4e9"), "star", "6"),
)


def player(seat: int) -> PlayerStyle:
    return PLAYERS[seat % len(PLAYERS)]

