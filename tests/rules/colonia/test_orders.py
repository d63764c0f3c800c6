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
            # the plan-ahead actions (test_plans.py), then the votes given ahead (below)
            assert all(o.startswith(("next ", "vote ")) for o, _ in offers[1:])
            scope = GAME.standing_scope("pass", view, seat)
            assert scope is not None
            assert GAME.standing_answer("pass", view, legal, seat) == "pass"
            assert GAME.standing_answer("nonsense", view, legal, seat) is None
            kind, week, day = view["loop"]["kind"], view["week"], view["day"]
            state.apply(seat, "pass")  # the seat passed: nothing more to order in this loop
            after = state.view(seat)
            if after["loop"] is not None and (after["loop"]["kind"], after["week"], after["day"]) == (kind, week, day):
                # no pass, and no plan either: only the votes on the week's decrees, given ahead
                assert all(o.startswith("vote ") for o, _ in GAME.standing_orders(after, seat))
            assert GAME.standing_scope("pass", after, seat) != scope  # passed, or the loop ended: lapsed
            seen += 1
            continue
        assert all(o.startswith("vote ") for o, _ in GAME.standing_orders(view, seat))
        assert GAME.standing_scope("pass", view, seat) is None
        state.apply(seat, GAME.bot_action(view, legal, seat, Rng(5, "bot", state.ply)))
    assert seen == 3


def test_a_vote_given_ahead_plays_when_its_decree_comes_to_the_vote() -> None:
    game = GAME
    state = game.new_state(4, 3)
    seat = state.to_act()[0]
    view = state.view(seat)
    pending = [d["id"] for d in view["decrees"] if d["result"] is None]
    offered = [o for o, _label in game.standing_orders(view, seat) if o.startswith("vote ")]
    assert offered == [f"vote {did} {yes}" for did in pending for yes in ("yes", "no")]
    first = pending[0]
    order = f"vote {first} no"
    assert game.standing_kind(order) == f"vote {first}" != game.standing_kind(f"vote {pending[1]} no")
    key = game.standing_scope(order, view, seat)
    assert key is not None and game.standing_answer(order, view, state.legal_actions(seat), seat) is None
    # play on (bots) until that decree's vote is open for the seat: the order answers it, and only it
    rng = Rng(3, "test")
    for _ in range(2000):
        awaited = state.to_act()
        mine = state.view(seat)
        if (mine.get("vote") or {}).get("decree") == first and seat in awaited:
            assert game.standing_scope(order, mine, seat) == key
            assert game.standing_answer(order, mine, state.legal_actions(seat), seat) == "vote no"
            assert game.standing_answer(f"vote {first} yes", mine, state.legal_actions(seat), seat) == "vote yes"
            break
        s = awaited[0]
        legal = state.legal_actions(s)
        state.apply(s, game.bot_action(state.view(s), legal, s, rng))
    else:
        raise AssertionError(f"{first} never came to the vote for seat {seat}")
    done = state.view(seat)
    state.apply(seat, "vote no")
    while (state.view(seat).get("vote") or {}).get("decree") == first:  # the others vote
        s = state.to_act()[0]
        state.apply(s, game.bot_action(state.view(s), state.legal_actions(s), s, rng))
    assert game.standing_scope(order, state.view(seat), seat) is None  # its vote is over: lapsed
    assert done["vote"]["decree"] == first
