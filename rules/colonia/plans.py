"""Colonia's plan-ahead orders: "my next action in this loop: X, if nobody changes what it depends on first".

In a passing loop each seat takes one action per turn, so a player who already knows their next action (order
another saddle, take stall 3, load hold 2 of S04) can give it while the others take their turns. The order's id is
``next <action>`` with the situation it was planned for: ``next order saddler@3`` (3 orders at the saddler when
given: one more by anybody else raises the price, so the plan no longer holds), ``next stall 3`` (the stall still
untaken), ``next load S04 2`` / ``next extra S04`` (that hold still empty), ``next buy B-8-1`` (the relic still
shown), ``next insure B-8-1`` (still shown and uninsured); ``next stall 3 or stall 5`` names a fallback, played if
someone takes stall 3 first. It plays when the loop reaches the seat if its situation still holds and the action is
legal (a conditional move, as in correspondence chess); its scope is the seat's own marks in the loop (stalls,
orders, holds, relics, insurances), so the seat's own next action ends it (one-shot); other players' actions that
take its targets end it too, and its owner is told privately why (``lapsed``) and asked as usual. It stands beside
"pass in this loop" (a kind of its own, ``plan``), and plays first: "order a saddle, then pass". Pure functions of
the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.colonia import data as D
from rules.colonia.labels import relic_name
from rules.colonia.names import _, _n, amount, items, name
from rules.colonia.views import LOOP_NAMES

PREFIX = "next"
KIND = "plan"
#: an action's verb -> the loop it belongs to
LOOP_OF = {"stall": "stall", "order": "order", "load": "load", "extra": "load", "buy": "buy", "insure": "insure"}
_ARITY = {"stall": 1, "order": 1, "load": 2, "extra": 1, "buy": 1, "insure": 1}


MAX_CHOICES = 2  # a plan names its action and at most one fallback


def _one(words: list[str]) -> tuple[str, int | None] | None:
    """(action, orders at its craftsman when given, for ``order``) of one alternative's words, else None."""
    if not words or words[0] not in _ARITY or len(words) != 1 + _ARITY[words[0]]:
        return None
    count = None
    if words[0] == "order":
        craftsman, at, n = words[1].partition("@")
        if not (at and n.isascii() and n.isdigit()):
            return None
        words = [words[0], craftsman]
        count = int(n)
    return " ".join(words), count


def parse(order_id: str) -> list[tuple[str, int | None]] | None:
    """The alternatives of a plan's id in order of preference, each (action, the orders at its craftsman when
    given, for ``order``); None if it is no plan. ``next order saddler@3 or stall 2`` → [("order saddler", 3),
    ("stall 2", None)]."""
    head, space, rest = order_id.partition(" ")
    if head != PREFIX or not space:
        return None
    out = [_one(part.split(" ")) for part in rest.split(" or ")]
    if not 1 <= len(out) <= MAX_CHOICES or any(a is None for a in out):
        return None
    found = [a for a in out if a is not None]
    if len({a for a, _c in found}) != len(found) or len({LOOP_OF[a.split(" ")[0]] for a, _c in found}) != 1:
        return None  # twice the same action, or actions of different loops
    return found


def plan_id(view: dict[str, Any], *actions: str) -> str:
    """The id of the plan to play the first of ``actions`` next (else the next one, if its target was taken first),
    with the situation of ``view`` in it."""
    parts = []
    for action in actions:
        words = action.split(" ")
        if words[0] == "order":
            col = _craftsman(view, words[1])
            action = f"{action}@{len(col['orders']) if col else 0}"
        parts.append(action)
    return f"{PREFIX} " + " or ".join(parts)


def _loop(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    loop = view.get("loop")
    if not isinstance(loop, dict) or seat in loop.get("passed", []):
        return None
    return loop


def _craftsman(view: dict[str, Any], craftsman: str) -> dict[str, Any] | None:
    return next((c for c in view.get("craftsmen") or [] if c["name"] == craftsman), None)


def _ship(view: dict[str, Any], sid: str) -> dict[str, Any] | None:
    return next((s for s in (view.get("harbour") or {}).get("ships") or [] if s["id"] == sid), None)


def _shown(view: dict[str, Any], card: str) -> dict[str, Any] | None:
    relics = view.get("relics") or {}
    return next((c for c in (relics.get("display") or []) + (relics.get("extra") or []) if c and c["id"] == card),
                None)


def _untouched(view: dict[str, Any], action: str, count: int | None) -> bool:
    """Whether nobody has taken the plan's target since it was given (the public part of its situation)."""
    verb, *rest = action.split(" ")
    if verb == "stall":
        market = view.get("market") or []
        i = int(rest[0]) if rest[0].isascii() and rest[0].isdigit() else 0
        return 1 <= i <= len(market) and market[i - 1]["seat"] is None and market[i - 1]["total"] > 0
    if verb == "order":
        col = _craftsman(view, rest[0])
        return col is not None and len(col["orders"]) == count
    if verb in ("load", "extra"):
        ship = _ship(view, rest[0])
        if ship is None:
            return False
        if verb == "extra":
            return bool(ship["extra_open"])
        h = int(rest[1]) if rest[1].isascii() and rest[1].isdigit() else 0
        return 1 <= h <= len(ship["holds"]) and ship["holds"][h - 1]["seat"] is None
    card = _shown(view, rest[0])
    return card is not None and (verb == "buy" or card["insured_by"] is None)


def marks(view: dict[str, Any], seat: int, kind: str) -> int:
    """The seat's own marks in a loop of ``kind``: they grow with each of its own actions there, and only then."""
    if kind == "stall":
        return sum(1 for m in view.get("market") or [] if m["seat"] == seat)
    if kind == "order":
        return sum(1 for c in view.get("craftsmen") or [] for o in c["orders"] if o["seat"] == seat)
    if kind == "load":
        ships = (view.get("harbour") or {}).get("ships") or []
        pending = view.get("pending") or {}
        choosing = pending.get("kind") == "extra" and pending.get("seat") == seat  # its extra hold, good unchosen
        held = [h["seat"] for s in ships for h in s["holds"]] + [s["extra_seat"] for s in ships]
        return held.count(seat) + (1 if choosing else 0)
    if kind == "buy":  # a bought relic joins the screen; enshrining moves one from the screen into a shrine
        shrines = view["players"][seat]["shrines"]
        return len((view.get("me") or {}).get("relics") or []) + sum(1 + (s["relic"] is not None) for s in shrines)
    relics = view.get("relics") or {}
    return sum(1 for c in (relics.get("display") or []) + (relics.get("extra") or []) if c and c["insured_by"] == seat)


def _holding(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    """The plan's first action whose target nobody took since, if its loop runs and the seat is still in it."""
    parsed = parse(order_id)
    loop = _loop(view, seat)
    if parsed is None or loop is None or LOOP_OF[parsed[0][0].split(" ")[0]] != loop["kind"]:
        return None
    return next((action for action, count in parsed if _untouched(view, action, count)), None)


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    action = _holding(order_id, view, seat)
    if action is None:
        return None
    kind = LOOP_OF[action.split(" ")[0]]
    return f"w{view['week']}:d{view['day']}:{kind}:m{marks(view, seat, kind)}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    action = _holding(order_id, view, seat)
    return action if action in legal else None


# ---- what can be planned, in words ------------------------------------------------------------------------------
def possible(view: dict[str, Any], seat: int, kind: str) -> list[str]:
    """The loop's actions the seat could take on its next turn as things stand (its own view's legal ones)."""
    me = view.get("me") or {}
    reserve = int(view["players"][seat]["reserve"])
    out: list[str] = []
    if kind == "stall":
        out = [f"stall {m['stall']}" for m in view["market"] if m["seat"] is None and 0 < m["total"] <= reserve]
    elif kind == "order":
        have = me.get("materials") or {}
        out = [f"order {c['name']}" for c in view["craftsmen"]
               if all(have.get(m, 0) for m in c["inputs"]) and len(c["orders"]) < D.ORDER_SPACES
               and c["next_cost"] - 1 < reserve]
    elif kind == "load" and reserve:
        goods = me.get("goods") or {}
        for ship in view["harbour"]["ships"]:
            out.extend(f"load {ship['id']} {h}" for h, hold in enumerate(ship["holds"], 1)
                       if hold["seat"] is None and all(goods.get(g, 0) for g in hold["goods"]))
        if any(goods.values()):
            out.extend(f"extra {ship['id']}" for ship in view["harbour"]["ships"] if ship["extra_open"])
    elif kind in ("buy", "insure"):
        money = me.get("money") or {}
        relics = view["relics"]
        for card in (relics.get("display") or []) + (relics.get("extra") or []):
            if card is None:
                continue
            if kind == "buy" and money.get(card["currency"], 0) >= card["price"]:
                out.append(f"buy {card['id']}")
            elif kind == "insure" and reserve and card["insured_by"] is None:
                out.append(f"insure {card['id']}")
    return out


def _what(view: dict[str, Any], action: str) -> str:
    """The planned action in words, with the condition it plays on."""
    verb, *rest = action.split(" ")
    if verb == "stall":
        stall = view["market"][int(rest[0]) - 1]
        members = _n("{n} member", "{n} members", stall["total"]).format(n=stall["total"])
        return _("take stall {stall} ({materials}) with {members}, if nobody takes it first").format(
            stall=rest[0], materials=items(stall["materials"]), members=members)
    if verb == "order":
        col = _craftsman(view, rest[0])
        assert col is not None
        members = _n("{n} member", "{n} members", col["next_cost"]).format(n=col["next_cost"])
        return _("order {good} from the {craftsman} for {members}, if nobody orders there first").format(
            good=name(col["good"]), craftsman=name(col["name"]), members=members)
    if verb == "load":
        ship = _ship(view, rest[0])
        assert ship is not None
        hold = ship["holds"][int(rest[1]) - 1]
        return _("load {goods} on {ship} hold {hold} for {pay}, if nobody loads it first").format(
            goods=" + ".join(name(g) for g in hold["goods"]), ship=rest[0], hold=rest[1],
            pay=amount(hold["pay"], ship["currency"]))
    if verb == "extra":
        return _("use the extra hold of {ship}, if nobody uses it first").format(ship=rest[0])
    if verb == "buy":
        return _("buy the {relic}, if nobody buys it first").format(relic=relic_name(rest[0]))
    return _("insure the {relic}, if nobody insures it first").format(relic=relic_name(rest[0]))


def _short(action: str) -> str:
    """The target of a planned action, in a few words (a fallback's label, a lapse note)."""
    verb, *rest = action.split(" ")
    if verb == "stall":
        return _("stall {stall}").format(stall=rest[0])
    if verb == "order":
        return _("an order from the {craftsman}").format(craftsman=name(rest[0]))
    if verb == "load":
        return _("hold {hold} of {ship}").format(hold=rest[1], ship=rest[0])
    if verb == "extra":
        return _("the extra hold of {ship}").format(ship=rest[0])
    return relic_name(rest[0])


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    """Each action the seat may take next, alone; then with each other one as its fallback (after the plain ones,
    so that the short lists and the first autocomplete choices show those)."""
    loop = _loop(view, seat)
    if loop is None:
        return []
    kind = loop["kind"]
    loop_name = _(LOOP_NAMES[kind]) if kind in LOOP_NAMES else kind
    actions = possible(view, seat, kind)
    words = {action: _what(view, action) for action in actions}
    out = [(plan_id(view, action), _("My next action in this {loop} loop: {action}").format(
        loop=loop_name, action=words[action])) for action in actions]
    out.extend((plan_id(view, action, other), _(
        "My next action in this {loop} loop: {action}; else {other}, if nobody takes it first").format(
        loop=loop_name, action=words[action], other=_short(other)))
        for action in actions for other in actions if other != action)
    return out


def _taken_by(view: dict[str, Any], action: str, seat: int) -> bool:
    """Whether ``seat`` itself holds the plan's target now (it played it: nothing to explain)."""
    verb, *rest = action.split(" ")
    if verb == "stall":
        market = view.get("market") or []
        i = int(rest[0]) if rest[0].isascii() and rest[0].isdigit() else 0
        return 1 <= i <= len(market) and market[i - 1]["seat"] == seat
    if verb == "order":
        col = _craftsman(view, rest[0])
        return col is not None and bool(col["orders"]) and col["orders"][-1]["seat"] == seat
    if verb in ("load", "extra"):
        ship = _ship(view, rest[0])
        if ship is None or verb == "extra":
            return ship is not None and ship["extra_seat"] == seat
        h = int(rest[1]) if rest[1].isascii() and rest[1].isdigit() else 0
        return 1 <= h <= len(ship["holds"]) and ship["holds"][h - 1]["seat"] == seat
    if verb == "buy":
        mine = [r["id"] for r in (view.get("me") or {}).get("relics") or [] if r]
        mine += [x for s in view["players"][seat]["shrines"] for x in (s["id"], s["relic"]) if x]
        return rest[0] in mine
    card = _shown(view, rest[0])
    return card is not None and card["insured_by"] == seat


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    """Why a plan ended unplayed: other players took its targets while the seat is still in the loop (a plan whose
    loop ended, whose owner left the loop or played it, says nothing)."""
    parsed = parse(order_id)
    loop = _loop(view, seat)
    if parsed is None or loop is None or LOOP_OF[parsed[0][0].split(" ")[0]] != loop["kind"]:
        return None
    if any(_untouched(view, a, c) or _taken_by(view, a, seat) for a, c in parsed):
        return None
    if len(parsed) > 1:
        return _("Your planned next action was not played: other players took {first} and {other} first. You will "
                 "be asked as usual.").format(first=_short(parsed[0][0]), other=_short(parsed[1][0]))
    verb, *rest = parsed[0][0].split(" ")
    if verb == "stall":
        why = _("another player took stall {stall} first").format(stall=rest[0])
    elif verb == "order":
        why = _("another player ordered from the {craftsman} first, so an order there now costs more").format(
            craftsman=name(rest[0]))
    elif verb == "load":
        why = _("another player loaded hold {hold} of {ship} first").format(hold=rest[1], ship=rest[0])
    elif verb == "extra":
        why = _("another player used the extra hold of {ship} first").format(ship=rest[0])
    elif verb == "buy":
        why = _("another player bought the {relic} first").format(relic=relic_name(rest[0]))
    else:
        why = _("another player insured the {relic} first").format(relic=relic_name(rest[0]))
    return _("Your planned next action was not played: {why}. You will be asked as usual.").format(why=why)
