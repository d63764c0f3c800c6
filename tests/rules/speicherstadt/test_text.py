"""The readable summary: seats written as "Seat N" (the front ends put names there), cards explained."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bot.terminal.text import score_table
from rules import get_game
from rules.core import Outcome, Rng
from rules.speicherstadt.views import card_hint, summary
from tests.rules.speicherstadt.helpers import fresh, loading_state, take_from_bag

GAME = get_game("speicherstadt")


def test_the_row_names_whose_workers_stand_above_a_card() -> None:
    state = GAME.new_state(3, 5)
    for _ in range(4):  # four workers placed: some column has a worker
        seat = state.to_act()[0]
        state.apply(seat, GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(5, "bot", state.ply)))
    view = state.view(None)
    text = summary(view)
    row_lines = [line for line in text.splitlines() if re.match(r"\s+\d\. ", line)]
    assert len(row_lines) == len(view["row"])
    for slot, line in zip(view["row"], row_lines, strict=True):
        if slot["workers"]:
            named = ", ".join(f"Seat {s}" for s in slot["workers"])
            assert f"price {slot['price']}, workers (lowest first) {named}" in line
        else:
            assert "no workers yet" in line
    assert not re.search(r"workers [\d ]+", text)  # never bare seat numbers


def test_cards_say_what_they_are_good_for() -> None:
    slot = {"kind": "merchant", "info": {"good": "coffee", "points": 1}}
    assert card_hint(slot) == "sells coffee for 1 coin, 1 pt"
    assert card_hint({"kind": "contract", "info": {"goods": ["tea"], "points": 5}}) == "5 pts when complete"
    assert card_hint({"kind": "fireman", "info": {"value": 2}}) == ""


def test_demand_shows_the_workers_each_seat_still_places() -> None:
    state = GAME.new_state(3, 5)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    text = summary(state.view(None))
    assert f"Seat {seat}" in text and "2 workers to place" in text and "3 workers to place" in text


def test_purchase_labels_say_coins() -> None:
    state = GAME.new_state(3, 5)
    while state.phase != "purchase":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    labels = [state.describe(a) for a in state.legal_actions(state.to_act()[0])]
    assert any(re.fullmatch(r"Buy .+ for \d+ coins?", label) for label in labels)
    assert any(re.fullmatch(r"Decline .+ \(price \d+ coins?\)", label) for label in labels)


# ---- issue 17: the reserve, the market hall's rule, plurals, the tie-break -----------------------------------


def test_the_summary_shows_the_reserve_and_the_bag_in_every_phase() -> None:
    state = GAME.new_state(3, 5)
    seen = set()
    while state.phase != "over" and len(seen) < 3:
        view = state.view(None)
        text = summary(view)
        reserve = ", ".join(f"{n} {g}" for g, n in view["reserve"].items() if n) or "empty"
        assert f"Reserve: {reserve}; bag: {view['bag']} cube" in text
        seen.add(state.phase)
        seat = state.to_act()[0]
        state.apply(seat, GAME.bot_action(view, state.legal_actions(seat), seat, Rng(5, "bot", state.ply)))
    assert seen == {"demand", "purchase", "loading"}


def test_counts_of_one_are_singular() -> None:
    state = fresh(3)
    state.pile = ["E01"]
    text = summary(state.view(None))
    assert "Pile: 1 card, 1 fire to come" in text and "1 cards" not in text and "1 fires" not in text


def test_loading_explains_the_market_hall_and_why_end_loading_is_missing() -> None:
    state = loading_state(3, [0])
    p = state.players[0]
    p["hand"] = take_from_bag(state, {"tea": 1, "carpet": 1})
    p["hall"] = take_from_bag(state, {"rubber": 1})
    assert state.describe("hall tea") == "Put tea on your market hall (then 2 there: sell them for 1 coin)"
    text = summary(state.view(None))
    assert "market hall: 2 cubes on it sell for 1 coin, 3 trade for any 1 cube of the reserve" in text
    state.apply(0, "hall tea")
    assert "done" not in state.legal_actions(0)
    assert state.describe("hall carpet") == "Put carpet on your market hall (then 3 there: trade them for 1 cube of " \
                                            "the reserve)"
    assert "It holds 2: sell, convert or take cubes back before you can end loading." in summary(state.view(None))


def test_the_final_table_shows_the_coins_that_broke_a_tie() -> None:
    outcome = Outcome.from_scores([18, 18, 9], [{"fires": 18}, {"fires": 18}, {"fires": 9}], [3, 7, 1])
    table = SimpleNamespace(names=["Ana", "Bo", "Cy"], game="speicherstadt")
    text = score_table(table, outcome)  # type: ignore[arg-type]
    lines = text.splitlines()
    assert lines[0].split()[-1] == "Coins"
    assert lines[2].split()[:2] == ["1", "Bo"] and lines[2].split()[-1] == "7"
    assert lines[3].split()[:2] == ["2", "Ana"] and lines[3].split()[-1] == "3"
    assert "Tied scores are ranked by coins" in text
    untied = Outcome.from_scores([20, 18, 9], [{"fires": 20}, {"fires": 18}, {"fires": 9}], [3, 7, 1])
    assert "Coins" not in score_table(table, untied)  # type: ignore[arg-type]


def test_a_bought_card_says_who_paid_what() -> None:
    from tests.rules.speicherstadt.helpers import purchase_state, slot

    state = purchase_state(3, [slot("A05", [1, 2]), slot("A06", [0])])
    state.apply(1, "buy")
    view = state.view(None)
    assert view["row"][0]["paid"] == 2 and view["row"][0]["buyer"] == 1
    assert "Tea Taster (sells tea for 1 coin, 1 pt): bought by Seat 1 for 2 coins" in summary(view)


def test_the_card_being_sold_names_the_seat_that_decides() -> None:
    """The row line once put "← deciding" after the column's last worker while its first one was asked."""
    state = GAME.new_state(3, 5)
    while state.view(None)["phase"] != "purchase":
        seat = state.to_act()[0]
        state.apply(seat, GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(5, "bot", state.ply)))
    view = state.view(None)
    slot = view["row"][view["deciding"] - 1]
    decider = view["to_act"][0]
    assert decider in slot["workers"]
    line = next(line for line in summary(view).splitlines() if line.strip().startswith(f"{slot['col']}. "))
    assert line.endswith(f"; Seat {decider} decides"), line
    assert "←" not in line
