"""The end of a round: the council phase (prestige and privileges) and, as a variant, discarding leftover stacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState


def discard_leftovers(st: StrasbourgState, events: list[Event]) -> None:
    """Variant of S-A2: stacks not revealed this round leave the game unseen."""
    counts = []
    for p in st.players:
        counts.append(sum(len(stack) for stack in p["stacks"]))
        for stack in p["stacks"]:
            p["gone"].extend(stack)
        p["stacks"] = []
    if any(counts):
        events.append(Event("leftovers", {"round": st.round, "cards": counts}))


def council_phase(st: StrasbourgState, events: list[Event]) -> None:
    counts = [0] * st.num_players
    for holder in st.council.values():
        if holder is not None:
            counts[holder] += 1
    top = max(counts)
    for seat, p in enumerate(st.players):
        p["prestige"] += counts[seat]
    winners = [s for s in range(st.num_players) if counts[s] == top]
    for s in winners:
        st.players[s]["privileges"] += 1
        st.players[s]["privileges_gained"] += 1
    events.append(Event("council", {"round": st.round, "prestige": counts, "privilege": winners}))
