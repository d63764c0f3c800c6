"""The Colonia bot: legal, deterministic, healthy through whole games, better than random."""

from __future__ import annotations

import random

from rules.colonia import GAME
from rules.colonia import data as D
from rules.colonia.checks import invariants
from rules.colonia.state import ColoniaState
from rules.core import Rng

from .helpers import fresh, give_relic, put_relic_on_display, start_loop, week_running


def _play(n: int, seed: int, bots: set[int], check: bool = False) -> ColoniaState:
    st = GAME.new_state(n, seed)
    rnd = random.Random(seed)
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if seat in bots:
            action = GAME.bot_action(st.view(seat), legal, seat, Rng(seed, "bot", st.ply))
            assert action in legal
        else:
            action = rnd.choice(legal)
        st.apply(seat, action)
        if check:
            assert invariants(st) == [], (st.ply, action)
    assert isinstance(st, ColoniaState)
    return st


def test_bots_finish_games_at_every_player_count_with_invariants_intact() -> None:
    for n in range(D.MIN_PLAYERS, D.MAX_PLAYERS + 1):
        st = _play(n, 300 + n, set(range(n)), check=True)
        assert st.is_over() and st.outcome().winners


def test_bot_is_deterministic_given_its_rng() -> None:
    a = _play(4, 9, {0, 1, 2, 3})
    b = _play(4, 9, {0, 1, 2, 3})
    assert a.dump() == b.dump()


def test_bots_beat_random_players_on_average() -> None:
    bot_scores, random_scores, wins = [], [], 0
    for seed in range(8):
        n = 3 + seed % 4
        bot = seed % n
        outcome = _play(n, 1000 + seed, {bot}).outcome()
        bot_scores.append(outcome.scores[bot])
        random_scores += [outcome.scores[s] for s in range(n) if s != bot]
        wins += outcome.ranks[bot] == 1
    assert sum(bot_scores) / len(bot_scores) > 1.5 * sum(random_scores) / len(random_scores)
    assert wins >= 6


def test_bot_buys_a_shrine_for_its_good_relic_and_fills_it() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    give_relic(st, 0, "BRU-14-1")
    for i, card in enumerate(st.display):  # only the shrine and a cheap London relic on display
        if card:
            st.relic_discard.append(card)
            st.display[i] = None
    put_relic_on_display(st, "BRU-SHRINE", 0)
    put_relic_on_display(st, "LON-5-1", 1)
    st.money[0] = [5, 0, 0, 15]
    start_loop(st, 7, "buy")
    legal = st.legal_actions(0)
    action = GAME.bot_action(st.view(0), legal, 0, Rng(1))
    assert action == "buy BRU-SHRINE"
    st.apply(0, action)
    action = GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(2))
    assert action == "enshrine BRU-14-1"


def test_bot_keeps_its_family_card_within_its_reserve() -> None:
    st = fresh(3)
    st.street[0][3] += st.reserve[0] - 6
    st.reserve[0] = 6
    action = GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(3))
    assert int(action.split()[1]) <= 6


def test_bot_loads_the_best_paying_hold_on_a_departing_ship() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.goods[0] = [2, 2, 2, 2, 2]
    st.depart = 1
    start_loop(st, 5, "load")
    action = GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(4))
    ship = st.harbour[0]
    best = max(pay for _, pay in D.SHIP_BY_ID[ship["id"]].holds)
    sid, hold = action.split()[1:]
    assert sid == ship["id"] and D.SHIP_BY_ID[sid].holds[int(hold) - 1][1] == best
