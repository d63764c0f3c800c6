"""Speicherstadt board: what the last move touched (a column of the water row or a seat's tableau), read from its
public events (``last_from_events``) or from its action (``_ring_target``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.core import Event
    from rules.speicherstadt.views import SpeicherstadtView


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
