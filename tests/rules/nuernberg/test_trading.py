"""Asynchronous trading between players: drafts, simultaneous answers, first acceptance, withdrawal, caps."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.nuernberg.checks import invariants
from rules.nuernberg.state import NuernbergState
from rules.nuernberg.trading import MAX_ITEMS_PER_SIDE, MAX_OFFERS_PER_TURN
from tests.rules.nuernberg.helpers import BLUE, ORANGE, RED, WHITE, cards, main_phase, new, play


def _table() -> NuernbergState:
    st = main_phase(new(4), WHITE)
    st.hands = [cards(wool=3, grain=1), cards(ore=2), cards(ore=1, brick=1), cards(ore=1)]
    st.gold = [2, 2, 2, 2]
    return st


def test_draft_is_built_one_item_at_a_time() -> None:
    st = _table()
    play(st, WHITE, "offer")
    legal = st.legal_actions(WHITE)
    assert "give wool" in legal and "give ore" not in legal  # only what white holds
    assert "want ore" in legal and "send all" not in legal and "cancel" in legal
    play(st, WHITE, "give wool", "give wool", "want ore")
    view = st.view(RED)
    assert view["draft"] == {"give": {"wool": 2}, "want": {"ore": 1}}
    legal = st.legal_actions(WHITE)
    assert "want wool" not in legal and "give ore" not in legal  # never both sides of one item
    assert {"send all", "send 1", "send 2", "send 3"} <= set(legal) and "send 0" not in legal


def test_addressees_answer_in_their_own_time_and_all_declines_lapse_the_offer() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", "want ore", "send all")
    assert st.phase == "offer" and st.to_act() == [RED, BLUE, ORANGE, WHITE]
    assert st.legal_actions(WHITE) == ["withdraw"]
    play(st, BLUE, "decline")
    assert st.to_act() == [RED, ORANGE, WHITE]
    with pytest.raises(IllegalAction):
        st.apply(BLUE, "accept")  # a declined seat is no longer asked
    play(st, ORANGE, "decline")
    events = play(st, RED, "decline")
    assert [e.kind for e in events] == ["offer_declined", "offer_lapsed"]
    assert st.phase == "main" and st.to_act() == [WHITE] and st.offer is None
    assert st.hands[WHITE] == cards(wool=3, grain=1)


def test_first_acceptance_executes_once() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", "give gold", "want ore", "want ore", "send all")
    assert st.legal_actions(BLUE) == ["decline"] and st.legal_actions(RED) == ["accept", "decline"]
    play(st, RED, "accept")
    assert st.hands[WHITE] == cards(wool=2, grain=1, ore=2) and st.gold[WHITE] == 1
    assert st.hands[RED] == cards(wool=1) and st.gold[RED] == 3
    assert st.phase == "main" and st.to_act() == [WHITE]
    with pytest.raises(IllegalAction):
        st.apply(ORANGE, "accept")
    assert invariants(st) == []


def test_offer_to_one_seat_and_withdraw() -> None:
    st = _table()
    play(st, WHITE, "offer", "give grain", "want ore", "send 3")
    assert st.to_act() == [ORANGE, WHITE] and st.legal_actions(RED) == []
    events = play(st, WHITE, "withdraw")
    assert events[0].kind == "offer_withdrawn" and st.phase == "main" and st.hands[WHITE][2] == 1
    with pytest.raises(IllegalAction):
        st.apply(ORANGE, "accept")


def test_offers_per_turn_are_capped_and_reset_next_turn() -> None:
    st = _table()
    for _ in range(MAX_OFFERS_PER_TURN):
        play(st, WHITE, "offer", "cancel")
    assert "offer" not in st.legal_actions(WHITE)
    assert st.view(None)["offers_left"] == 0
    play(st, WHITE, "end")
    main_phase(st, RED)
    assert "offer" in st.legal_actions(RED)


def test_draft_sides_are_capped() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", *["want ore"] * MAX_ITEMS_PER_SIDE)
    assert not any(a.startswith("want ") for a in st.legal_actions(WHITE))


def test_trade_reveals_only_what_is_on_the_table() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", "want ore", "send all")
    view = st.view(BLUE)
    assert view["offer"] == {"from": WHITE, "to": [RED, BLUE, ORANGE], "declined": [], "give": {"wool": 1},
                             "want": {"ore": 1}}
    assert view["players"][RED]["hand"] is None and view["players"][BLUE]["hand"] == {
        "wood": 0, "wool": 0, "grain": 0, "brick": 1, "ore": 1}
