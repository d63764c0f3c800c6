"""A sensible bot for Die Siedler von Nürnberg, choosing from its own view and the legal actions only.

Plan: aim at the most valuable affordable-soon build (settlement, manufacture, wall, toll bar), keep the
cards that build needs, trade surplus with the bank towards it, turn other surplus into goods (gold buys
walls, walls buy council cards), contest Wegerecht cards with toll bars when that takes a card.

Trading (issue 20): once a turn it offers one spare card for one card its next build lacks, to everyone, and takes
the best answer that is fair to it. The fairness rule (``deal_gain``, docs/rules/nuernberg.md, N-A25): a card its
next build lacks is worth 2, a card that build would then lack 1.5 when given away, any other card 1, a gold
1/3 (four gold buy a card at the bank, and walls cost gold); it accepts an offer, or takes an answer, when what it
receives is worth at least what it gives, and never trades with a player at 11 points or more. Gold buys at the
bank only when the bot holds more than two walls' worth (issue 20: it used to pay 4 gold a card again and again).

Every offer costs each human addressee a prompt, so a bot (basic or strong: ``bot_moves``) sends one offer a turn at
most (the strong bot sent the same offer again after everyone had declined it: issue 42), and only to players who can
plausibly accept it: each holds at least as many cards and as much gold as it asks for.
"""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.nuernberg.data import COSTS, RESOURCES
from rules.nuernberg.trading import MAX_OFFERS_PER_TURN

PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
GOLD_VALUE = 1 / 3
GOLD_KEPT = 6  # two walls' worth: gold below this never goes to the bank
LEADER_VP = 11  # nobody trades with a player this close to 13


def bot_moves(view: dict[str, Any], legal: list[str], seat: int) -> list[str]:
    """The legal moves a bot considers: one offer a turn (no new draft once an offer went out), in a draft no ``send``
    to a player who cannot plausibly accept, no counter-offer draft (it answers with ``accept`` or ``decline``)."""
    if view["phase"] == "offer":
        return [a for a in legal if a != "counter"]
    if view["menu"] is None and view["phase"] == "main" and view["offers_left"] < MAX_OFFERS_PER_TURN:
        return [a for a in legal if a != "offer"]
    if view["menu"] != "offer" or view.get("draft") is None:
        return legal
    draft = view["draft"]
    return [a for a in legal if not a.startswith("send ") or _plausible(view, seat, a.split()[1], draft)]


def _plausible(view: dict[str, Any], seat: int, to: str, draft: dict[str, dict[str, int]]) -> bool:
    """Whether every addressee of ``send <to>`` could accept the draft: holds as many cards and as much gold as it
    asks for (their hands are secret, their counts are not)."""
    want = draft["want"]
    players = view["players"]
    seats = [s for s in range(len(players)) if s != seat] if to == "all" else [int(s) for s in to.split(",")]
    asked_cards = sum(n for item, n in want.items() if item != "gold")
    return all(players[o]["cards"] >= asked_cards and players[o]["gold"] >= want.get("gold", 0) for o in seats)


def choose(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    legal = bot_moves(view, legal, seat) or legal
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    me = view["players"][seat]
    if phase == "discard":
        return _discard(me, legal)
    if phase in ("robber", "robber_hex"):
        return _robber(view, legal, seat)
    if phase == "steal":
        return max(legal, key=lambda a: (view["players"][int(a.split()[1])]["cards"],
                                         view["scores"][int(a.split()[1])]))
    if phase == "council":
        return max(legal, key=lambda a: view["scores"][int(a.split()[1])])
    if phase == "offer":
        return _answer_offer(view, legal, seat)
    if phase in ("setup_toll", "setup_settle"):
        return _setup(view, legal)
    if phase == "main":
        return _main(view, legal, seat, rng)
    return legal[0]


# ---- evaluation helpers ---------------------------------------------------------------------------------------
def _hex_table(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {h["id"]: h for h in view["countryside"]["hexes"]}


def _crossing_value(view: dict[str, Any], crossing: dict[str, Any],
                    hexes: dict[str, dict[str, Any]] | None = None) -> float:
    hexes = hexes or _hex_table(view)
    robber = view["countryside"]["robber"]
    value, kinds = 0.0, set()
    for hid in crossing["hexes"]:
        h = hexes[hid]
        if h["number"]:
            value += PIPS[h["number"]] * (0.5 if hid == robber else 1.0)
            kinds.add(h["resource"])
    return value + 0.5 * len(kinds)


def _crossing(view: dict[str, Any], cid: str) -> dict[str, Any]:
    rid = cid.rsplit(".", 1)[0]
    for route in view["countryside"]["routes"]:
        if route["id"] == rid:
            crossing: dict[str, Any]
            for crossing in route["crossings"]:
                if crossing["id"] == cid:
                    return crossing
    raise KeyError(cid)


def _production(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Expected income weight per resource from the seat's settlements."""
    hexes = _hex_table(view)
    out = dict.fromkeys(RESOURCES, 0.0)
    for route in view["countryside"]["routes"]:
        for c in route["crossings"]:
            if c["settlement"] == seat:
                for hid in c["hexes"]:
                    h = hexes[hid]
                    if h["number"]:
                        out[h["resource"]] += PIPS[h["number"]]
    return out


def _target(view: dict[str, Any], seat: int) -> str:
    """The build the bot is saving for."""
    me = view["players"][seat]
    pieces = me["pieces_left"]
    if pieces["settlement"] > 0 and _settle_routes(view, seat):
        return "settlement"
    free_disc = pieces["manufacture"] > 0 and any(d["owner"] is None for d in view["city"]["discs"])
    if free_disc and (me["hand"]["ore"] + me["hand"]["grain"] >= 2 or pieces["settlement"] == 0):
        return "manufacture"
    if view["city"]["next_wall"] is not None and me["gold"] >= 2:
        return "wall"
    if free_disc:
        return "manufacture"
    return "toll"


def _settle_routes(view: dict[str, Any], seat: int) -> list[str]:
    out = []
    for route in view["countryside"]["routes"]:
        if not route["tolls_by_seat"][seat]:  # no toll bar of the seat's on the route
            continue
        cross = route["crossings"]
        for k in range(1, len(cross)):
            if cross[k]["settlement"] is None and cross[k - 1]["settlement"] is None and (
                k + 1 >= len(cross) or cross[k + 1]["settlement"] is None
            ):
                out.append(route["id"])
                break
    return out


def _missing(hand: dict[str, int], cost: dict[str, int]) -> dict[str, int]:
    return {res: n - hand.get(res, 0) for res, n in cost.items() if res in hand and n > hand.get(res, 0)}


# ---- phases -----------------------------------------------------------------------------------------------------
def _discard(me: dict[str, Any], legal: list[str]) -> str:
    hand = me["hand"]
    keep = COSTS["settlement"]
    return max(legal, key=lambda a: (hand[a.split()[1]] - keep.get(a.split()[1], 0), a))


def _settled_harm(view: dict[str, Any], seat: int) -> dict[str, float]:
    """What the knight on each hex does to the settlements next to it (the own count against, the others' for,
    the more so the more points they have), before the hex's pips: every hex at once, in one pass."""
    scores = view["scores"]
    harm: dict[str, float] = {}
    for route in view["countryside"]["routes"]:
        for c in route["crossings"]:
            owner = c["settlement"]
            if owner is not None:
                term = -3.0 if owner == seat else 1.0 + scores[owner] / 6
                for hid in c["hexes"]:
                    harm[hid] = harm.get(hid, 0.0) + term
    return harm


def _robber(view: dict[str, Any], legal: list[str], seat: int) -> str:
    hexes = _hex_table(view)
    settled_harm = _settled_harm(view, seat)

    def hex_harm(hid: str) -> float:
        h = hexes[hid]
        return settled_harm.get(hid, 0.0) * PIPS[h["number"]] if h["number"] else 0.0

    current = view["countryside"]["robber"]
    best_by_number: dict[str, float] = {}  # a number's best hex, when the knight goes to a number first
    if any(a.split()[-1].isdigit() for a in legal):
        for hid, h in hexes.items():
            if h["number"] and hid not in (current, view["countryside"]["city_hex"]):
                key = str(h["number"])
                best_by_number[key] = max(best_by_number.get(key, -1e9), hex_harm(hid))

    def score(action: str) -> float:
        target = action.split()[-1]
        if target == "back":
            return -1e9
        if target.isdigit():
            return best_by_number.get(target, -1e9)
        return hex_harm(target)

    return max(legal, key=lambda a: (score(a), a))


def deal_gain(view: dict[str, Any], seat: int, get: dict[str, int], give: dict[str, int]) -> float:
    """What receiving ``get`` for ``give`` is worth to ``seat`` (the fairness rule in the module's docstring)."""
    me = view["players"][seat]
    cost = COSTS.get(_target(view, seat), {})
    need = _missing(me["hand"], cost)

    def worth(items: dict[str, int], giving: bool) -> float:
        total = 0.0
        for item, n in items.items():
            if item == "gold":
                total += GOLD_VALUE * n
                continue
            base = 2.0 if item in need else 1.0
            if giving and item not in need and me["hand"].get(item, 0) - n < cost.get(item, 0):
                base = 1.5  # giving away what the next build needs from the hand
            total += base * n
        return total

    return worth(get, giving=False) - worth(give, giving=True)


def _answer_offer(view: dict[str, Any], legal: list[str], seat: int) -> str:
    offer = view["offer"]
    if seat == offer["from"]:  # choose among the acceptances and counters
        best, best_gain = "withdraw", -0.01
        for action in legal:
            if not action.startswith("take "):
                continue
            other = int(action.split()[1])
            answer = offer["answers"][str(other)]
            if answer == "accept":
                gain = deal_gain(view, seat, offer["want"], offer["give"])
            else:
                gain = deal_gain(view, seat, answer["give"], answer["want"])
            if view["scores"][other] < LEADER_VP and gain > best_gain:
                best, best_gain = action, gain
        return best
    if "accept" not in legal or view["scores"][offer["from"]] >= LEADER_VP:
        return "decline"
    return "accept" if deal_gain(view, seat, offer["give"], offer["want"]) >= 0 else "decline"


def trade_plan(view: dict[str, Any], seat: int, target: str | None = None) -> tuple[str, str] | None:
    """(give, get): one spare card for one card the next build lacks, or None (``target``: ``_target``, if known)."""
    me = view["players"][seat]
    hand = me["hand"]
    cost = COSTS.get(target or _target(view, seat), {})
    need = _missing(hand, cost)
    if not need:
        return None
    get = max(need, key=lambda r: (need[r], r))
    spare = {r: hand[r] - cost.get(r, 0) for r in RESOURCES if r not in need and hand[r] > cost.get(r, 0)}
    if not spare:
        return None
    give = max(spare, key=lambda r: (spare[r], r))
    return give, get


def _draft_step(view: dict[str, Any], legal: list[str], seat: int) -> str:
    plan = trade_plan(view, seat)
    draft = view.get("draft") or {"give": {}, "want": {}}
    if plan is None:
        return "cancel"
    give, get = plan
    if not draft["give"].get(give) and f"give {give}" in legal:
        return f"give {give}"
    if not draft["want"].get(get) and f"want {get}" in legal:
        return f"want {get}"
    sends = [a for a in legal if a.startswith("send ")]  # only those who could accept (``bot_moves``), most first
    if not sends:
        return "cancel"
    return "send all" if "send all" in sends else max(sends, key=lambda a: (a.count(",") + 1, a))


def _setup(view: dict[str, Any], legal: list[str]) -> str:
    hexes = _hex_table(view)

    def score(action: str) -> float:
        where = action.split()[1]
        if ".s" in where:  # toll: the value of the best crossing this route still offers
            rid = where.split(".s")[0]
            route = next(r for r in view["countryside"]["routes"] if r["id"] == rid)
            return max(_crossing_value(view, c, hexes) for c in route["crossings"][1:] if c["settlement"] is None)
        return _crossing_value(view, _crossing(view, where), hexes)

    return max(legal, key=lambda a: (score(a), a))


# ---- main phase -------------------------------------------------------------------------------------------------
def _main(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
    me = view["players"][seat]
    hand = me["hand"]
    first = legal[0].split()
    menu = view["menu"]
    if menu == "offer":
        return _draft_step(view, legal, seat)
    if menu is not None:
        options = [a for a in legal if a != "back"]
        if first[0] == "settle":
            hexes = _hex_table(view)
            return max(options, key=lambda a: (_crossing_value(view, _crossing(view, a.split()[1]), hexes), a))
        if first[0] == "manufacture":
            prod = _production(view, seat)
            return max(options, key=lambda a: (_disc_value(view, seat, a.split()[1], prod), a))
        if first[0] == "bank":
            return _bank_step(view, options, seat)
        return options[0]

    target = _target(view, seat)
    # 1. builds that score
    settle = [a for a in legal if a.startswith("settle ")]
    if settle:
        hexes = _hex_table(view)
        return max(settle, key=lambda a: (_route_best(view, a.split()[1], hexes), a))
    if "manufacture" in legal and target in ("manufacture", "wall", "toll"):
        return "manufacture"
    if "manufacture" in legal and me["pieces_left"]["settlement"] == 0:
        return "manufacture"
    if "tower" in legal:
        return "tower"
    if "wall" in legal and (target != "settlement" or hand["brick"] >= 2):
        return "wall"
    toll = _toll_choice(view, legal, seat, target)
    if toll:
        return toll
    # 2. surplus into goods (gold pays for walls)
    reserve = COSTS.get(target, {})
    for action in legal:
        if action.startswith("produce "):
            good = next(g for g in view["goods"] if g["good"] == action.split()[1])
            left = {res: hand[res] - good["recipe"].get(res, 0) for res in RESOURCES}
            if all(left[res] >= reserve.get(res, 0) for res in RESOURCES):
                return action
    # 3. one offer a turn to the other players (far better than the bank's 4:1), then the bank
    nobody_near = max(view["scores"]) < LEADER_VP or view["scores"][seat] >= LEADER_VP
    if ("offer" in legal and view["offers_left"] == MAX_OFFERS_PER_TURN and nobody_near
            and trade_plan(view, seat, target)):
        return "offer"
    if "bank" in legal and bank_plan(view, seat, target) is not None:
        return "bank"
    # 4. a big hand invites the robber knight: sell goods rather than return half of it
    if sum(hand.values()) > 7:
        goods = [a for a in legal if a.startswith("produce ")]
        if goods:
            return max(goods, key=lambda a: (_sale_value(view, seat, a.split()[1]), a))
    return "end"


def _sale_value(view: dict[str, Any], seat: int, name: str) -> float:
    good = next(g for g in view["goods"] if g["good"] == name)
    doubled = any(d["owner"] == seat and name in d["doubles"] for d in view["city"]["discs"])
    toll: int = good["toll"] if good["toll_to"] not in (None, seat) else 0
    price: int = good["price"]
    inputs: int = sum(good["recipe"].values())
    return (price * (2 if doubled else 1) - toll) / inputs


def _route_best(view: dict[str, Any], rid: str, hexes: dict[str, dict[str, Any]]) -> float:
    route = next(r for r in view["countryside"]["routes"] if r["id"] == rid)
    cross = route["crossings"]
    best = 0.0
    for k in range(1, len(cross)):
        if cross[k]["settlement"] is None and cross[k - 1]["settlement"] is None and (
            k + 1 >= len(cross) or cross[k + 1]["settlement"] is None
        ):
            best = max(best, _crossing_value(view, cross[k], hexes))
    return best


def _toll_choice(view: dict[str, Any], legal: list[str], seat: int, target: str) -> str | None:
    tolls = [a for a in legal if a.startswith("toll ")]
    if not tolls:
        return None
    routes = {r["id"]: r for r in view["countryside"]["routes"]}
    opens = not _settle_routes(view, seat)
    hexes = _hex_table(view)
    best, best_score = None, 0.0
    for action in tolls:
        rid = action.split()[1].split(".s")[0]
        route = routes[rid]
        mine = route["tolls_by_seat"][seat]
        holder = route["holder"]
        score = 0.0
        if holder is None or (holder != seat and mine + 1 > route["tolls_by_seat"][holder]):
            score += 3.0  # takes the Wegerecht card: +1 point, and the tolls
        elif holder == seat and max(c for s, c in enumerate(route["tolls_by_seat"]) if s != seat) >= mine:
            score += 1.5  # keeps a lead
        route_best = _route_best(view, rid, hexes) if opens else 0.0
        if route_best > 0:
            score += 2.0 + route_best / 10  # opens a route for the next settlement
        if target == "toll":
            score += 0.5
        if score > best_score:
            best, best_score = action, score
    return best


def _disc_value(view: dict[str, Any], seat: int, did: str, prod: dict[str, float]) -> float:
    """What a manufacture on disc ``did`` is worth to ``seat`` (``prod``: its ``_production``)."""
    disc = next(d for d in view["city"]["discs"] if d["id"] == did)
    value = 0.5 * len(disc["doubles"])
    if disc["trade"] == "3:1":
        value += 2.5
    elif disc["trade"]:
        value += 1.0 + prod[disc["trade"]] / 4
    if disc["bauhof"]:
        value += 1.5 + sum(1 for w in view["city"]["walls"] if w["built_by"] is not None) / 4
    return value


def bank_plan(view: dict[str, Any], seat: int, target: str | None = None) -> tuple[str, str] | None:
    """(give, get) for one bank trade towards the target build, or None (``target``: ``_target``, if known)."""
    me = view["players"][seat]
    hand = me["hand"]
    cost = COSTS.get(target or _target(view, seat), {})
    need = _missing(hand, cost)
    if not need:
        return None
    get = max(need, key=lambda r: (need[r], r))
    rates = me["bank_rates"]
    best: tuple[float, str] | None = None
    for item in (*RESOURCES, "gold"):
        rate = rates[item]
        have = me["gold"] if item == "gold" else hand[item]
        # Gold pays for walls (prestige, council cards): it goes to the bank only above two walls' worth.
        keep = cost.get(item, 0) + (GOLD_KEPT if item == "gold" else 0)
        if item != get and have - keep >= rate:
            score = -rate * (GOLD_VALUE if item == "gold" else 1.0)
            if best is None or score > best[0]:
                best = (score, item)
    return None if best is None else (best[1], get)


def _bank_step(view: dict[str, Any], options: list[str], seat: int) -> str:
    plan = bank_plan(view, seat)
    if plan:
        give, get = plan
        for want in (f"bank {give} {get}", f"bank {give}"):
            if want in options:
                return want
    # Inside a bank menu without a matching plan: finish with the most plentiful/needed pair.
    return options[0]
