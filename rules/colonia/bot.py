"""A heuristic Colonia bot: it sees only its own view and the legal actions.

It plans its family members (keeps a reserve for the week's later days), buys stalls that complete
recipes, orders goods the harbour wants while the member cost is low, loads the best-paying holds on
ships about to sail, and votes on decrees in its own interest (``bot_votes``). On Sundays it values a
relic by the VP it adds (doubled when an empty shrine of its city waits) and a shrine by the relic it
would double; it saves its money for the dear relics that pay best per coin, and in the last week spends
each currency for the most VP it can buy. It insures a valuable relic when members are plentiful.
"""

from __future__ import annotations

from typing import Any

from rules.colonia import data as D
from rules.colonia.bot_votes import likes_decree
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
        pick = f"{verb} {'yes' if likes_decree(view, seat) else 'no'}"
    elif verb == "take":
        pick = f"take {_wanted_good(view, me)}"
    elif verb == "give":
        pick = max(legal, key=lambda a: me["goods"][a.split()[1]])
    elif verb in ("enshrine", "keep"):
        options = [a for a in legal if a.startswith("enshrine ")]
        best = max(options, key=lambda a: _vp(a.split()[1])) if options else None
        # A cheap relic would waste the shrine while a dear one of its city may still come.
        keep = best is None or (_vp(best.split()[1]) < SHRINE_MIN_VP and view["week"] < SHRINE_LATE)
        pick = legal[-1] if keep else best
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


#: Before the last week a relic must pay at least this many VP per coin (the 12s and dearer, or a shrine doubling a
#: 4-5 VP relic); cheaper ones only with money to spare. The last week spends everything (``_best_spend``).
GOOD_RATIO = 0.25
SPARE = 12
SHRINE_MIN_VP = 3  # the least VP worth doubling in a shrine before week SHRINE_LATE
SHRINE_LATE = 5
SHRINE_HOPE = 3.0  # what an empty shrine bought in weeks 1-3 is expected to double later


def _gain(card: str, me: dict[str, Any], player: dict[str, Any], week: int, shown: list[str]) -> float:
    """The VP a card adds now: a relic its VP (twice with an empty shrine of its city waiting); a shrine the VP of
    the best relic of its city it would double (a little more early on, when a good relic may still come)."""
    relic = D.RELIC_BY_ID[card]
    empty = [s for s in player["shrines"] if s["relic"] is None and D.RELIC_BY_ID[s["id"]].city == relic.city]
    if not relic.shrine:
        doubled = empty and (relic.vp >= SHRINE_MIN_VP or week >= SHRINE_LATE)
        return float(relic.vp * (2 if doubled else 1))
    if empty:  # a second shrine of a city we already hold one of: nothing to fill it with
        return 0.0
    own = max((r["vp"] for r in me["relics"] if r and D.RELIC_BY_ID[r["id"]].city == relic.city), default=0)
    # a relic of its city on display that the rest of the purse still buys after the shrine: doubled at once
    left = me["money"][D.CURRENCIES[relic.city]] - relic.price
    within = max((D.RELIC_BY_ID[c].vp for c in shown if not D.RELIC_BY_ID[c].shrine
                  and D.RELIC_BY_ID[c].city == relic.city and D.RELIC_BY_ID[c].price <= left), default=0)
    hope = SHRINE_HOPE if week <= 3 else 2.0 if week <= 4 else 0.0
    return max(float(own), float(within), hope)


def _best_spend(money: int, cards: list[tuple[int, float]]) -> float:
    """The most VP ``money`` buys among ``cards`` (price, gain): a small knapsack."""
    best = [0.0] * (money + 1)
    for price, gain in cards:
        for m in range(money, price - 1, -1):
            best[m] = max(best[m], best[m - price] + gain)
    return best[money]


def _buy(view: dict[str, Any], legal: list[str], player: dict[str, Any], me: dict[str, Any]) -> str:
    week = view["week"]
    money = me["money"]
    shown = [c["id"] for c in view["relics"]["display"] + view["relics"]["extra"] if c]
    best, best_score = "pass", 0.0
    for action in legal:
        if action == "pass":
            continue
        card = action.split()[1]
        relic = D.RELIC_BY_ID[card]
        gain = _gain(card, me, player, week, shown)
        if gain <= 0:
            continue
        cur = D.CURRENCIES[relic.city]
        if week >= D.WEEKS:  # the last Sunday: money is worth nothing after it, so buy the most VP in all
            rest = [(D.RELIC_BY_ID[c].price, _gain(c, me, player, week, shown)) for c in shown
                    if c != card and D.RELIC_BY_ID[c].city == relic.city]
            score = gain + _best_spend(money[cur] - relic.price, rest) + 0.001 * relic.price
        else:
            ratio = gain / relic.price
            if ratio < GOOD_RATIO and money[cur] - relic.price < SPARE:
                continue
            score = ratio + 0.01 * gain
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
