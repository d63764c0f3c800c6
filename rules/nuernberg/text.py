"""English text: action labels (``describe``) and the one event formatter of Die Siedler von Nürnberg."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rules.core import Event
from rules.nuernberg import council
from rules.nuernberg.board import (
    COUNCIL_NAME,
    CROSSING_HEXES,
    DISC_BAUHOF,
    DISC_DOUBLES,
    DISC_INDEX,
    DISC_TRADE,
    GOOD_INDEX,
    GOOD_NAMES,
    GOOD_PRICE,
    GOOD_RECIPE,
    GOOD_ROUTE,
    GOOD_TOLL,
    HEX_BY_ID,
    ROUTE_INDEX,
    TRADE_ITEMS,
    WALL_IDS,
)
from rules.nuernberg.data import COLOURS, EVENT_TEXT, RESOURCES, ROUTES, TARGET_VP
from rules.nuernberg.economy import bank_rate, council_card
from rules.nuernberg.trading import as_dict, parse_deal, parse_offer, parse_seats, pending

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState


def seat_name(seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(COLOURS):
        return f"Seat {seat}"  # names replace it at the table; images use the render palette, not colour words
    return "nobody"


def items_text(items: dict[str, int] | None) -> str:
    parts = [f"{n} {name}" for name in TRADE_ITEMS if (n := (items or {}).get(name, 0))]
    return ", ".join(parts) if parts else "nothing"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _recipe(good: int) -> str:
    return " + ".join(f"{c} {RESOURCES[i]}" for i, c in enumerate(GOOD_RECIPE[good]) if c)


def _hex(hid: str) -> str:
    h = HEX_BY_ID.get(hid)
    if h is None:
        return hid
    if h["number"]:
        return f"{hid} ({h['terrain']} {h['number']})"
    return f"{hid} ({h['terrain']})"


def _touches(cid: str) -> str:
    """The hexes a crossing touches, by terrain and number: "fields 10, forest 6, hills 12"."""
    rid, _, k_text = cid.partition(".")
    if rid not in ROUTE_INDEX or not k_text.isdigit() or int(k_text) >= len(CROSSING_HEXES[ROUTE_INDEX[rid]]):
        return "?"
    parts = []
    for hid in CROSSING_HEXES[ROUTE_INDEX[rid]][int(k_text)]:
        h = HEX_BY_ID[hid]
        parts.append(f"{h['terrain']} {h['number']}" if h["number"] else str(h["terrain"]))
    return ", ".join(parts)


def _int(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _route_name(rid: str) -> str:
    route = ROUTES[ROUTE_INDEX[rid]] if rid in ROUTE_INDEX else None
    if route is None:
        return rid
    return f"route {route['numeral']}" + (f" ({route['city']})" if route.get("city") else "")


def describe_action(st: NuernbergState, action: str) -> str:
    words = action.split()
    verb = words[0] if words else ""
    arg = words[1] if len(words) > 1 else ""
    label = _describe(st, verb, arg, words)
    return (label or action or "?")[:100]


def _describe(st: NuernbergState, verb: str, arg: str, words: list[str]) -> str:
    seat = st.active
    if verb == "draw":
        return "Turn over the next event card"
    if verb == "end":
        return "End your turn"
    if verb == "back":
        return "Back to the previous choice"
    if verb == "toll" and "." in arg:
        free = " (free)" if st.phase.startswith("setup") else " (1 wood + 1 brick)"
        rid = arg.split(".")[0]
        wins = " — wins the Wegerecht card (+1 VP)" if _toll_wins(st, rid, seat) else ""
        return f"Toll bar on {arg}, {_route_name(rid)}{free}{wins}"[:100]
    if verb == "settle":
        if "." in arg:
            free = " (free)" if st.phase.startswith("setup") else " (grain+wool+brick+wood)"
            return f"Settlement on {arg}, touching {_touches(arg)}{free}"
        return f"Settlement on {_route_name(arg)}: choose the crossing"
    if verb == "manufacture":
        if arg in DISC_INDEX:
            d = DISC_INDEX[arg]
            extras = []
            if DISC_TRADE[d]:
                extras.append("trade 3:1" if DISC_TRADE[d] == "3:1" else f"trade 2 {DISC_TRADE[d]}:1")
            if DISC_BAUHOF[d]:
                extras.append("Bauhof")
            doubles = ", ".join(GOOD_NAMES[g] for g in sorted(DISC_DOUBLES[d]))
            if doubles:
                extras.append(f"doubles {doubles}")
            return f"Manufacture on {arg} (" + "; ".join(extras) + ")"
        return "Manufacture (3 ore + 2 grain): choose the disc"
    if verb == "wall":
        built = len(st.walls)
        where = WALL_IDS[built] if built < len(WALL_IDS) else "?"
        return f"Wall section {where} (1 brick + 3 gold, +1 prestige)"
    if verb == "tower":
        if arg:
            return f"Tower on {arg} (1 brick + 1 wood + 3 gold, +2 prestige)"
        return "Tower: choose the open triangle"
    if verb == "produce" and arg in GOOD_INDEX:
        return _produce_label(st, seat, GOOD_INDEX[arg])
    if verb == "bank":
        if len(words) == 1:
            return "Trade with the bank: choose what to give"
        if arg not in TRADE_ITEMS:
            return ""
        rate = bank_rate(st, seat, TRADE_ITEMS.index(arg))
        if len(words) == 2:
            return f"Give {rate} {arg} to the bank"
        return f"Give {rate} {arg} to the bank for 1 {words[2]}"
    if verb == "offer":
        if len(words) > 1:
            parsed = parse_offer(st, seat, words)
            if parsed is None:
                return ""
            give, want, to = parsed
            return (f"Offer {items_text(as_dict(give))} for {items_text(as_dict(want))} to "
                    f"{_seats_text(st, seat, to)}")
        return "Propose a trade (a private draft; or type: offer 2 wool for 1 ore to all)"
    if verb == "give":
        return f"Add 1 {arg} to what you give"
    if verb == "want":
        return f"Add 1 {arg} to what you want"
    if verb == "send":
        seats = parse_seats(st, seat, arg)
        if seats is None:
            return ""
        draft = st.draft
        deal = "" if draft is None else f" ({items_text(as_dict(draft[0]))} for {items_text(as_dict(draft[1]))})"
        return f"Send the offer{deal} to {_seats_text(st, seat, seats)}"
    if verb == "cancel":
        return "Drop this trade draft (nobody saw it)"
    if st.offer is not None and verb in ("accept", "decline", "withdraw", "take", "counter"):
        return _answer_label(st, verb, arg, words)
    if verb == "discard":
        return f"Return 1 {arg} to the bank"
    if verb == "robber":
        if arg.isdigit():
            return f"Move the robber knight to a hex numbered {arg}"
        return f"Move the robber knight to {_hex(arg)}"
    if verb == "steal" and 0 <= _int(arg) < st.num_players:
        return f"Steal a random card from {seat_name(int(arg))} ({plural(sum(st.hands[int(arg)]), 'card')})"
    if verb == "council" and 0 <= _int(arg) < st.num_players:
        return _council_label(st, int(arg))
    return ""


def _seats_text(st: NuernbergState, seat: int, to: list[int]) -> str:
    if len(to) == st.num_players - 1:
        return "everyone"
    return " and ".join(seat_name(s) for s in to)


def _answer_label(st: NuernbergState, verb: str, arg: str, words: list[str]) -> str:
    o = st.offer
    assert o is not None
    deal = f"{items_text(as_dict(o['want']))} for {items_text(as_dict(o['give']))}"
    if verb == "accept":
        return f"Accept: give {deal}"
    if verb == "decline":
        return f"Decline giving {deal}"
    if verb == "withdraw":
        return "Take none of the answers: the offer ends" if not pending(st) else "Withdraw your offer"
    if verb == "counter":
        parsed = parse_deal(words[1:])
        if parsed is None:
            return ""
        return f"Counter: give {items_text(as_dict(parsed[0]))} for {items_text(as_dict(parsed[1]))}"
    other = _int(arg)
    answer = o["answers"].get(str(other))
    if answer == "accept":
        return (f"Trade with {seat_name(other)}: give {items_text(as_dict(o['give']))}, "
                f"get {items_text(as_dict(o['want']))}")
    if isinstance(answer, dict):
        return (f"Take {seat_name(other)}'s counter: give {items_text(as_dict(answer['want']))}, "
                f"get {items_text(as_dict(answer['give']))}")
    return ""


def _toll_wins(st: NuernbergState, rid: str, seat: int) -> bool:
    """Whether a toll bar of ``seat`` on route ``rid`` takes its Wegerecht card (the first, or strictly more)."""
    if rid not in ROUTE_INDEX:
        return False
    r = ROUTE_INDEX[rid]
    holder = st.holders[r]
    row = st.tolls[r]
    return holder != seat and (holder < 0 or row.count(seat) + 1 > row.count(holder))


def _produce_label(st: NuernbergState, seat: int, g: int) -> str:
    """What the seller really gets: the price doubled by an own manufacture, no toll on an own or unowned route."""
    city = ROUTES[GOOD_ROUTE[g]]["city"]
    doubled = any(owner == seat and g in DISC_DOUBLES[d] for d, owner in enumerate(st.discs))
    price = GOOD_PRICE[g] * (2 if doubled else 1)
    holder = st.holders[GOOD_ROUTE[g]]
    if holder < 0:
        toll = "no toll (nobody holds its Wegerecht)"
    elif holder == seat:
        toll = "no toll (your Wegerecht)"
    else:
        toll = f"toll {GOOD_TOLL[g]} to {seat_name(holder)}"
    double = " (doubled)" if doubled else ""
    return f"Produce {GOOD_NAMES[g]} ({_recipe(g)}), sell in {city} for {price}{double}, {toll}"


def _council_label(st: NuernbergState, victim: int) -> str:
    """The whole result of choosing ``victim``: the chain after it resolves without asking again (council.choose)."""
    trial = cast("NuernbergState", st.clone())
    council.choose(trial, victim)
    me = council_card(trial, st.active)
    theirs = council_card(trial, victim)
    mine = COUNCIL_NAME.get(me or "", "no council card")
    left = COUNCIL_NAME.get(theirs or "", "no council card")
    return f"Overtake {seat_name(victim)}: you end with {mine}, {seat_name(victim)} with {left}"


def event_text(event: Event) -> str:
    text = _event_text(event)
    return text[:1].upper() + text[1:]  # "nobody takes ..." starts a sentence too


def _event_text(event: Event) -> str:
    p = event.params
    kind = event.kind
    who = seat_name(p.get("seat"))
    if kind == "turn":
        return f"Turn {p['turn']}: {who} to play."
    if kind == "turn_end":
        return f"{who} ends the turn."
    if kind == "card":
        income = f"income {p['income']}" if p.get("income") else "no income"
        ev = EVENT_TEXT.get(p.get("event") or "", "no event")
        return f"{who} turns over {p['card']}: {income}; {ev}."
    if kind == "income":
        blocked = " (the robber knight blocks one hex)" if p.get("blocked") else ""
        if not p["gains"]:
            return f"Income {p['number']}: nobody produces{blocked}."
        parts = [f"{seat_name(int(s))} {items_text(g)}" for s, g in sorted(p["gains"].items())]
        return f"Income {p['number']}{blocked}: " + "; ".join(parts) + "."
    if kind == "start_income":
        return f"{who} takes starting resources: {items_text(p['gains'])}."
    if kind == "reshuffle":
        why = "the pile ran out" if p.get("reason") == "empty" else f"the timeline reached {p['year']}"
        return f"All 36 event cards are shuffled into a new pile ({why})."
    if kind == "time":
        return f"The time marker advances to {p['year']}."
    if kind == "game_end":
        if p.get("reason") == "vp":
            return f"{who} has {p['vp']} victory points and wins!"
        return f"The time marker reached {p['year']}: the game ends."
    if kind == "wegezoll":
        if not p["paid"]:
            return "Wegezoll: no Wegerecht holder has settlements on the route."
        return "Wegezoll: " + "; ".join(f"{seat_name(int(s))} +{g} gold" for s, g in sorted(p["paid"].items())) + "."
    if kind == "reichstag":
        if not p["paid"]:
            return "Reichstag: nobody owns a manufacture."
        return "Reichstag: " + "; ".join(f"{seat_name(int(s))} +{g} gold" for s, g in sorted(p["paid"].items())) + "."
    if kind == "handelstag":
        return f"Handelstag: {who} trades with the bank at 3:1 this turn."
    if kind == "retreat":
        return "The robber knight returns to the Raubritterburg."
    if kind == "discard_due":
        return "Raubritter: " + "; ".join(f"{seat_name(int(s))} returns {n}" for s, n in sorted(p["due"].items())) + "."
    if kind == "discarded":
        return f"{who} returns a card to the bank ({p['left']} more to return)."
    if kind == "discarded_card":
        return f"You returned 1 {p['resource']}."
    if kind == "robber":
        return f"{who} moves the robber knight to {_hex(p['hex'])}."
    if kind == "steal":
        if p.get("victim") is None:
            return f"{who} finds nobody to rob."
        return f"{who} steals a card from {seat_name(p['victim'])}."
    if kind == "stolen":
        return f"{seat_name(p['seat'])} stole 1 {p['resource']} from {seat_name(p['victim'])}."
    if kind == "build":
        if p["piece"] == "wall":
            return f"{who} builds wall section {p['where']}."
        piece = {"toll": "a toll bar", "settlement": "a settlement", "manufacture": "a manufacture",
                 "tower": "a tower"}.get(p["piece"], p["piece"])
        return f"{who} builds {piece} on {p['where']}."
    if kind == "wegerecht":
        who = seat_name(p.get("to"))
        route = _route_name(p["route"])
        if p.get("from") is None:
            return f"{who} takes the Wegerecht card of {route}."
        return f"{who} takes the Wegerecht card of {route} from {seat_name(p['from'])}."
    if kind == "council":
        card = COUNCIL_NAME.get(p["card"], p["card"])
        if p.get("from") is None:
            return f"{who} becomes {card}."
        gave = COUNCIL_NAME.get(p.get("gave") or "", "no card")
        return f"{who} takes {card} from {seat_name(p['from'])}, who receives {gave}."
    if kind == "produce":
        doubled = " (double price)" if p.get("doubled") else ""
        toll = f", pays {p['toll']} toll to {seat_name(p['to'])}" if p.get("toll") else ""
        return f"{who} produces {p['good']} and sells for {p['price']} gold{doubled}{toll}."
    if kind == "bank":
        return f"{who} trades {p['count']} {p['give']} with the bank for 1 {p['get']}."
    if kind == "offer":
        to = "everyone" if p.get("all", len(p["to"]) > 1) else " and ".join(seat_name(s) for s in p["to"])
        return f"{who} offers {items_text(p['give'])} for {items_text(p['want'])} to {to}."
    if kind == "offer_declined":
        return f"{who} declines the offer."
    if kind == "offer_accepted":
        return f"{who} accepts the offer of {seat_name(p.get('by'))}."
    if kind == "offer_countered":
        return (f"{who} counters the offer of {seat_name(p.get('by'))}: {who} would give {items_text(p['give'])} "
                f"for {items_text(p['want'])}.")
    if kind == "offer_lapsed":
        return f"Everyone declined the offer of {who}."
    if kind == "offer_withdrawn":
        return f"{who} withdraws the offer."
    if kind == "offer_cancelled":
        return f"{who} drops a trade draft."
    if kind == "trade":
        how = " (the counter-offer)" if p.get("counter") else ""
        return f"{who} trades {items_text(p['give'])} to {seat_name(p['with'])} for {items_text(p['get'])}{how}."
    return kind


def _wegerecht(rid: str) -> str:
    """A Wegerecht card by its destination city, or the route's numeral for a local route."""
    route = ROUTES[ROUTE_INDEX[rid]] if rid in ROUTE_INDEX else None
    if route is None:
        return rid
    return route.get("city") or f"route {route['numeral']}"


def _goods_lines(view: dict[str, Any]) -> list[str]:
    lines = []
    for g in view.get("goods") or []:
        recipe = " + ".join(f"{n} {r}" for r, n in g["recipe"].items() if n)
        toll = f", toll {g['toll']} to Seat {g['toll_to']}" if g.get("toll_to") is not None else ""
        lines.append(f"  {g['good']}: {recipe} → {g['city']} for {g['price']} gold{toll}")
    return ["Goods (recipe → where sold):", *lines] if lines else []


def _own_lines(p: dict[str, Any], view: dict[str, Any]) -> list[str]:
    rates = p.get("bank_rates") or {}
    usual = max(rates.values(), default=4)
    better = ", ".join(f"{r} {n}:1" for r, n in rates.items() if n < usual)
    pieces = ", ".join(f"{n} {kind.replace('toll', 'toll bar')}{'' if n == 1 else 's'}"
                       for kind, n in (p.get("pieces_left") or {}).items())
    lines = [f"Yours: {items_text(p['hand'])} in hand, {p['gold']} gold; bank {usual}:1"
             + (f" ({better})" if better else "") + (f"; pieces left: {pieces}" if pieces else "")]
    if p.get("discard_due"):
        lines.append(f"  You must return {p['discard_due']} card{'' if p['discard_due'] == 1 else 's'} to the bank.")
    return lines


def _offer_lines(offer: dict[str, Any], view: dict[str, Any]) -> list[str]:
    everyone = len(offer["to"]) == view.get("num_players", 0) - 1
    to = "everyone" if everyone else " and ".join(seat_name(s) for s in offer["to"])
    lines = [f"Offer from {seat_name(offer['from'])} to {to}: gives {items_text(offer['give'])}; "
             f"wants {items_text(offer['want'])}"]
    for key, answer in (offer.get("answers") or {}).items():
        if isinstance(answer, dict):
            said = f"counters: would give {items_text(answer['give'])} for {items_text(answer['want'])}"
        else:
            said = {"accept": "accepts", "decline": "declines"}.get(answer, answer)
        lines.append(f"  {seat_name(int(key))} {said}")
    waiting = [s for s in offer["to"] if str(s) not in (offer.get("answers") or {})]
    if waiting:
        lines.append("  Still to answer: " + ", ".join(seat_name(s) for s in waiting)
                     + " (accept, decline, or counter: counter 1 ore for 2 wool)")
    return lines


def summary(view: dict[str, Any]) -> str:
    """A few readable lines about the state; a player's own view adds their hand, rates and trade draft."""
    lines = [str(view.get("status", ""))]
    deck = view.get("deck") or {}
    timeline = view.get("timeline") or {}
    last = deck.get("last_card")
    if last:
        income = f"income {last['income']}" if last.get("income") else "no income"
        lines.append(f"Last card {last['id']}: {income}; {last.get('text') or 'no event'}")
    if timeline:
        lines.append(f"The game ends in {timeline['end']} (or when someone reaches {TARGET_VP} VP on their turn).")
    lines += _goods_lines(view)
    council = [f"{c['name']} ({c['vp']} VP): " + ("free" if c["holder"] is None else f"Seat {c['holder']}")
               for c in view.get("council") or []]
    if council:
        lines.append("Council: " + "; ".join(council))
    viewer = view.get("viewer")
    own: dict[str, Any] | None = None
    for p in view.get("players", []):
        extras = []
        if p.get("wegerecht"):
            extras.append("Wegerecht " + ", ".join(_wegerecht(r) for r in p["wegerecht"]))
        if p.get("council"):
            extras.append(COUNCIL_NAME.get(p["council"], p["council"]))
        tail = f" — {', '.join(extras)}" if extras else ""
        lines.append(f"{seat_name(p['seat'])}: {p['vp']} VP, {plural(p['cards'], 'card')}, {p['gold']} gold, "
                     f"prestige {p['prestige']}{tail}")
        if p["seat"] == viewer and p.get("hand") is not None:
            own = p
    offer = view.get("offer")
    if offer:
        lines += _offer_lines(offer, view)
    draft = view.get("draft")
    if draft and view.get("active") == viewer:  # only the proposer's own view holds a draft
        lines.append(f"Your trade draft: give {items_text(draft['give'])}; want {items_text(draft['want'])}"
                     f" ({view.get('offers_left', 0)} offers left this turn)")
    if own is not None:
        lines += _own_lines(own, view)
    return "\n".join(lines)
