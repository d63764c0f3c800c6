"""One test per rule of The Speicherstadt beyond the scenarios of docs/rules/speicherstadt.md."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.core import Rng
from rules.speicherstadt import GAME
from rules.speicherstadt.data import CARDS, GOODS, REMOVED_BY_PLAYERS, SEASONS
from rules.speicherstadt.scoring import breakdown, fire_result
from rules.speicherstadt.state import MAX_PUTS_PER_TURN
from tests.rules.speicherstadt.helpers import (
    fresh,
    give,
    goods,
    loading_state,
    play_out,
    purchase_state,
    slot,
    start_round,
    take_from_bag,
)

# ---- setup -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_removes_autumn_cards_by_player_count(n: int) -> None:
    state = fresh(n)
    in_play = state.pile + [s["card"] for s in state.row]
    assert sorted(state.removed) == sorted(REMOVED_BY_PLAYERS[n])
    assert sorted(in_play + state.removed) == sorted(CARDS)
    assert not set(in_play) & set(state.removed)
    assert len(state.row) == n + 1
    assert all(p["coins"] == 5 and p["workers"] == 3 and not p["cards"] for p in state.players)
    assert state.bag == goods(coffee=9, tea=9, saffron=9, rubber=9, carpet=9)


def test_setup_removals_name_the_right_cards() -> None:
    assert {CARDS[c]["name"] for c in REMOVED_BY_PLAYERS[2]} == {"Port", "Fireman 3"}
    assert {CARDS[c]["name"] for c in REMOVED_BY_PLAYERS[3]} == {"Boatmen Church", "Fireman 3"}
    assert REMOVED_BY_PLAYERS[4] == ()
    assert REMOVED_BY_PLAYERS[5] == REMOVED_BY_PLAYERS[3]


def test_pile_is_stacked_by_season_with_the_fourth_fire_at_the_bottom() -> None:
    state = fresh(3, seed=11)
    assert state.pile[0] == "E01"
    seasons = [c[0] for c in reversed(state.pile)]  # top first
    assert seasons == sorted(seasons, key=SEASONS.index)
    assert all(s["card"][0] == "A" for s in state.row)


def test_first_player_is_random_from_the_seed() -> None:
    firsts = {fresh(3, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}
    assert fresh(4, 99).first == fresh(4, 99).first
    assert fresh(4, 99).dump() == fresh(4, 99).dump()


def test_card_counts_per_season_match_the_rulebook() -> None:
    by_season = {s: sum(1 for c in CARDS.values() if c["season"] == s) for s in SEASONS}
    assert by_season == {"A": 12, "B": 13, "C": 13, "D": 15, "E": 1}
    kinds = [c["kind"] for c in CARDS.values()]
    counts = [kinds.count(k) for k in ("kontor", "contract", "fireman", "ship")]
    assert counts == [4, 10, 10, 15]
    assert kinds.count("fire") == 4 and kinds.count("merchant") == 5
    assert all(c["provenance"] for c in CARDS.values())


# ---- demand ----------------------------------------------------------------------------------------


def test_demand_runs_in_turn_order_from_the_first_player() -> None:
    state = fresh(3, seed=5)
    state.first = state.turn = 1
    order = []
    while state.phase == "demand":
        seat = state.to_act()[0]
        order.append(seat)
        state.apply(seat, f"place {len(order) % 4 + 1}")
    assert order == [1, 2, 0] * 3


def test_demand_action_outside_the_row_is_rejected() -> None:
    state = fresh(2)
    seat = state.to_act()[0]
    for junk in ("place 0", "place 4", "place x", "buy", "done"):
        with pytest.raises(IllegalAction):
            state.apply(seat, junk)


# ---- purchase --------------------------------------------------------------------------------------


def test_purchase_declines_automatically_when_the_decider_cannot_pay() -> None:
    state = purchase_state(3, [slot("A01", [0, 1]), slot("A05", [2])], coins=1)
    # Seat 0 was asked at price 2 with 1 coin: declined for them; seat 1 may buy at 1.
    assert state.to_act() == [1] and state.row[0]["workers"] == [1]
    state.apply(1, "buy")
    assert state.players[1]["coins"] == 0 and state.players[1]["cards"] == ["A01"]


def test_buying_a_ship_puts_its_cubes_in_hand_for_loading() -> None:
    cubes = goods(tea=2, carpet=1)
    state = purchase_state(3, [slot("B06", [1], cubes)])
    for g, k in cubes.items():
        state.bag[g] -= k
    state.apply(1, "buy")
    assert state.phase == "loading" and state.to_act() == [1]
    assert state.players[1]["hand"] == cubes and state.players[1]["cards"] == ["B06"]
    assert state.players[1]["bought"]


# ---- loading ---------------------------------------------------------------------------------------


def test_loading_queue_starts_with_first_player_and_skips_idle_seats() -> None:
    state = loading_state(3, [])
    state.first = 2
    state.players[2]["hand"] = take_from_bag(state, {"tea": 1})
    state.players[0]["hand"] = take_from_bag(state, {"coffee": 1})
    state._start_loading(Rng(1, "t"), [])
    assert state.queue == [2, 0] and state.to_act() == [2, 0]  # nobody can convert: both load at once
    state.apply(0, "done")
    assert state.to_act() == [2]
    state.apply(2, "done")
    assert state.phase == "demand"  # seat 1 had nothing to load: skipped, then Income and a new round


def test_lone_hall_cube_with_an_empty_warehouse_gets_a_loading_turn() -> None:
    """A19: 1 cube on the hall and a warehouse with room: the seat may move it into the warehouse for its point."""
    state = loading_state(3, [])
    state.first = 0
    give(state, 1, "A06")
    state.players[1]["hall"] = take_from_bag(state, {"carpet": 1})
    state.players[2]["hall"] = take_from_bag(state, {"tea": 1})  # no warehouse: nothing to gain, still skipped
    state._start_loading(Rng(1, "t"), [])
    assert state.queue == [1] and state.to_act() == [1]
    state.apply(1, "take carpet hall")
    state.apply(1, "store carpet")
    state.apply(1, "done")
    assert state.players[1]["wh"]["carpet"] == 1 and state.outcome().breakdown[1]["warehouse"] == 1


def test_lone_hall_cube_with_a_full_warehouse_is_still_work_and_lone_warehouse_cube_is_not() -> None:
    state = loading_state(3, [])
    give(state, 0, "A06")
    state.players[0]["wh"] = take_from_bag(state, {"tea": 1})  # it already scores where it is
    state._start_loading(Rng(1, "t"), [])
    assert state.phase == "demand"  # nobody had loading work


def test_the_rulebooks_large_contract_coffee_tea_rubber_carpet_exists_with_six_of_each_colour() -> None:
    """A18: the loading example's 11-point contract holds rubber and tea and wants the carpet and a coffee."""
    contracts = [c for c in CARDS.values() if c["kind"] == "contract"]
    assert any(sorted(c["goods"]) == sorted(["coffee", "tea", "rubber", "carpet"]) and c["points"] == 11
               for c in contracts)
    assert all(sum(g in c["goods"] for c in contracts) == 6 for g in GOODS)
    assert all(len(set(c["goods"])) == len(c["goods"]) for c in contracts)
    assert "reconstructed" in CARDS["B04"]["provenance"]


def test_fill_contract_only_matching_goods_and_complete_scores() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A02", "A03")  # coffee+tea, saffron+rubber
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"coffee": 2, "tea": 1, "carpet": 1})
    legal = state.legal_actions(0)
    assert "fill A02 coffee" in legal and "fill A02 tea" in legal
    assert not any(a.startswith("fill A03") for a in legal)
    assert not any("carpet" in a for a in legal if a.startswith("fill"))
    state.apply(0, "fill A02 coffee")
    assert "fill A02 coffee" not in state.legal_actions(0)  # that symbol is covered
    assert breakdown(p)["contracts"] == 0
    state.apply(0, "fill A02 tea")
    assert breakdown(p)["contracts"] == 5
    assert p["filled"]["A02"] == ["coffee", "tea"]
    # Cubes on a contract can never come back.
    assert not any("A02" in a for a in state.legal_actions(0))


def test_merchant_buys_only_its_colour_for_one_coin_each() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A05")  # Tea Taster
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"tea": 2, "coffee": 1})
    assert "sell coffee" not in state.legal_actions(0)
    state.apply(0, "sell tea")
    state.apply(0, "sell tea")
    assert p["coins"] == 7 and state.reserve["tea"] == 2 and p["hand"] == goods(coffee=1)


def test_market_hall_sells_two_cubes_for_one_coin() -> None:
    state = loading_state(3, [0])
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"rubber": 1, "carpet": 1})
    assert "marketsell" not in state.legal_actions(0)
    state.apply(0, "hall rubber")
    state.apply(0, "hall carpet")
    state.apply(0, "marketsell")
    assert p["coins"] == 6 and p["hall"] == goods() and state.reserve == goods(rubber=1, carpet=1)


def test_market_hall_convert_takes_from_the_reserve_after_paying() -> None:
    state = loading_state(3, [0])
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"rubber": 2, "tea": 1})
    state.reserve["coffee"] = 1
    state.bag["coffee"] -= 1
    for g in ("rubber", "rubber", "tea"):
        state.apply(0, f"hall {g}")
    legal = state.legal_actions(0)
    # Coffee is in the reserve; rubber and tea will be once paid (A3); saffron and carpet are nowhere.
    assert {a for a in legal if a.startswith("convert")} == {"convert coffee", "convert tea", "convert rubber"}
    assert "done" not in legal and "marketsell" not in legal
    state.apply(0, "convert coffee")
    assert p["hand"] == goods(coffee=1) and p["hall"] == goods()
    assert state.reserve == goods(rubber=2, tea=1)


def test_fill_and_sell_take_from_hand_then_hall_then_warehouse() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A06", "A09", "A02")  # warehouse, Coffee Roaster, coffee+tea contract
    p = state.players[0]
    p["wh"] = take_from_bag(state, {"coffee": 1, "tea": 1})
    p["hall"] = take_from_bag(state, {"coffee": 1})
    p["hand"] = take_from_bag(state, {"coffee": 1})
    state.apply(0, "sell coffee")
    assert p["hand"]["coffee"] == 0 and p["hall"]["coffee"] == 1
    state.apply(0, "sell coffee")
    assert p["hall"]["coffee"] == 0 and p["wh"]["coffee"] == 1
    state.apply(0, "fill A02 tea")
    assert p["wh"] == goods(coffee=1)


def test_warehouse_keeps_cubes_across_rounds_and_they_score() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A06")
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"saffron": 3})
    for _ in range(3):
        state.apply(0, "store saffron")
    state.apply(0, "done")
    assert state.phase == "demand" and p["wh"] == goods(saffron=3)
    assert breakdown(p)["warehouse"] == 3
    # Without the Warehouse card there is no store action at all.
    other = loading_state(3, [1])
    other.players[1]["hand"] = take_from_bag(other, {"tea": 1})
    assert not any(a.startswith("store") for a in other.legal_actions(1))


def test_stored_cubes_give_a_loading_turn_only_when_useful() -> None:
    state = loading_state(3, [])
    give(state, 0, "A05")
    state.players[0]["hall"] = take_from_bag(state, {"tea": 1})  # sellable to the Tea Taster
    state.players[1]["hall"] = take_from_bag(state, {"coffee": 1})  # nothing to do with one lone cube
    state._start_loading(Rng(1, "t"), [])
    assert state.to_act() == [0]
    state.apply(0, "done")
    assert state.phase == "demand"


def test_shuffling_cubes_around_is_capped_so_loading_ends() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A06")
    state.players[0]["hand"] = take_from_bag(state, {"tea": 1})
    for _ in range(MAX_PUTS_PER_TURN):
        state.apply(0, "store tea")
        state.apply(0, "take tea wh")
    legal = state.legal_actions(0)
    assert not any(a.startswith(("store", "hall")) for a in legal) and "done" in legal


# ---- fires -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "gain", "lose"),
    [([5, 5, 0], [0, 1], [2]), ([3, 3, 3], [], []), ([1, 4], [1], [0]), ([2, 0, 2, 0, 1], [0, 2], [1, 3])],
)
def test_fire_ties(totals: list[int], gain: list[int], lose: list[int]) -> None:
    assert fire_result(totals) == (gain, lose)


def test_fire_in_supply_resolves_at_once_and_is_replaced() -> None:
    state = fresh(3)
    give(state, 0, "A11", "A12")  # firemen 1 + 2
    give(state, 1, "B11")  # fireman 1
    state.pile.remove("B05")
    state.pile.append("B05")  # the 1st Fire is the next card
    events = start_round(state)
    assert [p["fire"] for p in state.players] == [2, 0, -2]  # seat 2 has no fireman: a total of 0
    assert len(state.row) == 4 and all(CARDS[s["card"]]["kind"] != "fire" for s in state.row)
    assert "B05" in state.discard and state.fires_resolved == ["B05"]
    assert [e.kind for e in events][:3] == ["round", "reveal", "fire"]
    assert state.view(None)["pile"]["fires_left"] == 3


def test_fourth_fire_counts_firemen_bought_in_the_last_round() -> None:
    state = purchase_state(3, [slot("D13", [1])])
    state.pile = ["E01"]
    state.last_round = True
    give(state, 0, "A11")
    state.apply(1, "buy")
    assert state.is_over() and state.fires_resolved[-1] == "E01"
    assert [p["fire"] for p in state.players] == [0, 5, -5]
    assert state.outcome().breakdown[2]["fires"] == -5  # scores may go negative


# ---- scoring and outcome ---------------------------------------------------------------------------


def test_final_scoring_breakdown_covers_every_category() -> None:
    state = fresh(4)
    give(state, 0, "B04", "A02", "A01", "B01", "A05", "A07", "D04", "D15", "A06", "D14", "B06", "C07", "D03")
    p = state.players[0]
    p["filled"]["B04"] = ["coffee", "tea", "rubber", "carpet"]
    p["filled"]["A02"] = ["tea"]  # incomplete: nothing
    p["wh"] = goods(tea=3)
    p["coins"] = 7
    p["fire"] = -3
    expected = {"fires": -3, "contracts": 11, "kontor": 5, "merchants": 2, "church": 3, "michaelis": 4,
                "warehouse": 3, "port": 2, "chamber": 7}
    assert breakdown(p) == expected
    assert state.outcome().breakdown[0] == expected
    assert state.outcome().scores[0] == sum(expected.values()) == 34


def test_tie_break_is_coins_then_a_shared_win() -> None:
    state = fresh(3)
    for p, fire, coins in zip(state.players, [10, 10, 10], [4, 6, 6], strict=True):
        p["fire"], p["coins"] = fire, coins
    outcome = state.outcome()
    assert outcome.scores == [10, 10, 10] and outcome.tiebreak == [4, 6, 6]
    assert outcome.ranks == [3, 1, 1] and outcome.winners == [1, 2]


def test_chamber_of_commerce_coins_count_for_points_and_tie_break() -> None:
    state = fresh(2)
    give(state, 0, "D03")
    state.players[0]["coins"] = 9
    state.players[1]["fire"] = 9
    state.players[1]["coins"] = 3
    assert state.outcome().scores == [9, 9] and state.outcome().winners == [0]


def test_a_full_game_log_replays_to_the_same_state() -> None:
    state = fresh(4, seed=77)
    log = []

    def choose(st, seat, legal):
        action = GAME.bot_action(st.view(seat), legal, seat, Rng(77, "bot", st.ply))
        log.append((seat, action))
        return action

    play_out(state, choose)
    replay = fresh(4, seed=77)
    for seat, action in log:
        replay.apply(seat, action)
    assert replay.dump() == state.dump() and replay.is_over()


def test_fast_legality_check_agrees_with_the_legal_list() -> None:
    state = fresh(5, seed=21)
    probes = ["place 0", "place 01", "place 1 ", " place 1", "place +1", "place 7", "place", "buy", "decline", "done"]
    probes += ["place ²", "place ١", "place 1 1", "place\t1"]
    rnd_steps = 0
    while not state.is_over() and rnd_steps < 400:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        for action in [*legal, *probes, *(f"place {k}" for k in range(1, 8))]:
            assert state._is_legal(seat, action) == (action in legal), action
        state.apply(seat, legal[rnd_steps % len(legal)])
        rnd_steps += 1
