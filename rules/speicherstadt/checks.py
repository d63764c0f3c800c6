"""Test tooling over the full state: invariants and the re-dealing of hidden information."""

from __future__ import annotations

from rules.core import Rng
from rules.speicherstadt.data import (
    BUILDING_SPACES,
    CARDS,
    CUBES_PER_GOOD,
    GOODS,
    HALL_STORE_MAX,
    LAST_CARD,
    SEASONS,
    WAREHOUSE_CAPACITY,
    WORKERS,
)
from rules.speicherstadt.state import SpeicherstadtState


def invariants(state: SpeicherstadtState) -> list[str]:
    errors: list[str] = []
    # Cubes: every good's 9 cubes are somewhere, never negative.
    for g in GOODS:
        places = [state.bag[g], state.reserve[g]]
        places += [s["cubes"][g] for s in state.row if s["cubes"]]
        for p in state.players:
            places += [p["hand"][g], p["wh"][g], p["hall"][g]]
            places += [filled.count(g) for filled in p["filled"].values()]
        if any(n < 0 for n in places):
            errors.append(f"negative {g} count")
        if sum(places) != CUBES_PER_GOOD:
            errors.append(f"{g}: {sum(places)} cubes instead of {CUBES_PER_GOOD}")
    # Cards: each card exactly once across pile, row, discard, players and the box.
    seen = list(state.pile) + list(state.removed) + list(state.discard)
    seen += [s["card"] for s in state.row if s["status"] == "open"]
    for p in state.players:
        seen += p["cards"]
    fires_in_discard = [c for c in state.discard if CARDS[c]["kind"] == "fire"]
    seen += [c for c in state.fires_resolved if c not in fires_in_discard]  # the 4th Fire is resolved, not discarded
    if sorted(seen) != sorted(CARDS):
        missing = sorted(set(CARDS) - set(seen))
        errors.append(f"cards not conserved (missing {missing[:5]}, {len(seen)} seen)")
    # Workers: 3 per seat, in hand or on the board; columns hold at most 8.
    on_board = [0] * state.num_players
    for s in state.row:
        if len(s["workers"]) > BUILDING_SPACES:
            errors.append(f"column {s['card']} holds {len(s['workers'])} workers")
        for w in s["workers"]:
            on_board[w] += 1
    for seat, p in enumerate(state.players):
        if p["workers"] < 0 or p["workers"] + on_board[seat] != WORKERS:
            errors.append(f"seat {seat}: workers do not add up")
        if p["coins"] < 0:
            errors.append(f"seat {seat}: negative coins")
        if sum(p["wh"].values()) > WAREHOUSE_CAPACITY:
            errors.append(f"seat {seat}: warehouse over capacity")
        if sum(p["wh"].values()) and not any(CARDS[c]["kind"] == "warehouse" for c in p["cards"]):
            errors.append(f"seat {seat}: cubes in a warehouse they do not own")
        still_to_load = state.phase == "purchase" or (state.phase == "loading" and seat in state.queue)
        if not still_to_load and (sum(p["hall"].values()) > HALL_STORE_MAX or any(p["hand"].values())):
            errors.append(f"seat {seat}: cubes left in hand or on the hall outside their loading")
        for cid, filled in p["filled"].items():
            if cid not in p["cards"] or any(g not in CARDS[cid]["goods"] for g in filled) or len(set(filled)) != len(
                filled
            ):
                errors.append(f"seat {seat}: bad contract {cid}")
    if state.phase != "over" and (not state.pile or state.pile[0] != LAST_CARD):
        errors.append("the 4th Fire is not at the bottom of the pile")
    return errors


def redeal_hidden(state: SpeicherstadtState, viewer: int | None, rng: Rng) -> SpeicherstadtState:
    """Only the order of the draw pile is secret (card backs show the season): reshuffle within each season."""
    copy = state.clone()
    assert isinstance(copy, SpeicherstadtState)
    new_pile: list[str] = []
    for season in reversed(SEASONS):  # bottom (E) to top (A)
        new_pile += rng.shuffled(sorted(c for c in copy.pile if c[0] == season))  # sorted: canonical (search)
    copy.pile = new_pile
    return copy
