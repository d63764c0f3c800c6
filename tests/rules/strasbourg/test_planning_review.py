"""Issue 19, planning: placing the last card opens a private review; unplace / restart undo until confirm; a
one-line split; nothing reaches the others before the confirmation."""

from __future__ import annotations

import json

import pytest

from rules import IllegalAction
from rules.strasbourg import GAME
from rules.strasbourg.state import StrasbourgState
from tests.rules.strasbourg.helpers import fresh, stack_deck, start_planning


def _drawn(cards: list[int], n: int = 3) -> StrasbourgState:
    """Seat 0 has drawn ``cards`` and stopped: it is splitting."""
    state = fresh(n)
    start_planning(state)
    stack_deck(state, 0, cards)
    for _ in cards:
        state.apply(0, "draw")
    state.apply(0, "stop")
    return state


def test_placing_the_last_card_opens_a_review_not_a_commitment() -> None:
    state = _drawn([6, 5, 1])
    seen = {v: state.view(v) for v in (None, 1)}
    events = state.apply(0, "add all")
    assert events == [] and state.players[0]["plan"] == "review"
    assert state.legal_actions(0) == ["confirm", "unplace", "restart"]
    assert state.describe_for(0, "confirm").startswith("Confirm these stacks: 6+5+1")
    assert state.to_act() == [0, 1, 2]
    for viewer in (None, 1):  # the review is invisible: the others' views do not change at all
        assert state.view(viewer) == seen[viewer]


def test_unplace_takes_back_the_last_card_even_from_a_closed_stack() -> None:
    state = _drawn([6, 5, 1])
    for action in ("add 6", "close", "add 5", "add 1"):
        state.apply(0, action)
    assert state.players[0]["stacks"] == [[6], [5, 1]]
    state.apply(0, "unplace")
    assert state.players[0]["plan"] == "split" and state.players[0]["hand"] == [1]
    assert state.players[0]["open"] == [5] and state.players[0]["stacks"] == [[6]]
    state.apply(0, "unplace")
    state.apply(0, "unplace")  # reopens [6] and takes the 6 back
    assert state.players[0]["stacks"] == [] and state.players[0]["open"] == []
    assert sorted(state.players[0]["hand"]) == [1, 5, 6]
    assert "unplace" not in state.legal_actions(0) and "restart" not in state.legal_actions(0)


def test_a_stray_singles_can_be_undone_and_confirm_commits() -> None:
    state = _drawn([4, 3, 2])
    state.apply(0, "singles")
    state.apply(0, "restart")
    assert sorted(state.players[0]["hand"]) == [2, 3, 4] and state.players[0]["stacks"] == []
    state.apply(0, "add 4")
    state.apply(0, "add 3")
    state.apply(0, "close")
    state.apply(0, "add 2")
    events = state.apply(0, "confirm")
    assert state.players[0]["plan"] == "ready" and state.players[0]["stacks"] == [[4, 3], [2]]
    assert [(e.kind, e.to) for e in events] == [("stacks_private", 0), ("planned", None)]
    assert state.to_act() == [1, 2]


@pytest.mark.parametrize("typed", ["split 6 | 5 1 | 4", "6 | 5 1 | 4", "split 6|5+1|4", "6 | 1,5 | 4"])
def test_a_one_line_split(typed: str) -> None:
    state = _drawn([6, 5, 1, 4])
    state.apply(0, "add 6")  # a split typed in one line replaces whatever was placed
    state.apply(0, typed)
    p = state.players[0]
    assert p["plan"] == "review" and sorted(map(sorted, p["stacks"])) == [[1, 5], [4], [6]]
    assert not GAME.public_action(typed)  # it names hidden cards


def test_a_one_line_split_can_replace_a_reviewed_split() -> None:
    state = _drawn([6, 5])
    state.apply(0, "singles")
    state.apply(0, "split 6 5")
    assert state.players[0]["stacks"] == [[6, 5]] and state.players[0]["plan"] == "review"


@pytest.mark.parametrize("typed", ["split 6 | 5", "split 6 | 5 1 | 4 | 4", "split 6 5 1 9"])
def test_a_split_that_is_not_exactly_the_drawn_cards_is_refused_with_the_reason(typed: str) -> None:
    state = _drawn([6, 5, 1, 4])
    before = state.dump()
    with pytest.raises(IllegalAction, match="does not use exactly the cards you drew this round") as err:
        state.apply(0, typed)
    assert "(6, 5, 1, 4)" in str(err.value)
    assert state.dump() == before
    with pytest.raises(IllegalAction, match="no empty stack"):
        state.apply(0, "split 6 | | 5 1 4")


def test_other_seats_old_stacks_stay_out_of_a_split() -> None:
    state = _drawn([6, 5])
    state.players[0]["stacks"].insert(0, [3])  # a stack kept from an earlier round is not this round's
    state.players[0]["new_from"] = 1
    state.players[0]["deck"].remove(3)
    with pytest.raises(IllegalAction):
        state.apply(0, "split 3 | 6 5")
    state.apply(0, "split 6 | 5")
    assert state.players[0]["stacks"] == [[3], [6], [5]]


def test_an_old_snapshot_in_mid_split_still_loads_and_plays() -> None:
    state = _drawn([6, 5])
    data = json.loads(state.dump())
    data["players"][0]["restarts"] = 3  # the old field is ignored
    old = GAME.load(json.dumps(data)) if hasattr(GAME, "load") else StrasbourgState.from_json(data)
    assert "restart" not in old.legal_actions(0)  # nothing placed yet
    old.apply(0, "singles")
    assert "restart" in old.legal_actions(0)


def test_the_confirm_label_fits_a_menu_even_with_every_card_single() -> None:
    state = _drawn([6, 6, 6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1])
    state.apply(0, "singles")
    assert state.players[0]["plan"] == "review"
    label = state.describe_for(0, "confirm")
    assert label.startswith("Confirm these 23 stacks: 6 6 6 6 5") and len(label) <= 100
