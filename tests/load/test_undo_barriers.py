"""Undo's horizon, checked against the secrets: a step the rules call undoable (``Step.barrier`` None) shows nobody
anything hidden.

For seeded random playthroughs of every game, each undoable step is played again on a copy in which
``checks.redeal_hidden`` re-drew all that the acting seat cannot know. If what the actor sees after the step differs
between the real game and the copy, the step showed the actor something hidden (a card off a pile, another seat's
secret choice), and taking it back would let the player choose again knowing it: such a step must carry a barrier
(``Game.reveal_events``, ``State._undo_barrier``). Whatever a step shows everyone, the actor sees too, so this also
covers public reveals; what is told to another seat alone is a barrier by the contract (``PRIVATE``). Other viewers
are not compared: their redeal re-draws the actor's own holdings, and the step's public effect may depend on those
(a player's own choices show; that is no hidden information coming to light).
"""

from __future__ import annotations

import random

import pytest

import rules
from rules import Rng
from tests.load.helpers import MAX_STEPS, checks_for, player_counts

SEEDS = (4_417_093, 8_026_551)
CASES = [(name, n) for name, game in rules.GAMES.items() for n in player_counts(game)]


@pytest.mark.parametrize(("name", "n"), CASES, ids=[f"{name}-{n}p" for name, n in CASES])
def test_an_undoable_step_shows_nothing_hidden(name: str, n: int) -> None:
    game = rules.get_game(name)
    checks = checks_for(name)
    undoable = barriers = compared = 0
    for seed in SEEDS:
        rnd = random.Random(seed)
        state = game.new_state(num_players=n, seed=seed)
        for ply in range(MAX_STEPS):
            awaited = state.to_act()
            if not awaited:
                break
            seat = rnd.choice(awaited)
            action = rnd.choice(state.legal_actions(seat))
            before = state.clone()
            step = state.apply_step(seat, action)
            if step.barrier is not None:
                barriers += 1
                continue
            undoable += 1
            for k in range(2):
                copy = checks.redeal_hidden(before, seat, Rng(seed, "undo", ply, k))
                copy.apply(seat, action)  # legal: the actor's legal actions never depend on what it cannot see
                compared += copy.dump() != state.dump()
                assert copy.view(seat) == state.view(seat), (
                    f"{name}: '{action}' of seat {seat} at ply {before.ply} is marked undoable, but what the seat"
                    " sees after it depends on information hidden from it before"
                )
    assert undoable and barriers and compared, f"{name}: the playthroughs proved nothing ({undoable}, {barriers})"
