"""The two options: planning in turn order (the rulebook's variant) and discarding leftover stacks (S-A2)."""

from __future__ import annotations

import random

import pytest

from rules import IllegalAction
from rules.core import Rng
from rules.strasbourg import GAME
from rules.strasbourg.checks import invariants, redeal_hidden
from tests.rules.strasbourg.helpers import action_state, fresh, plan_one_card, random_game, start_planning


def test_defaults_and_unknown_values() -> None:
    assert GAME.normalise_options(None) == {"planning": "simultaneous", "leftovers": "keep"}
    assert fresh(3).view(None)["options"] == {"planning": "simultaneous", "leftovers": "keep"}
    with pytest.raises(IllegalAction):
        GAME.new_state(3, 1, {"planning": "sometimes"})


def test_in_turn_planning_goes_clockwise_from_the_first_player_and_shows_stacks_at_once() -> None:
    state = fresh(4, seed=3, planning="in-turn")
    start_planning(state)
    first = state.first
    order = [(first + k) % 4 for k in range(4)]
    assert state.to_act() == [order[0]]
    card = plan_one_card(state, order[0])
    assert state.to_act() == [order[1]]
    # The next planner (and everyone) sees the first player's stack at once, not its value.
    view = state.view(order[1])
    assert view["players"][order[0]]["stacks"] == [1] and view["players"][order[0]]["deck"] == 23
    assert "private" in view and view["private"]["stacks"] == []
    assert str([card]) not in str(view["players"])
    for seat in order[1:]:
        plan_one_card(state, seat)
    assert state.phase == "action"


@pytest.mark.parametrize("n", [3, 5])
def test_in_turn_games_end_and_keep_secrets(n: int) -> None:
    state = fresh(n, seed=60 + n, planning="in-turn")
    rnd = random.Random(n)
    while awaited := state.to_act():
        assert len(awaited) == 1 or state.phase == "action"
        seat = rnd.choice(awaited)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        assert invariants(state) == []
        if state.ply % 5 == 0:
            for viewer in [None, *range(n)]:
                copy = redeal_hidden(state, viewer, Rng(state.ply, viewer))
                assert copy.view(viewer) == state.view(viewer) and invariants(copy) == []
                if viewer is not None:
                    assert copy.legal_actions(viewer) == state.legal_actions(viewer)
    assert state.is_over()


def test_discarding_leftovers_at_the_end_of_a_round() -> None:
    state = action_state(3, "I", [[[6], [2, 1]], [[5]], []], first=0)
    state.options["leftovers"] = "discard"
    holder = state.to_act()[0]
    events = state.apply(holder, state.legal_actions(holder)[0])
    assert [e.params["cards"] for e in events if e.kind == "leftovers"] == [[3, 1, 0]]
    assert all("6" not in GAME.event_text(e) for e in events if e.kind == "leftovers")
    assert state.players[0]["stacks"] == [] and sorted(state.players[0]["gone"]) == [1, 2, 6]
    assert state.phase == "planning" and invariants(state) == []


def test_a_discard_game_runs_to_the_end() -> None:
    state = random_game(4, seed=5, leftovers="discard")
    assert state.is_over()
