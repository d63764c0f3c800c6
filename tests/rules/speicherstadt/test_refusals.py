"""Issue 17: a well-formed action that is illegal gets the rules' own reason, through the rules and the terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import IllegalAction
from tests.rules.speicherstadt.helpers import (
    demand_state,
    give,
    goods,
    loading_state,
    purchase_state,
    slot,
    take_from_bag,
)
from tests.terminal.test_terminal import session


def refused(state: object, seat: int, action: str) -> str:
    before = state.dump()  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)  # type: ignore[attr-defined]
    assert state.dump() == before  # type: ignore[attr-defined]  # a refusal changes nothing
    return str(err.value)


def test_demand_refusals_name_the_card_or_the_phase() -> None:
    full = slot("A01", [0, 1, 2, 0, 1, 2, 0, 1])
    state = demand_state(3, [full, slot("A02"), slot("A05"), slot("A06")], turn=2, placed=8)
    assert refused(state, 2, "place 1") == "All 8 spaces above card 1 are taken: choose another card."
    assert refused(state, 2, "place 9") == "There is no card 9 in the row: choose a card from 1 to 4."
    assert refused(state, 2, "buy").startswith("It is the Demand phase: place a worker")
    assert state.refusal(2, "xyzzy") is None  # junk: the generic line


def test_purchase_refusal_names_the_card_on_sale() -> None:
    state = purchase_state(3, [slot("A05", [1])])
    assert refused(state, 1, "place 2") == "It is the Purchase phase: buy or decline Tea Taster (buy / decline)."


def test_loading_refusals_say_what_is_missing() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A02", "A05")  # coffee+tea contract, Tea Taster
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"tea": 1, "carpet": 2})
    p["hall"] = take_from_bag(state, {"rubber": 2})
    assert refused(state, 0, "done").startswith("You may keep at most 1 cube on your market hall, and it holds 2")
    assert "exactly 3 cubes on your market hall; it holds 2 cubes" in refused(state, 0, "convert tea")
    assert refused(state, 0, "sell carpet") == "You need the Carpet Trader to sell carpet."
    assert refused(state, 0, "store tea") == "You own no Warehouse."
    assert refused(state, 0, "fill A02 carpet") == "Contract coffee+tea takes no carpet: it needs coffee, tea."
    assert refused(state, 0, "fill A02 coffee").startswith("You have no coffee cube")
    assert refused(state, 0, "fill A03 tea") == "You have no contract A03."
    assert refused(state, 0, "fill a02 tea") == "Type the card as printed: fill A02 tea."
    assert refused(state, 0, "hall gold").startswith("There is no good 'gold'")
    assert refused(state, 0, "take tea wh") == "There is no tea in your warehouse."
    state.apply(0, "hall carpet")
    assert "needs exactly 2 cubes on it; it holds 3 cubes" in refused(state, 0, "marketsell")
    p["filled"]["A02"] = ["tea"]
    assert refused(state, 0, "fill A02 tea") == "Contract coffee+tea already holds its tea."


def test_a_full_warehouse_is_named() -> None:
    state = loading_state(3, [0])
    give(state, 0, "A06")
    p = state.players[0]
    p["wh"] = take_from_bag(state, {"tea": 4})
    p["hand"] = take_from_bag(state, {"tea": 1})
    assert refused(state, 0, "store tea") == "Your warehouse is full (4 cubes)."
    assert goods(tea=4) == p["wh"]


async def test_the_terminal_prints_the_rules_reason_for_a_typed_action(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    code, text = await session(db, "place 9\nbuy\nq\n", "--seats", "me,bot,bot", "--seed", "7", game="speicherstadt")
    assert code == 0
    assert "Refused: There is no card 9 in the row: choose a card from 1 to 4." in text
    assert "Refused: It is the Demand phase: place a worker above a card (place <card number>)." in text
