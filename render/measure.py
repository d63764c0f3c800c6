"""What a phone reads: every glyph and mark a ``Canvas`` draws is recorded as a ``Mark`` (what it is, how tall, where,
which view element it shows), so a test can tell how tall each one shows when the whole image is shown
``PHONE_WIDTH`` px wide (issue 41: Discord on a phone shows a board ~400 px wide).

The rule the tests hold each image to (tests/render/test_phone.py): a mark a player needs (goods, cubes, coins,
prices, icons, numbers, whose turn, the last move) shows at least ``READABLE_PX`` tall at that width, on the board
or, for the regions the awaited decision is about (the renderer's ``focus_region``), on the focus panel; or the
renderer declares it a detail the phone gets elsewhere:

- ``Canvas.in_words(element, *keys)``: the board in words (``Game.summary``) gives it; the test checks the words
  read those view keys;
- ``Canvas.in_focus(element)``: the focus panel of this view gives it, at a size a phone reads (checked too).

A mark drawn only to repeat what a readable mark beside it says (the seat's shape in a name chip) is ``decor``.
Part of the drawing kit (``render/kit.py`` re-exports every name here).
"""

from __future__ import annotations

from dataclasses import dataclass

#: how wide Discord shows an image on a phone
PHONE_WIDTH = 400
#: the smallest mark a phone should show: Material Design's body text (14 sp)
READABLE_PX = 14


@dataclass(frozen=True)
class Mark:
    """One glyph or mark drawn: ``kind`` (text, token, meeple, cube, coin, icon, sprite, mark), ``what`` (the text,
    or the sprite's name), its ``size`` in canvas px (a text's font size, a sprite's height), its box, the view
    ``element`` it shows (the renderer's innermost ``Canvas.element``; None: the region it lies in says) and
    whether it only repeats a readable mark beside it (``decor``)."""

    kind: str
    what: str
    size: float
    x: float
    y: float
    w: float
    h: float
    element: str | None = None
    decor: bool = False

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def shown(self, image_width: float, phone: float = PHONE_WIDTH) -> float:
        """How tall the mark shows, in px, when the image ``image_width`` px wide is shown ``phone`` px wide."""
        return self.size * phone / max(image_width, 1)


def smallest_readable(image_width: float, phone: float = PHONE_WIDTH) -> float:
    """The smallest mark size, in canvas px, that shows ``READABLE_PX`` tall on an image ``image_width`` wide."""
    return READABLE_PX * image_width / phone
