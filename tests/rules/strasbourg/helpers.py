"""Build Strasbourg scenario states by setting fields directly (instead of playing hundreds of moves)."""

from __future__ import annotations

import random

from rules.core import Event, Rng
from rules.strasbourg import GAME, steps
from rules.strasbourg.checks import invariants
from rules.strasbourg.data import GUILDS, STEP_LETTERS
from rules.strasbourg.state import StrasbourgState


def fresh(n: int = 4, seed: int = 1, **options: str) -> StrasbourgState:
    state = GAME.new_state(n, seed, options or None)
    assert isinstance(state, StrasbourgState)
    return state


def take_from_deck(state: StrasbourgState, seat: int, cards: list[int]) -> list[int]:
    """Remove ``cards`` from a seat's deck (so the 24 cards stay whole) and return them."""
    deck = state.players[seat]["deck"]
    for card in cards:
        deck.remove(card)
    return list(cards)


def stack_deck(state: StrasbourgState, seat: int, top: list[int]) -> None:
    """Reorder a seat's deck so that it starts with ``top``."""
    deck = state.players[seat]["deck"]
    for card in top:
        deck.remove(card)
    deck[:0] = top


def keep_first_objective(state: StrasbourgState) -> None:
    for p in state.players:
        p["kept"], p["undecided"] = p["dealt"][:1], []


def action_state(
    n: int,
    step: str,
    stacks: list[list[list[int]]],
    first: int = 0,
    card: str = "RC4",
    round_: int = 1,
    seed: int = 1,
) -> StrasbourgState:
    """The start of ``step`` of ``round_`` on round card ``card``, with each seat holding ``stacks``."""
    state = fresh(n, seed)
    keep_first_objective(state)
    state.cards.remove(card)
    state.cards.insert(round_ - 1, card)
    state.round = round_
    state.phase = "action"
    state.first = first
    for seat, p in enumerate(state.players):
        p["plan"] = "ready"
        p["stacks"] = [take_from_deck(state, seat, s) for s in stacks[seat]]
        p["new_from"] = len(p["stacks"])
        p["deck_start"] = len(p["deck"])
    state.step = STEP_LETTERS.index(step)
    steps.start_step(state, [])
    state._advance([])
    return state


def set_goods(state: StrasbourgState, seat: int, **counts: int) -> None:
    p = state.players[seat]
    p["goods"] = [counts.get(g, 0) for g in GUILDS]
    p["goods_taken"] = sum(p["goods"]) + p["goods_sold"]


def set_privileges(state: StrasbourgState, seat: int, count: int) -> None:
    p = state.players[seat]
    p["privileges"] = count
    p["privileges_gained"] = count + p["privileges_spent"]


def play(state: StrasbourgState, *moves: tuple[int, str]) -> list[Event]:
    events: list[Event] = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events


def random_game(n: int, seed: int, check: bool = True, **options: str) -> StrasbourgState:
    """A seeded random playthrough; with ``check`` the invariants are asserted after every move."""
    state = fresh(n, seed, **options)
    rnd = random.Random(seed)
    while awaited := state.to_act():
        seat = rnd.choice(awaited)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        if check:
            assert invariants(state) == []
    return state


def bot_game(n: int, seed: int, bots: set[int] | None = None, check: bool = False) -> StrasbourgState:
    """Bots in ``bots`` (default: every seat) against random players."""
    bots = set(range(n)) if bots is None else bots
    state = fresh(n, seed)
    rnd = random.Random(seed)
    while awaited := state.to_act():
        bot_seats = [s for s in awaited if s in bots]
        seat = bot_seats[0] if bot_seats else rnd.choice(awaited)
        legal = state.legal_actions(seat)
        if seat in bots:
            action = GAME.bot_action(state.view(seat), legal, seat, Rng(seed, "bot", state.ply))
            assert action in legal
        else:
            action = rnd.choice(legal)
        state.apply(seat, action)
        if check:
            assert invariants(state) == []
    return state


def start_planning(state: StrasbourgState) -> None:
    """Skip the objective choice (keep each seat's first card): every seat is about to draw."""
    keep_first_objective(state)
    for p in state.players:
        p["plan"] = "draw"


def plan_one_card(state: StrasbourgState, seat: int) -> int:
    """Draw one card and put it in a stack of its own; returns the card."""
    state.apply(seat, "draw")
    card = state.players[seat]["hand"][0]
    state.apply(seat, "stop")
    state.apply(seat, f"add {card}")
    state.apply(seat, "confirm")  # placing the last card only opens the review; confirming commits the plan
    return card
