"""Issue 18: every choice says what it leads to, and a well-formed illegal action gets the rules' own reason."""

from __future__ import annotations

import pytest

from rules.colonia import GAME
from rules.colonia import data as D
from rules.colonia.state import ColoniaState
from rules.core import IllegalAction, Rng

from .helpers import fresh, give_raw, go, place_ship, put_relic_on_display, set_decrees, start_loop, week_running


def _vote_on(st: ColoniaState, did: str) -> None:
    """Stop at the vote on ``did`` (the other slots of its day already decided)."""
    day = D.DECREE_BY_ID[did].day
    week_running(st, [8, 7, 6, 5, 4, 3][: st.num_players], order=list(range(st.num_players)))
    set_decrees(st, [did])
    go(st, day)
    assert st.stage == "vote"


# ---- Tuesday -------------------------------------------------------------------------------------------------------
def test_family_label_under_lean_council_says_how_many_are_sent() -> None:
    st = fresh(3)
    st.lean = True
    assert st.describe_for(0, "family 6") == "Family card 6 — sends 5 (Lean council), 6 votes"
    assert st.describe_for(0, "family 4") == "Family card 4 — sends 3 (Lean council), 4 votes"
    text = GAME.summary(st.view(0))
    assert "Lean council (D17) applies this Tuesday: every family sends 1 member fewer" in text


def test_family_label_warns_that_a_card_larger_than_the_reserve_counts_zero() -> None:
    st = fresh(3)
    st.lean = True
    st.street[0] = [3, 4, 0, 0]
    st.reserve[0] = 2
    label = st.describe_for(0, "family 6")
    assert label == ("Card 6 — sends 5 (Lean council); you have 2 in reserve → counts 0: no votes, last, "
                     "3 off the streets")
    assert len(label) <= 100
    assert st.describe_for(0, "family 3") == "Family card 3 — sends 2 (Lean council), 3 votes"
    # the warning is the rules' own arithmetic: the card does count 0
    for seat in range(3):
        st.apply(seat, "family 6" if seat == 0 else f"family {3 + seat}")
    assert st.zero[0] and st.voting_weight(0) == 0


def test_no_turn_order_is_claimed_before_the_first_family_cards() -> None:
    st = fresh(3)
    text = GAME.summary(st.view(0))
    assert "Turn order: not set yet" in text
    assert "Turn order: Seat" not in text


def test_setup_good_prompt_says_a_six_was_rolled_and_names_the_good_plainly() -> None:
    for seed in range(1, 60):
        st = GAME.new_state(3, seed)
        assert isinstance(st, ColoniaState)
        if st.stage == "good":
            break
    else:  # pragma: no cover - the seeds above always include a 6
        raise AssertionError("no seed rolled a 6")
    seat = st.to_act()[0]
    assert st.view(seat)["phase"] == "Setup: rolled a 6, choose a start good"
    assert st.describe_for(seat, "take shoes") == "Take 1 shoes (your start good: you rolled a 6, free choice)"
    assert "Take a " not in st.describe_for(seat, "take clothing")


# ---- the passing loops ---------------------------------------------------------------------------------------------
def test_stall_label_says_when_the_members_come_back() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.stalls[0] = [2, 1, 0, 0, 0] + [0] * 0
    start_loop(st, 3, "stall")
    # issue 42: the Wednesday street step comes after next week's market, so these members miss it (8 days)
    assert st.describe("stall 1") == ("Take stall 1 (2 leather, 1 iron) with 3 members, back after next week's "
                                      "market")


def test_order_label_says_whether_the_order_is_delivered_this_thursday() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    give_raw(st, 0, wood=2, linen=2)
    st.cols[2], st.stick[2], st.new_orders[2] = [], 1, 0
    start_loop(st, 4, "order")
    assert st.describe("order painter") == ("Order painting (wood + linen), 1 member → space 1: delivered this "
                                            "Thursday, back in 8 days")
    st.stick[2] = 0
    label = st.describe("order painter")
    assert label.startswith("Order painting (wood + linen), 1 member → space 1, 1 below the line: may wait")
    assert "stick" not in label


def test_load_label_says_whether_the_ship_sails_this_saturday() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    place_ship(st, 0, "S05")
    place_ship(st, 3, "S01")
    st.depart = 1
    start_loop(st, 5, "load")
    assert st.describe("load S05 1") == ("Load cartwheel on S05 hold 1 for 3 gulden: sails this Saturday, "
                                         "back after next week's loading")
    assert st.describe("load S01 1") == "Load saddle on S01 hold 1 for 3 mark: stays in port (sails a later week)"


# ---- votes ---------------------------------------------------------------------------------------------------------
def test_overtime_vote_shows_the_craftsman_column_and_what_it_delivers() -> None:
    st = fresh(3)
    st.cols[2] = [[1, 1], [0, 2], [0, 3]]
    st.stick[2] = 1
    _vote_on(st, "D08")
    # issue 42: what the decree does, and the seat's share of the orders already on those spaces where it fits
    assert st.describe_for(0, "vote yes") == "Vote Yes: Painter works overtime — 2 more orders delivered this Thursday"
    assert st.describe("vote yes") == ("Vote Yes: Painter works overtime — line 2 lower: 2 more of this Thursday's "
                                       "orders delivered")
    assert st.describe_for(0, "vote no") == "Vote No: reject Painter works overtime"
    text = GAME.summary(st.view(0))
    painter = next(ln for ln in text.splitlines() if ln.startswith("  painter "))
    assert "space 1 delivers" in painter and "Seat 1 (1), Seat 0 (2), Seat 0 (3)" in painter
    assert not any(ln.startswith("  saddler ") for ln in text.splitlines())  # only the column the decree touches


def test_overtime_voted_before_anyone_orders_says_what_it_does() -> None:
    """Issue 42: D06–D10 are voted on Thursday before the orders; the stick moving two down delivers two more of
    this Thursday's orders, never "0 more orders"."""
    st = fresh(3)
    _vote_on(st, "D07")
    assert st.cols[1] == []
    for seat in (0, None):
        label = st.describe_for(seat, "vote yes") if seat is not None else st.describe("vote yes")
        assert label == ("Vote Yes: Wheelwright works overtime — line 2 lower: 2 more of this Thursday's orders "
                         "delivered")
    st.stick[1] = D.ORDER_SPACES - 1
    assert st.describe("vote yes").endswith("— line 1 lower: 1 more of this Thursday's orders delivered")
    st.stick[1] = D.ORDER_SPACES
    assert st.describe("vote yes").endswith("— the line is already at the bottom: no effect")


def test_the_insurance_label_says_what_insuring_does() -> None:
    """Issue 42: the card stays on display through the refill; the member stays on it until anyone buys it."""
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    put_relic_on_display(st, "LON-15-1", 0)
    put_relic_on_display(st, "BRU-SHRINE", 1)
    start_loop(st, 7, "insure")
    assert st.describe("insure LON-15-1") == ("Insure LON-15-1 (5 VP, 15 pfund): stays on display; 1 member, back "
                                              "when anyone buys it")
    assert st.describe("insure BRU-SHRINE") == ("Insure Bruegge shrine (15 gulden): stays on display; 1 member, back "
                                                "when anyone buys it")


def test_market_and_relic_decrees_show_what_they_touch() -> None:
    st = fresh(3)
    _vote_on(st, "D01")
    text = GAME.summary(st.view(0))
    assert "Market stalls:" in text and "Take stall" not in text
    st = fresh(3)
    put_relic_on_display(st, "LON-9-1", 0)
    _vote_on(st, "D16")
    text = GAME.summary(st.view(0))
    assert "Relics on display: " in text and "London 9 pfund → 2 VP" in text


# ---- refusals ------------------------------------------------------------------------------------------------------
def _refused(st: ColoniaState, seat: int, action: str) -> str:
    before = st.dump()
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, action)
    assert st.dump() == before  # a refusal changes nothing
    return str(err.value)


def test_refusals_give_the_rules_reason() -> None:
    st = fresh(3)
    assert _refused(st, 0, "family 9") == "Family cards go from 3 to 8."
    st.cards_left[0].remove(8)
    assert _refused(st, 0, "family 8") == ("You played your family card 8 in an earlier week; "
                                           "you have 3, 4, 5, 6, 7 left.")
    assert _refused(st, 0, "buy LON-5-1").startswith("'buy' is played on Sunday (relic purchases); now it is Tuesday")
    assert _refused(st, 0, "xyzzy") == "'xyzzy' is not a legal action now."

    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.stalls[0] = [5, 5, 0, 0, 0]
    st.reserve[0] = 4
    start_loop(st, 3, "stall")
    assert _refused(st, 0, "stall 1") == "Stall 1 needs 10 members (one per material); you have 4 in reserve."


def test_refusals_for_orders_loads_and_purchases() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.raw[0] = [0] * 5
    give_raw(st, 0, wood=1)
    start_loop(st, 4, "order")
    assert _refused(st, 0, "order painter") == "The painter needs wood + linen; you have no linen."

    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    place_ship(st, 0, "S05")
    st.goods[0] = [0] * 5
    start_loop(st, 5, "load")
    assert _refused(st, 0, "load S05 1") == "Hold 1 of S05 takes exactly cartwheel; you have no cartwheel."
    assert _refused(st, 0, "extra S05").startswith("Ships have extra holds only in a week when")

    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    put_relic_on_display(st, "LON-14-1", 0)
    st.money[0] = [5, 20, 20, 20]
    st.day, st.sub = 7, "buy"
    start_loop(st, 7, "buy")
    assert _refused(st, 0, "buy LON-14-1") == ("London relic LON-14-1 (4 VP, 14 pfund) costs 14 pfund (only pfund pays "
                                               "for it); you have 5 pfund.")


def test_every_label_of_a_whole_game_fits_a_menu_option() -> None:
    for n, seed in ((3, 6), (5, 7)):
        st = GAME.new_state(n, seed)
        while not st.is_over():
            for seat in st.to_act():
                for action in st.legal_actions(seat):
                    assert 0 < len(st.describe_for(seat, action)) <= 100
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, GAME.bot_action(st.view(seat), legal, seat, Rng(seed, st.ply)))


def test_the_money_changers_show_the_relic_prices() -> None:
    st = fresh(3)
    put_relic_on_display(st, "BER-12-1", 0)
    st.money[0] = [9, 0, 0, 0]
    _vote_on(st, "D18")
    for seat in st.to_act():
        st.apply(seat, "vote yes")
    assert st.stage == "exchange"
    text = GAME.summary(st.view(0))
    assert "Bergen 12 mark → 3 VP" in text


def test_the_order_event_says_whether_it_is_delivered_this_thursday() -> None:
    from rules.colonia import text
    from rules.core import Event

    above = Event("order", {"seat": 1, "craftsman": "painter", "members": 2, "space": 2, "above": True})
    below = Event("order", {"seat": 1, "craftsman": "painter", "members": 3, "space": 3, "above": False})
    assert text.event_text(above) == ("Seat 1 orders from the painter with 2 members on space 2 "
                                      "(delivered this Thursday).")
    assert "(below the line: may wait for the dice)" in text.event_text(below)
    assert "stick" not in text.event_text(below)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_a_family_card_asking_more_than_the_reserve_says_it_counts_zero_in_every_language(lang: str) -> None:
    """Issue 42, item 5: two members in reserve, card 3 playable: the label every menu shows (``describe_for``, which
    the service's menu, /move and the terminal use) says the card counts 0, in each language, within 100 characters;
    a seat with enough members is promised its votes."""
    from bot.lang import speaking

    st = fresh(4)
    st.street[0], st.reserve[0] = [1, 2, 0, 0], 2
    with speaking(lang):
        label, enough = st.describe_for(0, "family 3"), st.describe_for(1, "family 3")
        votes = _n_votes(3)
    assert " 0" in label and votes not in label and len(label) <= 100, label
    assert votes in enough and " 0" not in enough, enough
    for seat in range(4):  # and the rules agree: the card counts 0
        st.apply(seat, f"family {3 + seat}")
    assert st.zero[0] and st.voting_weight(0) == 0


def _n_votes(n: int) -> str:
    from rules.colonia.names import _n

    return _n("{n} vote", "{n} votes", n).format(n=n)
