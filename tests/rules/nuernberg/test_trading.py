"""Trading between players as a negotiation (issue 20): one-step offers, answers in the addressees' own time,
counters, the proposer's choice among acceptances and counters, private drafts, caps."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.nuernberg import GAME
from rules.nuernberg.checks import invariants
from rules.nuernberg.state import NuernbergState
from rules.nuernberg.trading import MAX_ITEMS_PER_SIDE, MAX_OFFERS_PER_TURN
from tests.rules.nuernberg.helpers import BLUE, ORANGE, RED, WHITE, cards, main_phase, new, play


def _table() -> NuernbergState:
    st = main_phase(new(4), WHITE)
    st.hands = [cards(wool=3, grain=1), cards(ore=2), cards(ore=1, brick=1), cards(ore=1)]
    st.gold = [2, 2, 2, 2]
    return st


def test_an_offer_is_one_action_and_costs_no_draft() -> None:
    st = _table()
    events = play(st, WHITE, "offer 2 wool 1 gold for 1 ore to 1,2")
    assert [e.kind for e in events] == ["offer"]
    assert GAME.event_text(events[0]) == "Seat 0 offers 2 wool, 1 gold for 1 ore to Seat 1 and Seat 2."
    assert st.phase == "offer" and st.to_act() == [RED, BLUE]  # never the proposer while others consider it
    assert st.view(None)["offers_left"] == MAX_OFFERS_PER_TURN - 1


@pytest.mark.parametrize(("action", "reason"), [
    ("offer 4 wool for 1 ore to all", "You do not have 4 wool to give."),
    ("offer 1 wool for 1 wool to all", "An item cannot be on both sides of a trade."),
    ("offer 1 wool for 1 ore to 0", "You cannot trade with yourself."),
])
def test_a_bad_offer_gets_the_rules_reason_and_changes_nothing(action: str, reason: str) -> None:
    st = _table()
    before = st.dump()
    with pytest.raises(IllegalAction) as err:
        st.apply(WHITE, action)
    assert err.value.message == reason and st.dump() == before


def test_junk_offers_are_refused_plainly() -> None:
    st = _table()
    for junk in ("offer wool for to all", "offer 1 wool for 1 ore to all extra", "offer 1 wool 1 ore to all",
                 "offer 1 wool for 1 ore to 9"):
        with pytest.raises(IllegalAction) as err:
            st.apply(WHITE, junk)
        assert "not a legal action" in err.value.message


def test_addressees_accept_decline_or_counter_and_the_proposer_chooses() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to all")
    assert st.to_act() == [RED, BLUE, ORANGE]
    play(st, RED, "accept")
    play(st, BLUE, "counter 1 ore for 2 wool")
    assert st.to_act() == [ORANGE]
    play(st, ORANGE, "accept")
    assert st.to_act() == [WHITE]
    assert st.legal_actions(WHITE) == ["take 1", "take 2", "take 3", "withdraw"]
    assert st.describe("take 2") == "Take Seat 2's counter: give 2 wool, get 1 ore"
    events = play(st, WHITE, "take 2")
    assert events[0].kind == "trade" and events[0].params["counter"]
    assert st.hands[WHITE] == cards(wool=1, grain=1, ore=1) and st.hands[BLUE] == cards(wool=2, brick=1)
    assert st.phase == "main" and st.offer is None and invariants(st) == []


def test_a_counter_must_be_payable_by_its_giver_and_by_the_proposer_to_be_taken() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to 1,2")
    with pytest.raises(IllegalAction) as err:
        st.apply(RED, "counter 3 ore for 1 wool")
    assert err.value.message == "You do not have 3 ore to give."
    play(st, RED, "counter 1 ore for 5 wool")  # white holds only 3 wool
    play(st, BLUE, "decline")
    assert st.legal_actions(WHITE) == ["withdraw"]
    play(st, WHITE, "withdraw")
    assert st.phase == "main" and st.hands[WHITE] == cards(wool=3, grain=1)


def test_all_declines_lapse_the_offer_at_once() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to all")
    play(st, BLUE, "decline")
    with pytest.raises(IllegalAction):
        st.apply(BLUE, "accept")  # answered already
    play(st, ORANGE, "decline")
    events = play(st, RED, "decline")
    assert [e.kind for e in events] == ["offer_declined", "offer_lapsed"]
    assert st.phase == "main" and st.to_act() == [WHITE] and st.offer is None


def test_an_addressee_who_cannot_pay_is_still_asked() -> None:
    """No automatic decline: it would tell everyone the addressee lacks the cards (and a counter stays open)."""
    st = _table()
    play(st, WHITE, "offer 1 wool for 2 ore to 2")
    assert st.legal_actions(BLUE) == ["decline", "counter"]
    assert GAME.forced_action(st.view(BLUE), st.legal_actions(BLUE), BLUE) is None


def test_the_draft_is_private_and_only_a_sent_offer_counts() -> None:
    st = _table()
    play(st, WHITE, "offer")
    legal = st.legal_actions(WHITE)
    assert "give wool" in legal and "give ore" not in legal and "cancel" in legal
    play(st, WHITE, "give wool", "give wool", "want ore")
    assert st.view(WHITE)["draft"] == {"give": {"wool": 2}, "want": {"ore": 1}}
    public, by_seat = st.views(range(4))
    assert public["draft"] is None and all(by_seat[s]["draft"] is None for s in (RED, BLUE, ORANGE))
    assert by_seat[WHITE]["draft"] == {"give": {"wool": 2}, "want": {"ore": 1}}
    assert {"send all", "send 1", "send 1,2"} <= set(st.legal_actions(WHITE))
    assert play(st, WHITE, "cancel") == []  # nothing public about a dropped draft
    assert st.view(None)["offers_left"] == MAX_OFFERS_PER_TURN


def test_sent_offers_per_turn_are_capped_and_reset_next_turn() -> None:
    st = _table()
    for _ in range(MAX_OFFERS_PER_TURN):
        play(st, WHITE, "offer 1 wool for 1 ore to 1")
        play(st, RED, "decline")
    assert "offer" not in st.legal_actions(WHITE)
    with pytest.raises(IllegalAction) as err:
        st.apply(WHITE, "offer 1 wool for 1 ore to 1")
    assert "limit" in err.value.message
    play(st, WHITE, "end")
    main_phase(st, RED)
    assert "offer" in st.legal_actions(RED)


def test_draft_sides_are_capped() -> None:
    st = _table()
    play(st, WHITE, "offer", "give wool", *["want ore"] * MAX_ITEMS_PER_SIDE)
    assert not any(a.startswith("want ") for a in st.legal_actions(WHITE))


def test_offer_and_answers_are_public_hands_are_not() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to all")
    play(st, RED, "counter 1 ore for 1 grain")
    view = st.view(BLUE)
    assert view["offer"] == {"from": WHITE, "to": [RED, BLUE, ORANGE], "declined": [], "give": {"wool": 1},
                             "want": {"ore": 1}, "answers": {"1": {"give": {"ore": 1}, "want": {"grain": 1}}}}
    assert view["players"][RED]["hand"] is None
    text = GAME.summary(view)
    assert "Seat 1 counters: would give 1 ore for 1 grain" in text and "Still to answer: Seat 2, Seat 3" in text


def test_an_offer_stored_before_counters_loads() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to all")
    data = st.to_json()
    data["offer"] = {"from": 0, "to": [1, 2, 3], "declined": [2], "give": data["offer"]["give"],
                     "want": data["offer"]["want"]}
    old = NuernbergState.from_json(data)
    assert old.to_act() == [RED, ORANGE]


def test_answers_read_in_seat_order_after_a_reload() -> None:
    """A stored state's answers come back with their keys sorted as text; menus and views must not change with it."""
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to all")
    play(st, ORANGE, "accept")
    play(st, RED, "accept")
    play(st, BLUE, "decline")
    copy = st.clone()
    assert st.legal_actions(WHITE) == copy.legal_actions(WHITE) == ["take 1", "take 3", "withdraw"]
    assert st.view(None) == copy.view(None) and st.view(None)["offer"]["declined"] == [BLUE]


# ---- issue 42: counter-offers from the menu, in the reader's words, and what is wrong with a malformed one ---------
def test_a_counter_offer_is_built_in_the_menu_and_sent() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to 1,2")
    assert st.legal_actions(RED) == ["accept", "decline", "counter"]
    assert st.describe_for(RED, "counter").startswith("Make a counter-offer (a private draft; or type: counter 1 ore")
    play(st, RED, "counter", "give ore", "give ore", "want wool")
    assert st.view(RED)["counter_draft"] == {"give": {"ore": 2}, "want": {"wool": 1}}
    assert st.view(BLUE)["counter_draft"] is None and st.view(None)["counter_draft"] is None  # private till sent
    assert "send" in st.legal_actions(RED) and "decline" in st.legal_actions(RED)  # the offer time may still lapse
    assert st.describe_for(RED, "send") == "Send the counter-offer to Seat 0: you give 2 ore for 1 wool"
    assert "Your counter-offer draft: give 2 ore; want 1 wool" in GAME.summary(st.view(RED))
    events = play(st, RED, "send")
    assert [e.kind for e in events] == ["offer_countered"] and events[0].params["give"] == {"ore": 2}
    assert st.offer is not None and st.offer["answers"]["1"] == {"give": [*cards(ore=2), 0],
                                                                    "want": [*cards(wool=1), 0]}
    play(st, BLUE, "decline")
    assert st.legal_actions(WHITE) == ["take 1", "withdraw"]


def test_a_cancelled_counter_draft_is_not_reopened_and_bots_never_open_one() -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to 1,2")
    play(st, RED, "counter", "give ore", "cancel")
    assert st.legal_actions(RED) == ["accept", "decline"]  # random play ends
    assert "counter" not in GAME.bot_moves(st.view(BLUE), st.legal_actions(BLUE), BLUE)


@pytest.mark.parametrize(("action", "reason"), [
    ("counter 1 ore 2 wool", "Say what you give and what you want, with 'for' once between them: "
                             "1 ore for 2 wool."),
    ("counter for 2 wool", "Each side of a trade holds at least one item: 1 ore for 2 wool."),
    ("counter 1 argilla for 1 grain", "'argilla' is no item of a trade: name one of wood, wool, grain, brick, ore, "
                                      "gold."),
    ("counter 1 ore 2 for 1 wool", "Write each item once, its count before it: 1 ore for 2 wool."),
])
def test_a_malformed_counter_says_what_is_wrong(action: str, reason: str) -> None:
    st = _table()
    play(st, WHITE, "offer 1 wool for 1 ore to 1,2")
    before = st.dump()
    with pytest.raises(IllegalAction) as err:
        st.apply(RED, action)
    assert err.value.message == reason and st.dump() == before

