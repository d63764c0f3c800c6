"""What a card is worth to a seat now, in points, from the public view: the bot's valuation (bot.py decides).

Everything is public in The Speicherstadt, so the same function values a card for any seat: the bot uses it for
itself and for its rivals (who would take a card it leaves, and how much that gains them).

Firemen are valued against the rivals' brigades as they are likely to be at each fire still to come: every seat
is expected to collect a share of the firemen still to appear before that fire, with a spread that shrinks as the
fire nears. A value-1 fireman early is worth little; the fireman that takes the lead just before a fire is worth a
lot.
"""

from __future__ import annotations

import math
from typing import Any

from rules.speicherstadt.data import CARDS, CARDS_BY_SEASON, GOODS, KONTOR_POINTS, REMOVED_BY_PLAYERS

COIN = 0.9  # points per coin spent during the game
#: Fires are fought over by every seat: the model's brigades rise faster than it assumes, so it counts each step
#: half as much again (measured: bench/duel.py, between 1.5 and 3.5 played alike, 1 clearly worse).
FIRE_WEIGHT = 1.5
SEASON_ORDER = ("A", "B", "C", "D")
_SEASON_OF_FIRE = {"B05": "B", "C06": "C", "D05": "D", "E01": "E"}


def rounds_left(view: dict[str, Any]) -> int:
    """Rounds after this one (the row takes players + 1 cards a round)."""
    count: int = view["pile"]["count"]
    players: int = view["num_players"]
    return max(0, (count - 1) // (players + 1))


def coin_value(view: dict[str, Any], me: dict[str, Any]) -> float:
    """Points a coin is worth to me now: less as the end nears, unless the Chamber of Commerce counts them."""
    if any(c["kind"] == "chamber" for c in me["cards"]):
        return 1.0
    return COIN * max(0.2, min(1.0, (rounds_left(view) + 1) / 4))


#: Per player count and season: the cards in play and their fireman value (fixed by the set-up, so summed once
#: here rather than at every card the bot values).
_SEASON_CARDS = {n: {s: sum(1 for c in CARDS_BY_SEASON[s] if c not in removed) for s in SEASON_ORDER}
                 for n, removed in REMOVED_BY_PLAYERS.items()}
_SEASON_FIREMEN = {n: {s: sum(CARDS[c]["value"] for c in CARDS_BY_SEASON[s]
                              if CARDS[c]["kind"] == "fireman" and c not in removed) for s in SEASON_ORDER}
                   for n, removed in REMOVED_BY_PLAYERS.items()}


def _firemen_to_come(view: dict[str, Any]) -> dict[str, float]:
    """Fireman value still expected in the pile, per season (by the share of that season's cards left)."""
    sizes, totals = _SEASON_CARDS[view["num_players"]], _SEASON_FIREMEN[view["num_players"]]
    seasons: dict[str, int] = view["pile"]["seasons"]
    out: dict[str, float] = {}
    for s in SEASON_ORDER:
        size = sizes[s]
        out[s] = totals[s] * seasons.get(s, 0) / size if size else 0.0
    return out


def _fires_ahead(view: dict[str, Any], skip: str | None) -> list[tuple[str, float]]:
    """Each fire still to come with the fireman value expected to appear (beyond the row) before it."""
    coming = _firemen_to_come(view)
    ahead: list[tuple[str, float]] = []
    for fire, season in _SEASON_OF_FIRE.items():
        if fire in view["fires_resolved"]:
            continue
        before = 0.0
        for s in SEASON_ORDER:
            if s < season:
                before += coming[s]
            elif s == season:
                before += coming[s] / 2  # the fire lies somewhere among its season's cards
        ahead.append((fire, before))
    row_firemen = sum(s["info"]["value"] for s in view["row"]
                      if s["kind"] == "fireman" and s["status"] == "open" and s["card"] != skip)
    return [(fire, before + row_firemen) for fire, before in ahead]


def _phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def _fire_odds(mine: float, rivals: list[float], spread: float) -> tuple[float, float]:
    """Chance of the most firemen (gain) and of the fewest (loss), each rival's lead normal with ``spread``."""
    top = bottom = 1.0
    for r in rivals:
        top *= _phi((mine - r + 0.5) / spread)
        bottom *= _phi((r - mine + 0.5) / spread)
    return top, bottom


def fireman_value(view: dict[str, Any], seat: int, extra: int, skip: str | None = None) -> float:
    """Points a fireman of value ``extra`` would gain ``seat`` over the fires still to come (``skip``: the row card
    being valued, not counted as still to be shared).

    By each fire every rival is expected to add its share of the firemen still to appear. Fire points are a step
    function of my brigade, so one fireman is valued as its part of the plan that keeps my brigade up with theirs:
    ``extra / (share + extra)`` of what going from my brigade now to my brigade plus my share plus this one gains.
    """
    totals = [float(p["firemen"]) for p in view["players"]]
    n = len(totals)
    value = 0.0
    for fire, before in _fires_ahead(view, skip):
        share = before / n
        cards = before / 3  # firemen average about 3
        spread = 0.6 + 1.6 * math.sqrt(cards * (1 / n) * (1 - 1 / n) * 2)
        rivals = [t + share for s, t in enumerate(totals) if s != seat]
        mine = totals[seat]
        top0, bottom0 = _fire_odds(mine, rivals, spread)
        top1, bottom1 = _fire_odds(mine + share + extra, rivals, spread)
        card = CARDS[fire]
        plan = card["bonus"] * (top1 - top0) + card["penalty"] * (bottom0 - bottom1)
        value += plan * extra / (share + extra)
    return value * FIRE_WEIGHT


def ships_left(view: dict[str, Any]) -> float:
    seasons: dict[str, int] = view["pile"]["seasons"]
    return seasons.get("B", 0) * 5 / 13 + seasons.get("C", 0) * 5 / 13 + seasons.get("D", 0) * 5 / 14


def kontors_left(view: dict[str, Any]) -> float:
    """Kontors still expected in the pile (1 in Winter, 1 in Spring, 2 in Autumn), by the share of each season left."""
    seasons: dict[str, int] = view["pile"]["seasons"]
    return seasons.get("A", 0) / 12 + seasons.get("B", 0) / 13 + seasons.get("D", 0) * 2 / 15


def needs(me: dict[str, Any]) -> dict[str, int]:
    """Goods still missing on my contracts."""
    out = dict.fromkeys(GOODS, 0)
    for c in me["contracts"]:
        for g in c["goods"]:
            if g not in c["filled"]:
                out[g] += 1
    return out


def ship_value(me: dict[str, Any], cubes: dict[str, int], kinds: list[str]) -> float:
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


def card_value(view: dict[str, Any], me: dict[str, Any], slot: dict[str, Any]) -> float:
    """What owning this row card is worth to ``me``, in points (any seat: everything it reads is public)."""
    card = CARDS[slot["card"]]
    kind = card["kind"]
    kinds = [c["kind"] for c in me["cards"]]
    ships = ships_left(view)
    count: int = view["pile"]["count"]
    players: int = view["num_players"]
    left = max(1, count // (players + 1))
    if kind == "kontor":
        have = min(kinds.count("kontor"), 3)
        # The set grows 2/5/9/14: a Kontor now also makes the ones still to come worth more.
        return KONTOR_POINTS[have + 1] - KONTOR_POINTS[have] + kontors_left(view)
    if kind == "contract":
        missing = len(card["goods"])
        open_contracts = sum(1 for c in me["contracts"] if not c["complete"])
        # Harder late (fewer ships to come) and when my other contracts compete for the same cubes.
        chance = min(0.85, 0.15 + ships / (missing * 3.0)) / (1 + 0.3 * open_contracts)
        points: int = card["points"]
        return points * chance
    if kind == "merchant":
        return 1.0 + 0.3 * min(ships, 5)
    if kind == "warehouse":
        return 2.0 + 0.2 * min(ships, 5)
    if kind == "fireman":
        return fireman_value(view, me["seat"], card["value"], slot["card"])
    if kind == "ship":
        return ship_value(me, slot["cubes"] or {}, kinds)
    if kind == "bank":
        return left * COIN
    if kind == "chamber":
        coins: int = me["coins"]
        return coins + left * 1.2 - 2
    if kind in ("church", "michaelis"):
        return float(card["points"])
    if kind == "port":
        return kinds.count("ship") + ships * 0.3
    return 0.0
