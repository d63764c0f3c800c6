"""A simple Speicherstadt bot: values each card for itself, bids where value beats the price, fills contracts.

It reads only its own view and the legal list. Values are rough victory-point equivalents; a coin is worth
a little under one point (more with the Chamber of Commerce).
"""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.speicherstadt.data import CARDS, FIRES, GOODS, KONTOR_POINTS
from rules.speicherstadt.scoring import fire_result

COIN = 0.9  # points per coin spent during the game
PILE_ON = 1.0  # workers rivals are expected to add above mine on an empty column
DECLINE = 0.5  # chance that a rival who can pay declines anyway


def _needs(me: dict[str, Any]) -> dict[str, int]:
    """Goods still missing on my contracts."""
    needs = dict.fromkeys(GOODS, 0)
    for c in me["contracts"]:
        for g in c["goods"]:
            if g not in c["filled"]:
                needs[g] += 1
    return needs


def coin_value(view: dict[str, Any], me: dict[str, Any]) -> float:
    """Points a coin is worth to me now: less as the end nears, unless the Chamber of Commerce counts them."""
    if any(c["kind"] == "chamber" for c in me["cards"]):
        return 1.0
    rounds_left: int = view["pile"]["count"] // (view["num_players"] + 1)
    return COIN * max(0.15, min(1.0, (rounds_left + 1) / 4))


def _fire_points(totals: list[int], seat: int, fire: str) -> int:
    gain, lose = fire_result(totals)
    return (CARDS[fire]["bonus"] if seat in gain else 0) - (CARDS[fire]["penalty"] if seat in lose else 0)


def fireman_value(view: dict[str, Any], seat: int, extra: int) -> float:
    """Points a fireman of value ``extra`` would change in the fires still to come (later ones less sure)."""
    totals = [p["firemen"] for p in view["players"]]
    after = list(totals)
    after[seat] += extra
    value, weight = 0.0, 1.0
    remaining = [f for f in FIRES if f not in view["fires_resolved"]]
    for fire in remaining:
        value += weight * (_fire_points(after, seat, fire) - _fire_points(totals, seat, fire))
        weight *= 0.75  # rivals will buy firemen too
    return value + 0.15 * extra * len(remaining)


def _ships_left(view: dict[str, Any]) -> float:
    seasons: dict[str, int] = view["pile"]["seasons"]
    return seasons.get("B", 0) * 5 / 13 + seasons.get("C", 0) * 5 / 13 + seasons.get("D", 0) * 5 / 14


def card_value(view: dict[str, Any], me: dict[str, Any], slot: dict[str, Any]) -> float:
    """What owning this card is worth to me, in points."""
    card = CARDS[slot["card"]]
    kind = card["kind"]
    kinds = [c["kind"] for c in me["cards"]]
    ships_left = _ships_left(view)
    rounds_left: int = max(1, view["pile"]["count"] // (view["num_players"] + 1))
    if kind == "kontor":
        have = min(kinds.count("kontor"), 3)
        return KONTOR_POINTS[have + 1] - KONTOR_POINTS[have]
    if kind == "contract":
        missing = len(card["goods"])
        open_contracts = sum(1 for c in me["contracts"] if not c["complete"])
        # Harder late (fewer ships to come) and when my other contracts compete for the same cubes.
        chance = min(0.85, 0.15 + ships_left / (missing * 3.0)) / (1 + 0.3 * open_contracts)
        points: int = card["points"]
        return points * chance
    if kind == "merchant":
        return 1.0 + 0.3 * min(ships_left, 5)
    if kind == "warehouse":
        return 2.0 + 0.2 * min(ships_left, 5)
    if kind == "fireman":
        return fireman_value(view, me["seat"], card["value"])
    if kind == "ship":
        return _ship_value(me, slot["cubes"] or {}, kinds)
    if kind == "bank":
        return rounds_left * COIN
    if kind == "chamber":
        coins: int = me["coins"]
        return coins + rounds_left * 1.2 - 2
    if kind in ("church", "michaelis"):
        return float(card["points"])
    if kind == "port":
        return kinds.count("ship") + ships_left * 0.3
    return 0.0


def _ship_value(me: dict[str, Any], cubes: dict[str, int], kinds: list[str]) -> float:
    missing = {c["card"]: [g for g in c["goods"] if g not in c["filled"]] for c in me["contracts"]}
    merchants = {CARDS[c["id"]].get("good") for c in me["cards"] if c["kind"] == "merchant"}
    room = 4 - sum((me["warehouse"] or {}).values()) if "warehouse" in kinds else 0
    value = 0.0
    for g in GOODS:
        for _ in range(cubes.get(g, 0)):
            wanting = [cid for cid, goods in missing.items() if g in goods]
            if wanting:
                cid = min(wanting, key=lambda c: len(missing[c]))
                value += 2.5 + (1.5 if len(missing[cid]) == 1 else 0.0)
                missing[cid].remove(g)
            elif g in merchants:
                value += COIN
            elif room > 0:
                room -= 1
                value += 0.8
            else:
                value += 0.35
    return value + (1 if "port" in kinds else 0)


def _convert_target(view: dict[str, Any], me: dict[str, Any]) -> str | None:
    """A good that alone completes one of my contracts, which I do not hold but the reserve does."""
    held = {g for g in GOODS if me["hand"][g] or me["hall"][g] or (me["warehouse"] or {}).get(g)}
    for c in sorted(me["contracts"], key=lambda c: -c["points"]):
        missing = [g for g in c["goods"] if g not in c["filled"]]
        if len(missing) == 1 and missing[0] not in held and view["reserve"][missing[0]] > 0:
            good: str = missing[0]
            return good
    return None


def _chance_to_reach_me(view: dict[str, Any], seat: int, below: list[int], price: int) -> tuple[float, int]:
    """Probability that every rival below me declines, and the price I would then pay."""
    chance = 1.0
    for rival in below:
        if rival == seat:
            continue  # my own lower worker: I would decline it to reach this one cheaper
        if view["players"][rival]["coins"] >= price:
            chance *= DECLINE
        price -= 1
    return chance, max(price - below.count(seat), 1)


def _demand(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    me = view["players"][seat]
    coins = me["coins"]
    coin = coin_value(view, me)
    # Coins already promised: columns where my worker is the lowest and I can still pay the price.
    prices = [len(s["workers"]) for s in view["row"] if s["workers"] and s["workers"][0] == seat]
    budget = coins - sum(p for p in prices if p <= coins)
    best, best_score = legal[0], -1e9
    for action in legal:
        slot = view["row"][int(action.split()[1]) - 1]
        value = card_value(view, me, slot)
        below = slot["workers"]
        if below and below[0] == seat:
            score = -1.0  # I already decide first here; another worker only raises my own price
        elif not below:
            price = 1.0 + PILE_ON  # others may still pile on above me
            score = value - coin * price
            if price > budget and score > 0:
                score *= 0.5  # I may have to choose between this and a card further left
        else:
            chance, price = _chance_to_reach_me(view, seat, below, len(below) + 1)
            score = chance * (value - coin * price) if price <= coins else -0.5 - price
        score += rng.random() * 0.1
        if score > best_score:
            best, best_score = action, score
    return best


def _purchase(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    col = view["deciding"] - 1
    slot = view["row"][col]
    workers = slot["workers"]
    if len(workers) > 1 and workers[1] == seat:
        return "decline"  # my next worker gets the same card one coin cheaper, with nobody in between
    coin = coin_value(view, me)
    price = len(workers)
    surplus = card_value(view, me, slot) - price * coin
    if "buy" not in legal or surplus < 0:
        return "decline"
    # Keep the money for a better card further right that I could no longer afford after this one.
    for later in view["row"][col + 1:]:
        if later["status"] != "open" or seat not in later["workers"]:
            continue
        below = later["workers"][: later["workers"].index(seat)]
        chance, later_price = _chance_to_reach_me(view, seat, below, len(later["workers"]))
        cannot_afford_both = me["coins"] - price < later_price <= me["coins"]
        if cannot_afford_both and chance * (card_value(view, me, later) - later_price * coin) > surplus:
            return "decline"
    return "buy"


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
    in_hand = sum(hand.values())
    # 2. Three spare cubes convert into the last good a contract misses (worth more than 3 coins).
    target = _convert_target(view, me)
    if target and in_hand + on_hall >= 3:
        if on_hall == 3 and f"convert {target}" in legal_set:
            return f"convert {target}"
        if on_hall < 3:
            g = next(g for g in GOODS if hand[g])
            if f"hall {g}" in legal_set:
                return f"hall {g}"
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


# A duel baseline (bench/baselines/__init__.py): this file is rules/speicherstadt/bot.py at commit 280fadf.
bot_action = choose
