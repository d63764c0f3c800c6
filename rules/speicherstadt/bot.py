"""The Speicherstadt bot: values cards for itself against its rivals, spreads its workers where the price stays
low, caps what it pays, and loads its cubes where they score.

It reads only its own view and the legal list. Values are rough victory-point equivalents (bot_values.py: firemen
against the rivals' brigades as they will likely be at each fire, contracts by the chance to complete them).

Demand, the price model: the decider of a column pays the number of workers on it, and the workers below have left
by then, so my price is 1 plus the workers placed above mine (the rivals still to place pile on where the cards are
worth most to them). The card reaches me only if every rival below declines at their price.
"""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.speicherstadt.bot_values import Valuer, needs
from rules.speicherstadt.data import GOODS

MAX_PRICE = 5  # never pay more than this for one card, whatever it seems worth
DECLINE = 0.5  # chance that a rival below me who can pay declines anyway
CROWD = 0.5  # a tall column is a long shot: from the 4th rival worker below mine, each halves my chance again
CROWD_FROM = 3
PILE_BASE, PILE_POW = 0.3, 2.0  # how the rivals still to place share out over the columns (by their gain)


def _later_placements(view: dict[str, Any], seat: int) -> int:
    """Workers the other seats still place this round after this one."""
    left: int = sum(p["workers"] for p in view["players"]) - 1
    mine: int = view["players"][seat]["workers"] - 1
    return max(0, left - mine)


def _chance_to_reach_me(view: dict[str, Any], seat: int, below: list[int], price: int) -> float:
    """Probability that every rival below me declines (each deciding at its own price)."""
    chance = 1.0
    for rival in below:
        if rival == seat:
            continue
        if view["players"][rival]["coins"] >= price:
            chance *= DECLINE
        price -= 1
    return chance


def _demand(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    me = view["players"][seat]
    coins = me["coins"]
    values = Valuer(view)  # every row card for every seat: what they share worked out once, for this decision
    coin = values.coin(me)
    later = _later_placements(view, seat)
    # Coins already promised: columns where my worker is the lowest and I can still pay the price.
    prices = [len(s["workers"]) for s in view["row"] if s["workers"] and s["workers"][0] == seat]
    budget = coins - sum(p for p in prices if p <= coins)
    piling = _piling(view, seat, later, values)
    best, best_score = legal[0], -1e9
    for action in legal:
        slot = view["row"][int(action.split()[1]) - 1]
        value = values.card(me, slot)
        below = slot["workers"]
        if below and below[0] == seat:
            score = -1.0  # I already decide first here; another worker only raises my own price
        elif not below:
            price = 1.0 + piling[slot["col"] - 1]  # the rivals pile on where the card is worth most to them
            score = value - coin * price
            if price > budget and score > 0:
                score *= 0.5  # I may have to choose between this and a card further left
        else:
            chance = _chance_to_reach_me(view, seat, below, len(below) + 1) * CROWD ** max(0, len(below) - CROWD_FROM)
            score = chance * (value - coin) if coins >= 1 else -1.5  # all below declined: I pay 1
        score += rng.random() * 0.1
        if score > best_score:
            best, best_score = action, score
    return best


def _piling(view: dict[str, Any], seat: int, later: int, values: Valuer) -> list[float]:
    """Workers the rivals are expected to add to each column this round: most where the cards are worth most to
    them (the cards they want draw the crowds)."""
    interest = []
    rivals = [p for p in view["players"] if p["seat"] != seat]
    for slot in view["row"]:
        if slot["status"] != "open":
            interest.append(0.0)
            continue
        gains = [max(0.0, values.card(p, slot) - values.coin(p) * (1 + len(slot["workers"])))
                 for p in rivals]
        interest.append((PILE_BASE + max(gains, default=0.0)) ** PILE_POW)
    total = sum(interest) or 1.0
    return [later * w / total for w in interest]


def _purchase(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    col = view["deciding"] - 1
    slot = view["row"][col]
    workers = slot["workers"]
    if len(workers) > 1 and workers[1] == seat:
        return "decline"  # my next worker gets the same card one coin cheaper, with nobody in between
    values = Valuer(view)
    coin = values.coin(me)
    price = len(workers)
    surplus = values.card(me, slot) - price * coin
    if "buy" not in legal or surplus < 0 or price > MAX_PRICE:
        return "decline"
    # Keep the money for a better card further right that I could no longer afford after this one.
    for later in view["row"][col + 1:]:
        if later["status"] != "open" or seat not in later["workers"]:
            continue
        below = later["workers"][: later["workers"].index(seat)]
        chance = _chance_to_reach_me(view, seat, below, len(later["workers"]))
        later_price = max(len(later["workers"]) - len(below), 1)
        cannot_afford_both = me["coins"] - price < later_price <= me["coins"]
        if cannot_afford_both and chance * (values.card(me, later) - later_price * coin) > surplus:
            return "decline"
    return "buy"


def _convert_target(view: dict[str, Any], me: dict[str, Any]) -> str | None:
    """A good that alone completes one of my contracts, which I do not hold but the reserve does."""
    held = {g for g in GOODS if me["hand"][g] or me["hall"][g] or (me["warehouse"] or {}).get(g)}
    for c in sorted(me["contracts"], key=lambda c: -c["points"]):
        missing = [g for g in c["goods"] if g not in c["filled"]]
        if len(missing) == 1 and missing[0] not in held and view["reserve"][missing[0]] > 0:
            good: str = missing[0]
            return good
    return None


def _loading(view: dict[str, Any], legal: list[str], seat: int) -> str:
    me = view["players"][seat]
    legal_set = set(legal)
    hand, hall = me["hand"], me["hall"]
    want = needs(me)
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
            g = next((g for g in GOODS if hand[g]), None)
            if g and f"hall {g}" in legal_set:
                return f"hall {g}"
    if on_hall >= 2:
        if "marketsell" in legal_set:
            return "marketsell"
        return next(a for a in legal if a.startswith("take ") and a.endswith(" hall"))
    # 3. A lone hall cube goes into a warehouse with room (1 point there, none on the hall).
    wh = me["warehouse"]
    if on_hall == 1 and wh is not None and sum(wh.values()) < 4 and in_hand == 0:
        g = next(g for g in GOODS if hall[g])
        return f"take {g} hall"
    # 4. Cubes in hand: sell what no contract needs, store what is needed, sell pairs at the hall.
    spare = [g for g in GOODS if hand[g] > want[g]]
    for g in spare:
        if f"sell {g}" in legal_set:
            return f"sell {g}"
    for g in sorted(GOODS, key=lambda g: -want[g]):
        if hand[g] and f"store {g}" in legal_set:
            return f"store {g}"
    if in_hand >= 1:
        g = next(g for g in GOODS if hand[g])
        if f"hall {g}" in legal_set and (in_hand >= 2 or on_hall <= 1):
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

