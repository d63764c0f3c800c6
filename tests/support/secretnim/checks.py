"""Secret Nim's checks (named by ``PARTS.checks``; docs/conventions.md): its invariants, and a copy of a state with
what a viewer cannot know (the other player's pick, while unrevealed) re-drawn."""

from __future__ import annotations

from rules.core import Rng
from tests.support.secretnim import PICKS, NimState


def invariants(state: NimState) -> list[str]:
    out = []
    if state.heap < 0:
        out.append(f"negative heap {state.heap}")
    if state.heap + sum(state.taken) + state.discarded != state.start:
        out.append(f"stones not conserved: {state.heap} + {state.taken} + {state.discarded} != {state.start}")
    if any(p is not None and p not in PICKS for p in state.picks):
        out.append(f"a pick out of range: {state.picks}")
    if state.heap == 0 and any(p is not None for p in state.picks):
        out.append("a pick stands after the game is over")
    bonus: int = sum(state.bonus)
    if bonus not in (0, 2) or (bonus > 0 and state.heap > 0):
        out.append(f"the last stone's bonus is wrong: {state.bonus} with {state.heap} left")
    return out


def redeal_hidden(state: NimState, viewer: int | None, rng: Rng) -> NimState:
    """A copy where the picks ``viewer`` cannot see (the other's, or both for a spectator) are drawn anew."""
    out = NimState.from_json(state.clone().to_json())
    out.picks = [p if p is None or s == viewer else rng.choice(PICKS) for s, p in enumerate(out.picks)]
    return out
