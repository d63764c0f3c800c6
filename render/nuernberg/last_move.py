"""Nürnberg board: the last move as data (``LastMove``), read from its public events (``last_from_events``) or
from its action (``drawn``). A discard is secret and drawn as nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.core import Event
    from rules.nuernberg.views import NuernbergView


@dataclass(frozen=True)
class LastMove:
    """The last move as data, read from its public events (``last_from_events``): the mover and the public
    action as the board draws it (``drawn``: ``council`` and ``send`` without their seat, which is not drawn).
    ``draw_board`` takes it in place of an action hint."""

    seat: int | None
    action: str


def drawn(seat: int | None, action: str) -> LastMove:
    """A public action as the board draws it (whose card a council choice takes, or whom an offer goes to, is
    read from the view)."""
    verb, _, rest = action.partition(" ")
    if verb == "offer" and rest:  # an offer sent in one step reads like a draft sent
        return LastMove(seat, "send")
    return LastMove(seat, verb if verb in ("council", "send", "counter") else action)


_BUILT = {"toll": "toll", "settlement": "settle", "manufacture": "manufacture", "tower": "tower"}
_OFFER_MOVES = {"offer": "send", "offer_cancelled": "cancel", "offer_withdrawn": "withdraw",
                "offer_declined": "decline", "offer_accepted": "accept", "offer_countered": "counter",
                "turn_end": "end", "council": "council"}


def last_from_events(view: NuernbergView, events: Sequence[Event]) -> LastMove | None:
    """The last move from its public events: the mover's event comes first (what follows, e.g. the next turn, an
    automatic council card or theft, comes after it). None where the events do not say what the move was, so
    the action fallback draws it: the menus (``settle <route>``, ``manufacture``, ``tower``, ``bank <item>``,
    ``offer``, ``back``), an offer's draft (``give``/``want``, secret) and ``robber <number>`` with several
    hexes to choose from (the candidates are ringed) emit no event. One move reads better from its events than
    from its action: ``robber <number>`` with one hex moves the knight at once, and its event names the hex,
    which is ringed like ``robber <hex>`` (tests/render/test_nuernberg.py checks all of this against the action
    on every step of whole bot games)."""
    if not events:
        return None
    first, p = events[0], events[0].params
    seat = p.get("seat")
    if first.kind == "discarded":  # a secret move (which card stays unsaid): drawn as nothing
        return LastMove(None, "")
    if first.kind in ("card", "reshuffle"):  # turning over the event card (a reshuffle comes first if need be)
        cards = [e.params.get("seat") for e in events if e.kind == "card"]
        return LastMove(cards[0], "draw") if cards and isinstance(cards[0], int) else None
    if not isinstance(seat, int):
        return None
    if first.kind == "build":
        piece, where = p.get("piece"), p.get("where")
        return LastMove(seat, "wall" if piece == "wall" else f"{_BUILT[str(piece)]} {where}")
    if first.kind == "produce":
        return LastMove(seat, f"produce {p['good']}")
    if first.kind == "bank":
        return LastMove(seat, f"bank {p['give']} {p['get']}")
    if first.kind == "robber":
        return LastMove(seat, f"robber {p['hex']}")
    if first.kind == "steal" and isinstance(p.get("victim"), int):
        return LastMove(seat, f"steal {p['victim']}")
    if first.kind == "trade":  # the proposer took an acceptance or a counter
        return LastMove(seat, f"take {p['with']}")
    if first.kind in _OFFER_MOVES:
        return LastMove(seat, _OFFER_MOVES[first.kind])
    return None
