"""Rule-by-rule tests: setup, planning, bidding, privileges, slots, council, scoring and objectives."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import IllegalAction
from rules.strasbourg import GAME, council
from rules.strasbourg.checks import invariants
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    EDIFICES,
    GUILD_BASE_PRICE,
    GUILD_OF,
    GUILD_SPACES,
    GUILDS,
    INFLUENCE_DECK,
    OBJECTIVES,
    ORTHOGONAL,
    PRICES,
    ROUND_CARDS,
)
from rules.strasbourg.scoring import chapel_points, edifice_points, objective_met
from tests.rules.strasbourg.helpers import (
    action_state,
    fresh,
    plan_one_card,
    play,
    random_game,
    set_goods,
    set_privileges,
    start_planning,
)


# ---- data ----------------------------------------------------------------------------------
def test_data_is_consistent() -> None:
    assert Counter(INFLUENCE_DECK) == {v: 4 for v in range(1, 7)} and len(INFLUENCE_DECK) == 24
    assert len(BUILDING_SPACES) == 7 and len(GUILD_OF) == 47 and len(OBJECTIVES) == 25
    assert set(PRICES) == set(GUILD_OF)
    for cell, guild in GUILD_OF.items():  # the reconstruction's price rule
        near_building = any(n in BUILDING_SPACES for n in ORTHOGONAL[cell])
        assert PRICES[cell] == GUILD_BASE_PRICE[guild] + near_building
    for a in BUILDING_SPACES:  # no two building spaces touch
        assert not set(ORTHOGONAL[a]) & set(BUILDING_SPACES)
    for guild in GUILDS:  # every guild three times over the cards, once per letter
        assert sum(guild in card.values() for card in ROUND_CARDS.values()) == 3
        for letter in "BDF":
            assert sum(card[letter] == guild for card in ROUND_CARDS.values()) == 1
    assert all(len(cells) == 4 for cells in CHAPEL_SPACES.values()) and len(CHAPEL_SPACES) == 10


# ---- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
def test_setup(n: int) -> None:
    state = fresh(n, seed=7)
    assert sorted(state.cards) == sorted(ROUND_CARDS) and sorted(state.edifices) == sorted(EDIFICES)
    assert state.council["nobility"] == state.first
    assert state.council["church"] == (state.first + 1) % n
    assert sum(holder is not None for holder in state.council.values()) == 2
    dealt = [o for p in state.players for o in p["dealt"]]
    assert len(dealt) == 5 * n == len(set(dealt))
    for p in state.players:
        assert p["coins"] == 5 and Counter(p["deck"]) == Counter(INFLUENCE_DECK)
        assert p["plan"] == "objectives" and p["goods"] == [0] * 5 and p["privileges"] == 0
    assert state.to_act() == list(range(n))
    assert invariants(state) == []


def test_setup_depends_on_the_seed_only() -> None:
    assert fresh(4, 11).dump() == fresh(4, 11).dump()
    firsts = {fresh(4, seed).first for seed in range(20)}
    assert len(firsts) > 1
    assert len({tuple(fresh(4, seed).cards) for seed in range(20)}) > 1


# ---- objectives ----------------------------------------------------------------------------
def test_objectives_keep_between_one_and_five() -> None:
    state = fresh(3)
    dealt = state.players[0]["dealt"]
    assert "confirm" not in state.legal_actions(0)
    for o in dealt[:4]:
        state.apply(0, f"drop {o}")
    # Only one card is left undecided and none is kept: it must be kept.
    assert state.legal_actions(0) == [f"keep {dealt[4]}"]
    state.apply(0, f"keep {dealt[4]}")
    assert state.players[0]["kept"] == [dealt[4]] and state.players[0]["plan"] == "draw"


def test_objectives_confirm_discards_the_rest() -> None:
    state = fresh(3)
    dealt = state.players[1]["dealt"]
    state.apply(1, f"keep {dealt[2]}")
    state.apply(1, f"keep {dealt[0]}")
    state.apply(1, "confirm")
    assert state.players[1]["kept"] == [dealt[2], dealt[0]] and state.players[1]["undecided"] == []
    with pytest.raises(IllegalAction):
        state.apply(1, f"keep {dealt[1]}")


def test_keeping_all_five_is_allowed() -> None:
    state = fresh(3)
    for o in list(state.players[2]["dealt"]):
        state.apply(2, f"keep {o}")
    assert len(state.players[2]["kept"]) == 5 and state.players[2]["plan"] == "draw"


# ---- planning ------------------------------------------------------------------------------
def test_planning_must_draw_at_least_one_card() -> None:
    state = fresh(3)
    start_planning(state)
    assert state.legal_actions(0) == ["draw"]
    state.apply(0, "draw")
    assert state.legal_actions(0) == ["draw", "stop"]


def test_drawing_the_whole_deck_moves_on_to_splitting() -> None:
    state = fresh(3)
    start_planning(state)
    for _ in range(24):
        state.apply(0, "draw")
    assert state.players[0]["plan"] == "split" and state.players[0]["deck"] == []
    state.apply(0, "singles")
    assert len(state.players[0]["stacks"]) == 24


def test_restart_takes_this_rounds_stacks_apart_any_number_of_times() -> None:
    state = fresh(3)
    start_planning(state)
    state.players[0]["stacks"] = [[9]]  # an older stack (a marker value) must survive a restart
    state.players[0]["new_from"] = 1
    state.players[0]["deck"].remove(1)
    for _ in range(3):
        state.apply(0, "draw")
    state.apply(0, "stop")
    for _ in range(3):
        hand = list(state.players[0]["hand"])
        state.apply(0, f"add {hand[0]}")
        state.apply(0, "close")
        state.apply(0, "restart")
        assert sorted(state.players[0]["hand"]) == sorted(hand) and state.players[0]["stacks"] == [[9]]
    state.apply(0, f"add {state.players[0]['hand'][0]}")
    assert "restart" in state.legal_actions(0)  # issue 19: no cap, a planning mistake can always be undone


def test_planning_is_simultaneous_and_ends_when_all_are_ready() -> None:
    state = fresh(3)
    start_planning(state)
    assert state.to_act() == [0, 1, 2]
    plan_one_card(state, 1)
    assert state.to_act() == [0, 2] and state.phase == "planning"
    plan_one_card(state, 2)
    plan_one_card(state, 0)
    assert state.phase == "action" and state.letter == "A"
    assert state.to_act() == [state.first]


def test_unrevealed_stacks_carry_over_to_the_next_round() -> None:
    state = action_state(3, "I", [[[6], [1]], [[5]], [[4]]], first=0)
    holder = state.to_act()[0]
    state.apply(holder, state.legal_actions(holder)[0])
    assert state.phase == "planning" and state.round == 2
    assert state.players[0]["stacks"] == [[6], [1]] and state.players[0]["new_from"] == 2
    plan_one_card(state, 0)
    assert state.players[0]["stacks"][:2] == [[6], [1]] and len(state.players[0]["stacks"]) == 3


def test_an_empty_deck_skips_planning() -> None:
    state = action_state(3, "I", [[[6]], [[5]], [[4]]], first=0)
    state.players[1]["gone"] += state.players[1]["deck"]
    state.players[1]["deck"] = []
    holder = state.to_act()[0]
    state.apply(holder, state.legal_actions(holder)[0])
    assert state.phase == "planning" and state.to_act() == [0, 2]
    assert state.players[1]["plan"] == "ready"


# ---- bidding -------------------------------------------------------------------------------
def test_rulebook_privilege_example() -> None:
    thomas, nicole, peter, sandra = 0, 1, 2, 3
    state = action_state(4, "B", [[[6]], [[5]], [[4]], [[3]]], first=thomas, card="RC5")
    assert state.step_guild() == "smiths"
    set_privileges(state, thomas, 3)
    set_privileges(state, nicole, 1)
    play(state, (thomas, "privilege"), (nicole, "privilege"), (peter, "reveal 1"), (sandra, "pass"))
    assert state.bid is not None and state.bid["status"][thomas] == "postponed"
    assert state.to_act() == [thomas] and "privilege" in state.legal_actions(thomas)
    state.apply(thomas, "privilege")
    assert state.to_act() == [nicole] and "privilege" not in state.legal_actions(nicole)  # none left
    state.apply(nicole, "reveal 1")
    # Thomas is the only undecided player now: he may not postpone again (S-A5), though he has a privilege.
    assert state.to_act() == [thomas] and state.players[thomas]["privileges"] == 1
    assert state.legal_actions(thomas) == ["reveal 1", "pass"]
    state.apply(thomas, "reveal 1")
    assert state.last is not None and [s for s, _ in state.last["ranking"]] == [thomas, nicole, peter]
    assert state.players[thomas]["privileges_spent"] == 2 and state.players[nicole]["privileges_spent"] == 1
    assert invariants(state) == []


def test_postponing_is_not_passing() -> None:
    state = action_state(3, "C", [[[2]], [[3]], [[1]]], first=0)
    set_privileges(state, 0, 1)
    play(state, (0, "privilege"), (1, "reveal 1"), (2, "reveal 1"), (0, "reveal 1"))
    assert state.last is not None and state.last["ranking"] == [[1, 3], [0, 2], [2, 1]]


def test_ties_are_won_by_the_first_player_not_by_reveal_order() -> None:
    # The first player postpones and reveals last, yet still wins the tie.
    state = action_state(3, "C", [[[4]], [[4]], [[1]]], first=0)
    set_privileges(state, 0, 1)
    play(state, (0, "privilege"), (1, "reveal 1"), (2, "pass"), (0, "reveal 1"))
    assert state.last is not None and state.last["ranking"] == [[0, 4], [1, 4]]


def test_a_player_without_stacks_passes_by_itself() -> None:
    state = action_state(3, "C", [[], [[3]], [[1]]], first=0)
    assert state.to_act() == [1]
    assert state.bid is not None and state.bid["status"][0] == "passed"


def test_passing_players_keep_their_stacks() -> None:
    state = action_state(3, "C", [[[6], [1]], [[3]], [[1]]], first=0)
    play(state, (0, "pass"), (1, "reveal 1"), (2, "pass"))
    assert state.players[0]["stacks"] == [[6], [1]] and state.players[2]["stacks"] == [[1]]


def test_first_player_marker_goes_to_the_winner_immediately() -> None:
    state = action_state(3, "C", [[[1], [1]], [[2], [2]], [[6], [3]]], first=0)
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "reveal 1"))
    assert state.first == 2
    state.apply(2, "return 6")  # no goods to sell: rank 1 may return a card instead (S-A3)
    assert state.to_act() == [1]  # returns in rank order
    state.apply(1, "return 2")
    state.apply(0, "return 1")
    assert state.letter == "D" and state.to_act() == [2]


def test_step_a_gives_nobility_and_church_only() -> None:
    state = action_state(4, "A", [[[6]], [[5]], [[4]], [[3]]], first=0)
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "reveal 1"), (3, "reveal 1"))
    assert state.council["nobility"] == 0 and state.council["church"] == 1
    assert [t["kind"] for t in state.tasks] == ["return", "return"]
    assert [t["seat"] for t in state.tasks] == [2, 3]


def test_three_players_step_a_rank_two_gets_church() -> None:
    state = action_state(3, "A", [[[2]], [[5]], [[4]]], first=0)
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "reveal 1"))
    assert state.council["nobility"] == 1 and state.council["church"] == 2
    assert state.to_act() == [0] and state.legal_actions(0) == ["return 2", "return none"]


# ---- slots ---------------------------------------------------------------------------------
def test_city_purchase_needs_enough_coins() -> None:
    state = action_state(3, "B", [[[6]], [], []], first=0, card="RC5")  # B = smiths, prices 4 or 5
    state.players[0]["coins"] = 4
    state.apply(0, "reveal 1")
    legal = state.legal_actions(0)
    assert legal[-1] == "skip"
    assert {a[4:] for a in legal[:-1]} == {c for c in GUILD_SPACES["smiths"] if PRICES[c] == 4}


def test_no_free_space_means_the_apprentice_takes_goods_by_itself() -> None:
    state = action_state(3, "B", [[[6], [2]], [[5]], []], first=0, card="RC1")  # B = bakers
    for cell in GUILD_SPACES["bakers"]:
        state.city[cell] = 2
        state.players[2]["income"] += PRICES[cell]
    play(state, (0, "reveal 1"), (1, "reveal 1"))
    # The Master's purchase is skipped (no space), the Apprentice's goods come automatically.
    assert state.players[1]["goods"][GUILDS.index("bakers")] == 1
    assert state.players[0]["goods"][GUILDS.index("bakers")] == 1 and state.council["bakers"] == 0
    assert state.letter == "C"


def test_merchant_sells_one_tile_at_a_time_and_stops_when_done() -> None:
    state = action_state(3, "E", [[[6]], [], []], first=0)
    set_goods(state, 0, smiths=2, bakers=1)
    state.apply(0, "reveal 1")
    assert state.legal_actions(0) == ["sell smiths", "sell bakers", "sell all", "done"]
    state.apply(0, "sell smiths")
    assert state.players[0]["coins"] == 10 and state.players[0]["goods"][0] == 1
    state.apply(0, "done")
    assert state.players[0]["goods"] == [1, 0, 0, 0, 1]
    assert state.council["merchants"] is None


def test_chapel_and_edifice_placements() -> None:
    state = action_state(3, "H", [[], [], []], first=0)
    church = state.council["church"]
    assert state.to_act() == [church] and len(state.legal_actions(church)) == 10
    state.apply(church, "chapel CH3")
    assert state.chapels == ["CH3"]
    nobility = state.council["nobility"]
    assert state.to_act() == [nobility]
    assert state.legal_actions(nobility) == [f"build {c}" for c in BUILDING_SPACES]
    state.apply(nobility, "build G4")
    assert state.built == {"G4": state.edifices[0]}
    assert state.phase == "planning" and state.round == 2


# ---- council and end -----------------------------------------------------------------------
def test_council_privilege_goes_to_the_sole_leader() -> None:
    state = fresh(3)
    state.council.update(nobility=0, church=0, smiths=1)
    council.council_phase(state, [])
    assert [p["prestige"] for p in state.players] == [2, 1, 0]
    assert [p["privileges"] for p in state.players] == [1, 0, 0]


def test_end_scoring_rulebook_example() -> None:
    # Peter 2 members, 1 next to the chapel, 1 next to the Inn; Sandra 2 members both next to the chapel;
    # Thomas 3 members, 2 next to the Inn and 1 next to the Fountain; Nicole 1 member diagonal to the Inn.
    nicole, peter, sandra, thomas = 0, 1, 2, 3
    state = fresh(4)
    state.built = {"E2": "inn", "G4": "fountain"}
    state.chapels = ["CH5"]  # corner of B3, C3, B4, C4
    state.city.update({"D2": thomas, "E1": thomas, "G5": thomas})  # D2, E1 next to E2; G5 next to G4
    state.city.update({"E3": peter, "B3": peter})  # E3 next to E2; B3 at the chapel
    state.city.update({"C3": sandra, "C4": sandra})  # both at the chapel
    state.city.update({"F1": nicole})  # diagonal to E2
    for seat in range(4):
        state.players[seat]["kept"] = []
    breakdowns = [state.breakdown(s) for s in range(4)]
    assert breakdowns[peter]["city"] == 2 and breakdowns[peter]["chapels"] == 1 and breakdowns[peter]["edifices"] == 4
    assert breakdowns[sandra]["city"] == 2 and breakdowns[sandra]["chapels"] == 2
    assert breakdowns[thomas]["city"] == 3 and breakdowns[thomas]["edifices"] == 8 + 3
    assert breakdowns[nicole]["city"] == 1 and breakdowns[nicole]["edifices"] == 0


def test_edifice_counts_orthogonal_neighbours_only_and_a_member_may_serve_two() -> None:
    city = {"E3": 0, "F3": 0, "D3": 0}  # E3 touches E2, D3 touches D4, F3 touches no edifice
    built = {"E2": "minster", "D4": "inn"}
    assert edifice_points(city, built, 0) == EDIFICES["minster"]["value"] * 1 + EDIFICES["inn"]["value"] * 1
    city2 = {"E4": 1}  # E4 touches D4 (west) and F4; not E2
    assert edifice_points(city2, built, 1) == EDIFICES["inn"]["value"]
    city3 = {"C5": 2}  # C5 touches B5 and D5, and is diagonal to D4
    assert edifice_points(city3, {"D4": "inn", "B5": "fountain"}, 2) == EDIFICES["fountain"]["value"]


def test_chapel_points_count_each_adjacent_member() -> None:
    assert chapel_points({"B1": 0, "C1": 0, "B2": 1, "C2": 0}, ["CH1"], 0) == 3
    assert chapel_points({"B1": 0}, [], 0) == 0  # an empty chapel space scores nothing


def test_unspent_privileges_score() -> None:
    state = fresh(3)
    set_privileges(state, 2, 3)
    assert state.breakdown(2)["privileges"] == 3


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_game_runs_five_rounds_and_scores(n: int) -> None:
    state = random_game(n, seed=100 + n)
    assert state.is_over() and state.round == 5 and state.to_act() == []
    outcome = state.outcome()
    for seat in range(n):
        assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat]
        assert outcome.breakdown[seat]["council"] == state.players[seat]["prestige"]
    assert len(state.built) == 5 and len(state.chapels) == 5
    assert GAME.load(state.dump()).dump() == state.dump()


# ---- objectives ----------------------------------------------------------------------------
def _met(card: str, city: dict[str, int], n: int = 4, **kw: object) -> bool:
    args: dict = {"built": {}, "chapels": [], "council": {}, "goods": 0, "coins": 0, "privileges": 0}
    args.update(kw)
    return objective_met(card, 0, n, city, **args)


def test_objective_rows_diagonals_and_blocks() -> None:
    row = {"A1": 0, "B1": 0, "C1": 0}
    assert _met("O12", row) and not _met("O25", row)
    assert _met("O25", {**row, "D1": 0})
    assert not _met("O12", {"A1": 0, "B1": 0, "D1": 0})  # not consecutive
    assert _met("O12", {"I1": 0, "I2": 0, "I3": 0})  # vertical
    assert _met("O15", {"A3": 0, "B4": 0, "C5": 0})
    assert _met("O15", {"C3": 0, "B4": 0, "A5": 0})  # the other diagonal
    assert not _met("O15", {"A3": 0, "B4": 0, "D6": 0})
    assert _met("O24", {"A3": 0, "B3": 0, "A4": 0, "B4": 0})
    assert not _met("O24", {"A3": 0, "B3": 0, "A4": 0, "C4": 0})


def test_objective_largest_family_needs_strictly_more() -> None:
    assert _met("O16", {"A1": 0, "B1": 0, "C1": 1})
    assert not _met("O16", {"A1": 0, "C1": 1})  # a tie does not count (S-A9)


def test_objective_council_threshold_depends_on_player_count() -> None:
    council = {"nobility": 0, "church": 0, "smiths": 0, "bakers": 1}
    assert _met("O13", {}, n=4, council=council) and _met("O13", {}, n=5, council=council)
    assert not _met("O13", {}, n=3, council=council)


def test_objective_edifices_and_chapels() -> None:
    built = {"E2": "inn", "D4": "fountain", "G4": "minster", "B5": "town_hall"}
    city = {"E1": 0, "E3": 0, "D3": 0, "G3": 0, "B4": 0}
    assert _met("O01", city, built=built)  # E1 and E3 next to the Inn
    assert not _met("O02", city, built=built)  # only D3 next to the Fountain
    assert _met("O14", city, built=built)  # Inn, Fountain, Minster, Town Hall
    assert not _met("O11", city, built=built)
    assert _met("O11", {"E1": 0, "E3": 0, "F2": 0}, built=built)
    assert _met("O17", {"B3": 0, "C3": 0, "C4": 0}, chapels=["CH5"])
    assert not _met("O17", {"B3": 0, "C3": 0, "C4": 0}, chapels=[])
    assert _met("O18", {"B1": 0, "D2": 0, "I2": 0}, chapels=["CH1", "CH3", "CH4"])
    assert not _met("O18", {"B1": 0, "D2": 0}, chapels=["CH1", "CH3", "CH4"])


def test_objective_holdings_and_guilds() -> None:
    assert _met("O20", {}, goods=3) and not _met("O20", {}, goods=2)
    assert _met("O21", {}, coins=8) and not _met("O21", {}, coins=7)
    assert _met("O22", {}, privileges=2) and not _met("O22", {}, privileges=1)
    assert _met("O23", {}, council={"smiths": 0, "bakers": 0}) and not _met("O23", {}, council={"merchants": 0})
    one_each = {"A1": 0, "C1": 0, "E1": 0, "G1": 0, "H1": 0}
    assert {GUILD_OF[c] for c in one_each} == set(GUILDS) and _met("O19", one_each)
    assert _met("O06", {"A1": 0, "B1": 0, "A2": 0}) and not _met("O06", {"A1": 0, "B1": 0})


def test_every_stack_is_offered_by_its_own_number_even_identical_ones() -> None:
    # issue 19: equal stacks used to be offered once, so the menu's 5th item revealed stack 6 and "reveal 5" was
    # refused; now "reveal N" is offered for every stack N on the screen.
    state = action_state(3, "C", [[[6], [5], [4], [3], [3], [1], [1]], [[2]], []], first=0)
    assert state.legal_actions(0) == [f"reveal {i}" for i in range(1, 8)] + ["pass"]
    state.apply(0, "reveal 5")
    assert state.bid is not None and state.bid["cards"][0] == [3]
    assert state.players[0]["stacks"] == [[6], [5], [4], [3], [1], [1]]


def test_planning_actions_are_marked_secret() -> None:
    from rules.strasbourg.state import is_secret_action

    assert all(is_secret_action(a) for a in ("keep O07", "drop O01", "confirm", "draw", "stop", "add 5", "close"))
    assert not any(is_secret_action(a) for a in ("reveal 1", "pass", "privilege", "buy G2", "sell all", "return 2"))
