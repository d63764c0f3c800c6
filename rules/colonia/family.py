"""Tuesday: the secret family cards, their reveal, the members sent to the city hall and the new turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia.board import (
    TUE,
)
from rules.core import Event, Rng

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState


def start_family(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    st.choice = [None] * st.num_players
    st.stage = "family"
    # A last remaining card is forced (and public): play it without asking.
    for seat in range(st.num_players):
        if len(st.cards_left[seat]) == 1:
            st.choice[seat] = st.cards_left[seat][0]
    if all(c is not None for c in st.choice):
        resolve_family(st, rng, ev)


def resolve_family(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    n = st.num_players
    hall = [0] * n
    taken_from_street: dict[int, int] = {}
    for seat in range(n):
        value = st.choice[seat]
        assert value is not None
        st.cards_left[seat].remove(value)
        st.card[seat] = value
        need = value - 1 if st.lean else value
        if st.reserve[seat] >= need:
            st.reserve[seat] -= need
            hall[seat] = need
            st.zero[seat] = False
            continue
        # Shortfall: the card counts 0; missing members come from the streets, Tuesday first.
        st.zero[seat] = True
        hall[seat] = st.reserve[seat]
        st.reserve[seat] = 0
        missing = need - hall[seat]
        moved = 0
        for sp in range(4):
            k = min(missing, st.street[seat][sp])
            st.street[seat][sp] -= k
            missing -= k
            moved += k
        hall[seat] += moved
        taken_from_street[seat] = moved
    st.lean = False
    prev = {s: i for i, s in enumerate(st.order)}
    eff = [st.voting_weight(s) for s in range(n)]  # every card is set just above
    rolls: dict[int, int] = {}
    if st.week == 1:
        order: list[int] = []
        for value in sorted(set(eff), reverse=True):
            group = [s for s in range(n) if eff[s] == value]
            order += group if len(group) == 1 else _dice_order(st, group, rng, rolls)
    else:
        # Higher card first; ties in the reverse of their relative order last week.
        order = sorted(range(n), key=lambda s: (-eff[s], -prev[s]))
    st.order = order
    for seat in range(n):  # street step: old Tuesday members home, then the city hall onto the street
        st.reserve[seat] += st.street[seat][TUE]
        st.street[seat][TUE] = hall[seat]
    ev.append(Event("family_revealed", {"cards": list(st.card), "zero": [s for s in range(n) if st.zero[s]],
                                        "from_street": taken_from_street, "order": order, "rolls": rolls}))
    st.choice = [None] * n
    st.day, st.sub, st.stage = 3, "votes", "auto"


def _dice_order(st: ColoniaState, group: list[int], rng: Rng, rolls: dict[int, int]) -> list[int]:
    """Week 1 ties: the tied seats roll; highest first; re-roll remaining ties."""
    roll = {s: rng.between(1, 6) for s in group}
    for s, r in roll.items():
        rolls[s] = r
    out: list[int] = []
    for r in sorted(set(roll.values()), reverse=True):
        tied = [s for s in group if roll[s] == r]
        out += tied if len(tied) == 1 else _dice_order(st, tied, rng, rolls)
    return out
