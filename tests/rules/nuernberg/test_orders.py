"""Nürnberg: decline offers for the rest of the turn; the proposer's lone withdraw is no forced step."""

from __future__ import annotations

import rules

GAME = rules.get_game("nuernberg")


def test_decline_offers_for_the_rest_of_the_turn() -> None:
    view = {"phase": "offer", "active": 0, "turn": 7, "num_players": 4}
    assert [o for o, _ in GAME.standing_orders(view, 1)] == ["decline", "decline until mine"]
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


def test_decline_offers_until_my_next_turn_covers_the_turns_in_between() -> None:
    view = {"phase": "offer", "active": 0, "turn": 7, "num_players": 4}
    labels = dict(GAME.standing_orders(view, 2))
    assert "turn 9" in labels["decline until mine"]  # seat 2 plays turn 9 (turn 8 is seat 1's)
    key = GAME.standing_scope("decline until mine", view, 2)
    # the same through seat 0's and seat 1's turns, so every offer until then is declined for seat 2 ...
    for later in ({**view, "phase": "main"}, {**view, "turn": 8, "active": 1}):
        assert GAME.standing_scope("decline until mine", later, 2) == key
    assert GAME.standing_answer("decline until mine", {**view, "turn": 8, "active": 1}, ["accept", "decline"],
                                2) == "decline"
    # ... and it lapses when seat 2's own turn begins (and is never offered to the active player)
    assert GAME.standing_scope("decline until mine", {**view, "turn": 9, "active": 2}, 2) is None
    assert GAME.standing_orders({**view, "active": 2}, 2) == []


def test_end_my_turn_after_my_next_move() -> None:
    state = GAME.new_state(3, 2)
    while state.phase != "main":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    view = state.view(seat)
    (order, label), = [o for o in GAME.standing_orders(view, seat) if o[0].startswith("end after")]
    assert f"turn {view['turn']}" in label and len(order) <= 40
    key = GAME.standing_scope(order, view, seat)
    assert key is not None and GAME.standing_answer(order, view, state.legal_actions(seat), seat) is None
    moved = {**view, "players": [dict(p) for p in view["players"]]}
    moved["players"][seat]["gold"] = int(moved["players"][seat]["gold"]) + 1  # as after a move of theirs
    assert GAME.standing_answer(order, moved, ["end", "bank"], seat) == "end"
    assert GAME.standing_answer(order, {**moved, "menu": "bank"}, ["bank wool"], seat) is None  # not inside a menu
    assert GAME.standing_scope(order, moved, seat) == key
    later = {**view, "active": (seat + 1) % 3, "turn": view["turn"] + 1}
    assert GAME.standing_scope(order, later, seat) is None  # the turn passed on: lapsed
    assert all(not o.startswith("end after") for o, _l in GAME.standing_orders(later, seat))


def test_take_the_first_acceptance_of_my_offer() -> None:
    offer = {"from": 0, "to": [1, 2], "give": {"wool": 1}, "want": {"ore": 1}, "answers": {}, "declined": []}
    view = {"phase": "offer", "active": 0, "turn": 4, "num_players": 3, "offers_left": 2, "offer": offer}
    assert [o for o, _l in GAME.standing_orders(view, 0)] == ["take first"]
    key = GAME.standing_scope("take first", view, 0)
    answered = {**view, "offer": {**offer, "answers": {"1": {"give": {"gold": 2}, "want": {"wool": 1}},
                                                         "2": "accept"}}}
    assert GAME.standing_scope("take first", answered, 0) == key
    assert GAME.standing_answer("take first", answered, ["take 1", "take 2", "withdraw"], 0) == "take 2"
    countered = {**view, "offer": {**offer, "answers": {"1": {"give": {"gold": 2}, "want": {"wool": 1}},
                                                          "2": "decline"}}}
    assert GAME.standing_answer("take first", countered, ["take 1", "withdraw"], 0) is None  # a counter: ask
    later = {**view, "phase": "main", "offer": None, "offers_left": 1}
    assert GAME.standing_scope("take first", later, 0) is None  # that offer is over: lapsed
