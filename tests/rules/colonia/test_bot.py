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


# ---- issue 18: decree politics and relic spending --------------------------------------------------------------
def _vote_view(st: ColoniaState, did: str, seat: int) -> dict:
    from .helpers import go, set_decrees

    week_running(st, [8, 7, 6][: st.num_players], order=list(range(st.num_players)))
    set_decrees(st, [did])
    go(st, D.DECREE_BY_ID[did].day)
    assert st.stage == "vote"
    return st.view(seat)


def _vote(view: dict, seat: int) -> str:
    return GAME.bot_action(view, ["vote yes", "vote no"], seat, Rng(7))


def test_bot_backs_overtime_only_when_it_delivers_its_own_orders() -> None:
    st = fresh(3)
    st.cols[2], st.stick[2] = [[1, 1], [1, 2], [2, 3]], 0
    view = _vote_view(st, "D08", 0)
    assert _vote(view, 0) == "vote no"  # it would deliver seat 1's orders, none of ours
    st = fresh(3)
    st.cols[2], st.stick[2] = [[0, 1], [0, 2], [2, 3]], 0
    assert _vote(_vote_view(st, "D08", 0), 0) == "vote yes"


def test_bot_backs_overtime_voted_before_the_orders_when_its_own_orders_gain() -> None:
    """Issue 42: voted on Thursday before anyone orders, overtime delivers two more of this Thursday's new orders.
    The bot judges it as its label says: Yes when its own materials can fill those spaces, No when they cannot."""
    from .helpers import clear_raw, give_raw

    st = fresh(3)
    clear_raw(st)
    give_raw(st, 0, wood=2, linen=2)  # two painter orders: one fills the free space above the line, one the decree's
    st.cols[2], st.stick[2] = [], 1
    view = _vote_view(st, "D08", 0)
    assert view["craftsmen"][2]["orders"] == [] and _vote(view, 0) == "vote yes"
    st = fresh(3)
    clear_raw(st)
    give_raw(st, 0, wood=1, linen=1)  # one order: delivered anyway, above the line
    st.cols[2], st.stick[2] = [], 1
    assert _vote(_vote_view(st, "D08", 0), 0) == "vote no"
    st = fresh(3)
    clear_raw(st)  # nothing to order with: the decree helps only the others
    st.cols[2], st.stick[2] = [], 0
    assert _vote(_vote_view(st, "D08", 0), 0) == "vote no"


def test_bot_wants_a_lean_council_only_when_short_of_members() -> None:
    st = fresh(3)
    view = _vote_view(st, "D17", 0)
    rich = {**view, "players": [{**p, "reserve": 30 if p["seat"] == 0 else 5} for p in view["players"]]}
    poor = {**view, "players": [{**p, "reserve": 3 if p["seat"] == 0 else 25} for p in view["players"]]}
    assert _vote(rich, 0) == "vote no" and _vote(poor, 0) == "vote yes"


def test_bots_no_longer_pass_almost_every_decree() -> None:
    passed = total = 0
    for seed in range(1, 9):
        st = _play(3, seed, {0, 1, 2})
        passed += sum(v["passed"] for v in st.votes)
        total += len(st.votes)
    assert passed / total < 0.8  # the frozen bot before issue 18 passed 93%


def test_bot_saves_its_money_instead_of_buying_a_cheap_relic_early() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    for i, card in enumerate(st.display):
        if card:
            st.relic_discard.append(card)
            st.display[i] = None
    put_relic_on_display(st, "LON-5-1", 0)
    st.money[0] = [6, 0, 0, 0]
    start_loop(st, 7, "buy")
    assert GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(1)) == "pass"


def test_bot_spends_its_last_money_for_the_most_vp() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.week = D.WEEKS
    for i, card in enumerate(st.display):
        if card:
            st.relic_discard.append(card)
            st.display[i] = None
    for slot, card in enumerate(("LON-9-1", "LON-9-2", "LON-15-1")):
        put_relic_on_display(st, card, slot)
    st.money[0] = [18, 0, 0, 0]
    start_loop(st, 7, "buy")
    # 18 pfund: the 15 (5 VP) beats two 9s (4 VP)
    assert GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(1)) == "buy LON-15-1"


def test_bot_buys_a_shrine_to_double_a_dear_relic_it_can_still_afford() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    for i, card in enumerate(st.display):
        if card:
            st.relic_discard.append(card)
            st.display[i] = None
    put_relic_on_display(st, "BER-SHRINE", 0)
    put_relic_on_display(st, "BER-15-1", 1)
    st.money[0] = [0, 0, 30, 0]
    start_loop(st, 7, "buy")
    assert GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(1)) == "buy BER-SHRINE"
    st.apply(0, "buy BER-SHRINE")
    st.apply(0, GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(2)))  # nothing to place yet
    while 0 not in st.to_act():
        st.apply(st.to_act()[0], "pass")
    assert GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(3)) == "buy BER-15-1"
    st.apply(0, "buy BER-15-1")
    assert GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(4)) == "enshrine BER-15-1"


def test_bot_keeps_a_shrine_empty_for_a_better_relic_early_on() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    give_relic(st, 0, "LON-SHRINE")
    put_relic_on_display(st, "LON-5-1", 0)
    st.money[0] = [20, 0, 0, 0]
    start_loop(st, 7, "buy")
    st.apply(0, "buy LON-5-1")
    assert st.stage == "shrine"
    assert GAME.bot_action(st.view(0), st.legal_actions(0), 0, Rng(5)) == "keep shrine empty"
