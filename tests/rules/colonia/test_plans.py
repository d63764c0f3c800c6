"""Colonia's plan-ahead orders ("my next action in this loop: X, if nobody takes its target first"): offered for
exactly the seat's legal loop actions, one-shot, lapsed with a private reason when another player takes the target."""

from __future__ import annotations

import rules
from rules.colonia import plans
from rules.core import Rng
from tests.rules.colonia.helpers import clear_raw, fresh, give_raw, start_loop, week_running

GAME = rules.get_game("colonia")


def _plans(view: dict, seat: int) -> dict[str, str]:  # type: ignore[type-arg]
    """planned action -> order id, of the plans offered to ``seat``."""
    out = {}
    for order_id, label in GAME.standing_orders(view, seat):
        parsed = plans.parse(order_id)
        if parsed is not None:
            assert GAME.standing_kind(order_id) == "plan" and label.startswith("My next action in this")
            if len(parsed) == 1:
                out[parsed[0][0]] = order_id
    return out


def test_plans_are_offered_for_the_legal_loop_actions_answer_them_and_end_with_the_seats_own_action() -> None:
    state = GAME.new_state(4, 2)
    kinds: set[str] = set()
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        choice = GAME.bot_action(view, legal, seat, Rng(2, "bot", state.ply))
        if view["loop"] is not None and view["pending"] is None:
            offered = _plans(view, seat)
            assert set(offered) == set(legal) - {"pass"}  # the seat's own view tells exactly what it may do
            assert GAME.standing_kind("pass") == ""
            for action, order_id in offered.items():
                assert GAME.standing_scope(order_id, view, seat) is not None
                assert GAME.standing_answer(order_id, view, legal, seat) == action
            if choice in offered:
                kinds.add(view["loop"]["kind"])
                order_id = offered[choice]
                scope = GAME.standing_scope(order_id, view, seat)
                state.apply(seat, choice)
                after = state.view(seat)
                assert GAME.standing_scope(order_id, after, seat) != scope  # its own action ends it: one-shot
                assert GAME.standing_lapsed(order_id, after, seat) is None  # (taken by itself: nothing to explain)
                continue
        state.apply(seat, choice)
    assert kinds >= {"stall", "order", "load"}


def _thursday():  # type: ignore[no-untyped-def]
    """Thursday's craftsmen loop, seats 0 then 1 then 2 then 3; seats 0 and 1 can order a saddle (leather+iron)."""
    st = fresh()
    week_running(st, [8, 7, 6, 5], order=[0, 1, 2, 3])
    clear_raw(st)
    for seat in (0, 1):
        give_raw(st, seat, leather=2, iron=2)
    give_raw(st, 2, wood=1, linen=1)
    start_loop(st, 4, "order")
    assert st.to_act() == [0]
    return st


def test_a_plan_plays_when_its_situation_holds_and_lapses_with_a_reason_when_another_takes_its_target() -> None:
    st = _thursday()
    view1 = st.view(1)
    saddle = _plans(view1, 1)["order saddler"]
    assert saddle.startswith("next order saddler@")
    scope = GAME.standing_scope(saddle, view1, 1)
    # seat 0 orders elsewhere: seat 1's plan still holds and plays when its turn comes
    st.apply(0, "pass")
    view1 = st.view(1)
    assert st.to_act() == [1] and GAME.standing_scope(saddle, view1, 1) == scope
    assert GAME.standing_answer(saddle, view1, st.legal_actions(1), 1) == "order saddler"
    assert GAME.standing_lapsed(saddle, view1, 1) is None

    st = _thursday()
    saddle = _plans(st.view(1), 1)["order saddler"]
    st.apply(0, "order saddler")  # seat 0 orders at the saddler first: the next order there costs more
    view1 = st.view(1)
    assert "order saddler" in st.legal_actions(1)  # still legal, but not what was planned
    assert GAME.standing_scope(saddle, view1, 1) is None
    assert GAME.standing_answer(saddle, view1, st.legal_actions(1), 1) is None
    note = GAME.standing_lapsed(saddle, view1, 1)
    assert note is not None and "saddler" in note and "asked as usual" in note
    # a fresh plan names the new situation
    assert _plans(view1, 1)["order saddler"] != saddle


def test_a_plan_for_another_loop_or_junk_is_no_order() -> None:
    st = _thursday()
    view = st.view(1)
    for junk in ("next", "next order", "next order saddler", "next order saddler@x", "next stall 1",
                 "next load S01", "next fly 1", "order saddler"):
        assert GAME.standing_scope(junk, view, 1) is None, junk
        assert GAME.standing_answer(junk, view, st.legal_actions(1), 1) is None
        assert GAME.standing_lapsed(junk, view, 1) is None
    assert GAME.standing_kind("next order saddler") == ""  # not a plan's id: the usual kind


def test_a_plan_with_a_fallback_plays_it_when_the_first_target_was_taken_and_lapses_when_both_were() -> None:
    st = _thursday()  # seat 1 holds leather and iron: it may order from the saddler, or the wheelwright with wood
    give_raw(st, 1, wood=1)
    view1 = st.view(1)
    offered = {o: label for o, label in GAME.standing_orders(view1, 1)}
    both = plans.plan_id(view1, "order saddler", "order wheelwright")
    assert both in offered and "else an order from the wheelwright" in offered[both]
    assert len(both) <= 60  # the service's longest order id
    st.apply(0, "order saddler")  # the first target is taken: the fallback plays
    view1 = st.view(1)
    assert GAME.standing_scope(both, view1, 1) is not None and GAME.standing_lapsed(both, view1, 1) is None
    assert GAME.standing_answer(both, view1, st.legal_actions(1), 1) == "order wheelwright"

    st = _thursday()
    give_raw(st, 0, wood=1)
    give_raw(st, 1, wood=1)
    both = plans.plan_id(st.view(1), "order saddler", "order wheelwright")
    st.apply(0, "order wheelwright")  # seat 0 takes the fallback's target: the first still holds
    assert GAME.standing_answer(both, st.view(1), st.legal_actions(1), 1) == "order saddler"
    st = _thursday()  # seat 2 plans both; seats 0 and 1, before it, take one target each
    give_raw(st, 1, wood=1)
    give_raw(st, 2, leather=1, iron=1)
    both = plans.plan_id(st.view(2), "order saddler", "order wheelwright")
    assert both in {o for o, _l in GAME.standing_orders(st.view(2), 2)}
    st.apply(0, "order saddler")
    assert GAME.standing_scope(both, st.view(2), 2) is not None
    st.apply(1, "order wheelwright")
    view2 = st.view(2)
    assert GAME.standing_scope(both, view2, 2) is None
    note = GAME.standing_lapsed(both, view2, 2)
    assert note is not None and "saddler" in note and "wheelwright" in note and "asked as usual" in note
