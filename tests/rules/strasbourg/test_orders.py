"""Strasbourg's plan-ahead bids (rules/strasbourg/orders.py): "pass in step X" holds whatever happens before the
seat's turn; "in step X reveal my stack 5+1 if nobody before me has revealed one" plays only in that situation,
else lapses with a reason; one order per step; each ends with its step."""

from __future__ import annotations

from rules.strasbourg import GAME
from tests.rules.strasbourg.helpers import action_state, play

STACKS = [[[2], [3]], [[5], [4]], [[6], [1]], [[4, 1], [3], [6]]]


def ids(state, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    return [o for o, _label in GAME.standing_orders(state.view(seat), seat)]


def test_a_planned_pass_plays_when_the_turn_comes_whatever_the_others_did() -> None:
    state = action_state(4, "A", STACKS, first=0)
    offered = ids(state, 3)
    assert "bid A pass" in offered and "bid A 4+1" in offered and "bid B pass" in offered
    assert "bid H pass" not in offered and "bid A 9" not in offered  # no bid in H; only its own stacks
    assert GAME.standing_kind("bid A pass") == "bidA" and GAME.standing_kind("bid C 4+1") == "bidC"
    given = GAME.standing_scope("bid A pass", state.view(3), 3)
    assert given is not None
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "pass"))  # seat 3's turn in step A
    view = state.view(3)
    assert GAME.standing_scope("bid A pass", view, 3) == given
    assert GAME.standing_answer("bid A pass", view, state.legal_actions(3), 3) == "pass"
    assert GAME.standing_lapsed("bid A pass", view, 3) is None


def test_a_planned_reveal_plays_only_if_nobody_before_revealed() -> None:
    state = action_state(4, "A", STACKS, first=0)
    given = GAME.standing_scope("bid A 6", state.view(3), 3)
    play(state, (0, "pass"), (1, "pass"), (2, "pass"))
    view = state.view(3)
    assert GAME.standing_scope("bid A 6", view, 3) == given
    assert GAME.standing_answer("bid A 6", view, state.legal_actions(3), 3) == "reveal 3"  # named by its cards
    # someone before reveals: the plan lapses, and says why
    state = action_state(4, "A", STACKS, first=0)
    play(state, (0, "pass"), (1, "reveal 1"))
    view = state.view(3)
    assert GAME.standing_scope("bid A 6", view, 3) is None
    assert GAME.standing_answer("bid A 6", view, ["reveal 3", "pass"], 3) is None
    note = GAME.standing_lapsed("bid A 6", view, 3)
    assert note is not None and "stack 6 in step A" in note and "another player revealed" in note
    # a plan for a later step is untouched by a reveal in this one; it ends with its step
    assert GAME.standing_scope("bid B 6", view, 3) is not None


def test_junk_and_gone_plans_are_no_orders() -> None:
    state = action_state(4, "B", STACKS, first=0)
    view = state.view(3)
    for junk in ("bid", "bid A pass", "bid B", "bid Z pass", "bid B 12", "bid B x", "bid B 9+9"):
        assert GAME.standing_scope(junk, view, 3) is None, junk  # A is over; 9+9 is no stack of its own
