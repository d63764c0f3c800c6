"""Playing a game on through the rules contract, for tests: one loop instead of one per test.

``moves(state, policy)`` applies one move after another and yields each (with the actions the mover had and the
step's events), until the game is over, ``until(state)`` holds before a move, or ``max_steps`` moves are made;
``play_until`` does the same without looking at the moves. A ``Policy`` says which awaited seat moves and which
of its legal actions it plays: ``by_bot(game, seed)`` (the first awaited seat plays the game's bot) and
``at_random(rnd)`` (a random awaited seat plays a random action) cover most tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from rules.core import Game, Rng, State, Step


def first_seat(state: State, awaited: list[int]) -> int:
    return awaited[0]


class Policy(NamedTuple):
    """Which awaited seat moves (``seat(state, awaited)``), then which action it plays (``action(state, seat,
    legal)``): in that order, so a policy drawing both from one ``random.Random`` draws the seat first."""

    action: Callable[[State, int, list[str]], str]
    seat: Callable[[State, list[int]], int] = first_seat


class Played(NamedTuple):
    """One move made: by whom, what, the actions that seat had, what the rules returned, and how many came before."""

    seat: int
    action: str
    legal: list[str]
    step: Step
    index: int


def by_bot(game: Game, seed: int, salt: str = "bot") -> Policy:
    """The first awaited seat plays ``game``'s bot, from its own view, with ``Rng(seed, salt, ply)``."""

    def action(state: State, seat: int, legal: list[str]) -> str:
        chosen = game.bot_action(state.view(seat), legal, seat, Rng(seed, salt, state.ply))
        assert chosen in legal, f"{game.name}'s bot chose '{chosen}', not a legal action, at ply {state.ply}"
        return chosen

    return Policy(action)


def at_random(rnd: random.Random) -> Policy:
    """A random awaited seat plays a random legal action (seat, then action, both drawn from ``rnd``)."""
    return Policy(lambda state, seat, legal: rnd.choice(legal), lambda state, awaited: rnd.choice(awaited))


def moves(state: State, policy: Policy, *, until: Callable[[State], bool] | None = None,
          max_steps: int | None = None) -> Iterator[Played]:
    """Apply ``policy``'s moves to ``state`` (in place), yielding each just after it is applied."""
    index = 0
    while (awaited := state.to_act()) and (max_steps is None or index < max_steps):
        if until is not None and until(state):
            return
        seat = policy.seat(state, awaited)
        legal = state.legal_actions(seat)
        action = policy.action(state, seat, legal)
        yield Played(seat, action, legal, state.apply_step(seat, action), index)
        index += 1


def play_until(state: State, policy: Policy, *, until: Callable[[State], bool] | None = None,
               max_steps: int | None = None) -> State:
    """``moves`` played through: ``state`` (the same object) once over, ``until`` holds or ``max_steps`` are made."""
    for _ in moves(state, policy, until=until, max_steps=max_steps):
        pass
    return state
