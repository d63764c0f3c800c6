"""A simple Speicherstadt bot: values each card for itself, bids where value beats the price, fills contracts.

It reads only its own view and the legal list. Values are rough victory-point equivalents; a coin is worth
a little under one point (more with the Chamber of Commerce).
"""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.speicherstadt.data import CARDS, GOODS, KONTOR_POINTS

COIN = 0.7  # points per coin spent during the game


def _needs(me: dict[str, Any]) -> dict[str, int]:
    """Goods still missing on my contracts."""
    needs = dict.fromkeys(GOODS, 0)
    for c in me["contracts"]:
        for g in c["goods"]:
            if g not in c["filled"]:
                needs[g] += 1
    return needs


def card_value(view: dict[str, Any], me: dict[str, Any], slot: dict[str, Any]) -> float:
    """What owning this card is worth to me, in points."""
    card = CARDS[slot["card"]]
    kind = card["kind"]
    kinds = [c["kind"] for c in me["cards"]]
    pile = view["pile"]
    ships_left = sum(pile["seasons"].get(s, 0) for s in "BCD") * 5 / 15  # rough count of ships still to come
    rounds_left = max(1, pile["count"] // (view["num_players"] + 1))
    if kind == "kontor":
        have = min(kinds.count("kontor"), 3)
        return KONTOR_POINTS[have + 1] - KONTOR_POINTS[have]
    if kind == "contract":
        missing = len(card["goods"])
        # Harder late: fewer ships to come. Easier when I already hold cubes of its goods.
        chance = min(1.0, 0.25 + ships_left / (missing * 4.0))
        return card["points"] * chance - 0.5
    if kind == "merchant":
        return 1.0 + 0.3 * min(ships_left, 5)
    if kind == "warehouse":
        return 2.0 + 0.2 * min(ships_left, 5)
    if kind == "fireman":
        fires = pile["fires_left"]
        return card["value"] * fires * 0.9
    if kind == "ship":
        needs = _needs(me)
        merchants = {CARDS[c["id"]].get("good") for c in me["cards"] if c["kind"] == "merchant"}
        value = 0.0
        for g, n in (slot["cubes"] or {}).items():
            for _ in range(n):
                if needs[g] > 0:
                    needs[g] -= 1
                    value += 2.5
                elif g in merchants:
                    value += COIN
                else:
                    value += 0.4
        return value + (1 if "port" in kinds else 0)
    if kind == "bank":
        return rounds_left * COIN
    if kind == "chamber":
        return me["coins"] + rounds_left * 1.5 - 2
    if kind in ("church", "michaelis"):
        return float(card["points"])
    if kind == "port":
        return kinds.count("ship") + ships_left * 0.3
    return 0.0


def _demand(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    me = view["players"][seat]
    best, best_score = legal[0], -1e9
    for action in legal:
        slot = view["row"][int(action.split()[1]) - 1]
        value = card_value(view, me, slot)
        mine = slot["workers"].count(seat)
        price = len(slot["workers"]) + 1
        if mine:
            score = value * 0.15 - 0.3 * mine  # a backup worker: cheaper retry if others decline
        else:
            rivals_below = len(slot["workers"])
            score = value - COIN * price - 0.8 * rivals_below
        score += rng.random() * 0.2
        if score > best_score:
            best, best_score = action, score
    return best


def _purchase(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    slot = view["row"][view["deciding"] - 1]
    workers = slot["workers"]
    if len(workers) > 1 and workers[1] == seat:
        return "decline"  # my next worker gets the same card one coin cheaper, with nobody in between
    value = card_value(view, me, slot)
    price = len(workers)
    coin = 1.0 if any(c["kind"] == "chamber" for c in me["cards"]) else COIN
    if "buy" in legal and value >= price * coin:
        return "buy"
    return "decline"


def _loading(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    legal_set = set(legal)
    hand, hall = me["hand"], me["hall"]
    needs = _needs(me)
    # 1. Fill contracts, nearest to completion first.
    fills = [a for a in legal if a.startswith("fill ")]
    if fills:
        remaining = {c["card"]: len(c["goods"]) - len(c["filled"]) for c in me["contracts"]}
        return min(fills, key=lambda a: remaining[a.split()[1]])
    on_hall = sum(hall.values())
    # 2. A full market hall: convert into a needed good, else sell for a coin.
    if on_hall == 3:
        for g in GOODS:
            if needs[g] and f"convert {g}" in legal_set:
                return f"convert {g}"
    if on_hall >= 2:
        if "marketsell" in legal_set:
            return "marketsell"
        return next(a for a in legal if a.startswith("take ") and a.endswith(" hall"))
    # 3. Cubes in hand: sell what no contract needs, store what is needed, sell pairs at the hall.
    spare = [g for g in GOODS if hand[g] > needs[g]]
    for g in spare:
        if f"sell {g}" in legal_set:
            return f"sell {g}"
    for g in sorted(GOODS, key=lambda g: -needs[g]):
        if hand[g] and f"store {g}" in legal_set:
            return f"store {g}"
    in_hand = sum(hand.values())
    if in_hand >= 2 or (in_hand == 1 and on_hall == 1):
        g = next(g for g in GOODS if hand[g])
        if f"hall {g}" in legal_set:
            return f"hall {g}"
    if in_hand == 1 and on_hall == 0:
        g = next(g for g in GOODS if hand[g])
        if f"hall {g}" in legal_set:
            return f"hall {g}"
    return "done" if "done" in legal_set else legal[0]


def choose(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    phase = view["phase"]
    if phase == "demand":
        return _demand(view, legal, seat, rng)
    if phase == "purchase":
        return _purchase(view, legal, seat)
    if phase == "loading":
        return _loading(view, legal, seat)
    return legal[0]
