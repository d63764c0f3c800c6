"""English text: action labels (``describe``) and the one event formatter of Die Siedler von Nürnberg."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.nuernberg.board import (
    COUNCIL_NAME,
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
from rules.nuernberg.trading import as_dict

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState


def seat_name(seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(COLOURS):
        return f"Seat {seat}"  # names replace it at the table; images use the render palette, not colour words
    return "nobody"


def items_text(items: dict[str, int] | None) -> str:
    if not items:
        return "nothing"
    return ", ".join(f"{n} {name}" for name in TRADE_ITEMS if (n := items.get(name, 0)))


def _recipe(good: int) -> str:
    return " + ".join(f"{c} {RESOURCES[i]}" for i, c in enumerate(GOOD_RECIPE[good]) if c)


def _hex(hid: str) -> str:
    h = HEX_BY_ID.get(hid)
    if h is None:
        return hid
    if h["number"]:
        return f"{hid} ({h['terrain']} {h['number']})"
    return f"{hid} ({h['terrain']})"


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
        return f"Toll bar on {arg}, {_route_name(arg.split('.')[0])}{free}"
    if verb == "settle":
        if "." in arg:
            free = " (free)" if st.phase.startswith("setup") else " (grain+wool+brick+wood)"
            return f"Settlement on crossing {arg}{free}"
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
        g = GOOD_INDEX[arg]
        route = ROUTES[GOOD_ROUTE[g]]
        return f"Produce {arg} ({_recipe(g)}), sell in {route['city']} for {GOOD_PRICE[g]}, toll {GOOD_TOLL[g]}"
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
        return "Propose a trade to other players"
    if verb == "give":
        return f"Add 1 {arg} to what you give"
    if verb == "want":
        return f"Add 1 {arg} to what you want"
    if verb == "send":
        return "Send the offer to everyone" if arg == "all" else f"Send the offer to {seat_name(_int(arg))}"
    if verb == "cancel":
        return "Discard this trade draft"
    if verb in ("accept", "decline", "withdraw") and st.offer is not None:
        o = st.offer
        deal = f"{items_text(as_dict(o['want']))} for {items_text(as_dict(o['give']))}"
        if verb == "accept":
            return f"Accept: give {deal}"
        if verb == "decline":
            return f"Decline giving {deal}"
        return "Withdraw your offer"
    if verb == "discard":
        return f"Return 1 {arg} to the bank"
    if verb == "robber":
        if arg.isdigit():
            return f"Move the robber knight to a hex numbered {arg}"
        return f"Move the robber knight to {_hex(arg)}"
    if verb == "steal" and 0 <= _int(arg) < st.num_players:
        return f"Steal a random card from {seat_name(int(arg))} ({sum(st.hands[int(arg)])} cards)"
    if verb == "council" and 0 <= _int(arg) < st.num_players:
        victim = int(arg)
        card = council_card(st, victim)
        return f"Take {COUNCIL_NAME.get(card or '', 'the council card')} from {seat_name(victim)}"
    return ""


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
        to = "everyone" if len(p["to"]) > 1 else seat_name(p["to"][0])
        return f"{who} offers {items_text(p['give'])} for {items_text(p['want'])} to {to}."
    if kind == "offer_declined":
        return f"{who} declines the offer."
    if kind == "offer_lapsed":
        return f"Everyone declined the offer of {who}."
    if kind == "offer_withdrawn":
        return f"{who} withdraws the offer."
    if kind == "offer_cancelled":
        return f"{who} drops a trade draft."
    if kind == "trade":
        return f"{who} trades {items_text(p['give'])} to {seat_name(p['with'])} for {items_text(p['get'])}."
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
        lines.append(f"{seat_name(p['seat'])}: {p['vp']} VP, {p['cards']} cards, {p['gold']} gold, "
                     f"prestige {p['prestige']}{tail}")
        if p["seat"] == viewer and p.get("hand") is not None:
            own = p
    offer = view.get("offer")
    if offer:
        to = "everyone" if len(offer["to"]) > 1 else seat_name(offer["to"][0])
        declined = f" (declined by {', '.join(seat_name(s) for s in offer['declined'])})" if offer["declined"] else ""
        lines.append(f"Offer from {seat_name(offer['from'])} to {to}: gives {items_text(offer['give'])}; "
                     f"wants {items_text(offer['want'])}{declined}")
    draft = view.get("draft")
    if draft:
        whose = "Your" if view.get("active") == viewer else f"{seat_name(view.get('active'))}'s"
        lines.append(f"{whose} trade draft: give {items_text(draft['give'])}; want {items_text(draft['want'])}"
                     f" ({view.get('offers_left', 0)} offers left this turn)")
    if own is not None:
        lines += _own_lines(own, view)
    return "\n".join(lines)
