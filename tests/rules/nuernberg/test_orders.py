"""Nürnberg: decline offers for the rest of the turn; the proposer's lone withdraw is no forced step."""

from __future__ import annotations

import rules

GAME = rules.get_game("nuernberg")


def test_decline_offers_for_the_rest_of_the_turn() -> None:
    view = {"phase": "offer", "active": 0, "turn": 7}
    assert [o for o, _ in GAME.standing_orders(view, 1)] == ["decline"]
    assert GAME.standing_orders(view, 0) == []  # the active player makes the offers
    assert GAME.standing_scope("decline", view, 1) == "t7"
    assert GAME.standing_answer("decline", view, ["accept", "decline"], 1) == "decline"
    assert GAME.standing_answer("decline", {**view, "phase": "main"}, ["end"], 1) is None
    assert GAME.standing_scope("decline", {**view, "turn": 8, "active": 1}, 1) is None  # the turn moved on: lapsed
    assert GAME.standing_scope("decline", {**view, "turn": 8}, 1) != "t7"


def test_forced_steps() -> None:
    state = GAME.new_state(3, 1)
    view = state.view(0)
    assert GAME.forced_action(view, ["draw"], 0) == "draw"
    # Issue 20: the proposer is awaited only once every addressee answered; "withdraw" alone (no answer they can
    # take) then just closes the offer. An addressee is never answered for (see test_trading).
    assert GAME.forced_action(view, ["withdraw"], 0) == "withdraw"
    assert GAME.forced_action(view, ["accept", "decline"], 0) is None
