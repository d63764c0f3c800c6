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


_SQRT2 = math.sqrt(2)


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


def card_value(view: dict[str, Any], me: dict[str, Any], slot: dict[str, Any]) -> float:
    """What owning this row card is worth to ``me``, in points (any seat: everything it reads is public)."""
    return Valuer(view).card(me, slot)


def fireman_value(view: dict[str, Any], seat: int, extra: int, skip: str | None = None) -> float:
    """Points a fireman of value ``extra`` would gain ``seat`` over the fires still to come (Valuer.fireman)."""
    return Valuer(view).fireman(seat, extra, skip)


class Valuer:
    """Card values from one view, for one decision of the bot: it values every row card for every seat, so what
    all of them share (ships and Kontors to come, rounds left, the fires ahead, each seat's coin worth and cards)
    is worked out once here. Made anew for each decision: nothing outlives the bot's call."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.ships = ships_left(view)
        count: int = view["pile"]["count"]
        players: int = view["num_players"]
        self.left = max(1, count // (players + 1))
        self.coin_base = COIN * max(0.2, min(1.0, (rounds_left(view) + 1) / 4))
        self._kinds: dict[int, list[str]] = {}
        self._coins: dict[int, float] = {}
        self._fires: dict[str | None, list[tuple[float, float, int, int]]] = {}
        self._coming: list[tuple[str, float]] | None = None
        self._holds: dict[int, tuple[list[list[str]], set[str | None], int, int]] = {}

    def kinds(self, me: dict[str, Any]) -> list[str]:
        seat: int = me["seat"]
        kinds = self._kinds.get(seat)
        if kinds is None:
            kinds = self._kinds[seat] = [c["kind"] for c in me["cards"]]
        return kinds

    def coin(self, me: dict[str, Any]) -> float:
        """Points a coin is worth to me now: less as the end nears, unless the Chamber of Commerce counts them."""
        seat: int = me["seat"]
        worth = self._coins.get(seat)
        if worth is None:
            worth = self._coins[seat] = 1.0 if "chamber" in self.kinds(me) else self.coin_base
        return worth

    def _fires_ahead(self, skip: str | None) -> list[tuple[float, float, int, int]]:
        """Each fire still to come as (share, spread, bonus, penalty): the fireman value each seat is expected to add
        before it (what appears beyond the row, and the row's firemen but ``skip``), and how uncertain that is."""
        fires = self._fires.get(skip)
        if fires is not None:
            return fires
        view = self.view
        if self._coming is None:
            coming = _firemen_to_come(view)
            self._coming = []
            for fire, season in _SEASON_OF_FIRE.items():
                if fire in view["fires_resolved"]:
                    continue
                before = 0.0
                for s in SEASON_ORDER:
                    if s < season:
                        before += coming[s]
                    elif s == season:
                        before += coming[s] / 2  # the fire lies somewhere among its season's cards
                self._coming.append((fire, before))
        row_firemen = sum(s["info"]["value"] for s in view["row"]
                          if s["kind"] == "fireman" and s["status"] == "open" and s["card"] != skip)
        n = len(view["players"])
        fires = []
        for fire, ahead in self._coming:
            before = ahead + row_firemen
            share = before / n
            cards = before / 3  # firemen average about 3
            spread = 0.6 + 1.6 * math.sqrt(cards * (1 / n) * (1 - 1 / n) * 2)
            card = CARDS[fire]
            fires.append((share, spread, card["bonus"], card["penalty"]))
        self._fires[skip] = fires
        return fires

    def fireman(self, seat: int, extra: int, skip: str | None = None) -> float:
        """Points a fireman of value ``extra`` would gain ``seat`` over the fires still to come (``skip``: the row
        card being valued, not counted as still to be shared).

        By each fire every rival is expected to add its share of the firemen still to appear. Fire points are a
        step function of my brigade, so one fireman is valued as its part of the plan that keeps my brigade up with
        theirs: ``extra / (share + extra)`` of what going from my brigade now to my brigade plus my share plus this
        one gains.
        """
        totals = [float(p["firemen"]) for p in self.view["players"]]
        mine = totals[seat]
        others = [t for s, t in enumerate(totals) if s != seat]
        erf = math.erf
        value = 0.0
        for share, spread, bonus, penalty in self._fires_ahead(skip):
            # The chances of the most firemen (gain) and of the fewest (loss) without and with my share and this
            # fireman, each rival's lead normal with ``spread`` (the distribution function written out: this runs
            # for every fireman, seat and fire the bot values).
            top0 = bottom0 = top1 = bottom1 = 1.0
            more = mine + share + extra
            for t in others:
                r = t + share
                top0 *= 0.5 * (1 + erf((mine - r + 0.5) / spread / _SQRT2))
                bottom0 *= 0.5 * (1 + erf((r - mine + 0.5) / spread / _SQRT2))
                top1 *= 0.5 * (1 + erf((more - r + 0.5) / spread / _SQRT2))
                bottom1 *= 0.5 * (1 + erf((r - more + 0.5) / spread / _SQRT2))
            plan = bonus * (top1 - top0) + penalty * (bottom0 - bottom1)
            value += plan * extra / (share + extra)
        return value * FIRE_WEIGHT

    def ship(self, me: dict[str, Any], cubes: dict[str, int]) -> float:
        """A ship's cubes, each where it scores most for me: a contract nearest completion, a merchant, my
        warehouse, else a coin's worth at the hall; and the Port's point."""
        seat: int = me["seat"]
        holds = self._holds.get(seat)
        if holds is None:
            kinds = self.kinds(me)
            wanted = [[g for g in c["goods"] if g not in c["filled"]] for c in me["contracts"]]
            merchants = {CARDS[c["id"]].get("good") for c in me["cards"] if c["kind"] == "merchant"}
            room = 4 - sum((me["warehouse"] or {}).values()) if "warehouse" in kinds else 0
            holds = self._holds[seat] = (wanted, merchants, room, 1 if "port" in kinds else 0)
        wanted, merchants, room, port = holds
        missing = [list(goods) for goods in wanted]  # this ship's cubes fill them: a copy
        value = 0.0
        for g in GOODS:
            for _ in range(cubes.get(g, 0)):
                # The contract nearest completion that wants this good (the first of them on a tie).
                nearest: list[str] | None = None
                for goods in missing:
                    if g in goods and (nearest is None or len(goods) < len(nearest)):
                        nearest = goods
                if nearest is not None:
                    value += 2.5 + (1.5 if len(nearest) == 1 else 0.0)
                    nearest.remove(g)
                elif g in merchants:
                    value += COIN
                elif room > 0:
                    room -= 1
                    value += 0.8
                else:
                    value += 0.35
        return value + port

    def card(self, me: dict[str, Any], slot: dict[str, Any]) -> float:
        """What owning this row card is worth to ``me``, in points (any seat: everything it reads is public)."""
        card = CARDS[slot["card"]]
        kind = card["kind"]
        ships = self.ships
        if kind == "kontor":
            have = min(self.kinds(me).count("kontor"), 3)
            # The set grows 2/5/9/14: a Kontor now also makes the ones still to come worth more.
            return KONTOR_POINTS[have + 1] - KONTOR_POINTS[have] + kontors_left(self.view)
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
            return self.fireman(me["seat"], card["value"], slot["card"])
        if kind == "ship":
            return self.ship(me, slot["cubes"] or {})
        if kind == "bank":
            return self.left * COIN
        if kind == "chamber":
            coins: int = me["coins"]
            return coins + self.left * 1.2 - 2
        if kind in ("church", "michaelis"):
            return float(card["points"])
        if kind == "port":
            return self.kinds(me).count("ship") + ships * 0.3
        return 0.0
