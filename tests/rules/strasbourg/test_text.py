"""The readable texts: seats as "Seat N" (front ends fill in names), stack sizes and the round's steps."""

from __future__ import annotations

import re

from rules import get_game
from rules.core import Event, Rng, State
from rules.strasbourg import text

GAME = get_game("strasbourg")


def _after(plies: int, seed: int = 7) -> State:
    state = GAME.new_state(3, seed)
    for _ in range(plies):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, GAME.bot_action(state.view(seat), legal, seat, Rng(seed, "bot", state.ply)))
    return state


def test_the_council_names_its_holders_as_seats() -> None:
    view = _after(2).view(None)
    line = next(ln for ln in text.summary(view).splitlines() if ln.startswith("Council: "))
    for name, holder in view["council"].items():
        want = "free" if holder is None else f"Seat {holder}"
        assert f"{text.SEAT_NAMES[name]} {want}" in line
    assert not re.search(r"(Nobility|Church) \d", line)


def test_the_round_steps_are_listed_with_the_current_one_marked() -> None:
    state = _after(60)
    view = state.view(None)
    steps = next(ln for ln in text.summary(view).splitlines() if ln.startswith("Steps this round"))
    card = view["round_cards"][view["round"] - 1]
    assert f"B {text.GUILD_NAMES[card['B']]}" in steps
    if view["step"]:
        assert f"[{view['step']} " in steps


def test_a_player_reads_their_own_stacks_and_objectives_but_not_others() -> None:
    state = _after(60)
    seat = state.to_act()[0]
    mine = state.view(seat)
    own = text.summary(mine)
    kept = mine["private"]["objectives"]["kept"]
    assert all(f"objective {o}: " in own for o in kept)
    if mine["private"]["stacks"]:
        assert "your stacks: 1) " in own
    assert "Yours:" not in text.summary(state.view(None))


def test_stack_sizes_read_as_numbers_not_lists() -> None:
    line = text.event_text(Event("stacks", {"round": 1, "stacks": [[1, 2], [3]], "decks": [20, 21]}))
    assert line == "Planning of round 1 is over. Stack sizes: Seat 0 1/2 (deck 20); Seat 1 3 (deck 21)."
    assert "[" not in text.event_text(Event("planned", {"seat": 1, "stacks": [2, 2], "deck": 19}))


def test_a_reloaded_game_reads_the_same() -> None:
    state = _after(80)
    seat = state.to_act()[0]
    assert text.summary(GAME.load(state.dump()).view(seat)) == text.summary(state.view(seat))
    assert text.summary(GAME.load(state.dump()).view(None)) == text.summary(state.view(None))
