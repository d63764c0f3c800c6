"""The readable summary: seats written as "Seat N" (the front ends put names there), cards explained."""

from __future__ import annotations

import re

from rules import get_game
from rules.core import Rng
from rules.speicherstadt.views import card_hint, summary

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
