"""Texts in the reader's language: action labels (``describe``), the one event formatter and the summary of Die
Siedler von Nürnberg (docs/i18n.md). Resource, good and place words come from ``names``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rules.core import Event
from rules.nuernberg import council, names
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
from rules.nuernberg.views import status_text
from rules.words import seat as seat_word
from rules.words import translator

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

_, _n = translator("nuernberg")


def seat_name(seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(COLOURS):
        return seat_word(seat)  # names replace it at the table; images use the render palette, not colour words
    return _("nobody")


def and_list(parts: list[str]) -> str:
    """'A and B' (and 'A and B and C': the English texts have always said so)."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = _("{first} and {second}").format(first=out, second=part)
    return out


def items_text(items: dict[str, int] | None) -> str:
    parts = [names.count(name, n) for name in TRADE_ITEMS if (n := (items or {}).get(name, 0))]
    return ", ".join(parts) if parts else _("nothing")


def _cards(n: int) -> str:
    return _n("{n} card", "{n} cards", n).format(n=n)


def _recipe(good: int) -> str:
    return " + ".join(names.count(RESOURCES[i], c) for i, c in enumerate(GOOD_RECIPE[good]) if c)


def _hex(hid: str) -> str:
    h = HEX_BY_ID.get(hid)
    if h is None:
        return hid
    if h["number"]:
        return f"{hid} ({names.terrain(h['terrain'])} {h['number']})"
    return f"{hid} ({names.terrain(h['terrain'])})"


def hex_name(hid: str) -> str:
    """A hex by its id, terrain and number: "H28 (forest 8)"."""
    return _hex(hid)


def _touches(cid: str) -> str:
    """The hexes a crossing touches, by terrain and number: "fields 10, forest 6, hills 12"."""
    rid, _sep, k_text = cid.partition(".")
    if rid not in ROUTE_INDEX or not k_text.isdigit() or int(k_text) >= len(CROSSING_HEXES[ROUTE_INDEX[rid]]):
        return "?"
    parts = []
    for hid in CROSSING_HEXES[ROUTE_INDEX[rid]][int(k_text)]:
        h = HEX_BY_ID[hid]
        parts.append(f"{names.terrain(h['terrain'])} {h['number']}" if h["number"] else names.terrain(h["terrain"]))
    return ", ".join(parts)


def _int(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _route_name(rid: str) -> str:
    route = ROUTES[ROUTE_INDEX[rid]] if rid in ROUTE_INDEX else None
    if route is None:
        return rid
    if route.get("city"):
        return _("route {numeral} ({city})").format(numeral=route["numeral"], city=names.city(route["city"]))
    return _("route {numeral}").format(numeral=route["numeral"])


def describe_action(st: NuernbergState, action: str) -> str:
    words = action.split()
    verb = words[0] if words else ""
    arg = words[1] if len(words) > 1 else ""
    label = _describe(st, verb, arg, words)
    return (label or action or "?")[:100]


def _toll_label(st: NuernbergState, section: str, seat: int) -> str:
    rid = section.split(".")[0]
    route = _route_name(rid)
    wins = _toll_wins(st, rid, seat)
    if st.phase.startswith("setup"):
        if wins:
            text = _("Toll bar on {section}, {route} (free) — wins the Wegerecht card (+1 VP)")
        else:
            text = _("Toll bar on {section}, {route} (free)")
    elif wins:
        text = _("Toll bar on {section}, {route} (1 wood + 1 brick) — wins the Wegerecht card (+1 VP)")
    else:
        text = _("Toll bar on {section}, {route} (1 wood + 1 brick)")
    return text.format(section=section, route=route)[:100]


def _disc_label(d: int, disc: str) -> str:
    extras = []
    if DISC_TRADE[d]:
        if DISC_TRADE[d] == "3:1":
            extras.append(_("trade 3:1"))
        else:
            extras.append(_("trade 2 {resource}:1").format(resource=names.item(str(DISC_TRADE[d]))))
    if DISC_BAUHOF[d]:
        extras.append(_("Bauhof"))
    doubles = ", ".join(names.good(GOOD_NAMES[g]) for g in sorted(DISC_DOUBLES[d]))
    if doubles:
        extras.append(_("doubles {goods}").format(goods=doubles))
    return _("Manufacture on {disc} ({features})").format(disc=disc, features="; ".join(extras))


def _describe(st: NuernbergState, verb: str, arg: str, words: list[str]) -> str:
    seat = st.active
    if verb == "draw":
        return _("Turn over the next event card")
    if verb == "end":
        return _("End your turn")
    if verb == "back":
        return _("Back to the previous choice")
    if verb == "toll" and "." in arg:
        return _toll_label(st, arg, seat)
    if verb == "settle":
        if "." in arg:
            if st.phase.startswith("setup"):
                text = _("Settlement on {crossing}, touching {hexes} (free)")
            else:
                text = _("Settlement on {crossing}, touching {hexes} (grain+wool+brick+wood)")
            return text.format(crossing=arg, hexes=_touches(arg))
        return _("Settlement on {route}: choose the crossing").format(route=_route_name(arg))
    if verb == "manufacture":
        if arg in DISC_INDEX:
            return _disc_label(DISC_INDEX[arg], arg)
        return _("Manufacture (3 ore + 2 grain): choose the disc")
    if verb == "wall":
        built = len(st.walls)
        where = WALL_IDS[built] if built < len(WALL_IDS) else "?"
        return _("Wall section {wall} (1 brick + 3 gold, +1 prestige)").format(wall=where)
    if verb == "tower":
        if arg:
            return _("Tower on {tower} (1 brick + 1 wood + 3 gold, +2 prestige)").format(tower=arg)
        return _("Tower: choose the open triangle")
    if verb == "produce" and arg in GOOD_INDEX:
        return _produce_label(st, seat, GOOD_INDEX[arg])
    if verb == "bank":
        if len(words) == 1:
            return _("Trade with the bank: choose what to give")
        if arg not in TRADE_ITEMS:
            return ""
        rate = bank_rate(st, seat, TRADE_ITEMS.index(arg))
        if len(words) == 2:
            return _("Give {items} to the bank").format(items=names.count(arg, rate))
        return _("Give {items} to the bank for {item}").format(items=names.count(arg, rate),
                                                                item=names.count(words[2], 1))
    if verb == "offer":
        if len(words) > 1:
            parsed = parse_offer(st, seat, words)
            if parsed is None:
                return ""
            give, want, to = parsed
            return _("Offer {give} for {want} to {seats}").format(
                give=items_text(as_dict(give)), want=items_text(as_dict(want)), seats=_seats_text(st, seat, to))
        # TRANSLATORS: "offer 2 wool for 1 ore to all" is what a player types: keep it in English.
        return _("Propose a trade (a private draft; or type: offer 2 wool for 1 ore to all)")
    if verb == "give":
        return _("Add {item} to what you give").format(item=names.count(arg, 1))
    if verb == "want":
        return _("Add {item} to what you want").format(item=names.count(arg, 1))
    if verb == "send":
        seats = parse_seats(st, seat, arg)
        if seats is None:
            return ""
        draft = st.draft
        if draft is None:
            return _("Send the offer to {seats}").format(seats=_seats_text(st, seat, seats))
        return _("Send the offer ({give} for {want}) to {seats}").format(
            give=items_text(as_dict(draft[0])), want=items_text(as_dict(draft[1])), seats=_seats_text(st, seat, seats))
    if verb == "cancel":
        return _("Drop this trade draft (nobody saw it)")
    if st.offer is not None and verb in ("accept", "decline", "withdraw", "take", "counter"):
        return _answer_label(st, verb, arg, words)
    if verb == "discard":
        cards = words[1:]
        items = ", ".join(names.count(res, cards.count(res)) for res in dict.fromkeys(cards))
        return _("Return {item} to the bank").format(item=items)
    if verb == "robber":
        if len(words) == 4 and 0 <= _int(words[3]) < st.num_players:
            return _("Move the robber knight to {hex} and steal a random card from {victim}").format(
                hex=_hex(arg), victim=seat_name(int(words[3])))
        if arg.isdigit():
            return _("Move the robber knight to a hex numbered {number}").format(number=arg)
        return _("Move the robber knight to {hex}").format(hex=_hex(arg))
    if verb == "steal" and 0 <= _int(arg) < st.num_players:
        n = sum(st.hands[int(arg)])
        return _n("Steal a random card from {victim} ({n} card)", "Steal a random card from {victim} ({n} cards)",
                  n).format(victim=seat_name(int(arg)), n=n)
    if verb == "council" and 0 <= _int(arg) < st.num_players:
        return _council_label(st, int(arg))
    return ""


def _seats_text(st: NuernbergState, seat: int, to: list[int]) -> str:
    if len(to) == st.num_players - 1:
        return _("everyone")
    return and_list([seat_name(s) for s in to])


def _answer_label(st: NuernbergState, verb: str, arg: str, words: list[str]) -> str:
    o = st.offer
    assert o is not None
    if verb == "accept":
        return _("Accept: give {give} for {get}").format(give=items_text(as_dict(o["want"])),
                                                         get=items_text(as_dict(o["give"])))
    if verb == "decline":
        return _("Decline giving {give} for {get}").format(give=items_text(as_dict(o["want"])),
                                                           get=items_text(as_dict(o["give"])))
    if verb == "withdraw":
        return _("Take none of the answers: the offer ends") if not pending(st) else _("Withdraw your offer")
    if verb == "counter":
        parsed = parse_deal(words[1:])
        if parsed is None:
            return ""
        return _("Counter: give {give} for {get}").format(give=items_text(as_dict(parsed[0])),
                                                          get=items_text(as_dict(parsed[1])))
    other = _int(arg)
    answer = o["answers"].get(str(other))
    if answer == "accept":
        return _("Trade with {who}: give {give}, get {get}").format(
            who=seat_name(other), give=items_text(as_dict(o["give"])), get=items_text(as_dict(o["want"])))
    if isinstance(answer, dict):
        return _("Take {who}'s counter: give {give}, get {get}").format(
            who=seat_name(other), give=items_text(as_dict(answer["want"])), get=items_text(as_dict(answer["give"])))
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
    city = names.city(ROUTES[GOOD_ROUTE[g]]["city"])
    doubled = any(owner == seat and g in DISC_DOUBLES[d] for d, owner in enumerate(st.discs))
    price = GOOD_PRICE[g] * (2 if doubled else 1)
    holder = st.holders[GOOD_ROUTE[g]]
    if holder < 0:
        toll = _("no toll (nobody holds its Wegerecht)")
    elif holder == seat:
        toll = _("no toll (your Wegerecht)")
    else:
        toll = _("toll {toll} to {who}").format(toll=GOOD_TOLL[g], who=seat_name(holder))
    if doubled:
        text = _("Produce {good} ({recipe}), sell in {city} for {price} (doubled), {toll}")
    else:
        text = _("Produce {good} ({recipe}), sell in {city} for {price}, {toll}")
    return text.format(good=names.good(GOOD_NAMES[g]), recipe=_recipe(g), city=city, price=price, toll=toll)


def _council_name(card: str | None, none: str) -> str:
    return names.tr(COUNCIL_NAME[card]) if card in COUNCIL_NAME else none


def _council_label(st: NuernbergState, victim: int) -> str:
    """The whole result of choosing ``victim``: the chain after it resolves without asking again (council.choose)."""
    trial = cast("NuernbergState", st.clone())
    council.choose(trial, victim)
    me = council_card(trial, st.active)
    theirs = council_card(trial, victim)
    mine = _council_name(me, _("no council card"))
    left = _council_name(theirs, _("no council card"))
    return _("Overtake {victim}: you end with {mine}, {victim} with {theirs}").format(
        victim=seat_name(victim), mine=mine, theirs=left)


def event_text(event: Event) -> str:
    text = _event_text(event)
    return text[:1].upper() + text[1:]  # "nobody takes ..." starts a sentence too


def _paid(paid: dict[str, int]) -> str:
    return "; ".join(_("{who} +{gold} gold").format(who=seat_name(int(s)), gold=g) for s, g in sorted(paid.items()))


def _event_text(event: Event) -> str:
    p = event.params
    kind = event.kind
    who = seat_name(p.get("seat"))
    if kind == "turn":
        return _("Turn {turn}: {who} to play.").format(turn=p["turn"], who=who)
    if kind == "turn_end":
        return _("{who} ends the turn.").format(who=who)
    if kind == "card":
        income = _("income {number}").format(number=p["income"]) if p.get("income") else _("no income")
        ev = names.tr(EVENT_TEXT.get(p.get("event") or "", "")) or _("no event")
        return _("{who} turns over {card}: {income}; {event}.").format(who=who, card=p["card"], income=income,
                                                                       event=ev)
    if kind == "income":
        if not p["gains"]:
            if p.get("blocked"):
                return _("Income {number}: nobody produces (the robber knight blocks one hex).").format(
                    number=p["number"])
            return _("Income {number}: nobody produces.").format(number=p["number"])
        gains = "; ".join(f"{seat_name(int(s))} {items_text(g)}" for s, g in sorted(p["gains"].items()))
        if p.get("blocked"):
            return _("Income {number} (the robber knight blocks one hex): {gains}.").format(number=p["number"],
                                                                                             gains=gains)
        return _("Income {number}: {gains}.").format(number=p["number"], gains=gains)
    if kind == "start_income":
        return _("{who} takes starting resources: {items}.").format(who=who, items=items_text(p["gains"]))
    if kind == "reshuffle":
        if p.get("reason") == "empty":
            return _("All 36 event cards are shuffled into a new pile (the pile ran out).")
        return _("All 36 event cards are shuffled into a new pile (the timeline reached {year}).").format(
            year=p["year"])
    if kind == "time":
        return _("The time marker advances to {year}.").format(year=p["year"])
    if kind == "game_end":
        if p.get("reason") == "vp":
            return _("{who} has {vp} victory points and wins!").format(who=who, vp=p["vp"])
        return _("The time marker reached {year}: the game ends.").format(year=p["year"])
    if kind == "wegezoll":
        if not p["paid"]:
            return _("Wegezoll: no Wegerecht holder has settlements on the route.")
        return _("Wegezoll: {paid}.").format(paid=_paid(p["paid"]))
    if kind == "reichstag":
        if not p["paid"]:
            return _("Reichstag: nobody owns a manufacture.")
        return _("Reichstag: {paid}.").format(paid=_paid(p["paid"]))
    if kind == "handelstag":
        return _("Handelstag: {who} trades with the bank at 3:1 this turn.").format(who=who)
    if kind == "retreat":
        return _("The robber knight returns to the Raubritterburg.")
    if kind == "discard_due":
        due = "; ".join(_n("{who} returns {n}", "{who} returns {n}", n).format(who=seat_name(int(s)), n=n)
                        for s, n in sorted(p["due"].items()))
        return _("Raubritter: {due}.").format(due=due)
    if kind == "discarded":
        return _n("{who} returns a card to the bank ({n} more to return).",
                  "{who} returns a card to the bank ({n} more to return).", p["left"]).format(who=who, n=p["left"])
    if kind == "discarded_card":
        return _("You returned {item}.").format(item=names.count(p["resource"], 1))
    if kind == "robber":
        return _("{who} moves the robber knight to {hex}.").format(who=who, hex=_hex(p["hex"]))
    if kind == "steal":
        if p.get("victim") is None:
            return _("{who} finds nobody to rob.").format(who=who)
        return _("{who} steals a card from {victim}.").format(who=who, victim=seat_name(p["victim"]))
    if kind == "stolen":
        return _("{who} stole {item} from {victim}.").format(who=seat_name(p["seat"]),
                                                             item=names.count(p["resource"], 1),
                                                             victim=seat_name(p["victim"]))
    if kind == "build":
        return _build_text(who, p["piece"], p["where"])
    if kind == "wegerecht":
        who = seat_name(p.get("to"))
        route = _route_name(p["route"])
        if p.get("from") is None:
            return _("{who} takes the Wegerecht card of {route}.").format(who=who, route=route)
        return _("{who} takes the Wegerecht card of {route} from {former}.").format(
            who=who, route=route, former=seat_name(p["from"]))
    if kind == "council":
        card = _council_name(p["card"], p["card"])
        if p.get("from") is None:
            return _("{who} becomes {card}.").format(who=who, card=card)
        gave = _council_name(p.get("gave"), _("no card"))
        return _("{who} takes {card} from {former}, who receives {gave}.").format(
            who=who, card=card, former=seat_name(p["from"]), gave=gave)
    if kind == "produce":
        return _produce_text(who, p)
    if kind == "bank":
        return _("{who} trades {given} with the bank for {got}.").format(
            who=who, given=names.count(p["give"], p["count"]), got=names.count(p["get"], 1))
    if kind == "offer":
        to = _("everyone") if p.get("all", len(p["to"]) > 1) else and_list([seat_name(s) for s in p["to"]])
        return _("{who} offers {give} for {want} to {to}.").format(who=who, give=items_text(p["give"]),
                                                                   want=items_text(p["want"]), to=to)
    if kind == "offer_declined":
        return _("{who} declines the offer.").format(who=who)
    if kind == "offer_accepted":
        return _("{who} accepts the offer of {proposer}.").format(who=who, proposer=seat_name(p.get("by")))
    if kind == "offer_countered":
        return _("{who} counters the offer of {proposer}: {who} would give {give} for {want}.").format(
            who=who, proposer=seat_name(p.get("by")), give=items_text(p["give"]), want=items_text(p["want"]))
    if kind == "offer_lapsed":
        return _("Everyone declined the offer of {who}.").format(who=who)
    if kind == "offer_withdrawn":
        return _("{who} withdraws the offer.").format(who=who)
    if kind == "offer_cancelled":
        return _("{who} drops a trade draft.").format(who=who)
    if kind == "trade":
        if p.get("counter"):
            text = _("{who} trades {give} to {other} for {get} (the counter-offer).")
        else:
            text = _("{who} trades {give} to {other} for {get}.")
        return text.format(who=who, give=items_text(p["give"]), other=seat_name(p["with"]), get=items_text(p["get"]))
    return kind


def _build_text(who: str, piece: str, where: str) -> str:
    if piece == "wall":
        text = _("{who} builds wall section {where}.")
    elif piece == "toll":
        text = _("{who} builds a toll bar on {where}.")
    elif piece == "settlement":
        text = _("{who} builds a settlement on {where}.")
    elif piece == "manufacture":
        text = _("{who} builds a manufacture on {where}.")
    elif piece == "tower":
        text = _("{who} builds a tower on {where}.")
    else:
        return f"{who}: {piece} {where}."  # no such piece: the rules build only the five above
    return text.format(who=who, where=where)


def _produce_text(who: str, p: dict[str, Any]) -> str:
    if p.get("toll") and p.get("doubled"):
        text = _("{who} produces {good} and sells for {price} gold (double price), pays {toll} toll to {collector}.")
    elif p.get("toll"):
        text = _("{who} produces {good} and sells for {price} gold, pays {toll} toll to {collector}.")
    elif p.get("doubled"):
        text = _("{who} produces {good} and sells for {price} gold (double price).")
    else:
        text = _("{who} produces {good} and sells for {price} gold.")
    return text.format(who=who, good=names.good(p["good"]), price=p["price"], toll=p.get("toll"),
                       collector=seat_name(p.get("to")))


def _wegerecht(rid: str) -> str:
    """A Wegerecht card by its destination city, or the route's numeral for a local route."""
    route = ROUTES[ROUTE_INDEX[rid]] if rid in ROUTE_INDEX else None
    if route is None:
        return rid
    if route.get("city"):
        return names.city(route["city"])
    return _("route {numeral}").format(numeral=route["numeral"])


def _goods_lines(view: dict[str, Any]) -> list[str]:
    lines = []
    for g in view.get("goods") or []:
        recipe = " + ".join(names.count(r, n) for r, n in g["recipe"].items() if n)
        if g.get("toll_to") is not None:
            text = _("{good}: {recipe} → {city} for {price} gold, toll {toll} to {collector}")
        else:
            text = _("{good}: {recipe} → {city} for {price} gold")
        lines.append("  " + text.format(good=names.good(g["good"]), recipe=recipe, city=names.city(g["city"]),
                                        price=g["price"], toll=g["toll"], collector=seat_name(g.get("toll_to"))))
    return [_("Goods (recipe → where sold):"), *lines] if lines else []


def _piece_count(kind: str, n: int) -> str:
    if kind == "settlement":
        return _n("{n} settlement", "{n} settlements", n).format(n=n)
    if kind == "manufacture":
        return _n("{n} manufacture", "{n} manufactures", n).format(n=n)
    if kind == "toll":
        return _n("{n} toll bar", "{n} toll bars", n).format(n=n)
    return f"{n} {kind}"


def _own_lines(p: dict[str, Any], view: dict[str, Any]) -> list[str]:
    rates = p.get("bank_rates") or {}
    usual = max(rates.values(), default=4)
    better = ", ".join(f"{names.item(r)} {n}:1" for r, n in rates.items() if n < usual)
    pieces = ", ".join(_piece_count(kind, n) for kind, n in (p.get("pieces_left") or {}).items())
    line = _("Yours: {hand} in hand, {gold}; bank {rate}:1").format(hand=items_text(p["hand"]),
                                                                    gold=names.count("gold", p["gold"]), rate=usual)
    if better:
        line += f" ({better})"
    if pieces:
        line += _("; pieces left: {pieces}").format(pieces=pieces)
    lines = [line]
    if p.get("discard_due"):
        n = p["discard_due"]
        lines.append("  " + _n("You must return {n} card to the bank.", "You must return {n} cards to the bank.",
                               n).format(n=n))
    return lines


def offer_lines(offer: dict[str, Any], view: dict[str, Any]) -> list[str]:
    everyone = len(offer["to"]) == view.get("num_players", 0) - 1
    to = _("everyone") if everyone else and_list([seat_name(s) for s in offer["to"]])
    declined = set(offer.get("declined") or [])
    lines = [_("Offer from {who} to {to}: gives {give}; wants {want}").format(
        who=seat_name(offer["from"]), to=to, give=items_text(offer["give"]), want=items_text(offer["want"]))]
    for key, answer in (offer.get("answers") or {}).items():
        who = seat_name(int(key))
        if isinstance(answer, dict):
            said = _("{who} counters: would give {give} for {want}").format(
                who=who, give=items_text(answer["give"]), want=items_text(answer["want"]))
        elif answer == "accept":
            said = _("{who} accepts").format(who=who)
        elif answer == "decline" or int(key) in declined:
            said = _("{who} declines").format(who=who)
        else:
            said = f"{who} {answer}"
        lines.append("  " + said)
    waiting = [s for s in offer["to"] if str(s) not in (offer.get("answers") or {})]
    if waiting:
        # TRANSLATORS: "counter 1 ore for 2 wool" is what a player types: keep it in English.
        still = _("Still to answer: {seats} (accept, decline, or counter: counter 1 ore for 2 wool)")
        lines.append("  " + still.format(seats=", ".join(seat_name(s) for s in waiting)))
    return lines


def _status(view: dict[str, Any]) -> str:
    """The view's status line in the reader's language (the view's own is in its builder's)."""
    if "timeline" not in view or "phase" not in view:
        return str(view.get("status", ""))
    return status_text(view["timeline"]["year"], view["phase"], view.get("turn", 0), view.get("active", 0),
                       list(view.get("to_act") or []), view.get("end"), view.get("winner"))


def last_card_lines(view: dict[str, Any]) -> list[str]:
    last = (view.get("deck") or {}).get("last_card")
    if not last:
        return []
    income = _("income {number}").format(number=last["income"]) if last.get("income") else _("no income")
    event = last.get("event") or ""
    text = names.tr(EVENT_TEXT.get(event, "")) or last.get("text") or _("no event")
    return [_("Last card {card}: {income}; {event}").format(card=last["id"], income=income, event=text)]


def council_lines(view: dict[str, Any]) -> list[str]:
    council = [(_("{card} ({vp} VP): free") if c["holder"] is None else _("{card} ({vp} VP): {holder}")).format(
        card=_council_name(c["id"], str(c["name"])), vp=c["vp"], holder=seat_name(c["holder"]))
        for c in view.get("council") or []]
    return [_("Council: {cards}").format(cards="; ".join(council))] if council else []


def player_line(p: dict[str, Any]) -> str:
    extras = []
    if p.get("wegerecht"):
        extras.append(_("Wegerecht {routes}").format(routes=", ".join(_wegerecht(r) for r in p["wegerecht"])))
    if p.get("council"):
        extras.append(_council_name(p["council"], p["council"]))
    line = _("{who}: {vp} VP, {cards}, {gold} gold, prestige {prestige}").format(
        who=seat_name(p["seat"]), vp=p["vp"], cards=_cards(p["cards"]), gold=p["gold"], prestige=p["prestige"])
    return line + (f" — {', '.join(extras)}" if extras else "")


def summary(view: dict[str, Any]) -> str:
    """A few readable lines about the state; a player's own view adds their hand, rates and trade draft."""
    lines = [_status(view)]
    timeline = view.get("timeline") or {}
    lines += last_card_lines(view)
    if timeline:
        lines.append(_("The game ends in {year} (or when someone reaches {vp} VP on their turn).").format(
            year=timeline["end"], vp=TARGET_VP))
    lines += _goods_lines(view)
    lines += council_lines(view)
    viewer = view.get("viewer")
    own: dict[str, Any] | None = None
    for p in view.get("players", []):
        lines.append(player_line(p))
        if p["seat"] == viewer and p.get("hand") is not None:
            own = p
    offer = view.get("offer")
    if offer:
        lines += offer_lines(offer, view)
    draft = view.get("draft")
    if draft and view.get("active") == viewer:  # only the proposer's own view holds a draft
        left = view.get("offers_left", 0)
        # English says "1 offers left" (as it always has); other languages take their singular
        lines.append(_n("Your trade draft: give {give}; want {want} ({n} offers left this turn)",
                        "Your trade draft: give {give}; want {want} ({n} offers left this turn)", left).format(
            give=items_text(draft["give"]), want=items_text(draft["want"]), n=left))
    if own is not None:
        lines += _own_lines(own, view)
    return "\n".join(lines)
