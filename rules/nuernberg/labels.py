"""Action labels in the reader's language (``describe``) of Die Siedler von Nürnberg (docs/i18n.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rules.nuernberg import council, names
from rules.nuernberg.board import (
    DISC_BAUHOF,
    DISC_DOUBLES,
    DISC_INDEX,
    DISC_TRADE,
    GOOD_INDEX,
    GOOD_NAMES,
    GOOD_PRICE,
    GOOD_ROUTE,
    GOOD_TOLL,
    ROUTE_INDEX,
    TRADE_ITEMS,
    WALL_IDS,
)
from rules.nuernberg.data import ROUTES
from rules.nuernberg.economy import bank_rate, council_card
from rules.nuernberg.phrases import (
    _council_name,
    _hex,
    _int,
    _recipe,
    _route_name,
    _touches,
    and_list,
    items_text,
    seat_name,
)
from rules.nuernberg.trading import as_dict, parse_deal, parse_offer, parse_seats, pending
from rules.words import translator

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

_, _n = translator("nuernberg")


def describe_action(st: NuernbergState, action: str, seat: int | None = None) -> str:
    """The label of ``action``; ``seat``: whose menu shows it (an addressee's counter draft), else the active's."""
    words = action.split()
    verb = words[0] if words else ""
    arg = words[1] if len(words) > 1 else ""
    if seat is not None and st.phase == "offer" and verb in ("counter", "send", "cancel") and len(words) == 1:
        return _counter_draft_label(st, seat, verb)[:100]
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
        # TRANSLATORS: {example} is what a player may type, in their words: "offer 2 wool for 1 ore to all"
        return _("Propose a trade (a private draft; or type: {example})").format(
            example=names.typed(["offer", "2", "wool", "for", "1", "ore", "to", "all"]))
    if st.phase == "offer" and verb in ("counter", "send", "cancel") and len(words) == 1:
        return _counter_draft_label(st, -1, verb)
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


def _counter_draft_label(st: NuernbergState, seat: int, verb: str) -> str:
    """The menu's counter-offer: open a draft, send it, or drop it."""
    if verb == "counter":
        # TRANSLATORS: {example} is what a player may type, in their words: "counter 1 ore for 2 wool"
        return _("Make a counter-offer (a private draft; or type: {example})").format(
            example=names.typed(["counter", "1", "ore", "for", "2", "wool"]))
    if verb == "cancel":
        return _("Drop this counter-offer draft (nobody saw it)")
    offer, draft = st.offer, st.counter_drafts.get(str(seat))
    if offer is None or draft is None:
        return _("Send the counter-offer")
    return _("Send the counter-offer to {who}: you give {give} for {want}").format(
        who=seat_name(offer["from"]), give=items_text(as_dict(draft[0])), want=items_text(as_dict(draft[1])))


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
