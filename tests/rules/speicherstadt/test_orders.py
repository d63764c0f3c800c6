"""Speicherstadt's standing order "buy column C for N coins or less": declines above N, buys at N or less."""

from __future__ import annotations

import rules
from rules.core import Rng

GAME = rules.get_game("speicherstadt")


def test_upto_declines_above_the_limit_buys_at_it_and_lapses_with_the_column() -> None:
    state = GAME.new_state(4, 3)
    checked = 0
    while not state.is_over() and checked < 5:
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if view["phase"] == "purchase":
            col = view["deciding"]
            price = len(view["row"][col - 1]["workers"])
            ids = [o for o, _ in GAME.standing_orders(view, seat)]
            assert f"upto {col} 0" in ids and f"upto {col} {view['players'][seat]['coins'] + 1}" not in ids
            assert GAME.standing_scope(f"upto {col} {price}", view, seat) == f"r{view['round']}:c{col}"
            assert GAME.standing_answer(f"upto {col} {price}", view, legal, seat) == "buy"
            assert GAME.standing_answer(f"upto {col} {price - 1}", view, legal, seat) == "decline"
            assert GAME.standing_answer(f"upto {col + 1} 9", view, legal, seat) is None  # another column: ask
            scope = GAME.standing_scope(f"upto {col} {price}", view, seat)
            state.apply(seat, "buy")
            after = state.view(seat)
            assert GAME.standing_scope(f"upto {col} {price}", after, seat) != scope  # sold: lapsed
            checked += 1
            continue
        state.apply(seat, GAME.bot_action(view, legal, seat, Rng(3, "bot", state.ply)))
    assert checked == 5


def test_junk_order_ids_are_no_orders() -> None:
    view = GAME.new_state(2, 1).view(0)
    for junk in ("upto", "upto x 1", "upto 1", "buy 1 2", ""):
        assert GAME.standing_scope(junk, view, 0) is None
        assert GAME.standing_answer(junk, view, ["buy", "decline"], 0) is None


def _to_demand(players: int = 4, seed: int = 3):  # type: ignore[no-untyped-def]
    state = GAME.new_state(players, seed)
    while state.view(None)["phase"] != "demand":
        seat = state.to_act()[0]
        state.apply(seat, GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(seed, state.ply)))
    return state


def _plan_id(view: dict, seat: int, *cols: int) -> str:  # type: ignore[type-arg]
    """The offered plan-ahead order for ``cols`` (the counts of workers above them in its id)."""
    wanted = "place " + " ".join(f"{c}.{len(view['row'][c - 1]['workers'])}" for c in cols)
    assert wanted in [o for o, _ in GAME.standing_orders(view, seat)]
    return wanted


def test_a_plan_places_when_the_turn_comes_only_if_nobody_else_placed_there() -> None:
    state = _to_demand()
    first = state.to_act()[0]
    planner = (first + 1) % 4
    view = state.view(planner)
    plan = _plan_id(view, planner, 2)
    assert GAME.standing_kind(plan) == "plan" and GAME.standing_kind("upto 2 1") == "upto2"
    assert GAME.standing_kind("upto 3 0") == "upto3" and GAME.standing_kind("junk") == ""  # one per column
    given = GAME.standing_scope(plan, view, planner)
    assert given is not None
    # the first seat places elsewhere: the plan stands and places when the planner's turn comes
    state.apply(first, "place 1")
    view = state.view(planner)
    assert GAME.standing_scope(plan, view, planner) == given
    assert GAME.standing_answer(plan, view, state.legal_actions(planner), planner) == "place 2"
    assert GAME.standing_answer(plan, state.view(first), [], first) is None  # not awaited: nothing
    state.apply(planner, "place 2")
    assert GAME.standing_scope(plan, state.view(planner), planner) != given  # played: one-shot


def test_a_plan_lapses_with_a_reason_when_another_seat_places_above_its_column() -> None:
    state = _to_demand()
    first = state.to_act()[0]
    planner = (first + 1) % 4
    plan = _plan_id(state.view(planner), planner, 3)
    given = GAME.standing_scope(plan, state.view(planner), planner)
    state.apply(first, "place 3")
    view = state.view(planner)
    assert GAME.standing_scope(plan, view, planner) is None  # lapsed
    assert GAME.standing_answer(plan, view, state.legal_actions(planner), planner) is None
    note = GAME.standing_lapsed(plan, view, planner)
    assert given is not None and note is not None and "card 3" in note and "another player placed" in note
    # an order whose Demand phase is over says nothing; junk ids are no plans
    while state.view(None)["phase"] == "demand":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert GAME.standing_lapsed(plan, state.view(planner), planner) is None
    for junk in ("place", "place x", "place 99.0", "place 2", "place 1.0 2.0 3.0", "place 1.x"):
        assert GAME.standing_scope(junk, view, planner) is None


def test_a_plan_with_a_fallback_takes_the_second_column_when_the_first_was_taken() -> None:
    state = _to_demand()
    first = state.to_act()[0]
    planner = (first + 1) % 4
    plan = _plan_id(state.view(planner), planner, 3, 4)
    given = GAME.standing_scope(plan, state.view(planner), planner)
    state.apply(first, "place 3")  # the first choice is taken: the plan stands, for column 4
    view = state.view(planner)
    assert GAME.standing_scope(plan, view, planner) == given
    assert GAME.standing_answer(plan, view, state.legal_actions(planner), planner) == "place 4"
    # both taken (two seats place before the planner's turn): lapsed, with the reason
    state = _to_demand()
    planner = (first + 2) % 4
    plan = _plan_id(state.view(planner), planner, 3, 4)
    for _i in range(4):  # around the table until the planner's turn comes again, others on 3 and 4
        seat = state.to_act()[0]
        if seat == planner:
            break
        state.apply(seat, "place 3" if _i == 0 else "place 4")
    view = state.view(planner)
    assert GAME.standing_scope(plan, view, planner) is None
    note = GAME.standing_lapsed(plan, view, planner)
    assert note is not None and "card 3 or 4" in note and "above both" in note


def test_orders_menus_and_commands_name_a_card_by_its_number_alike() -> None:
    """Issue 42, item 14: the menu said "card 3", the orders "column 3", Discord ``column:3``: one word, "card"."""
    from bot.discord.commands.specs.speicherstadt import SPEC
    from bot.lang import speaking

    state = _to_demand()
    seat = state.to_act()[0]
    labels = [label for _order, label in GAME.standing_orders(state.view(seat), seat)]
    assert any("above card 2 (" in label for label in labels) and not any("column" in lb for lb in labels)
    assert "card 2" in state.describe_for(seat, "place 2")
    assert next(v for v in SPEC.verbs if v.word == "place").arg == "card"
    with speaking("de"):  # and the plan-ahead label reads as German
        labels = [label for _order, label in GAME.standing_orders(state.view(seat), seat)]
    assert any(lb.endswith("setzen, wenn vorher niemand sonst dort einen Arbeiter setzt") for lb in labels), labels
