"""Building Nürnberg scenario states directly, instead of playing hundreds of moves."""

from __future__ import annotations

from typing import Any

from rules.nuernberg import GAME
from rules.nuernberg.board import DISC_INDEX, ROUTE_INDEX
from rules.nuernberg.data import RESOURCES
from rules.nuernberg.state import NuernbergState

WHITE, RED, BLUE, ORANGE = 0, 1, 2, 3


def new(n: int = 4, seed: int = 1, setup: str = "beginner", **fields: Any) -> NuernbergState:
    """A fresh game (beginner set-up unless told), then the given fields set directly."""
    st = GAME.new_state(n, seed, {"setup": setup})
    assert isinstance(st, NuernbergState)
    for name, value in fields.items():
        setattr(st, name, value)
    return st


def cards(**counts: int) -> list[int]:
    """A hand as the state stores it: counts in resource order."""
    return [counts.get(res, 0) for res in RESOURCES]


def hand_of(st: NuernbergState, seat: int) -> dict[str, int]:
    return {res: n for res, n in zip(RESOURCES, st.hands[seat], strict=True) if n}


def put_on_top(st: NuernbergState, card: str) -> None:
    """Make ``card`` the next event card, keeping the 36 cards a permutation."""
    if card in st.deck:
        st.deck.remove(card)
    else:
        st.discard.remove(card)
    st.deck.append(card)


def main_phase(st: NuernbergState, seat: int) -> NuernbergState:
    """Skip straight to ``seat``'s trade-and-build phase."""
    st.active = seat
    st.phase = "main"
    st.menu = None
    return st


def toll(st: NuernbergState, route: str, k: int, seat: int) -> None:
    st.tolls[ROUTE_INDEX[route]][k - 1] = seat


def settlement(st: NuernbergState, route: str, k: int, seat: int) -> None:
    st.settlements[ROUTE_INDEX[route]][k] = seat


def manufacture(st: NuernbergState, disc: str, seat: int) -> None:
    st.discs[DISC_INDEX[disc]] = seat


def holder(st: NuernbergState, route: str) -> int:
    return st.holders[ROUTE_INDEX[route]]


def play(st: NuernbergState, seat: int, *actions: str) -> list[Any]:
    events = []
    for action in actions:
        events.extend(st.apply(seat, action))
    return events
