"""The Speicherstadt bot: legal, deterministic, sensible, and better than random play."""

from __future__ import annotations

import random

import pytest

from rules.core import Rng
from rules.speicherstadt import GAME
from tests.rules.speicherstadt.helpers import fresh, give, loading_state, purchase_state, slot, take_from_bag


def _play(n: int, seed: int, bots: set[int]) -> list[int]:
    state = fresh(n, seed)
    rnd = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat in bots:
            action = GAME.bot_action(state.view(seat), legal, seat, Rng(seed, "bot", state.ply))
            assert action in legal
        else:
            action = rnd.choice(legal)
        state.apply(seat, action)
    return state.outcome().scores


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_bots_finish_games_at_every_player_count(n: int) -> None:
    scores = _play(n, 100 + n, set(range(n)))
    assert len(scores) == n


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_bot_beats_random_players_on_average(n: int) -> None:
    bot_total = random_total = wins = 0
    games = 8
    for seed in range(games):
        bot = seed % n
        scores = _play(n, 500 + seed, {bot})
        bot_total += scores[bot]
        random_total += sum(s for i, s in enumerate(scores) if i != bot) / (n - 1)
        wins += scores[bot] == max(scores)
    assert bot_total > random_total
    assert wins > games / 2


def test_bot_is_deterministic_given_its_rng() -> None:
    state = fresh(4, seed=9)
    view, legal = state.view(state.to_act()[0]), state.legal_actions(state.to_act()[0])
    picks = {GAME.bot_action(view, legal, view["to_act"][0], Rng(1, "x")) for _ in range(5)}
    assert len(picks) == 1


def test_bot_fills_its_contract_first() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A02", "A05")
    state.players[0]["hand"] = take_from_bag(state, {"tea": 1, "rubber": 1})
    action = GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0))
    assert action == "fill A02 tea"


def test_bot_keeps_a_fire_brigade_when_fires_are_coming() -> None:
    state = purchase_state(3, [slot("B13", [0, 1])])
    assert state.view(0)["pile"]["fires_left"] == 4
    assert GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0)) == "buy"


def test_bot_does_not_overpay_for_a_fireman_it_does_not_need() -> None:
    state = purchase_state(3, [slot("A11", [0, 1, 2, 1, 2, 1])], coins=20)
    give(state, 0, "B13", "C13")  # already far ahead in every fire
    assert GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0)) == "decline"
    behind = purchase_state(3, [slot("B13", [0, 1, 2])], coins=20)
    give(behind, 1, "B11")
    give(behind, 2, "B12")
    # Seat 0 has no fireman and would lose every fire; this one makes it the leader.
    assert GAME.bot_action(behind.view(0), behind.legal_actions(0), 0, Rng(0)) == "buy"


def test_bot_lets_its_own_next_worker_buy_cheaper() -> None:
    state = purchase_state(3, [slot("A01", [2, 2, 1])])
    assert GAME.bot_action(state.view(2), state.legal_actions(2), 2, Rng(0)) == "decline"


def test_bot_unloads_every_cube_usefully() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A06")
    state.players[0]["hand"] = take_from_bag(state, {"coffee": 2, "tea": 1})
    for _ in range(20):
        if state.to_act() != [0]:
            break
        state.apply(0, GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0)))
    p = state.players[0]
    assert state.to_act() != [0]
    assert sum(p["wh"].values()) == 3 and state.reserve == {g: 0 for g in state.reserve}


def test_skip_action_declines_or_ends_loading_but_never_skips_demand() -> None:
    demand = fresh(3)
    seat = demand.to_act()[0]
    assert GAME.skip_action(demand.view(seat), demand.legal_actions(seat)) is None
    buying = purchase_state(3, [slot("A01", [1])])
    assert GAME.skip_action(buying.view(1), buying.legal_actions(1)) == "decline"
    loading = loading_state(3, [0])
    loading.players[0]["hand"] = take_from_bag(loading, {"tea": 2})
    assert GAME.skip_action(loading.view(0), loading.legal_actions(0)) == "done"


def test_bot_as_caretaker_finishes_any_loading_turn_quickly() -> None:
    """Random moves first (a human who left mid-turn), then the bot must end that loading turn in few steps."""
    finished = 0
    for seed in range(30):
        state = fresh(2 + seed % 4, seed)
        rnd = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            if state.phase == "loading":
                for _ in range(rnd.randrange(12)):
                    legal = [a for a in state.legal_actions(seat) if a != "done"]
                    if not legal or seat not in state.to_act():
                        break
                    state.apply(seat, rnd.choice(legal))
                steps = 0
                while seat in state.to_act() and state.phase == "loading":
                    state.apply(seat, GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(seed)))
                    steps += 1
                    assert steps <= 40
                finished += 1
                continue
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
    assert finished > 30


def test_bot_saves_its_coins_for_a_better_card_further_right() -> None:
    state = purchase_state(3, [slot("A01", [0]), slot("B04", [0, 1])], coins=2)
    assert GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0)) == "decline"
    richer = purchase_state(3, [slot("A01", [0]), slot("B04", [0, 1])], coins=3)
    assert GAME.bot_action(richer.view(0), richer.legal_actions(0), 0, Rng(0)) == "buy"


# ---- issue 17: values against the rivals, spread workers, capped prices -----------------------------------------


def test_an_early_low_fireman_is_worth_little_and_a_high_one_more() -> None:
    from rules.speicherstadt.bot_values import fireman_value

    state = fresh(4, seed=3)
    state.row = [slot("A11"), slot("A12"), *[slot(c) for c in ("A01", "A05", "A06")]]
    view = state.view(0)
    one, two = fireman_value(view, 0, 1, "A11"), fireman_value(view, 0, 2, "A12")
    assert 1.0 < one < 5.0  # the old bot valued it at about 9 points
    assert two > 1.8 * one
    ahead = fresh(4, seed=3)
    give(ahead, 0, "B13", "C13")  # 7 firemen against none: another one changes little
    assert fireman_value(ahead.view(0), 0, 1, "A11") < one


def test_the_bot_never_pays_more_than_its_cap() -> None:
    state = purchase_state(3, [slot("A12", [0, 1, 2, 1, 2, 1])], coins=20)
    assert GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0)) == "decline"  # 6 coins: over the cap
    cheap = purchase_state(3, [slot("D15", [0, 1, 2])], coins=20)
    assert GAME.bot_action(cheap.view(0), cheap.legal_actions(0), 0, Rng(0)) == "buy"


def test_the_bot_takes_the_empty_card_rather_than_the_top_of_a_crowd() -> None:
    """From a seeded 4-player game where the old bot put a 6th worker on a contract while a Kontor stood empty."""
    from tests.rules.speicherstadt.helpers import demand_state

    row = [slot("A01"), slot("A04", [2, 3, 0, 3, 0]), slot("A07"), slot("A08", [1]), slot("A06", [1, 2, 2])]
    state = demand_state(4, row, turn=3, placed=9)
    assert GAME.bot_action(state.view(3), state.legal_actions(3), 3, Rng(0)) == "place 1"


def test_the_bot_stores_a_lone_hall_cube_in_its_warehouse() -> None:
    state = loading_state(3, [])
    give(state, 0, "A06")
    state.players[0]["hall"] = take_from_bag(state, {"saffron": 1})
    state._start_loading(Rng(1, "t"), [])
    for _ in range(5):
        if 0 not in state.to_act():
            break
        state.apply(0, GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(0)))
    assert state.players[0]["wh"]["saffron"] == 1 and not any(state.players[0]["hall"].values())
