"""``State.bot_view`` (what the strong bot's playouts hand the basic bot) is a faster part of ``view``: every key it
has equals the full view's, and the basic bot chooses the same from it, in every game and at every kind of step."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.core import Rng
from tests.support.games import NAMES, player_counts, some_players

GAMES = NAMES
pytestmark = pytest.mark.usefixtures("plugin_games")


def is_part_of(part: Any, whole: Any, where: str = "view") -> None:
    """``part`` is ``whole`` with some dict keys left out (at any depth); lists keep their length and order."""
    if isinstance(part, dict):
        assert isinstance(whole, dict), where
        for key, value in part.items():
            assert key in whole, f"{where}[{key!r}] is not in the full view"
            is_part_of(value, whole[key], f"{where}[{key!r}]")
    elif isinstance(part, list | tuple):
        assert isinstance(whole, list | tuple) and len(part) == len(whole), where
        for i, (a, b) in enumerate(zip(part, whole, strict=True)):
            is_part_of(a, b, f"{where}[{i}]")
    else:
        assert part == whole, f"{where}: {part!r} != {whole!r}"


def decisions(name: str, seed: int, players: int):
    """Every decision of a seeded game in which the seats mostly follow the basic bot and sometimes play at random
    (so the game visits states the basic bot alone would not)."""
    game = rules.GAMES[name]
    state = game.new_state(players, seed)
    rng = Rng(seed, "wander")
    while awaited := state.to_act():
        seat = awaited[rng.below(len(awaited))]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            yield state, seat, legal
        if len(legal) > 1 and rng.below(5) == 0:
            action = legal[rng.below(len(legal))]
        else:
            action = game.bot_action(state.view(seat), legal, seat, Rng(seed, "bot", seat, state.ply))
        state.apply(seat, action)


@pytest.mark.parametrize("name", GAMES)
def test_the_bot_view_is_part_of_the_view_and_the_bot_chooses_the_same_from_it(name: str) -> None:
    game = rules.GAMES[name]
    checked = 0
    plan = [(players, seed) for players, seed in ((3, 1), (3, 2), (2, 3), (4, 4))
            if game.min_players <= players <= game.max_players]
    counts, extra = list(player_counts(name)), 5
    while plan or checked <= 200:  # a short game plays more games (at its own player counts) to reach as many
        if plan:
            players, seed = plan.pop(0)
        else:
            players, seed, extra = counts[extra % len(counts)], extra, extra + 1
        for state, seat, legal in decisions(name, seed, players):
            full, light = state.view(seat), state.bot_view(seat)
            is_part_of(light, full)
            a = game.bot_action(full, legal, seat, Rng(seed, "same", state.ply))
            b = game.bot_action(light, legal, seat, Rng(seed, "same", state.ply))
            assert a == b, f"{name}, {players} players, seed {seed}, ply {state.ply}: {a} (view), {b} (bot view)"
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("name", GAMES)
def test_a_trusted_step_leaves_the_state_an_ordinary_step_does(name: str) -> None:
    """``apply_trusted`` (the playouts' step) skips only the checks: a game played with it ends where ``apply``
    leads, step for step."""
    game = rules.GAMES[name]
    players = some_players(name)
    checked, trusted = game.new_state(players, 21), game.new_state(players, 21)
    while awaited := checked.to_act():
        seat = awaited[0]
        legal = checked.legal_actions(seat)
        assert trusted.legal_actions(seat) == legal
        action = game.bot_action(checked.bot_view(seat), legal, seat, Rng(21, "bot", seat, checked.ply))
        checked.apply(seat, action)
        trusted.apply_trusted(seat, action)
        assert trusted.ply == checked.ply
    assert trusted.dump() == checked.dump()
    assert trusted.outcome() == checked.outcome()
