"""The bot: legal, deterministic, view-only, finishes games and beats random players."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import Rng
from rules.strasbourg import GAME
from rules.strasbourg.bot import split_plan
from rules.strasbourg.checks import redeal_hidden
from tests.rules.strasbourg.helpers import action_state, bot_game, fresh, set_goods


@pytest.mark.parametrize("n", [3, 4, 5])
def test_bots_finish_games_with_healthy_invariants(n: int) -> None:
    state = bot_game(n, seed=300 + n, check=True)
    assert state.is_over()
    outcome = state.outcome()
    # Bots do things: members in the city and council prestige for everybody on average.
    assert sum(b["city"] for b in outcome.breakdown) >= n
    assert sum(b["council"] for b in outcome.breakdown) > 0


def test_bot_beats_random_players_on_average() -> None:
    bot_total = random_total = wins = 0
    games = 6
    for seed in range(games):
        n = 3 + seed % 3
        bot = seed % n
        outcome = bot_game(n, seed=500 + seed, bots={bot}).outcome()
        bot_total += outcome.scores[bot]
        random_total += (sum(outcome.scores) - outcome.scores[bot]) / (n - 1)
        wins += outcome.ranks[bot] == 1
    assert bot_total > random_total * 2 and wins >= games - 1


def test_bot_is_deterministic_and_sees_only_its_view() -> None:
    state = fresh(4, seed=8)
    for _ in range(60):
        awaited = state.to_act()
        if not awaited:
            break
        seat = awaited[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        choice = GAME.bot_action(view, legal, seat, Rng(1, state.ply))
        assert choice == GAME.bot_action(view, legal, seat, Rng(1, state.ply))
        # A state that differs only in what this seat cannot know gives the same choice.
        other = redeal_hidden(state, seat, Rng(2, state.ply))
        assert GAME.bot_action(other.view(seat), other.legal_actions(seat), seat, Rng(1, state.ply)) == choice
        state.apply(seat, choice)


@pytest.mark.parametrize("cards", [[5, 2, 2, 3, 6], [1], [6, 6, 6, 6, 5, 5, 1, 1, 2], [1, 1, 1, 1, 2, 2]])
def test_split_plan_uses_every_card_once(cards: list[int]) -> None:
    plan = split_plan(cards)
    assert Counter(c for stack in plan for c in stack) == Counter(cards)
    assert all(stack for stack in plan)


def test_bot_keeps_at_least_one_objective_and_draws_a_share_of_the_deck() -> None:
    state = fresh(3, seed=4)
    while state.players[0]["plan"] == "objectives":
        state.apply(0, GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0, state.ply)))
    assert 1 <= len(state.players[0]["kept"]) <= 5
    while state.players[0]["plan"] == "draw":
        state.apply(0, GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0, state.ply)))
    drawn = len(state.players[0]["hand"])
    assert 3 <= drawn <= 7


def test_bot_sells_its_goods_as_the_merchant() -> None:
    state = action_state(3, "C", [[[6]], [], []], first=0)
    set_goods(state, 0, smiths=1, vintners=2)
    state.players[0]["kept"] = ["O01"]
    state.apply(0, "reveal 1")
    choice = GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0))
    assert choice == "sell all"


def test_bot_places_the_edifice_next_to_its_members() -> None:
    state = action_state(3, "I", [[], [], []], first=0)
    holder = state.council["nobility"]
    assert holder is not None
    state.city.update({"F4": holder, "G3": holder})  # both next to G4
    choice = GAME.bot_action(state.view(holder), state.legal_actions(holder), holder, Rng(0))
    assert choice == "build G4"
