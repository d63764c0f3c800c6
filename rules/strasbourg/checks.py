"""Test tooling over full states: invariants and redealing what a viewer cannot know (docs/conventions.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core import Rng
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    COUNCIL_SEATS,
    EDIFICES,
    GUILD_OF,
    INFLUENCE_DECK,
    OBJECTIVES,
    OBJECTIVES_DEALT,
    PRICES,
    ROUNDS,
    STARTING_COINS,
)
from rules.strasbourg.state import StrasbourgState

FULL_DECK = Counter(INFLUENCE_DECK)


def _influence_cards(state: StrasbourgState, seat: int) -> list[int]:
    p = state.players[seat]
    cards: list[int] = p["deck"] + p["hand"] + p["open"] + p["gone"]
    for stack in p["stacks"]:
        cards += stack
    if state.bid is not None:
        cards += state.bid["cards"][seat]
    for task in state.tasks:
        if task["kind"] == "return" and task["seat"] == seat:
            cards += task["cards"]
    return cards


def invariants(state: StrasbourgState) -> list[str]:
    problems: list[str] = []
    n = state.num_players
    if state.phase not in ("planning", "action", "over"):
        problems.append(f"unknown phase {state.phase}")
    if not 1 <= state.round <= ROUNDS:
        problems.append(f"round {state.round} out of range")
    if not 0 <= state.first < n:
        problems.append("first player out of range")
    for seat, p in enumerate(state.players):
        if Counter(_influence_cards(state, seat)) != FULL_DECK:
            problems.append(f"seat {seat}: influence cards are not the 24 of the deck")
        if any(not stack for stack in p["stacks"]):
            problems.append(f"seat {seat}: an empty stack")
        for key in ("coins", "privileges", "goods_taken", "goods_sold", "income"):
            if p[key] < 0:
                problems.append(f"seat {seat}: negative {key}")
        if any(g < 0 for g in p["goods"]):
            problems.append(f"seat {seat}: negative goods")
        if sum(p["goods"]) != p["goods_taken"] - p["goods_sold"]:
            problems.append(f"seat {seat}: goods held != taken - sold")
        if p["privileges"] != p["privileges_gained"] - p["privileges_spent"]:
            problems.append(f"seat {seat}: privileges held != gained - spent")
        paid = sum(PRICES[c] for c, owner in state.city.items() if owner == seat)
        if p["coins"] != STARTING_COINS + p["income"] - paid:
            problems.append(f"seat {seat}: coins are not 5 + sales - purchases")
        if not set(p["kept"]) | set(p["undecided"]) <= set(p["dealt"]) or len(p["dealt"]) != OBJECTIVES_DEALT:
            problems.append(f"seat {seat}: objectives not from the dealt cards")
        if p["plan"] != "objectives" and not 1 <= len(p["kept"]) <= OBJECTIVES_DEALT:
            problems.append(f"seat {seat}: must keep 1 to 5 objectives")
        if state.phase != "planning" and (p["plan"] != "ready" or p["hand"] or p["open"]):
            problems.append(f"seat {seat}: planning left unfinished outside planning")
    dealt = [o for p in state.players for o in p["dealt"]]
    if len(set(dealt)) != len(dealt) or not set(dealt) <= set(OBJECTIVES):
        problems.append("objective cards dealt twice or unknown")
    for cell, owner in state.city.items():
        if cell not in GUILD_OF or not 0 <= owner < n:
            problems.append(f"bad city space {cell} -> {owner}")
    for cell, edifice in state.built.items():
        if cell not in BUILDING_SPACES or edifice not in EDIFICES:
            problems.append(f"bad edifice {edifice} on {cell}")
    if len(set(state.built.values())) != len(state.built) or len(state.built) > state.round:
        problems.append("edifices built twice or too early")
    if len(set(state.chapels)) != len(state.chapels) or not set(state.chapels) <= set(CHAPEL_SPACES):
        problems.append("chapels on unknown or shared spaces")
    if len(state.chapels) > state.round:
        problems.append("more chapels than rounds played")
    if set(state.council) != set(COUNCIL_SEATS):
        problems.append("council seats changed")
    for name, holder in state.council.items():
        if holder is not None and not 0 <= holder < n:
            problems.append(f"council seat {name} held by unknown seat")
    if state.council["nobility"] is None or state.council["church"] is None:
        problems.append("Nobility and Church must always be held")
    if state.phase == "action" and not state.to_act():
        problems.append("action phase awaits nobody")
    if state.phase == "over" and state.to_act():
        problems.append("game over but someone is awaited")
    return problems


def _deal(pool: list[int], sizes: list[int]) -> list[list[int]]:
    out, i = [], 0
    for size in sizes:
        out.append(pool[i : i + size])
        i += size
    return out


def _random_sizes(total: int, rng: Rng) -> list[int]:
    """A random composition of ``total`` into positive parts."""
    sizes: list[int] = []
    while total:
        part = rng.between(1, total)
        sizes.append(part)
        total -= part
    return sizes


def _redeal_cards(state: StrasbourgState, seat: int, own: bool, rng: Rng) -> None:
    p = state.players[seat]
    # Pools are sorted before they are shuffled, so the world depends only on the viewer's view and ``rng`` (the
    # search bot relies on it: rules/search.py).
    if own:
        p["deck"].sort()
        rng.shuffle(p["deck"])  # a player does not know the order of their own deck
        return
    pool = sorted(p["deck"] + p["hand"] + p["open"] + [c for s in p["stacks"] for c in s])
    rng.shuffle(pool)
    old = [len(s) for s in p["stacks"][: p["new_from"]]]
    stacks = _deal(pool, old)
    rest = pool[sum(old) :]
    # In turn order, only the seat planning now has unknown progress: the others are done or not started.
    settled = state.in_turn and seat not in state.to_act()
    if state.phase != "planning" or p["plan"] == "objectives" or settled:
        # every shape is public here (hand and open stack are empty): keep the shapes, re-deal the values
        sizes = [len(s) for s in p["stacks"]]
        p["stacks"], p["deck"] = _deal(pool, sizes), pool[sum(sizes) :]
        return
    start = p["deck_start"]  # others only know this, and whether the seat is ready
    if p["plan"] == "ready":
        drawn = rng.between(1, start) if start else 0
        new, p["hand"], p["open"], plan = _deal(rest, _random_sizes(drawn, rng)), [], [], "ready"
    elif rng.below(2):
        drawn = rng.between(0, start - 1)
        new, p["hand"], p["open"], plan = [], rest[:drawn], [], "draw"
    else:
        drawn = rng.between(1, start)
        in_stacks = rng.between(0, drawn - 1)
        in_open = rng.between(0, drawn - 1 - in_stacks)
        new = _deal(rest, _random_sizes(in_stacks, rng))
        p["open"] = rest[in_stacks : in_stacks + in_open]
        p["hand"] = rest[in_stacks + in_open : drawn]
        plan = "split"
    p["stacks"] = stacks + new
    p["deck"] = rest[drawn:]
    p["plan"] = plan


def _redeal_holdings(p: dict[str, Any], rng: Rng, paid: int) -> None:
    """Coins, goods and privileges are behind the screen: any consistent values will do."""
    low = max(0, STARTING_COINS - paid)
    p["coins"] = low + rng.below(20)
    p["income"] = p["coins"] - STARTING_COINS + paid
    p["goods"] = [rng.below(3) for _ in p["goods"]]
    p["goods_taken"] = sum(p["goods"]) + p["goods_sold"]
    p["privileges"] = rng.below(3)
    p["privileges_gained"] = p["privileges"] + p["privileges_spent"]


def redeal_hidden(state: StrasbourgState, viewer: int | None, rng: Rng) -> StrasbourgState:
    """A copy where everything ``viewer`` cannot know is re-drawn at random, consistent with public counts."""
    copy = state.clone()
    assert isinstance(copy, StrasbourgState)
    over = copy.phase == "over"
    others = [s for s in range(copy.num_players) if s != viewer]
    for seat in range(copy.num_players):
        _redeal_cards(copy, seat, seat == viewer, rng)
    if over:
        return copy  # at the end holdings and objectives are revealed
    known = set(copy.players[viewer]["dealt"]) if viewer is not None else set()
    pool = rng.shuffled([o for o in OBJECTIVES if o not in known])
    for i, seat in enumerate(others):
        p = copy.players[seat]
        dealt = pool[i * OBJECTIVES_DEALT : (i + 1) * OBJECTIVES_DEALT]
        p["dealt"] = dealt
        if p["plan"] == "objectives":
            k = rng.below(OBJECTIVES_DEALT)
            p["kept"], p["undecided"] = dealt[:k], dealt[k : k + 1 + rng.below(OBJECTIVES_DEALT - k)]
        else:
            p["kept"], p["undecided"] = dealt[: rng.between(1, OBJECTIVES_DEALT)], []
        paid = sum(PRICES[c] for c, owner in copy.city.items() if owner == seat)
        _redeal_holdings(p, rng, paid)
    return copy
