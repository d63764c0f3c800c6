"""The undo horizon of the rules contract: ``undo_horizon`` over logged records, ``Step.barrier`` and ``Rng.drawn``."""

from __future__ import annotations

import pytest

import rules
from rules.core import (
    CARETAKER,
    DRAW,
    NOTHING,
    OTHERS,
    RANDOM,
    Horizon,
    Logged,
    Rng,
    undo_horizon,
)
from tests.support.games import NAMES


def test_the_latest_own_move_with_the_automatic_moves_after_it_is_one_unit() -> None:
    log = [Logged("bot", 1, None), Logged("player", 0, None), Logged("auto", 0, None), Logged("auto", 0, None)]
    assert undo_horizon(log, 0) == Horizon(3)
    assert undo_horizon(log[:2], 0) == Horizon(1)
    # once that unit is gone (the service leaves undone rows out), the next undo meets the bot: refused
    assert undo_horizon(log[:1], 0) == Horizon(0, OTHERS)


def test_several_own_moves_are_taken_back_one_by_one() -> None:
    log = [Logged("player", 0, None), Logged("player", 0, None)]
    assert undo_horizon(log, 0) == Horizon(1)
    assert undo_horizon(log[:1], 0) == Horizon(1)
    assert undo_horizon([], 0) == Horizon(0, NOTHING)


def test_a_barrier_anywhere_in_the_unit_refuses_it() -> None:
    assert undo_horizon([Logged("player", 0, DRAW)], 0) == Horizon(0, DRAW)
    assert undo_horizon([Logged("player", 0, None), Logged("auto", 0, RANDOM)], 0) == Horizon(0, RANDOM)
    assert undo_horizon([Logged("player", 0, "legacy")], 0) == Horizon(0, "legacy")


def test_another_seat_or_the_caretaker_ends_the_horizon() -> None:
    assert undo_horizon([Logged("player", 0, None), Logged("player", 1, None)], 0) == Horizon(0, OTHERS)
    assert undo_horizon([Logged("player", 0, None), Logged("auto", 1, None)], 0) == Horizon(0, OTHERS)
    assert undo_horizon([Logged("player", 0, None), Logged("bot", 1, None)], 0) == Horizon(0, OTHERS)
    assert undo_horizon([Logged("player", 0, None), Logged("caretaker", 0, None)], 0) == Horizon(0, CARETAKER)
    # an automatic move alone (no own choice before it, since another seat moved) is nothing to take back
    assert undo_horizon([Logged("player", 1, None), Logged("auto", 0, None)], 0) == Horizon(0, OTHERS)


def test_rng_knows_whether_it_was_drawn_from() -> None:
    rng = Rng(1, "ply", 0)
    assert not rng.drawn
    rng.shuffled([1])  # one item: nothing to draw
    assert not rng.drawn
    rng.below(6)
    assert rng.drawn


@pytest.mark.usefixtures("plugin_games")  # a 2-player game of a handful of steps (Secret Nim) too
def test_apply_step_agrees_with_apply_and_every_game_names_its_reveals() -> None:
    assert set(NAMES) <= set(rules.GAMES)
    for name, game in rules.GAMES.items():
        assert game.reveal_events is not None, f"{name} must say which events show something hidden"
        a, b = game.new_state(game.min_players, 5), game.new_state(game.min_players, 5)
        for _ in range(30):
            if not a.to_act():  # a short game is over before
                break
            seat = a.to_act()[0]
            action = a.legal_actions(seat)[-1]
            step = a.apply_step(seat, action)
            assert step.events == b.apply(seat, action)
            assert step.barrier is None or step.barrier in rules.core.BARRIERS
        assert a.dump() == b.dump()
