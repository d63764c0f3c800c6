"""Colonia board: the shared layout: the public board's region boxes, the day and decree words, the ``Board``
canvas, a parchment ``panel`` and the helpers that fit a text to its box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from render import colonia_art as art
from render import kit
from render.kit import BOARD, BOARD_DARK, INK, INK_SOFT, MIN_FONT, PAPER, Box, Canvas, mix
from rules.colonia.names import _
from rules.words import N_

TITLE = 38  # height of a panel's title row
FRAME = 7  # a panel's frame at each side, outside its region (see ``panel``)
# TRANSLATORS: the days of the week in two letters (the day track, the decrees' days, the street columns)
DAYS = (N_("Mo"), N_("Tu"), N_("We"), N_("Th"), N_("Fr"), N_("Sa"), N_("Su"))
STREETS = ("tuesday", "wednesday", "thursday", "friday")
ROMAN = ("I", "II", "III", "IV", "V", "VI")
STONE = kit.hex_rgb("#cfc6b4")  # the street columns
BAND = mix(BOARD, BOARD_DARK, 0.55)  # a panel's title band
ORDER_SPACES = 10  # spaces per craftsman column (rules data); fewer are drawn while the column is short
LIT = mix(kit.GOOD, PAPER, 0.72)  # order spaces above a craftsman's stick (delivered on Thursday)
SHORT_DECREES = {
    "D01": N_("+1 on every stall"), "D02": N_("Foreign stalls 7–8"), "D03": N_("Homecoming: Tue"),
    "D04": N_("+2 raw materials"), "D05": N_("Homecoming: Wed"), "D06": N_("Saddler +2"),
    "D07": N_("Wheelwright +2"), "D08": N_("Painter +2"), "D09": N_("Tailor +2"), "D10": N_("Shoemaker +2"),
    "D11": N_("2 ships sail now"), "D12": N_("1 ship sails now"), "D13": N_("Homecoming: Thu"),
    "D14": N_("Lucky find"), "D15": N_("Extra cargo holds"), "D16": N_("2 new relics"), "D17": N_("Lean council"),
    "D18": N_("Money changers"),
}


def short_decree(did: str) -> str:
    return _(SHORT_DECREES[did]) if did in SHORT_DECREES else did

# Region boxes of the public board.
HEADER = Box(0, 0, kit.W, 52)
MARKET = Box(8, 60, 628, 150)
CRAFTSMEN = Box(8, 218, 628, 282)
# On market day (and while a decree that fills stalls is voted on) the market grows so its cubes can be read at
# phone width; the craftsmen give up the room.
MARKET_FOCUS = Box(8, 60, 628, 206)
CRAFTSMEN_SMALL = Box(8, 274, 628, 226)
HARBOUR = Box(644, 60, 628, 238)
RELICS = Box(644, 306, 628, 194)
PLAYERS = Box(8, 508, 844, 284)
DECREES = Box(860, 508, 412, 284)


@dataclass
class Board(Canvas):
    """A canvas that also records its places (stalls, order cells, holds, relic cards, rows, decrees) and what
    the last-move ring marks (for the tests)."""

    spots: dict[str, Box] = field(default_factory=dict)
    marks: list[tuple[str, Box]] = field(default_factory=list)

    def mark(self, what: str, box: Box) -> None:
        self.marks.append((what, box))
        self.highlight(box, radius=12, width=5)


def framed(box: Box) -> Box:
    """The region of a panel drawn in ``box``: the box less its frame at each side (see ``panel``)."""
    return Box(box.x + FRAME, box.y, box.w - 2 * FRAME, box.h)


def panel(cv: Canvas, name: str, box: Box, title: str, note: str = "", short: str = "") -> Box:
    """A parchment panel with a title row (``short`` where a language's ``title`` does not fit); returns the content
    box below the title. The region registered is the panel less its frame's 7 px at each side (nothing is drawn
    there but the frame): a half-width panel (628 px) is then 614 px, which the zoomed panel for phones
    (``render.focus``, 800 px) enlarges by more than 1.3."""
    cv.region(name, framed(box))
    cv.panel(box)
    band = Box(box.x + 2, box.y + 2, box.w - 4, TITLE - 2)
    cv.draw.rounded_rectangle(band.rect, radius=12, fill=BAND)
    cv.draw.rectangle((round(band.x), round(band.y2 - 12), round(band.x2), round(band.y2)), fill=BAND)
    head = Box(box.x + 12, box.y + 2, box.w - 24, TITLE)
    drawn = cv.text_in(head, fitting(head.w, "bold", title, short), MIN_FONT, "bold", INK, "left")
    room = Box(drawn.x2 + 16, head.y, head.x2 - drawn.x2 - 16, head.h)
    if note and kit.text_width(note, MIN_FONT, "cond") <= room.w:  # a note is an aside: left out, never cut
        cv.text_in(room, note, MIN_FONT, "cond", INK_SOFT, "right")
    return Box(box.x + 8, box.y + TITLE + 4, box.w - 16, box.h - TITLE - 12)


def short_name(seat: int, names: Sequence[str] | None) -> str:
    return kit.seat_name(seat, names)


def fitting(width: float, style: str, *options: str) -> str:
    """The first of ``options`` that fits ``width`` at the board's font (the last one if none does)."""
    shown = [o for o in options if o]
    for text in shown:
        if kit.text_width(text, MIN_FONT, style) <= width:
            return text
    return shown[-1] if shown else ""


def _relic_label(relic_id: str) -> str:
    """"£12 relic" or "M shrine" from a relic id such as LON-12-1 or BER-SHRINE."""
    code, _sep, tail = relic_id.partition("-")
    sign = art.SIGN_OF_CITY.get(art.CITY_OF_CODE.get(code, ""), "")
    price = tail.partition("-")[0]
    return _("{sign} shrine").format(sign=sign) if price == "SHRINE" else _("{sign}{price} relic").format(
        sign=sign, price=price)
