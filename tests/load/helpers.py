"""Shared tooling for the load suites: each game's checks module, seeded random mid-game states."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from types import ModuleType

import rules
from tests.support.play import at_random, moves

MAX_STEPS = 50_000


def checks_for(name: str) -> ModuleType:
    """``rules/<name>/checks.py`` (docs/conventions.md): ``invariants(state)`` and ``redeal_hidden(...)``."""
    module = rules.PARTS[name].checks  # the game's declaration names it (rules/<name>/checks.py for the four)
    if module is None:
        raise LookupError(f"{name} ships no checks")
    return importlib.import_module(module)


def player_counts(game: rules.Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def random_states(game: rules.Game, num_players: int, seed: int, samples: int) -> Iterator[rules.State]:
    """Copies of one random playthrough at ``samples`` random plies (start, middle and end included)."""
    rnd = random.Random(seed)
    state = game.new_state(num_players=num_players, seed=seed)
    trail = [(move.seat, move.action) for move in moves(state, at_random(rnd), max_steps=MAX_STEPS)]
    picks = sorted({0, len(trail) // 2, *(rnd.randrange(len(trail) + 1) for _ in range(max(0, samples - 2)))})
    replay = game.new_state(num_players=num_players, seed=seed)
    done = 0
    for ply in picks:
        for seat, action in trail[done:ply]:
            replay.apply(seat, action)
        done = ply
        yield replay.clone()
