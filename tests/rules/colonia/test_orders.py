"""Colonia's standing order: pass in the current loop; it lapses when the loop ends."""

from __future__ import annotations

import rules
from rules.core import Rng

GAME = rules.get_game("colonia")


def test_pass_in_this_loop_is_offered_answers_and_lapses_with_the_loop() -> None:
    state = GAME.new_state(4, 5)
    seen = 0
    while not state.is_over() and seen < 3:
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if view["loop"] is not None:
            offers = GAME.standing_orders(view, seat)
            assert offers[0][0] == "pass" and "loop" in offers[0][1]
            assert all(o.startswith("next ") for o, _ in offers[1:])  # the plan-ahead actions (test_plans.py)
            scope = GAME.standing_scope("pass", view, seat)
            assert scope is not None
            assert GAME.standing_answer("pass", view, legal, seat) == "pass"
            assert GAME.standing_answer("nonsense", view, legal, seat) is None
            kind, week, day = view["loop"]["kind"], view["week"], view["day"]
            state.apply(seat, "pass")  # the seat passed: nothing more to order in this loop
            after = state.view(seat)
            if after["loop"] is not None and (after["loop"]["kind"], after["week"], after["day"]) == (kind, week, day):
                assert GAME.standing_orders(after, seat) == []  # no pass, and no plan either
            assert GAME.standing_scope("pass", after, seat) != scope  # passed, or the loop ended: lapsed
            seen += 1
            continue
        assert GAME.standing_orders(view, seat) == []
        assert GAME.standing_scope("pass", view, seat) is None
        state.apply(seat, GAME.bot_action(view, legal, seat, Rng(5, "bot", state.ply)))
    assert seen == 3
