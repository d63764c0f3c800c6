"""The summary of Die Siedler von Nürnberg: the view in words, the board for everyone or a player's own screen
(docs/i18n.md)."""

from __future__ import annotations

from typing import Any

from rules.nuernberg import names
from rules.nuernberg.data import EVENT_TEXT, TARGET_VP
from rules.nuernberg.phrases import (
    _cards,
    _council_name,
    _wegerecht,
    and_list,
    items_text,
    seat_name,
)
from rules.nuernberg.views import status_text
from rules.words import translator

_, _n = translator("nuernberg")


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
        # TRANSLATORS: {accept}, {decline}, {counter} are the commands in the reader's words; {example} a counter
        # as typed ("counter 1 ore for 2 wool")
        still = _("Still to answer: {seats} ({accept}, {decline}, or a counter-offer: {example})")
        lines.append("  " + still.format(
            seats=", ".join(seat_name(s) for s in waiting), accept=names.command("accept"),
            decline=names.command("decline"), example=names.typed(["counter", "1", "ore", "for", "2", "wool"])))
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
    counter = view.get("counter_draft")
    if counter:  # an addressee's counter-offer being built in the menu: theirs alone
        lines.append(_("Your counter-offer draft: give {give}; want {want}").format(
            give=items_text(counter["give"]), want=items_text(counter["want"])))
    if own is not None:
        lines += _own_lines(own, view)
    return "\n".join(lines)
