"""The one event formatter of Die Siedler von Nürnberg: an event's text in the reader's language (docs/i18n.md)."""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.nuernberg import names
from rules.nuernberg.data import EVENT_TEXT
from rules.nuernberg.phrases import (
    _council_name,
    _hex,
    _route_name,
    and_list,
    items_text,
    seat_name,
)
from rules.words import translator

_, _n = translator("nuernberg")


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
