"""The scenarios of docs/rules/speicherstadt.md (ST-1 .. ST-12), one named test each."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.speicherstadt import GAME
from rules.speicherstadt.data import CARDS, CARDS_BY_SEASON
from rules.speicherstadt.scoring import breakdown
from tests.rules.speicherstadt.helpers import (
    demand_state,
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

BEIGE, ORANGE, VIOLET = 0, 1, 2


def _walk_down_state():
    # Column 1 (Kontor): Beige, Orange, Beige, Violet. Column 2 keeps the phase open afterwards.
    return purchase_state(3, [slot("A01", [BEIGE, ORANGE, BEIGE, VIOLET]), slot("A05", [VIOLET])], coins=5)


def test_st1_purchase_walk_down() -> None:
    state = _walk_down_state()
    asked = []
    for _ in range(4):
        seat = state.to_act()[0]
        asked.append((seat, state.view(None)["row"][0]["price"]))
        assert f"for {asked[-1][1]} coin" in state.describe("buy")
        state.apply(seat, "decline")
    assert asked == [(BEIGE, 4), (ORANGE, 3), (BEIGE, 2), (VIOLET, 1)]
    # Nobody bought: the card is discarded and the Purchase moves on to column 2.
    assert state.row[0]["status"] == "discarded" and "A01" in state.discard
    assert state.to_act() == [VIOLET] and state.col == 1
    assert all(not p["cards"] for p in state.players)


def test_st1_purchase_walk_down_orange_buys_at_three() -> None:
    state = _walk_down_state()
    state.apply(BEIGE, "decline")
    state.apply(ORANGE, "buy")
    assert state.players[ORANGE]["coins"] == 5 - 3
    assert state.players[ORANGE]["cards"] == ["A01"]
    assert state.row[0]["workers"] == [] and state.row[0]["buyer"] == ORANGE
    # Every worker of the column went home; Violet's other worker still stands on column 2.
    assert [p["workers"] for p in state.players] == [3, 3, 2]
    assert state.players[BEIGE]["coins"] == state.players[VIOLET]["coins"] == 5


def test_st2_demand_placement() -> None:
    # Turn order Beige -> Violet -> Orange; Beige chose card 1, Violet card 3; Orange to play.
    beige, violet, orange = 0, 1, 2
    state = demand_state(3, [slot("A01", [beige]), slot("A05"), slot("A07", [violet]), slot("A09")], orange, 2)
    assert state.to_act() == [orange]
    legal = state.legal_actions(orange)
    assert legal == ["place 1", "place 2", "place 3", "place 4"]
    spaces = [state.describe(a).rsplit("space ", 1)[1] for a in legal]
    assert spaces == ["2", "1", "2", "1"]
    assert "pass" not in legal
    seats_in_order = []
    for k in range(7):
        seat = state.to_act()[0]
        seats_in_order.append(seat)
        state.apply(seat, state.legal_actions(seat)[k % 4])
    assert seats_in_order == [orange, beige, violet, orange, beige, violet, orange]
    assert sum(len(s["workers"]) for s in state.row) == 9
    assert all(p["workers"] == 0 for p in state.players)
    assert state.phase == "purchase"


@pytest.mark.parametrize(("kontors", "points"), [(0, 0), (1, 2), (2, 5), (3, 9), (4, 14)])
def test_st4_kontor_scoring(kontors: int, points: int) -> None:
    state = fresh(4)
    give(state, 0, *["A01", "B01", "D01", "D02"][:kontors])
    assert breakdown(state.players[0])["kontor"] == points
    assert state.view(None)["players"][0]["kontors"] == kontors


def test_st5_income() -> None:
    state = loading_state(4, [0])
    state.first = 2
    give(state, 0, "C01")
    give(state, 1, "C01")  # two banks only to check both bank rows of the table at once
    for seat, bought in enumerate([True, False, False, True]):
        state.players[seat]["bought"] = bought
        state.players[seat]["coins"] = 10
    state.players[0]["hand"] = take_from_bag(state, {"coffee": 1})
    state.apply(0, "done")
    assert [p["coins"] for p in state.players] == [12, 13, 12, 11]
    assert state.first == 3  # the metal coin moved one seat to the left
    assert state.phase == "demand" and state.turn == 3


def _autumn_without_fire() -> list[str]:
    return [c for c in CARDS_BY_SEASON["D"] if CARDS[c]["kind"] != "fire"][:5]


def test_st7_end_trigger() -> None:
    state = fresh(4)
    state.pile = ["E01", *_autumn_without_fire()]
    events = start_round(state)
    assert state.last_round and state.pile == ["E01"] and len(state.row) == 5
    assert any(e.kind == "last_round" for e in events)
    assert state.view(None)["last_round"] is True
    rnd = state.round
    play_out(state)
    assert state.is_over() and state.round == rnd
    assert state.fires_resolved[-1] == "E01" and state.pile == []
    assert not state.special_end


def test_st7_end_trigger_third_fire_special_case() -> None:
    state = fresh(4)
    state.pile = ["E01", "D05", *_autumn_without_fire()]
    start_round(state)
    assert not state.last_round and state.pile == ["E01", "D05"]
    rnd = state.round
    # Play the round through Income; the next Supply reveals only the 3rd Fire.
    for p, fm in zip(state.players, ["D12", "D13", None, None], strict=True):
        if fm:
            p["cards"].append(fm)
    play_out(state, limit=200)
    assert state.is_over() and state.special_end
    assert state.round == rnd + 1
    assert state.fires_resolved[-2:] == ["D05", "E01"]
    assert state.row == []  # no Demand, Purchase, Loading or Income in that fire-only round
    # Firemen totals 4, 5, 0, 0: seat 1 gains both fires, seats 2 and 3 lose both.
    assert [p["fire"] for p in state.players] == [0, 4 + 5, -4 - 5, -4 - 5]


def test_st7_special_case_skips_income() -> None:
    state = fresh(4)
    state.pile = ["E01", "D05"]
    state.round = 9
    coins = [p["coins"] for p in state.players]
    events = start_round(state)
    assert state.is_over() and [p["coins"] for p in state.players] == coins
    kinds = [e.kind for e in events]
    assert kinds == ["round", "reveal", "fire", "special_end", "fire", "end"]
    assert [e.params["card"] for e in events if e.kind == "fire"] == ["D05", "E01"]
    assert "3rd Fire" in GAME.event_text(events[kinds.index("special_end")])


@pytest.mark.parametrize(("n", "rounds"), [(2, 16), (3, 12), (4, 10), (5, 8)])
def test_st8_round_count(n: int, rounds: int) -> None:
    for seed in range(6):
        state = fresh(n, seed)
        play_out(state, limit=20_000)
        expected = rounds + 1 if state.special_end else rounds
        assert state.round == expected, (seed, state.special_end)
        assert state.fires_resolved[-1] == "E01" and len(state.fires_resolved) == 4


def test_st8_special_case_arises_from_a_real_shuffle() -> None:
    """Some seeds stack the 3rd Fire right above the 4th: one extra, fire-only round (ST-7 variant, A1)."""
    for seed in range(80):
        state = fresh(4, seed)
        if state.pile[1] == "D05":
            break
    else:
        raise AssertionError("no seed put the 3rd Fire last among 80")
    play_out(state, limit=20_000)
    assert state.special_end and state.round == 11 and state.row == []
    assert state.fires_resolved[-2:] == ["D05", "E01"]


def test_st9_empty_column_and_unbought_ship() -> None:
    ship_cubes = goods(coffee=2, rubber=1)
    state = purchase_state(3, [slot("A01"), slot("B06", [1], ship_cubes), slot("A05", [2])])
    bag = dict(state.bag)
    # Column 1 had no workers: discarded without asking anyone. Seat 1 is asked about the ship.
    assert state.row[0]["status"] == "discarded" and "A01" in state.discard
    assert state.to_act() == [1]
    state.apply(1, "decline")
    assert state.row[1]["status"] == "discarded" and "B06" in state.discard
    assert state.reserve == ship_cubes and state.bag == bag


def test_st10_full_column() -> None:
    state = demand_state(5, [slot("A01", [0, 1, 2, 3, 4, 0, 1, 2]), *[slot(c) for c in ["A02", "A03"]]], 3, 8)
    legal = state.legal_actions(3)
    assert "place 1" not in legal and legal == ["place 2", "place 3"]
    with pytest.raises(IllegalAction):
        state.apply(3, "place 1")


def test_st12_storage_limits() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A06")
    p = state.players[0]
    p["wh"] = take_from_bag(state, {"coffee": 2, "tea": 2})
    p["hand"] = take_from_bag(state, {"saffron": 2, "rubber": 1})
    # A 5th cube into the warehouse is rejected.
    assert "store saffron" not in state.legal_actions(0)
    before = state.dump()
    with pytest.raises(IllegalAction):
        state.apply(0, "store saffron")
    assert state.dump() == before
    # Two cubes on the market hall: ending Loading is rejected.
    state.apply(0, "hall saffron")
    state.apply(0, "hall saffron")
    assert "done" not in state.legal_actions(0)
    before = state.dump()
    with pytest.raises(IllegalAction):
        state.apply(0, "done")
    assert state.dump() == before
    state.apply(0, "take saffron hall")
    # Unused cubes in hand go to the reserve when the player ends Loading.
    state.apply(0, "done")
    assert p["hand"] == goods() and p["hall"] == goods(saffron=1) and p["wh"] == goods(coffee=2, tea=2)
    assert state.reserve == goods(saffron=1, rubber=1)
    assert sum(state.bag.values()) == 45 - 7
