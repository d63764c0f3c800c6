"""A heuristic Colonia bot: it sees only its own view and the legal actions.

It plans its family members (keeps a reserve for the week's later days), buys stalls that complete
recipes, orders goods the harbour wants while the member cost is low, loads the best-paying holds on
ships about to sail, buys the relics with the most VP per coin, fills its shrines with its best relic
of the city, and insures a valuable relic when members are plentiful.
"""

from __future__ import annotations

from typing import Any

from rules.colonia import data as D
from rules.core import Rng

CUR_OF_CITY = dict(zip(D.CITIES, D.CURRENCIES, strict=True))


def choose(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    if len(legal) == 1:
        return legal[0]
    verb = legal[0].split(" ", 1)[0]
    me = view.get("me") or {}
    player = view["players"][seat]
    pick: str | None = None
    if verb == "family":
        pick = _family(view, legal, player, rng)
    elif verb in ("vote", "decide"):
        pick = f"{verb} {'yes' if _likes_decree(view, seat) else 'no'}"
    elif verb == "take":
        pick = f"take {_wanted_good(view, me)}"
    elif verb == "give":
        pick = max(legal, key=lambda a: me["goods"][a.split()[1]])
    elif verb in ("enshrine", "keep"):
        options = [a for a in legal if a.startswith("enshrine ")]
        pick = max(options, key=lambda a: _vp(a.split()[1])) if options else legal[-1]
    elif verb in ("exchange", "no"):
        pick = _exchange(view, legal, me)
    else:
        kind = (view.get("loop") or {}).get("kind")
        if kind == "stall":
            pick = _stall(view, legal, player, me)
        elif kind == "order":
            pick = _order(view, legal, player, me)
        elif kind == "load":
            pick = _load(view, legal, player, me)
        elif kind == "buy":
            pick = _buy(view, legal, player, me)
        elif kind == "insure":
            pick = _insure(view, legal, player, me)
    if pick in legal:
        return pick
    return legal[-1] if legal[-1] == "pass" else rng.choice(legal)


def _vp(card: str) -> int:
    return D.RELIC_BY_ID[card].vp


def _family(view: dict[str, Any], legal: list[str], player: dict[str, Any], rng: Rng) -> str:
    reserve = player["reserve"]
    lean = 1 if view.get("lean_council") else 0
    values = sorted(int(a.split()[1]) for a in legal)
    feasible = [v for v in values if v - lean <= reserve]
    if not feasible:
        return f"family {values[0]}"
    # Keep enough members for stalls, orders and loading this week; high cards earlier when members abound.
    # The Tuesday street comes home right after the council, so it counts toward the week's members.
    back = player["street"]["tuesday"]
    comfortable = [v for v in feasible if reserve + back - (v - lean) >= 14 + rng.below(3)]
    return f"family {max(comfortable) if comfortable else min(feasible)}"


def _likes_decree(view: dict[str, Any], seat: int) -> bool:
    vote = view.get("vote") or {}
    did = vote.get("decree")
    if did in D.OVERTIME:
        col = view["craftsmen"][D.OVERTIME[did]]
        mine = [i for i, o in enumerate(col["orders"]) if o["seat"] == seat and i >= col["stick"]]
        others = [i for i, o in enumerate(col["orders"]) if o["seat"] != seat and i >= col["stick"]]
        return bool(mine) or not others
    if did in ("D11", "D12"):
        ships = view["harbour"]["ships"][: 2 if did == "D11" else 1]
        loaded_mine = sum(1 for s in ships for h in s["holds"] if h["seat"] == seat)
        loaded_others = sum(1 for s in ships for h in s["holds"] if h["seat"] not in (None, seat))
        return loaded_mine >= loaded_others
    return True


def _demand(view: dict[str, Any]) -> dict[str, int]:
    """How many open holds in the harbour ask for each good."""
    want = dict.fromkeys(D.GOODS, 0)
    for ship in view["harbour"]["ships"]:
        for hold in ship["holds"]:
            if hold["seat"] is None:
                for g in hold["goods"]:
                    want[g] += 1
    return want


def _wanted_good(view: dict[str, Any], me: dict[str, Any]) -> str:
    want = _demand(view)
    return max(D.GOODS, key=lambda g: (want[g], -me.get("goods", {}).get(g, 0)))


def _stall(view: dict[str, Any], legal: list[str], player: dict[str, Any], me: dict[str, Any]) -> str:
    reserve = player["reserve"]
    have = me["materials"]
    best, best_score = "pass", 0.0
    for action in legal:
        if action == "pass":
            continue
        stall = view["market"][int(action.split()[1]) - 1]
        total = stall["total"]
        # Wednesday street members come home after the purchases, in time for Thursday's orders.
        if reserve + player["street"]["wednesday"] - total < 7:
            continue
        # Materials that pair with what we hold (or with each other) are worth more.
        score = 0.0
        for m, k in stall["materials"].items():
            score += k * (1.0 if any(have.get(D.MATERIALS[b], 0) for a, b in D.RECIPES if D.MATERIALS[a] == m)
                          or any(have.get(D.MATERIALS[a], 0) for a, b in D.RECIPES if D.MATERIALS[b] == m) else 0.7)
        score -= 0.25 * total
        if score > best_score:
            best, best_score = action, score
    return best


def _order(view: dict[str, Any], legal: list[str], player: dict[str, Any], me: dict[str, Any]) -> str:
    reserve = player["reserve"]
    want = _demand(view)
    best, best_score = "pass", 0.0
    for action in legal:
        if action == "pass":
            continue
        col = next(c for c in view["craftsmen"] if c["name"] == action.split()[1])
        cost = col["next_cost"]
        space = len(col["orders"]) + 1
        if cost > 3 or reserve - cost < 3:
            continue
        score = 3.0 - cost + (2.0 if space <= col["stick"] else 0.5 if space <= col["stick"] + 2 else -1.0)
        score += 0.5 * want[col["good"]] - 0.3 * me["goods"][col["good"]]
        if score > best_score:
            best, best_score = action, score
    return best


def _load(view: dict[str, Any], legal: list[str], player: dict[str, Any], me: dict[str, Any]) -> str:
    harbour = view["harbour"]
    berth = {s["id"]: s["berth"] for s in harbour["ships"]}
    best, best_score = "pass", 0.0
    for action in legal:
        parts = action.split()
        if parts[0] == "load":
            ship = next(s for s in harbour["ships"] if s["id"] == parts[1])
            score = float(ship["holds"][int(parts[2]) - 1]["pay"])
        elif parts[0] == "extra":
            score = float(D.EXTRA_HOLD_PAY) - 0.5
        else:
            continue
        score += 3.0 if berth[parts[1]] <= harbour["departing"] else 0.0
        if score > best_score:
            best, best_score = action, score
    return best


def _shrine_bonus(card: str, me: dict[str, Any], player: dict[str, Any], week: int) -> float:
    """Extra VP a card brings through a shrine: doubling an owned relic, or filling an empty shrine."""
    relic = D.RELIC_BY_ID[card]
    if relic.shrine:
        own = [r["vp"] for r in me["relics"] if r and D.RELIC_BY_ID[r["id"]].city == relic.city]
        # An empty shrine early on may still catch a good relic later.
        return max(max(own, default=0), 2.5 if week <= 3 else 0)
    empty = any(s["relic"] is None and D.RELIC_BY_ID[s["id"]].city == relic.city for s in player["shrines"])
    return float(relic.vp) if empty else 0.0


def _buy(view: dict[str, Any], legal: list[str], player: dict[str, Any], me: dict[str, Any]) -> str:
    best, best_score = "pass", 0.0
    for action in legal:
        if action == "pass":
            continue
        card = action.split()[1]
        relic = D.RELIC_BY_ID[card]
        vp = relic.vp + _shrine_bonus(card, me, player, view["week"])
        if vp <= 0:
            continue
        score = vp / relic.price + 0.01 * vp
        if score > best_score:
            best, best_score = action, score
    return best


def _insure(view: dict[str, Any], legal: list[str], player: dict[str, Any], me: dict[str, Any]) -> str:
    if player["reserve"] < 12 or view["week"] >= D.WEEKS:
        return "pass"
    money = me["money"]
    best, best_score = "pass", 2.0
    for action in legal:
        if action == "pass":
            continue
        relic = D.RELIC_BY_ID[action.split()[1]]
        # Worth saving if it is valuable and within reach of next week's income.
        score = relic.vp + (1.0 if money[D.CURRENCIES[relic.city]] + 6 >= relic.price else -2.0)
        if relic.shrine:
            score = 0.0
        if score > best_score:
            best, best_score = action, score
    return best


def _exchange(view: dict[str, Any], legal: list[str], me: dict[str, Any]) -> str:
    """Move up to 5 from the richest currency into the one that most nearly buys a displayed relic."""
    money = me["money"]
    if legal[-1] == "no exchange":
        richest = max(D.CURRENCIES, key=lambda c: money[c])
        action = f"exchange {richest}"
        return action if action in legal and money[richest] >= 8 else "no exchange"
    src = legal[0].split()[2]
    cards = [c for c in view["relics"]["display"] + view["relics"]["extra"] if c and not c["shrine"]]
    best = None
    for card in cards:
        cur = card["currency"]
        gap = card["price"] - money[cur]
        if cur != src and 0 < gap <= min(5, money[src]) and (best is None or card["vp"] > best[0]):
            best = (card["vp"], gap, cur)
    if best is None:
        return legal[0]
    return f"exchange {best[1]} {src} to {best[2]}"


# A duel baseline (bench/baselines/__init__.py): this file is rules/colonia/bot.py at commit 280fadf.
bot_action = choose
