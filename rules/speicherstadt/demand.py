"""Demand: in turn order, each seat puts its workers one at a time above the cards (``place <col>``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event, Rng
from rules.speicherstadt import purchase
from rules.speicherstadt.data import BUILDING_SPACES, WORKERS

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState


def legal(st: SpeicherstadtState) -> list[str]:
    return [f"place {i + 1}" for i, slot in enumerate(st.row) if len(slot["workers"]) < BUILDING_SPACES]


def is_legal(st: SpeicherstadtState, action: str) -> bool:
    """Same answer as ``action in legal(st)``, without building the list."""
    word, _, number = action.partition(" ")
    if word != "place" or not (number.isascii() and number.isdigit()) or number != str(int(number)):
        return False
    col = int(number)
    return 1 <= col <= len(st.row) and len(st.row[col - 1]["workers"]) < BUILDING_SPACES


def place(st: SpeicherstadtState, seat: int, col: int, rng: Rng, events: list[Event]) -> None:
    slot = st.row[col]
    slot["workers"].append(seat)
    st.players[seat]["workers"] -= 1
    st.placed += 1
    events.append(Event("place", {"seat": seat, "col": col + 1, "card": slot["card"],
                                  "space": len(slot["workers"])}))
    if st.placed < WORKERS * st.num_players:
        st.turn = (st.turn + 1) % st.num_players
        return
    st.phase = "purchase"
    st.col = 0
    purchase.advance(st, rng, events)
