"""A readable multi-line text summary of a Colonia view (terminal table, Discord embed), in the reader's language.

Seats are written with ``rules.words.seat`` (the front ends put the players' names there). The part of the board
the current day is about (stalls on market day, craftsmen on Thursday, ships on Friday, relics on Sunday) is shown
in full; the rest in a line each, so the text stays short.
"""

from __future__ import annotations

from typing import Any

from rules.colonia.names import _, _n, amount, day, decree_name, decree_text, items, name
from rules.colonia.views import step_of
from rules.words import N_, seat

#: street key (view) -> its short name
STREET_SHORT = {"tuesday": N_("Tue"), "wednesday": N_("Wed"), "thursday": N_("Thu"), "friday": N_("Fri")}


def _items(d: dict[str, int]) -> str:
    return items(d)


def _seat(s: int | None) -> str:
    return _("free") if s is None else seat(s)


def _taken(who: int | None) -> str:
    return "" if who is None else " — " + seat(who)


def _relic(r: dict[str, Any]) -> str:
    price = amount(r["price"], r["currency"])
    if r.get("shrine"):
        return _("{city} shrine ({price})").format(city=name(r["city"]), price=price)
    if r.get("insured_by") is not None:
        return _("{city} {price} → {vp} VP, insured by {who}").format(city=name(r["city"]), price=price, vp=r["vp"],
                                                                     who=seat(r["insured_by"]))
    return _("{city} {price} → {vp} VP").format(city=name(r["city"]), price=price, vp=r["vp"])


def _decree(d: dict[str, Any]) -> str:
    when = day(d["day"])
    if d["result"] == "passed":
        return _("{day}: {decree} (passed)").format(day=when, decree=decree_name(d["id"]))
    if d["result"] == "rejected":
        return _("{day}: {decree} (rejected)").format(day=when, decree=decree_name(d["id"]))
    return _("{day}: {decree}").format(day=when, decree=decree_name(d["id"]))


def _decrees(view: dict[str, Any]) -> list[str]:
    decrees = view.get("decrees") or []
    if not decrees:
        return []
    return [_("Decrees: {list}").format(list="; ".join(_decree(d) for d in decrees))]


def _vote(view: dict[str, Any]) -> list[str]:
    vote = view.get("vote")
    if not vote:
        return []
    decree = next((d for d in view.get("decrees") or [] if d["id"] == vote["decree"]), None)
    lines = [_("Vote on {decree}: {text}").format(decree=decree_name(decree["id"]), text=decree_text(decree["id"]))
             ] if decree else []
    waiting = [s for s in vote["voters"] if s not in vote["cast"]]
    lines.append("  " + _("Voted: {voted}; still to vote: {waiting}").format(
        voted=", ".join(_seat(s) for s in vote["cast"]) or _("nobody yet"),
        waiting=", ".join(_seat(s) for s in waiting) or _("nobody")))
    return lines


def _market(view: dict[str, Any], full: bool) -> list[str]:
    stalls = [m for m in view.get("market", []) if m["total"] or m["seat"] is not None]
    if not stalls:
        return []
    if not full:
        return [_("Market stalls (materials on each): {list}").format(
            list=", ".join(f"{m['stall']}: {m['total']}" for m in stalls))]
    lines = [_("Market stalls:")]
    for m in stalls:
        stall = _("{stall} (extra)").format(stall=m["stall"]) if m["extra"] else str(m["stall"])
        if m["seat"] is None:
            lines.append(f"  {stall}: {_items(m['materials'])}")
        else:
            lines.append("  " + _n("{stall}: taken by {who} ({n} member)", "{stall}: taken by {who} ({n} members)",
                                   m["members"]).format(stall=stall, who=seat(m["seat"]), n=m["members"]))
    return lines


def _orders(n: int) -> str:
    return _n("{n} order", "{n} orders", n).format(n=n)


def _craftsmen(view: dict[str, Any], full: bool, only: str | None = None) -> list[str]:
    crafts = view.get("craftsmen", [])
    if not full:
        return [_("Craftsmen: {list}").format(
            list=", ".join(f"{name(c['name'])} {_orders(len(c['orders']))}" for c in crafts))]
    lines = [_("Craftsmen (inputs → good; the first spaces deliver this Thursday, the dice may add more):")]
    for c in crafts:
        if only is not None and c["name"] != only:
            continue
        orders = ", ".join(f"{seat(o['seat'])} ({o['members']})" for o in c["orders"]) or _("none")
        stick, space = c["stick"], len(c["orders"]) + 1
        if stick > 1:
            deliver = _("spaces 1–{stick} deliver").format(stick=stick)
        else:
            deliver = _("space 1 delivers") if stick else _("nothing delivers yet")
        fields = {"craftsman": name(c["name"]), "inputs": "+".join(name(m) for m in c["inputs"]),
                  "good": name(c["good"]), "deliver": deliver, "n": c["next_cost"], "space": space, "orders": orders}
        if space <= stick:
            line = _n("{craftsman} ({inputs} → {good}): {deliver}; next order {n} member on space {space} "
                      "(delivered this Thursday); orders {orders}",
                      "{craftsman} ({inputs} → {good}): {deliver}; next order {n} members on space {space} "
                      "(delivered this Thursday); orders {orders}", c["next_cost"])
        else:
            line = _n("{craftsman} ({inputs} → {good}): {deliver}; next order {n} member on space {space} "
                      "(may wait); orders {orders}",
                      "{craftsman} ({inputs} → {good}): {deliver}; next order {n} members on space {space} "
                      "(may wait); orders {orders}", c["next_cost"])
        lines.append("  " + line.format(**fields))
    return lines


def _hold(i: int, h: dict[str, Any]) -> str:
    return _("{i}) {goods} pays {pay}").format(i=i, goods="+".join(name(g) for g in h["goods"]), pay=h["pay"]) \
        + _taken(h["seat"])


def _harbour(view: dict[str, Any], full: bool) -> list[str]:
    harbour = view.get("harbour", {})
    ships = harbour.get("ships", [])
    if not full:
        return [_("Harbour: {list}").format(list=", ".join(
            _("{city} ({n} free)").format(city=name(s["city"]), n=sum(1 for h in s["holds"] if h["seat"] is None))
            for s in ships))]
    departing = harbour.get("departing", 0)
    lines = [_n("Harbour ({n} ship sails this Saturday; holds by number):",
                "Harbour ({n} ships sail this Saturday; holds by number):", departing).format(n=departing)]
    for s in ships:
        holds = "; ".join(_hold(i, h) for i, h in enumerate(s["holds"], 1))
        if s.get("extra_open"):
            holds += "; " + _("extra hold: any 1 good pays 2")
        elif s.get("extra_seat") is not None:
            holds += "; " + _("extra hold — {who}").format(who=seat(s["extra_seat"]))
        fields = {"berth": s["berth"], "ship": s["id"], "city": name(s["city"]), "currency": name(s["currency"]),
                  "holds": holds}
        if s["berth"] <= departing:
            line = _("berth {berth} (sails this Saturday), {ship} {city} (pays {currency}): {holds}")
        else:
            line = _("berth {berth} (stays in port), {ship} {city} (pays {currency}): {holds}")
        lines.append("  " + line.format(**fields))
    return lines


def _relics(view: dict[str, Any], full: bool) -> list[str]:
    relics = view.get("relics", {})
    display = [c for c in relics.get("display", []) + relics.get("extra", []) if c]
    if not full:
        return [_("Relics on display: {n}").format(n=len(display))]
    return [_("Relics on display: {list}").format(list="; ".join(_relic(r) for r in display) or _("none"))]


def _player(p: dict[str, Any], mayor: int | None) -> str:
    street = ", ".join(f"{_(STREET_SHORT[key]) if key in STREET_SHORT else key} {n}"
                       for key, n in p["street"].items() if n) or _("empty")
    shrines = ", ".join(_("{shrine} with {relic}").format(shrine=s["id"], relic=s["relic"]) if s["relic"] else s["id"]
                        for s in p["shrines"])
    # No colour words: the images use the render palette, so "red" here could contradict the board.
    tags = ([_("mayor")] if p["seat"] == mayor else []) + ([_("passed")] if p.get("passed") else [])
    label = seat(p["seat"]) + (f" ({', '.join(tags)})" if tags else "")
    # English says "members" whatever the count (its tests read it so); other languages may inflect.
    text = _n("{who}: {n} members in reserve, street {street}", "{who}: {n} members in reserve, street {street}",
              p["reserve"]).format(who=label, n=p["reserve"], street=street)
    if p["card"] is not None:
        text += ", " + _("family card {card}").format(card=0 if p["card_zero"] else p["card"])
    if shrines:
        text += ", " + _("shrines {list}").format(list=shrines)
    return text


def _me(me: dict[str, Any]) -> list[str]:
    lines = [_("Yours: money {money}; materials {materials}; goods {goods}").format(
        money=_items(me["money"]), materials=_items(me["materials"]), goods=_items(me["goods"]))]
    relics = [_relic(r) for r in me.get("relics") or [] if r]
    lines.append("  " + _("relics: {list}").format(list="; ".join(relics) if relics else _("none")))
    chosen = [_("family card {card}").format(card=me["family_choice"]) if me.get("family_choice") is not None else "",
              (_("your vote yes") if me["ballot"] == "yes" else _("your vote no")) if me.get("ballot") else "",
              _("exchanging from {currency}").format(currency=name(me["exchange_from"]))
              if me.get("exchange_from") else ""]
    if any(chosen):
        lines.append("  " + _("chosen (secret): {list}").format(list=", ".join(c for c in chosen if c)))
    return lines


def _order_line(view: dict[str, Any]) -> list[str]:
    order = view.get("turn_order") or []
    if not order:
        return []
    if view.get("mayor") is None:  # setup and the first Tuesday: only seat order so far
        return [_("Turn order: not set yet (Tuesday's family cards decide it; equal cards roll the die).")]
    turn = " > ".join(seat(s) for s in order)
    if step_of(view) == "family":
        return [_("Last week's order (equal cards this week swap it round): {order}").format(order=turn)]
    return [_("Turn order: {order}").format(order=turn)]


def _lean(view: dict[str, Any]) -> list[str]:
    if not view.get("lean_council"):
        return []
    if view.get("day") == 2:
        return [_("Lean council (D17) applies this Tuesday: every family sends 1 member fewer than its card "
                  "(votes and turn order keep the card's value).")]
    return [_("Lean council (D17) applies next Tuesday: every family sends 1 member fewer than its card "
              "(votes and turn order keep the card's value).")]


#: decree -> the part of the board it touches, shown in full while it is voted on
_TOUCHES = {"D01": "market", "D02": "market", "D11": "harbour", "D12": "harbour", "D15": "harbour",
            "D16": "relics", "D18": "relics", **{d: "craftsmen" for d in ("D06", "D07", "D08", "D09", "D10")}}
_OVERTIME = {"D06": "saddler", "D07": "wheelwright", "D08": "painter", "D09": "tailor", "D10": "shoemaker"}


def summary(view: dict[str, Any]) -> str:
    lines = [str(view.get("status", ""))]
    card = view.get("week_card")
    if card:
        departing = view["harbour"]["departing"]
        lines.append(_n("Week card {card}: {dice} extra dice, {n} ship sails.",
                        "Week card {card}: {dice} extra dice, {n} ships sail.", departing).format(
            card=card["id"], dice=card["dice"], n=departing))
    lines += _decrees(view) + _vote(view) + _lean(view)
    lines += _order_line(view)
    kind = (view.get("loop") or {}).get("kind")
    touched = _TOUCHES.get((view.get("vote") or {}).get("decree", ""))
    overtime = _OVERTIME.get((view.get("vote") or {}).get("decree", ""))
    step = step_of(view)
    lines += _market(view, kind == "stall" or touched == "market")
    lines += _craftsmen(view, kind == "order" or touched == "craftsmen", None if kind == "order" else overtime)
    lines += _harbour(view, kind == "load" or touched == "harbour" or step == "extra")
    changing = step == "exchange"  # D18: the prices decide what to change into
    lines += _relics(view, kind in ("buy", "insure") or touched == "relics" or changing)
    for p in view.get("players", []):
        lines.append(_player(p, view.get("mayor")))
    scores = view.get("scores")
    if isinstance(scores, list):
        lines.append(_("Shrine VP so far (relics stay secret until the end): {list}").format(
            list=", ".join(f"{seat(i)}: {s}" for i, s in enumerate(scores))))
    me = view.get("me")
    if me:
        lines += _me(me)
    return "\n".join(lines)
