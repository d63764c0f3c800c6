"""The scenarios of docs/rules/strasbourg.md (T-S1 .. T-S14), one named test each."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.strasbourg import council, steps
from rules.strasbourg.checks import invariants
from rules.strasbourg.data import GOODS_VALUE, GUILDS
from rules.strasbourg.scoring import objective_points
from tests.rules.strasbourg.helpers import (
    action_state,
    fresh,
    keep_first_objective,
    plan_one_card,
    play,
    set_goods,
    stack_deck,
    start_planning,
)

NICOLE, PETER, SANDRA, THOMAS = 0, 1, 2, 3


def _nicole_draws(state) -> None:  # type: ignore[no-untyped-def]
    stack_deck(state, NICOLE, [5, 2, 2, 3, 6])
    for _ in range(5):
        state.apply(NICOLE, "draw")
    state.apply(NICOLE, "stop")
    assert state.players[NICOLE]["hand"] == [5, 2, 2, 3, 6]


@pytest.mark.parametrize(
    ("moves", "expected"),
    [
        (["add 3", "add 2", "close", "add 5", "close", "add 2", "close", "add 6"], [[3, 2], [5], [2], [6]]),
        (["add all"], [[5, 2, 2, 3, 6]]),
        (["singles"], [[6], [5], [3], [2], [2]]),
        (["add 3", "add 2", "add 2", "close", "add 5", "add 6"], [[3, 2, 2], [5, 6]]),
    ],
)
def test_ts1_planning_partition(moves: list[str], expected: list[list[int]]) -> None:
    state = fresh(4)
    start_planning(state)
    _nicole_draws(state)
    for move in moves:
        state.apply(NICOLE, move)
    assert state.players[NICOLE]["stacks"] == expected
    assert state.players[NICOLE]["plan"] == "review"  # nothing is committed before the confirmation
    state.apply(NICOLE, "confirm")
    assert state.players[NICOLE]["plan"] == "ready"
    assert state.players[NICOLE]["hand"] == [] and state.players[NICOLE]["open"] == []


def test_ts1_planning_partition_invalid_splits_are_impossible() -> None:
    state = fresh(4)
    start_planning(state)
    _nicole_draws(state)
    # An empty stack: "close" needs a card on the open stack.
    with pytest.raises(IllegalAction):
        state.apply(NICOLE, "close")
    # A card she did not draw.
    with pytest.raises(IllegalAction):
        state.apply(NICOLE, "add 4")
    state.apply(NICOLE, "add 3")
    state.apply(NICOLE, "add 2")
    state.apply(NICOLE, "close")
    state.apply(NICOLE, "add 5")
    state.apply(NICOLE, "close")
    # Cards left unassigned: planning is not over, and there is no way to stop splitting.
    assert state.players[NICOLE]["plan"] == "split" and NICOLE in state.to_act()
    assert not {"stop", "draw", "pass"} & set(state.legal_actions(NICOLE))
    state.apply(NICOLE, "add 2")
    with pytest.raises(IllegalAction):  # the second 2 has gone into a stack already
        state.apply(NICOLE, "add 3")


def test_ts1_public_view_shows_only_stack_sizes() -> None:
    state = fresh(4)
    start_planning(state)
    _nicole_draws(state)
    for move in ["add 3", "add 2", "close", "add 5", "close", "add 2", "close", "add 6", "confirm"]:
        state.apply(NICOLE, move)
    # While the others still plan, they see nothing of Nicole's new stacks nor of her draws.
    assert state.view(PETER)["players"][NICOLE]["stacks"] == []
    assert state.view(PETER)["players"][NICOLE]["deck"] == 24
    for seat in (PETER, SANDRA, THOMAS):
        plan_one_card(state, seat)
    assert state.phase == "action"
    for viewer in (None, PETER, SANDRA, THOMAS):
        view = state.view(viewer)
        assert view["players"][NICOLE]["stacks"] == [2, 1, 1, 1]
        assert view["players"][NICOLE]["deck"] == 19
        assert "private" not in view or view["private"]["stacks"] != [[3, 2], [5], [2], [6]]
        assert "[3, 2]" not in str(view)
    assert state.view(NICOLE)["private"]["stacks"] == [[3, 2], [5], [2], [6]]


def _ts2_state():  # type: ignore[no-untyped-def]
    # Everyone keeps a second stack for the next step.
    state = action_state(4, "B", [[[5], [4]], [[2, 1], [4]], [[5], [4]], [[6], [4]]], first=NICOLE, card="RC4")
    assert state.view(None)["step_guild"] == "vintners"
    play(state, (NICOLE, "reveal 1"), (PETER, "reveal 1"), (SANDRA, "reveal 1"), (THOMAS, "reveal 1"))
    return state


def test_ts2_guild_bid_four_players() -> None:
    state = _ts2_state()
    assert state.last is not None
    assert state.last["ranking"] == [[THOMAS, 6], [NICOLE, 5], [SANDRA, 5], [PETER, 3]]
    assert state.first == THOMAS
    # Thomas, Master: vintners seat and goods automatically, then buys G2 for 4.
    assert state.council["vintners"] == THOMAS
    assert state.players[THOMAS]["goods"][GUILDS.index("vintners")] == 1
    assert state.to_act() == [THOMAS]
    assert "buy G2" in state.legal_actions(THOMAS) and "skip" in state.legal_actions(THOMAS)
    state.apply(THOMAS, "buy G2")
    assert state.players[THOMAS]["coins"] == 1 and state.city["G2"] == THOMAS
    # Nicole, Journeyman: goods, then F3 for 3; G2 is taken.
    assert state.to_act() == [NICOLE]
    assert state.players[NICOLE]["goods"][GUILDS.index("vintners")] == 1
    assert "buy G2" not in state.legal_actions(NICOLE)
    state.apply(NICOLE, "buy F3")
    assert state.players[NICOLE]["coins"] == 2 and state.city["F3"] == NICOLE
    assert state.council["vintners"] == THOMAS
    # Sandra, Apprentice: goods only.
    assert state.to_act() == [SANDRA]
    assert state.legal_actions(SANDRA)[0] == "goods"
    state.apply(SANDRA, "goods")
    assert state.players[SANDRA]["goods"][GUILDS.index("vintners")] == 1 and state.players[SANDRA]["coins"] == 5
    # Peter had no slot: he keeps the 2 at the bottom of his deck, the 1 leaves the game.
    assert state.to_act() == [PETER]
    assert state.legal_actions(PETER) == ["return 2", "return 1", "return none"]
    deck_before = len(state.players[PETER]["deck"])
    state.apply(PETER, "return 2")
    assert state.players[PETER]["deck"][-1] == 2 and len(state.players[PETER]["deck"]) == deck_before + 1
    assert state.players[PETER]["gone"] == [1]
    assert sorted(state.players[THOMAS]["gone"]) == [6] and state.players[NICOLE]["gone"] == [5]
    # Step C: Thomas decides first.
    assert state.letter == "C"
    assert state.to_act() == [THOMAS]
    assert invariants(state) == []


def test_ts3_guild_bid_three_players() -> None:
    a, b, c = 0, 1, 2
    state = action_state(3, "B", [[[6]], [[4]], [[2]]], first=a)
    play(state, (a, "reveal 1"), (b, "reveal 1"), (c, "reveal 1"))
    assert [t["kind"] for t in state.tasks] == ["master", "apprentice", "return"]
    guild = state.step_guild()
    assert guild is not None and state.council[guild] == a
    state.apply(a, "skip")
    # B is the Apprentice: exactly one of goods or a space.
    legal = state.legal_actions(b)
    assert legal[0] == "goods" and all(x.startswith("buy ") for x in legal[1:]) and "skip" not in legal
    cell = legal[1][4:]
    state.apply(b, legal[1])
    assert state.city[cell] == b and sum(state.players[b]["goods"]) == 0
    # C gets nothing, but may return the card.
    assert state.to_act() == [c] and state.legal_actions(c) == ["return 2", "return none"]
    state.apply(c, "return 2")
    assert state.players[c]["deck"][-1] == 2
    assert sum(state.players[c]["goods"]) == 0


def test_ts4_everyone_passes() -> None:
    p1, p2, p3, p4 = 0, 1, 2, 3
    state = action_state(4, "B", [[[3]], [[4]], [[5]], [[6]]], first=p2)
    assert state.to_act() == [p2]
    play(state, (p2, "pass"), (p3, "pass"), (p4, "pass"), (p1, "pass"))
    assert state.first == p2
    assert state.letter == "C" and state.to_act() == [p2]
    assert [p["stacks"] for p in state.players] == [[[3]], [[4]], [[5]], [[6]]]
    assert all(p["gone"] == [] for p in state.players)
    assert all(holder is None for name, holder in state.council.items() if name in GUILDS)


def test_ts5_tie_order_counted_from_the_first_player() -> None:
    p1, p2, p3, p4 = 0, 1, 2, 3
    state = action_state(4, "C", [[[5]], [[2]], [[5]], [[5]]], first=p3)
    play(state, (p3, "reveal 1"), (p4, "reveal 1"), (p1, "reveal 1"), (p2, "reveal 1"))
    assert state.last is not None
    assert [s for s, _ in state.last["ranking"]] == [p3, p4, p1, p2]
    assert state.first == p3


@pytest.mark.parametrize("step", ["C", "G"])
def test_ts7_merchant_sale(step: str) -> None:
    state = action_state(4, step, [[[6]], [[1]], [], []], first=NICOLE)
    set_goods(state, NICOLE, smiths=1, vintners=1, shoemakers=1)
    play(state, (NICOLE, "reveal 1"), (PETER, "reveal 1"))
    assert state.to_act() == [NICOLE]
    assert "sell all" in state.legal_actions(NICOLE)
    state.apply(NICOLE, "sell all")
    assert state.players[NICOLE]["coins"] == 5 + 12
    assert GOODS_VALUE["smiths"] + GOODS_VALUE["vintners"] + GOODS_VALUE["shoemakers"] == 12
    assert sum(state.players[NICOLE]["goods"]) == 0
    assert state.council["merchants"] == (NICOLE if step == "G" else None)
    # Peter revealed but Merchants have one slot: he may return his card.
    assert state.to_act() == [PETER] and state.legal_actions(PETER) == ["return 1", "return none"]


def test_ts8_council_phase() -> None:
    state = fresh(4)
    state.council.update(
        nobility=THOMAS, church=NICOLE, merchants=PETER, vintners=THOMAS, smiths=NICOLE, butchers=SANDRA
    )
    state.council.update(bakers=None, shoemakers=None)
    council.council_phase(state, [])
    assert [p["prestige"] for p in state.players] == [2, 1, 1, 2]
    assert [p["privileges"] for p in state.players] == [1, 0, 0, 1]


def test_ts9_seat_displacement() -> None:
    state = action_state(4, "A", [[], [], [], [[6]]], first=NICOLE)
    state.council.update(nobility=PETER, church=SANDRA)
    # Nobody but Thomas has stacks, so the others pass by themselves.
    assert state.to_act() == [THOMAS]
    state.apply(THOMAS, "reveal 1")
    assert state.council["nobility"] == THOMAS
    assert sum(1 for holder in state.council.values() if holder == PETER) == 0
    # Steps B-G pass by themselves (no stacks left); H is the chapel of the Church holder; I is Thomas's.
    assert state.letter == "H" and state.to_act() == [state.council["church"]]
    state.apply(state.to_act()[0], state.legal_actions(state.to_act()[0])[0])
    assert state.letter == "I" and state.to_act() == [THOMAS]
    state.apply(THOMAS, "build D4")
    assert state.built == {"D4": state.edifices[0]}


def test_ts12_merchant_rank_one_without_goods() -> None:
    state = action_state(4, "C", [[[6]], [[4]], [[3, 1]], []], first=NICOLE)
    play(state, (NICOLE, "reveal 1"), (PETER, "reveal 1"), (SANDRA, "reveal 1"))
    assert state.to_act() == [NICOLE]
    # issue 19: with nothing to sell she "cannot take an action", so she may return a card (S-A3, revised)
    assert state.legal_actions(NICOLE) == ["return 6", "return none"]
    state.apply(NICOLE, "return 6")
    assert state.players[NICOLE]["coins"] == 5 and state.players[NICOLE]["gone"] == []
    assert state.players[NICOLE]["deck"][-1] == 6
    assert state.to_act() == [PETER] and state.legal_actions(PETER) == ["return 4", "return none"]
    state.apply(PETER, "return 4")
    assert state.to_act() == [SANDRA] and state.legal_actions(SANDRA) == ["return 3", "return 1", "return none"]


def _final_state(city_a: int, city_b: int):  # type: ignore[no-untyped-def]
    state = fresh(3)
    keep_first_objective(state)
    for p in state.players:
        p["kept"] = []  # no objectives: the totals are council + city only
    a, b, c = 0, 1, 2
    smiths = ["H1", "I1", "I2", "G3", "I3", "H4"]
    bakers = ["A1", "B1", "A2", "B3", "C3", "C4"]
    for cell in smiths[:city_a]:
        state.city[cell] = a
    for cell in bakers[:city_b]:
        state.city[cell] = b
    state.players[a]["prestige"] = 40 - city_a
    state.players[b]["prestige"] = 40 - city_b
    state.players[c]["prestige"] = 10
    state.phase = "over"
    return state


def test_ts13_game_end_tie_broken_by_city_members() -> None:
    state = _final_state(6, 5)
    outcome = state.outcome()
    assert outcome.scores[:2] == [40, 40]
    assert outcome.ranks == [1, 2, 3] and outcome.winners == [0]
    assert outcome.tiebreak[:2] == [6, 5]


def test_ts13_game_end_full_tie_is_shared() -> None:
    state = _final_state(6, 6)
    outcome = state.outcome()
    assert outcome.scores[:2] == [40, 40]
    assert outcome.ranks == [1, 1, 3] and outcome.winners == [0, 1]


def test_ts14_objective_penalty() -> None:
    state = fresh(3)
    seat = 0
    p = state.players[seat]
    # 4 points: 3 butchers spaces; 6 points: 3 smiths spaces; three more that fail.
    p["kept"] = ["O07", "O10", "O19", "O21", "O22"]
    for cell in ["C1", "D1", "C2", "H1", "I1", "I2"]:
        state.city[cell] = seat
    met = state.objectives_met(seat)
    assert met == [True, True, False, False, False]
    assert objective_points(p["kept"], met) == 10 - 3 * 3 == 1
    assert state.breakdown(seat)["objectives"] == 1


def test_rulebook_chapel_example() -> None:
    # Sandra holds the Church seat and builds the chapel directly next to two of her members (+2 at the end).
    state = action_state(4, "H", [[], [], [], []], first=NICOLE)
    state.council["church"] = SANDRA
    steps.start_step(state, [])  # H again, now with Sandra on the Church seat
    state.city.update({"F3": SANDRA, "G3": SANDRA, "F4": PETER})
    assert state.to_act() == [SANDRA]
    state.apply(SANDRA, "chapel CH6")  # the corner of F3, G3, F4, G4
    assert state.chapels == ["CH6"]
    assert state.breakdown(SANDRA)["chapels"] == 2 and state.breakdown(PETER)["chapels"] == 1


def test_rulebook_edifice_example_the_nobility_holder_builds() -> None:
    # The rulebook's picture puts Thomas on the Church seat, but its rule text (step I) says Nobility (S-A7).
    state = action_state(4, "I", [[], [], [], []], first=NICOLE)
    state.council.update(nobility=THOMAS, church=NICOLE)
    steps.start_step(state, [])
    state.edifices.remove("inn")
    state.edifices.insert(0, "inn")
    state.city.update({"D2": THOMAS, "E3": THOMAS})
    assert state.to_act() == [THOMAS]
    state.apply(THOMAS, "build E2")
    assert state.breakdown(THOMAS)["edifices"] == 8


def test_edifice_and_chapel_options_say_whose_members_gain_what() -> None:
    """Issue 42: 'build E2' said neither whose members stand next to the square nor what it scores."""
    state = action_state(4, "I", [[], [], [], []], first=NICOLE)
    state.council.update(nobility=THOMAS, church=NICOLE)
    steps.start_step(state, [])
    state.edifices.remove("inn")
    state.edifices.insert(0, "inn")
    state.city.update({"D2": THOMAS, "E3": THOMAS, "E1": PETER})
    assert state.describe("build E2") == (
        f"Build the Inn on E2 (4 a member next to it: Seat {PETER} +4, Seat {THOMAS} +8)")
    assert state.describe("build H6").endswith("(4 a member next to it: no member there yet)")
    chapel = action_state(4, "H", [[], [], [], []], first=NICOLE)
    chapel.city.update({"F3": SANDRA, "G3": SANDRA, "F4": PETER})
    assert chapel.describe("chapel CH6") == (
        f"Build the chapel on CH6 (next to F3, G3, F4, G4: Seat {PETER} +1, Seat {SANDRA} +2)")
