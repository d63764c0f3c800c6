"""Speicherstadt board: the public board (``draw_board``) put together from the header, the water row and the
tableaus, and ``focus_region``, the region the awaited decision is about (``render.focus`` enlarges it for phones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render import kit
from render.kit import Canvas
from render.speicherstadt.header import draw_header
from render.speicherstadt.last_move import Touched, _ring_target
from render.speicherstadt.layout import board_layout
from render.speicherstadt.tableau import draw_tableau
from render.speicherstadt.water import draw_water

if TYPE_CHECKING:
    from rules.speicherstadt.views import SpeicherstadtView


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
    # On a phone the cards and tableaus are details: the panel enlarges the ones the decision is about, the words
    # say the rest (and each player's own screen draws their tableau large).
    c.in_words("water", "reserve", "bag")
    for i in range(len(lay["columns"])):
        c.in_words(f"col{i + 1}", "row")
    for seat in range(view["num_players"]):
        c.in_words(f"seat{seat}", "players", "first_player")
    return c
