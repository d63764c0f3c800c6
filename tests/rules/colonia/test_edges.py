"""Edge cases the rulings settle (A9, A12, A13, A19; docs/rules/colonia.md) and rules around the passing loops."""

from __future__ import annotations

from rules.colonia import data as D
from rules.colonia.checks import invariants

from .helpers import clear_raw, fresh, give_raw, go, put_relic_on_display, start_loop, tidy_week, week_running


def test_a9_more_than_ten_insured_cards_draw_none_and_the_surplus_stays_on_extra_spaces() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    for j in range(2):
        card = st.relic_deck[j]
        put_relic_on_display(st, card, j, extra=True)
    for card in [c for c in st.display + st.display_x if c]:
        st.insured[card] = 0
        st.reserve[0] -= 1
    tidy_week(st)
    deck = len(st.relic_deck)
    go(st, 7, "end")
    assert sum(1 for c in st.display if c) == 10 and sum(1 for c in st.display_x if c) == 2
    assert len(st.relic_deck) == deck
    assert not invariants(st)


def test_a12_a_full_order_column_takes_no_new_order() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.cols[0] = [[1, 1] for _ in range(D.ORDER_SPACES)]
    st.reserve[1] -= D.ORDER_SPACES
    clear_raw(st)
    give_raw(st, 0, leather=1, iron=1)
    start_loop(st, 4, "order")
    assert "order saddler" not in st.legal_actions(0)
    assert not st._is_legal(0, "order saddler")


def test_a13_a_short_bag_fills_the_stalls_in_order() -> None:
    st = fresh(3)
    tidy_week(st)
    clear_raw(st)
    # Leave 8 raw materials in the bag for Monday: the rest goes behind seat 0's screen.
    for m in range(5):
        take = min(st.bag[m], max(0, sum(st.bag) - 8))
        st.bag[m] -= take
        st.raw[0][m] += take
    st.week_deck.remove("W01")
    st.week_deck.append("W01")  # stalls 6 / 5 / 4 / 3 / 2 / 2
    st.week = 2
    for seat in range(3):
        st.cards_left[seat] = [3, 4, 5, 6, 7]
    st.stick = [0] * 5
    for slot in st.slots:
        assert slot[1] is not None
    st.slots = []
    go(st, 1, "")
    assert [sum(s) for s in st.stalls[: D.REGULAR_STALLS]] == [6, 2, 0, 0, 0, 0]
    assert not invariants(st)


def test_a19_a_zero_card_player_still_acts_last_in_the_loops() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[1, 0, 2], zero=(2,))
    start_loop(st, 3, "stall")
    st.apply(1, "pass")
    st.apply(0, "pass")
    assert st.to_act() == [2] and len(st.legal_actions(2)) > 1


def test_a_pass_is_final_for_the_day_but_not_for_the_next_loop() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    start_loop(st, 7, "buy")
    st.apply(0, "pass")
    assert st.loop["passed"][0]
    while st.loop["kind"] == "buy":
        st.apply(st.to_act()[0], "pass")
    assert st.loop["kind"] == "insure" and st.to_act() == [0]


def test_week_six_sunday_has_no_insurance_and_ends_the_game() -> None:
    st = fresh(3)
    st.week = 6
    for seat in range(3):
        st.cards_left[seat] = [3, 4, 5, 6, 7, 8]
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    tidy_week(st)
    for seat in range(3):
        st.cards_left[seat] = []
    start_loop(st, 7, "buy")
    for _ in range(3):
        st.apply(st.to_act()[0], "pass")
    assert st.is_over() and st.final is not None
    assert st.legal_actions(0) == []
