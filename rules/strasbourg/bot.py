"""A sensible Strasbourg bot that sees only its own view and the legal actions.

Planning: draw about an even share of the remaining deck, split into strong singles plus small cards
paired up. Bidding: estimate what the step is worth at each rank, subtract the influence spent, and
reveal the stack with the best net value (or pass). Slots: buy the city space with the best expected
points, sell goods unless an objective wants them kept, place chapels and edifices next to own members.
"""

from __future__ import annotations

import math
from typing import Any

from rules.core import Rng
from rules.strasbourg import bot_objectives as objectives
from rules.strasbourg.data import (
    BUILDING_SPACES,
    CHAPEL_SPACES,
    CHAPELS_AT,
    EDIFICES,
    GOODS_VALUE,
    GUILD_SPACES,
    GUILDS,
    OBJECTIVES,
    ORTHOGONAL,
    PRICES,
    ROUNDS,
)

POINTS_PER_INFLUENCE = 0.32  # what one influence point is worth spent elsewhere
POINTS_PER_COIN = 0.3
GUILD_STEP_KINDS = objectives.CITY_KINDS | objectives.SEAT_KINDS  # the objectives a guild step's slots move


def _kept_types(view: dict[str, Any]) -> dict[str, Any]:
    """Objective type -> param for the kept objectives (what to steer towards)."""
    kept = view["private"]["objectives"]["kept"]
    return {OBJECTIVES[o]["type"]: OBJECTIVES[o]["param"] for o in kept}


# ---- planning ------------------------------------------------------------------------------
def _choose_objective(view: dict[str, Any], legal: list[str]) -> str:
    obj = view["private"]["objectives"]
    wanted = objectives.wanted(obj["dealt"], view["num_players"])
    for o in obj["undecided"]:
        if o in wanted and f"keep {o}" in legal:
            return f"keep {o}"
    if "confirm" in legal:
        return "confirm"
    return next(a for a in legal if a.startswith("keep"))


def _draw_target(view: dict[str, Any]) -> int:
    priv = view["private"]
    rounds_left: int = ROUNDS - view["round"] + 1
    available: int = priv["deck"] + len(priv["hand"])
    carried = sum(len(s) for s in priv["stacks"][: priv["new_from"]])
    return max(1, math.ceil(available / rounds_left) - carried // 2)


def split_plan(cards: list[int]) -> list[list[int]]:
    """Strong cards alone, small cards paired up to at least 4, the two best singles merged when there are many."""
    cards = sorted(cards, reverse=True)
    stacks = [[c] for c in cards if c >= 4]
    small = [c for c in cards if c < 4]  # still highest first
    while small:
        stack = [small.pop(0)]
        while sum(stack) < 4 and small:
            stack.append(small.pop())
        stacks.append(stack)
    singles = [s for s in stacks if len(s) == 1]
    if len(stacks) >= 5 and len(singles) >= 2:
        stacks.remove(singles[0])
        stacks.remove(singles[1])
        stacks.insert(0, singles[0] + singles[1])
    return stacks


def _within(part: list[int], whole: list[int]) -> bool:
    """Whether every card of ``part`` is in ``whole`` (as many times)."""
    rest = list(whole)
    for card in part:
        if card not in rest:
            return False
        rest.remove(card)
    return True


def _choose_split(view: dict[str, Any], legal: list[str]) -> str:
    priv = view["private"]
    made = priv["stacks"][priv["new_from"] :]
    cards = priv["hand"] + priv["open"] + [c for s in made for c in s]
    plan = split_plan(cards)
    for stack in made:
        if stack in plan:
            plan.remove(stack)
    target = next((s for s in plan if _within(priv["open"], s)), None)
    if target is not None:
        need = list(target)
        for card in priv["open"]:
            need.remove(card)
        if not need and "close" in legal:
            return "close"
        for value in sorted(set(need), reverse=True):
            if f"add {value}" in legal:
                return f"add {value}"
    return "singles" if "singles" in legal else legal[0]


# ---- bidding -------------------------------------------------------------------------------
def _avg_left(view: dict[str, Any]) -> float:
    """The mean value of the edifices still to be built (0 when none is left)."""
    remaining = view["edifices"][len(view["built"]) :]
    return sum(EDIFICES[e]["value"] for e in remaining) / len(remaining) if remaining else 0.0


def _space_value(view: dict[str, Any], cell: str, bonus: float, avg_left: float) -> float:
    """Expected end points of a member on ``cell`` (member, edifices, chapels, and ``bonus`` for the objectives:
    ``objectives.space_bonus``; ``avg_left``: ``_avg_left(view)``)."""
    me = view["viewer"]
    city, built, chapels = view["city"], view["built"], view["chapels"]
    value = 1.0
    remaining = len(view["edifices"]) > len(built)
    own = 0
    for n in ORTHOGONAL[cell]:
        if n in built:
            value += EDIFICES[built[n]]["value"]
        elif n in BUILDING_SPACES and remaining:
            value += 0.25 * avg_left
        if city.get(n) == me:
            own += 1
    for ch in CHAPELS_AT[cell]:
        value += 1.0 if ch in chapels else 0.15
    value += 0.3 * own  # rows, blocks and shared neighbours
    return value + bonus


def _best_buy(view: dict[str, Any], legal: list[str]) -> tuple[str | None, float]:
    kept = _kept_types(view)
    coins = view["private"]["coins"]
    reserve = 8 if "treasury" in kept and view["round"] == ROUNDS else 0
    best, best_value = None, 0.0
    cells = [a[4:] for a in legal if a.startswith("buy ") and coins - PRICES[a[4:]] >= reserve]
    if not cells:
        return best, best_value
    bonuses = objectives.space_bonuses(view, cells, objectives.open_objectives(view, objectives.CITY_KINDS))
    avg_left = _avg_left(view)
    before_last = view["round"] < ROUNDS  # coins count for nothing at the end
    for cell, bonus in zip(cells, bonuses, strict=True):
        action = f"buy {cell}"
        net = _space_value(view, cell, bonus, avg_left) - POINTS_PER_COIN * PRICES[cell] * before_last
        if net > best_value:
            best, best_value = action, net
    return best, best_value


def _step_values(view: dict[str, Any]) -> list[float]:
    """Points the step is worth to this bot at rank 1, 2, 3 (0 beyond the slots)."""
    kind = view["step_kind"]
    me = view["viewer"]
    priv = view["private"]
    rounds_left = ROUNDS - view["round"] + 1
    seat_worth = min(2.0, 0.6 * rounds_left)
    if kind == "nobility":
        edifice = EDIFICES[view["edifices"][view["round"] - 1]]["value"]
        own = len([c for c, s in view["city"].items() if s == me])
        nobility = seat_worth + (0.5 if view["council"]["nobility"] == me else 1) + min(own, 2) * edifice * 0.5
        church = seat_worth + 0.5 + min(own, 3) * 0.5
        unmet = objectives.open_objectives(view, objectives.SEAT_KINDS)
        return [nobility + 1 + objectives.seat_bonus(view, "nobility", unmet),
                church + objectives.seat_bonus(view, "church", unmet)]
    if kind == "guild":
        guild = view["step_guild"]
        goods = GOODS_VALUE[guild] * POINTS_PER_COIN + 0.3
        free = [c for c in GUILD_SPACES[guild] if c not in view["city"] and PRICES[c] <= priv["coins"]]
        unmet = objectives.open_objectives(view, GUILD_STEP_KINDS)
        space = 2.5 + 0.6 * max(objectives.space_bonuses(view, free, unmet)) if free else 0.0
        master = seat_worth + goods + space + 0.5 + objectives.seat_bonus(view, guild, unmet)
        journeyman = goods + space
        apprentice = max(goods, space)
        return [master, journeyman, apprentice] if view["num_players"] >= 4 else [master, apprentice]
    if kind == "merchants":
        held = sum(GOODS_VALUE[g] * n for g, n in priv["goods"].items())
        keep = 3 if "stockpile" in _kept_types(view) else 0
        sellable = held if keep == 0 else max(0, held - keep * 2)
        worth = sellable * POINTS_PER_COIN * (1.0 if view["round"] < ROUNDS else 0.2)
        kept = _kept_types(view)
        if "treasury" in kept and view["round"] == ROUNDS and priv["coins"] < kept["treasury"] <= priv["coins"] + held:
            worth += 3  # selling now fulfils the treasury objective
        if view["merchant_seat"]:
            worth += seat_worth + objectives.seat_bonus(
                view, "merchants", objectives.open_objectives(view, objectives.SEAT_KINDS))
        return [worth]
    return [0.0]


def _scarcity(view: dict[str, Any]) -> float:
    """How dear influence is now: stacks left over at the end are worth nothing, so spend them late."""
    priv = view["private"]
    steps_after = 6 - "ABCDEFG".index(view["step"])
    stacks_after = len(priv["stacks"]) - 1.0
    if view["options"]["leftovers"] == "keep":  # stacks carry over: later rounds count too
        steps_after += 7 * (ROUNDS - view["round"])
        stacks_after += priv["deck"] / 1.7
    if stacks_after <= 0:
        return 1.2
    return max(0.05, min(1.2, steps_after / stacks_after / 1.5))


def _choose_bid(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    me = view["viewer"]
    n = view["num_players"]
    bid = view["bid"]
    first = view["first_player"]
    order = [(first + k) % n for k in range(n)]
    values = _step_values(view)
    revealed = [(sum(bid["revealed"][s]), order.index(s)) for s in range(n) if bid["status"][s] == "revealed"]
    undecided = [s for s in bid["queue"] if s != me and view["players"][s]["stacks"]]
    my_pos = order.index(me)
    priv = view["private"]
    scarcity = POINTS_PER_INFLUENCE * _scarcity(view)
    rivals, slots = len(undecided), len(values)
    best, best_net = "pass", 0.0
    for i, stack in enumerate(priv["stacks"], start=1):
        total = sum(stack)
        rank = 1 + sum(1 for t, pos in revealed if t > total or (t == total and pos < my_pos))
        threat = 0.5 if total < 6 else 0.3 if total < 9 else 0.12
        stay = (1 - threat) ** rivals
        expected = 0.0  # at this rank if no undecided rival outbids the stack, one lower if one does
        if rank <= slots:
            expected += stay * values[rank - 1]
        if rank + 1 <= slots:
            expected += (1 - stay) * values[rank]
        net = expected - scarcity * total
        if net > best_net:
            best, best_net = f"reveal {i}", net
    if "privilege" in legal and values[0] >= 4 and rivals >= 2:
        keep_privileges = 2 if "privileged" in _kept_types(view) else 0
        if priv["privileges"] > keep_privileges and rng.random() < 0.5:  # the draw last: only when it decides
            return "privilege"
    return best if best in legal else "pass"


# ---- slot decisions ------------------------------------------------------------------------
def _choose_task(view: dict[str, Any], legal: list[str]) -> str:
    task = view["task"]
    kind = task["kind"]
    me = view["viewer"]
    if kind in ("master", "journeyman"):
        buy, _ = _best_buy(view, legal)
        return buy or "skip"
    if kind == "apprentice":
        buy, value = _best_buy(view, legal)
        goods = GOODS_VALUE[task["guild"]] * POINTS_PER_COIN + (1.0 if "stockpile" in _kept_types(view) else 0)
        return buy if buy and value > goods else "goods"
    if kind == "merchant":
        goods = view["private"]["goods"]
        keep = 3 if "stockpile" in _kept_types(view) else 0
        if sum(goods.values()) <= keep:
            return "done"
        if keep == 0 and "sell all" in legal:
            return "sell all"
        for g in GUILDS:  # most valuable first
            if goods[g] and f"sell {g}" in legal:
                return f"sell {g}"
        return "done"
    if kind == "return":
        return legal[0]  # the highest card
    city = view["city"]
    unmet = objectives.open_objectives(view, objectives.PLACEMENT_KINDS)
    rivals = [s for s in range(view["num_players"]) if s != me]

    def counts(cells: tuple[str, ...]) -> tuple[int, int, int]:
        """Own members, the most any rival has, and empty squares among ``cells``."""
        holders = [city.get(c) for c in cells]  # None: empty
        return holders.count(me), max((holders.count(s) for s in rivals), default=0), holders.count(None)

    if kind == "chapel":

        def chapel_score(action: str) -> float:
            where = action.split()[1]
            own, others, empty = counts(CHAPEL_SPACES[where])
            return own - 0.4 * others + 0.1 * empty + objectives.placement_bonus(view, "chapel", where, unmet)

        return max(legal, key=chapel_score)
    edifice_value: int = EDIFICES[view["edifices"][view["round"] - 1]]["value"]

    def edifice_score(action: str) -> float:
        where = action.split()[1]
        own, others, empty = counts(ORTHOGONAL[where])
        return (edifice_value * (own - 0.6 * others) + 0.1 * empty
                + objectives.placement_bonus(view, "edifice", where, unmet))

    return max(legal, key=edifice_score)


def choose(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    """The bot's action for ``seat``, from its own view and the legal actions only."""
    if len(legal) == 1:
        return legal[0]
    if view["phase"] == "planning":
        plan = view["private"]["plan"]
        if plan == "objectives":
            return _choose_objective(view, legal)
        if plan == "draw":
            hand = view["private"]["hand"]
            return "draw" if len(hand) < _draw_target(view) or "stop" not in legal else "stop"
        return _choose_split(view, legal)
    if view["task"] is not None:
        return _choose_task(view, legal)
    return _choose_bid(view, legal, rng)
