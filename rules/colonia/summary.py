"""A readable multi-line text summary of a Colonia view (terminal table, Discord embed), in the reader's language:
the board in words (issue 25), saying everything the board image and the private screen drawn from the same view
show (tests/a11y/test_colonia.py checks the view keys each reads), and the alt text of the images (``alt_text``).

Seats are written with ``rules.words.seat`` (the front ends put the players' names there). The part of the board
the current day is about (stalls on market day, craftsmen on Thursday, ships on Friday, relics on Sunday) is shown
in full, a line for each stall, column or ship; the rest in fewer words, so the text stays short (the biggest board
still fits one Discord embed).
"""

from __future__ import annotations

from typing import Any

from rules.colonia.names import _, _n, amount, day, decree_name, decree_text, items, name
from rules.colonia.views import members_out, step_of
from rules.core import ALT_TEXT_MAX, fit_lines
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


def _decree(d: dict[str, Any], tally: dict[str, Any] | None = None) -> str:
    when = day(d["day"])
    if d["result"] and tally:  # the board shows the ballots' count beside the result
        fields = {"day": when, "decree": decree_name(d["id"]), "yes": tally["yes_votes"], "no": tally["no_votes"]}
        if d["result"] == "passed":
            return _("{day}: {decree} (passed {yes}–{no})").format(**fields)
        return _("{day}: {decree} (rejected {yes}–{no})").format(**fields)
    if d["result"] == "passed":
        return _("{day}: {decree} (passed)").format(day=when, decree=decree_name(d["id"]))
    if d["result"] == "rejected":
        return _("{day}: {decree} (rejected)").format(day=when, decree=decree_name(d["id"]))
    return _("{day}: {decree}").format(day=when, decree=decree_name(d["id"]))


def _decrees(view: dict[str, Any]) -> list[str]:
    decrees = view.get("decrees") or []
    if not decrees:
        return []
    tallies = {v["decree"]: v for v in view.get("votes") or []}
    return [_("Decrees: {list}").format(list="; ".join(_decree(d, tallies.get(d["id"])) for d in decrees))]


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
    market = view.get("market", [])
    stalls = [m for m in market if m["total"] or m["materials"] or m["seat"] is not None]
    if not stalls:  # the board still draws each stall, empty
        regular = [int(m["stall"]) for m in market if not m["extra"]]
        extra = [int(m["stall"]) for m in market if m["extra"]]
        if not regular:
            return []
        if extra:
            return [_("Market stalls {first}–{last} and extra {extra}: all empty").format(
                first=min(regular), last=max(regular), extra=", ".join(str(k) for k in extra))]
        return [_("Market stalls {first}–{last}: all empty").format(first=min(regular), last=max(regular))]
    stalls = list(market)
    said = []
    for m in stalls:
        stall = _("{stall} (extra)").format(stall=m["stall"]) if m["extra"] else str(m["stall"])
        if m["seat"] is None:
            said.append(f"{stall}: {_items(m['materials'])}")
        else:
            said.append(_n("{stall}: taken by {who} ({n} member)", "{stall}: taken by {who} ({n} members)",
                           m["members"]).format(stall=stall, who=seat(m["seat"]), n=m["members"]))
    if not full:  # one line, every stall's materials (the board shows each cube)
        return [_("Market stalls (materials on each): {list}").format(list="; ".join(said))]
    return [_("Market stalls:")] + ["  " + line for line in said]


def _craftsman_short(c: dict[str, Any]) -> str:
    """A craftsman in a few words: recipe, orders (seat and members), how many deliver, the next order's cost."""
    orders = ", ".join(f"{seat(o['seat'])} ({o['members']})" for o in c["orders"]) or _("none")
    stick = int(c["stick"])
    # TRANSLATORS: how many of a craftsman's order spaces deliver this Thursday (its stick)
    deliver = _n("{n} delivers", "{n} deliver", stick).format(n=stick)
    # TRANSLATORS: "saddler (leather+wood → saddle): orders Seat 1 (1), Seat 0 (2), 1 delivers, next order 3
    # members"; {list} is the orders (seat and members) or "none"; {deliver} how many order spaces deliver
    return _n("{craftsman} ({inputs} → {good}): orders {list}, {deliver}, next order {n} member",
              "{craftsman} ({inputs} → {good}): orders {list}, {deliver}, next order {n} members",
              int(c["next_cost"])).format(
        craftsman=name(c["name"]), inputs="+".join(name(m) for m in c["inputs"]), good=name(c["good"]),
        list=orders, deliver=deliver, n=c["next_cost"])


def _craftsmen(view: dict[str, Any], full: bool, only: str | None = None) -> list[str]:
    crafts = view.get("craftsmen", [])
    if not full:
        return [_("Craftsmen: {list}").format(list="; ".join(_craftsman_short(c) for c in crafts))]
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
    others = [c for c in crafts if only is not None and c["name"] != only]
    if others:  # the columns the decree does not touch, in a few words
        lines.append(_("Other craftsmen: {list}").format(list="; ".join(_craftsman_short(c) for c in others)))
    return lines


def _hold(i: int, h: dict[str, Any]) -> str:
    return _("{i}) {goods} pays {pay}").format(i=i, goods="+".join(name(g) for g in h["goods"]), pay=h["pay"]) \
        + _taken(h["seat"])


def _ship_short(s: dict[str, Any], departing: int) -> str:
    """A ship in a few words: berth, fate, city, and each hold's goods, pay and loader."""
    holds = [_("{goods} {pay}").format(goods="+".join(name(g) for g in h["goods"]), pay=h["pay"]) + _taken(h["seat"])
             for h in s["holds"]]
    extra_open = s.get("extra_open")  # the decree's extra hold: open, or loaded by a seat
    if s.get("extra_seat") is not None:
        holds.append(_("extra hold — {who}").format(who=seat(s["extra_seat"])))
    elif extra_open:
        holds.append(_("extra hold: any 1 good pays 2"))
    fields = {"berth": s["berth"], "ship": s["id"], "city": name(s["city"]), "holds": "; ".join(holds)}
    if s["berth"] <= departing:
        return _("{berth}, sails: {ship} {city}: {holds}").format(**fields)
    return _("{berth}, stays: {ship} {city}: {holds}").format(**fields)


def _harbour(view: dict[str, Any], full: bool) -> list[str]:
    harbour = view.get("harbour", {})
    ships = harbour.get("ships", [])
    departing = harbour.get("departing", 0)
    if not full:  # every hold, in fewer words (goods and pay, its loader)
        lines = [_n("Harbour ({n} ship sails Saturday; holds: goods and pay):",
                    "Harbour ({n} ships sail Saturday; holds: goods and pay):",
                    departing).format(n=departing)]
        lines += ["  " + _ship_short(s, departing) for s in ships]
        if harbour.get("extra_holds"):
            lines.append("  " + _("Extra cargo holds (D15): one more on each ship."))
        return lines
    lines = [_n("Harbour ({n} ship sails this Saturday; holds by number):",
                "Harbour ({n} ships sail this Saturday; holds by number):", departing).format(n=departing)]
    for s in ships:
        holds = "; ".join(_hold(i, h) for i, h in enumerate(s["holds"], 1))
        extra_open = s.get("extra_open")  # the decree's extra hold: open, or loaded by a seat
        if s.get("extra_seat") is not None:
            holds += "; " + _("extra hold — {who}").format(who=seat(s["extra_seat"]))
        elif extra_open:
            holds += "; " + _("extra hold: any 1 good pays 2")
        fields = {"berth": s["berth"], "ship": s["id"], "city": name(s["city"]), "currency": name(s["currency"]),
                  "holds": holds}
        if s["berth"] <= departing:
            line = _("berth {berth} (sails this Saturday), {ship} {city} (pays {currency}): {holds}")
        else:
            line = _("berth {berth} (stays in port), {ship} {city} (pays {currency}): {holds}")
        lines.append("  " + line.format(**fields))
    if harbour.get("extra_holds"):
        lines.append("  " + _("Extra cargo holds (D15): one more on each ship."))
    return lines


def _relics(view: dict[str, Any]) -> list[str]:
    relics = view.get("relics", {})
    display = [c for c in relics.get("display", []) if c] + [c for c in relics.get("extra", []) if c]
    lines = [_("Relics on display: {list}").format(list="; ".join(_relic(r) for r in display) or _("none"))]
    deck = (view.get("deck_counts") or {}).get("relics")
    if deck is not None:
        lines.append("  " + _n("relic deck: {n} card", "relic deck: {n} cards", deck).format(n=deck))
    return lines


def _player(view: dict[str, Any], p: dict[str, Any], mayor: int | None) -> str:
    # members from ships that sailed early join the Friday street (the board adds them there too)
    early = int(p.get("early") or 0)
    on_street = {key: n + (early if key == "friday" else 0) for key, n in p["street"].items()}
    street = ", ".join(f"{_(STREET_SHORT[key]) if key in STREET_SHORT else key} {n}"
                       for key, n in on_street.items() if n) or _("empty")
    shrines = ", ".join(_("{shrine} with {relic}").format(shrine=s["id"], relic=s["relic"]) if s["relic"] else s["id"]
                        for s in p["shrines"])
    # No colour words: the images use the render palette, so "red" here could contradict the board.
    tags = ([_("mayor")] if p["seat"] == mayor else []) + ([_("passed")] if p.get("passed") else [])
    label = seat(p["seat"]) + (f" ({', '.join(tags)})" if tags else "")
    # English says "members" whatever the count (its tests read it so); other languages may inflect.
    text = _n("{who}: {n} members in reserve, street {street}", "{who}: {n} members in reserve, street {street}",
              p["reserve"]).format(who=label, n=p["reserve"], street=street)
    if int(p["seat"]) == (view.get("me") or {}).get("seat"):  # the public board's count follows from the lines
        text += ", " + _("{n} on the board").format(n=members_out(view, int(p["seat"])))
    if p.get("chosen"):
        text += ", " + _("family card chosen (secret)")
    elif p["card"] is not None:
        text += ", " + _("family card {card}").format(card=0 if p["card_zero"] else p["card"])
    if p.get("cards_left"):
        text += ", " + _("cards left {list}").format(list=" ".join(str(c) for c in p["cards_left"]))
    if shrines:
        text += ", " + _("shrines {list}").format(list=shrines)
    return text


def _me(me: dict[str, Any]) -> list[str]:
    lines = [_("Behind the screen of {who}:").format(who=seat(int(me["seat"])))]
    lines += [_("Yours: money {money}; materials {materials}; goods {goods}").format(
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


def _heading(view: dict[str, Any]) -> list[str]:
    """The status line (week, day, phase, who is awaited), and the week, day and phase the board's header draws
    where the status line does not already say them."""
    status = str(view.get("status", ""))
    week, phase, today = view.get("week"), str(view.get("phase") or ""), str(view.get("day_name") or "")
    if view.get("over") or (str(week) in status and phase in status and today in status):
        return [status]
    return [status, _("Week {week}/6, {day}: {phase}").format(week=week, day=today, phase=phase)]


def final_lines(view: dict[str, Any]) -> list[str]:
    """The final score sheet: ranks, each seat's VP by kind and what they kept (the tie-breaks), the windows."""
    outcome = view.get("outcome") or {}
    final = view.get("final") or {}
    if not outcome:
        return []
    scores, ranks = list(outcome["scores"]), list(outcome["ranks"])
    breakdown = list(outcome["breakdown"])
    kept = {p["seat"]: p for p in final.get("players") or []}
    lines = [_("Colonia · final scores")]
    for s in sorted(range(len(scores)), key=lambda k: (ranks[k], k)):
        b, held = breakdown[s], kept.get(s) or {}
        lines.append("  " + _("{rank}. {who}: {total} VP (relics {relics}, shrines {shrines}, windows {windows}); "
                              "left: money {money}, goods {goods}, raw materials {raw}").format(
            rank=ranks[s], who=seat(s), total=scores[s], relics=b["relics"], shrines=b["shrines"],
            windows=b["windows"], money=sum((held.get("money") or {}).values()),
            goods=sum((held.get("goods") or {}).values()), raw=sum((held.get("materials") or {}).values())))
    windows = []
    for w in final.get("windows") or []:
        if isinstance(w["seat"], int):
            windows.append(_("{city}: {who} (paid {n})").format(city=name(w["city"]), who=seat(w["seat"]),
                                                                n=w["paid"]))
        else:
            windows.append(_("{city}: not awarded").format(city=name(w["city"])))
    if windows:
        lines.append(_("Stained-glass windows: {list}").format(list="; ".join(windows)))
    return lines


def _parts(view: dict[str, Any]) -> dict[str, list[str]]:
    """The summary's parts, in the order it says them (each a heading line and its items, or a line)."""
    parts: dict[str, list[str]] = {"heading": _heading(view), "final": final_lines(view), "week": []}
    card = view.get("week_card")
    if card:
        departing = view["harbour"]["departing"]
        parts["week"] = [_n("Week card {card}: {dice} extra dice, {n} ship sails.",
                            "Week card {card}: {dice} extra dice, {n} ships sail.", departing).format(
            card=card["id"], dice=card["dice"], n=departing)]
    parts["decrees"] = _decrees(view) + _vote(view) + _lean(view)
    parts["order"] = _order_line(view)
    kind = (view.get("loop") or {}).get("kind")
    touched = _TOUCHES.get((view.get("vote") or {}).get("decree", ""))
    overtime = _OVERTIME.get((view.get("vote") or {}).get("decree", ""))
    step = step_of(view)
    parts["market"] = _market(view, kind == "stall" or touched == "market")
    parts["craftsmen"] = _craftsmen(view, kind == "order" or touched == "craftsmen",
                                    None if kind == "order" else overtime)
    parts["harbour"] = _harbour(view, kind == "load" or touched == "harbour" or step == "extra")
    parts["relics"] = _relics(view)  # every card on display: the board draws each one
    parts["players"] = [_player(view, p, view.get("mayor")) for p in view.get("players", [])]
    scores = view.get("scores")
    parts["scores"] = [_("Shrine VP so far (relics stay secret until the end): {list}").format(
        list=", ".join(f"{seat(i)}: {s}" for i, s in enumerate(scores)))] if isinstance(scores, list) else []
    me = view.get("me")
    parts["me"] = _me(me) if me else []
    return parts


def summary(view: dict[str, Any]) -> str:
    return "\n".join(line for part in _parts(view).values() for line in part)


#: the day's loop -> the summary's part its decision is about
_LOOP_PARTS = {"stall": "market", "order": "craftsmen", "load": "harbour", "buy": "relics", "insure": "relics"}


def decision_parts(view: dict[str, Any]) -> list[str]:
    """The summary's parts the awaited decision is about (the alt text says them first): the decree on the vote and
    the part of the board it touches, the turn order and the players' cards on Tuesday, the day's loop's part of
    the board, the harbour for an extra hold, the relics' prices for the money changers; the score sheet once
    over."""
    if view.get("over"):
        return ["final"]
    if not view.get("to_act"):
        return []
    vote = view.get("vote")
    if vote:
        touched = _TOUCHES.get(str(vote["decree"]))
        return ["decrees"] + ([touched] if touched else [])
    step = step_of(view)
    if step:
        return {"family": ["order", "players"], "extra": ["harbour"], "exchange": ["relics"]}[step]
    if (view.get("pending") or {}).get("kind") == "shrine":
        return ["players"]
    part = _LOOP_PARTS.get(str((view.get("loop") or {}).get("kind")))
    return [part] if part else []


def alt_text(view: dict[str, Any], last: str | None = None) -> str:
    """What a screen reader says for the image drawn from ``view``: the situation (week, day, phase, who is
    awaited), the last move, the part of the board the awaited decision is about, the scores (and a player's own
    screen), then the rest of the summary as room allows, within ``ALT_TEXT_MAX``, in whole lines; the situation,
    the last move and the scores (the score sheet once over) are kept before anything else."""
    parts = _parts(view)
    moved = [_("Last move: {move}").format(move=last)] if last else []
    first = ["heading", *decision_parts(view)]
    ordered = parts["heading"] + moved + [line for name in first[1:] for line in parts[name]]
    ordered += [line for name in ("scores", "me") if name not in first for line in parts[name]]
    ordered += [line for name, part in parts.items() if name not in first and name not in ("scores", "me")
                for line in part]
    # a player's own screen: whose it is and what lies behind it
    must = set(parts["heading"][:1] + moved + parts["scores"] + parts["me"][:2]
               + (parts["final"] if view.get("over") else []))
    return fit_whole(ordered, must, ALT_TEXT_MAX)


def fit_whole(lines: list[str], must: set[str], limit: int) -> str:
    """``lines`` in their order, whole, as many as fit in ``limit``: first those in ``must`` (cut with '…' where one
    alone is too long), then the others in order until one does not fit; a line said twice is said once."""
    out = list(dict.fromkeys(line.strip() for line in lines if line.strip()))
    kept: set[int] = set()
    used = -1
    for k, line in enumerate(out):
        if line in must and used + len(line) + 1 <= limit:
            kept.add(k)
            used += len(line) + 1
    for k, line in enumerate(out):
        if k in kept:
            continue
        if used + len(line) + 1 > limit:  # stop here: a list is never said with holes in it
            break
        kept.add(k)
        used += len(line) + 1
    if not kept:
        return fit_lines(out, limit)
    return "\n".join(line for k, line in enumerate(out) if k in kept)
