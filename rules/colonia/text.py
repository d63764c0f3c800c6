"""The one formatter of Colonia: action labels and event texts, in the reader's language (``rules.colonia.names``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.colonia import data as D
from rules.colonia import labels
from rules.colonia.names import _, _n, amount, decree_name, decree_text, items, name, seat_in_text, seats
from rules.core import Event
from rules.words import seat

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState

def _relic(card: str) -> str:
    return labels.relic_name(card)


def _items(counts: dict[str, int] | None) -> str:
    return items(counts, zeros=True)


def _rolls(rolls: dict[Any, int]) -> str:
    return ", ".join(_("{who} rolled {roll}").format(who=seat_in_text(int(s)), roll=r) for s, r in rolls.items())


def describe_action(st: ColoniaState, action: str, seat: int | None = None) -> str:
    """The menu label of ``action``; with ``seat``, as that seat sees it (its own reserve, its own share)."""
    verb, _sep, rest = action.partition(" ")
    if action == "pass":
        return _("Pass (no more actions of this kind today)")
    if verb == "family":
        return labels.family(st, seat, int(rest))
    if verb in ("vote", "decide"):
        return labels.vote(st, seat, rest == "yes", verb)
    if verb == "take":
        return labels.take(st, rest)
    if verb == "give":
        return _("Load {good} into the extra hold").format(good=name(rest))
    if verb == "stall":
        return labels.stall(st, rest)
    if verb == "order":
        return labels.order(st, rest)
    if verb == "load":
        return labels.load(st, rest)
    if verb == "extra":
        return labels.extra(st, rest)
    if verb == "buy":
        return labels.first_fit(_("Buy the {relic}").format(relic=_relic(rest)))
    if verb == "insure":
        return labels.insure(st, rest)
    if verb == "enshrine":
        return labels.first_fit(_("Place {relic} in the shrine (double VP)").format(relic=_relic(rest)))
    if action == "keep shrine empty":
        return _("Keep the shrine empty for now")
    if action == "no exchange":
        return _("Exchange nothing (keep your money as it is)")
    if verb == "exchange":
        parts = rest.split()
        if len(parts) == 1:
            if seat is not None and st.xchg[seat] is not None:
                return _("Exchange from {currency} instead (amount and currency next)").format(currency=name(rest))
            return _("Exchange {currency} into another currency (amount and currency next)").format(
                currency=name(rest))
        return _("Exchange {amount} into {currency} (1:1)").format(
            amount=amount(int(parts[0]), parts[1]), currency=name(parts[3]))
    return action


def event_text(event: Event) -> str:
    p: dict[str, Any] = event.params
    k = event.kind
    if k == "week":
        return _n("Week {week} begins with week card {card}: {n} ship will sail; decrees {decrees}.",
                  "Week {week} begins with week card {card}: {n} ships will sail; decrees {decrees}.",
                  p["departing"]).format(week=p["week"], card=p["card"], n=p["departing"],
                                         decrees=", ".join(p["decrees"]))
    if k == "family_chosen":
        return _("{who} has chosen a family card.").format(who=seat(p["seat"]))
    if k == "family_you_chose":
        return _("You chose family card {card}.").format(card=p["card"])
    if k == "family_revealed":
        cards = ", ".join(_("{who}: {card}").format(who=seat_in_text(s), card=c) for s, c in enumerate(p["cards"]))
        text = _("Family cards revealed ({cards}). Turn order: {order}.").format(cards=cards, order=seats(p["order"]))
        if p["zero"]:
            text += " " + _("Short of members, card counts 0: {seats}.").format(seats=seats(p["zero"]))
        if p["rolls"]:
            text += " " + _("Tie rolls: {rolls}.").format(rolls=_rolls(p["rolls"]))
        return text
    if k == "vote_cast":
        return _("{who} has voted.").format(who=seat(p["seat"]))
    if k == "you_voted":
        return _("You voted Yes.") if p["yes"] else _("You voted No.")
    if k == "vote_result":
        fields = {"decree": p["decree"], "name": decree_name(p["decree"]), "yes": p["yes_votes"],
                  "no": p["no_votes"]}
        if p["passed"]:
            if p["mayor_decided"]:
                return _("Decree {decree} {name}: {yes} Yes to {no} No, it passes (the mayor decided the tie).").format(
                    **fields)
            return _("Decree {decree} {name}: {yes} Yes to {no} No, it passes.").format(**fields)
        if p["mayor_decided"]:
            return _("Decree {decree} {name}: {yes} Yes to {no} No, it is rejected (the mayor decided the tie)."
                     ).format(**fields)
        return _("Decree {decree} {name}: {yes} Yes to {no} No, it is rejected.").format(**fields)
    if k == "decree_effect":
        return _("{name}: {text}").format(name=decree_name(p["decree"]), text=decree_text(p["decree"]))
    if k == "homecoming":
        moved = ", ".join(_("{who}: {card}").format(who=seat_in_text(s), card=m) for s, m in p["moved"].items())
        street = str(p["street"]).capitalize()
        if street == "Tuesday":
            return _("Members go home from the Tuesday street ({moved}).").format(moved=moved)
        if street == "Wednesday":
            return _("Members go home from the Wednesday street ({moved}).").format(moved=moved)
        if street == "Thursday":
            return _("Members go home from the Thursday street ({moved}).").format(moved=moved)
        return _("Members go home from the Friday street ({moved}).").format(moved=moved)
    if k == "materials_drawn":
        return _("You draw {materials}.").format(materials=_items(p["materials"]))
    if k == "lucky_find":
        return _("Lucky find rolls: {rolls}.").format(rolls=_rolls(p["rolls"]))
    if k == "good_chosen":
        return _("You take {good}.").format(good=amount(1, p["good"]))
    if k == "new_relics":
        return _("New relics on the extra spaces: {relics}.").format(
            relics=", ".join(p["relics"]) or _("none left"))
    if k == "exchanged":
        return _("You exchange {amount} into {currency}.").format(amount=amount(p["amount"], p["from"]),
                                                                    currency=name(p["to"]))
    if k == "exchange_done":
        return _("{who} is done at the money changers.").format(who=seat(p["seat"]))
    if k == "pass":
        if p["forced"]:
            return _("{who} passes (cannot act).").format(who=seat(p["seat"]))
        return _("{who} passes.").format(who=seat(p["seat"]))
    if k == "stall":
        return _("{who} takes stall {stall} ({materials}).").format(who=seat(p["seat"]), stall=p["stall"],
                                                                     materials=_items(p["materials"]))
    if k == "order":
        fields = {"who": seat(p["seat"]), "craftsman": name(p["craftsman"]), "space": p["space"]}
        if p["above"]:
            return _n("{who} orders from the {craftsman} with {n} member on space {space} (delivered this Thursday).",
                      "{who} orders from the {craftsman} with {n} members on space {space} (delivered this Thursday).",
                      p["members"]).format(n=p["members"], **fields)
        return _n("{who} orders from the {craftsman} with {n} member on space {space} "
                  "(below the line: may wait for the dice).",
                  "{who} orders from the {craftsman} with {n} members on space {space} "
                  "(below the line: may wait for the dice).", p["members"]).format(n=p["members"], **fields)
    if k == "extra_dice":
        return _("Extra orders rolled: {rolls}.").format(rolls=", ".join(map(str, p["rolls"])) or _("none"))
    if k == "delivery":
        parts = [_("{who} gets {goods}").format(who=seat_in_text(int(s)), goods=_items(g))
                 for s, g in p["goods"].items()]
        return _("Deliveries: {list}.").format(list="; ".join(parts) if parts else _("none"))
    if k == "load":
        return _("{who} loads {goods} on {ship} hold {hold} ({pay}).").format(
            who=seat(p["seat"]), goods=" + ".join(name(g) for g in p["goods"]), ship=p["ship"], hold=p["hold"],
            pay=p["pay"])
    if k == "extra_load":
        return _("{who} loads {good} into the extra hold of {ship}.").format(who=seat(p["seat"]), good=name(p["good"]),
                                                                               ship=p["ship"])
    if k == "ship_departs":
        totals: dict[int, int] = {}  # one entry per owner, holds summed, in the order they were paid
        for owner, paid in p["payouts"]:
            totals[owner] = totals.get(owner, 0) + paid
        pays = ", ".join(f"{seat_in_text(o)} +{a}" for o, a in totals.items()) or _("nothing loaded")
        fields = {"ship": p["ship"], "currency": name(p["currency"]), "pays": pays}
        if p["early"]:
            return _("Ship {ship} sails early, paying in {currency}: {pays}.").format(**fields)
        return _("Ship {ship} sails, paying in {currency}: {pays}.").format(**fields)
    if k == "ships_arrive":
        return _("Ships arrive in the harbour: {ships}.").format(ships=", ".join(p["ships"]))
    if k == "buy":
        text = _("{who} buys {relic}.").format(who=seat(p["seat"]), relic=_relic(p["relic"]))
        if p["insured_by"] is not None:
            text += " " + _("{who}'s insuring member goes home.").format(who=seat(p["insured_by"]))
        return text
    if k == "enshrine":
        return _("{who} places {relic} in the shrine ({vp} VP).").format(who=seat(p["seat"]),
                                                                          relic=_relic(p["relic"]), vp=p["vp"])
    if k == "insure":
        return _("{who} insures {relic}.").format(who=seat(p["seat"]), relic=_relic(p["relic"]))
    if k == "relics_refilled":
        return _n("The relic display is refilled with {n} card.", "The relic display is refilled with {n} cards.",
                  len(p["relics"])).format(n=len(p["relics"]))
    if k == "windows":
        parts = []
        for c, holder in enumerate(p["windows"]):
            if holder is None:
                who = _("nobody")
            else:
                who = _("{who} (hands {money} to the bank)").format(who=seat_in_text(holder),
                                                                   money=amount(p["paid"][c], D.CURRENCIES[c]))
            parts.append(_("{city}: {who}").format(city=name(D.CITIES[c]), who=who))
        return _("Stained-glass windows — {list}.").format(list="; ".join(parts))
    if k == "game_over":
        return _("Game over. Scores: {scores}.").format(
            scores=", ".join(_("{who}: {score}").format(who=seat_in_text(s), score=v)
                             for s, v in enumerate(p["scores"])))
    return k.replace("_", " ")
