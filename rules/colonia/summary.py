"""A readable multi-line text summary of a Colonia view (terminal table, Discord embed).

Seats are written "Seat N" (the front ends put the players' names there). The part of the board the
current day is about (stalls on market day, craftsmen on Thursday, ships on Friday, relics on Sunday)
is shown in full; the rest in a line each, so the text stays short.
"""

from __future__ import annotations

from typing import Any

from rules.words import plural

DAYS = {1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday", 7: "Sunday"}


def _items(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in d.items() if n) or "nothing"




def _seat(s: int | None) -> str:
    return "free" if s is None else f"Seat {s}"


def _taken(seat: int | None) -> str:
    return "" if seat is None else f" — Seat {seat}"


def _relic(r: dict[str, Any]) -> str:
    if r.get("shrine"):
        return f"{r['city']} shrine ({r['price']} {r['currency']})"
    insured = f", insured by Seat {r['insured_by']}" if r.get("insured_by") is not None else ""
    return f"{r['city']} {r['price']} {r['currency']} → {r['vp']} VP{insured}"


def _decrees(view: dict[str, Any]) -> list[str]:
    decrees = view.get("decrees") or []
    if not decrees:
        return []
    return ["Decrees: " + "; ".join(
        f"{DAYS.get(d['day'], d['day'])}: {d['name']}{' (' + d['result'] + ')' if d['result'] else ''}"
        for d in decrees)]


def _vote(view: dict[str, Any]) -> list[str]:
    vote = view.get("vote")
    if not vote:
        return []
    decree = next((d for d in view.get("decrees") or [] if d["id"] == vote["decree"]), None)
    lines = [f"Vote on {decree['name']}: {decree['text']}"] if decree else []
    waiting = [s for s in vote["voters"] if s not in vote["cast"]]
    lines.append("  Voted: " + (", ".join(_seat(s) for s in vote["cast"]) or "nobody yet")
                 + "; still to vote: " + (", ".join(_seat(s) for s in waiting) or "nobody"))
    return lines


def _market(view: dict[str, Any], full: bool) -> list[str]:
    stalls = [m for m in view.get("market", []) if m["total"] or m["seat"] is not None]
    if not stalls:
        return []
    if not full:
        return ["Market stalls (materials on each): " + ", ".join(f"{m['stall']}: {m['total']}" for m in stalls)]
    lines = ["Market stalls:"]
    for m in stalls:
        extra = " (extra)" if m["extra"] else ""
        if m["seat"] is None:
            lines.append(f"  {m['stall']}{extra}: {_items(m['materials'])}")
        else:
            lines.append(f"  {m['stall']}{extra}: taken by Seat {m['seat']} ({plural(m['members'], 'member')})")
    return lines


def _craftsmen(view: dict[str, Any], full: bool, only: str | None = None) -> list[str]:
    crafts = view.get("craftsmen", [])
    if not full:
        return ["Craftsmen: " + ", ".join(f"{c['name']} {plural(len(c['orders']), 'order')}" for c in crafts)]
    lines = ["Craftsmen (inputs → good; the first spaces deliver this Thursday, the dice may add more):"]
    for c in crafts:
        if only is not None and c["name"] != only:
            continue
        orders = ", ".join(f"Seat {o['seat']} ({o['members']})" for o in c["orders"]) or "none"
        stick, space = c["stick"], len(c["orders"]) + 1
        deliver = f"spaces 1–{stick} deliver" if stick > 1 else "space 1 delivers" if stick else "nothing delivers yet"
        fate = "delivered this Thursday" if space <= stick else "may wait"
        lines.append(f"  {c['name']} ({'+'.join(c['inputs'])} → {c['good']}): {deliver}; "
                     f"next order {plural(c['next_cost'], 'member')} on space {space} ({fate}); orders {orders}")
    return lines


def _harbour(view: dict[str, Any], full: bool) -> list[str]:
    harbour = view.get("harbour", {})
    ships = harbour.get("ships", [])
    if not full:
        return ["Harbour: " + ", ".join(
            f"{s['city']} ({sum(1 for h in s['holds'] if h['seat'] is None)} free)" for s in ships)]
    departing = harbour.get("departing", 0)
    lines = [f"Harbour ({plural(departing, 'ship')} {'sails' if departing == 1 else 'sail'} this Saturday; "
             "holds by number):"]
    for s in ships:
        holds = "; ".join(f"{i}) {'+'.join(h['goods'])} pays {h['pay']}" + _taken(h["seat"])
                          for i, h in enumerate(s["holds"], 1))
        if s.get("extra_open"):
            holds += "; extra hold: any 1 good pays 2"
        elif s.get("extra_seat") is not None:
            holds += f"; extra hold — Seat {s['extra_seat']}"
        fate = "sails this Saturday" if s["berth"] <= departing else "stays in port"
        lines.append(f"  berth {s['berth']} ({fate}), {s['id']} {s['city']} (pays {s['currency']}): {holds}")
    return lines


def _relics(view: dict[str, Any], full: bool) -> list[str]:
    relics = view.get("relics", {})
    display = [c for c in relics.get("display", []) + relics.get("extra", []) if c]
    if not full:
        return [f"Relics on display: {len(display)}"]
    return ["Relics on display: " + ("; ".join(_relic(r) for r in display) or "none")]


def _player(p: dict[str, Any], mayor: int | None) -> str:
    street = ", ".join(f"{day[:3].capitalize()} {n}" for day, n in p["street"].items() if n) or "empty"
    card = "" if p["card"] is None else f", family card {0 if p['card_zero'] else p['card']}"
    shrines = ", ".join(f"{s['id']}{' with ' + s['relic'] if s['relic'] else ''}" for s in p["shrines"])
    # No colour words: the images use the render palette, so "red" here could contradict the board.
    tags = (["mayor"] if p["seat"] == mayor else []) + (["passed"] if p.get("passed") else [])
    label = f"Seat {p['seat']}" + (f" ({', '.join(tags)})" if tags else "")
    return (f"{label}: {p['reserve']} members in reserve, street {street}{card}"
            + (f", shrines {shrines}" if shrines else ""))


def _me(me: dict[str, Any]) -> list[str]:
    lines = [f"Yours: money {_items(me['money'])}; materials {_items(me['materials'])}; goods {_items(me['goods'])}"]
    relics = [_relic(r) for r in me.get("relics") or [] if r]
    lines.append("  relics: " + ("; ".join(relics) if relics else "none"))
    chosen = [f"family card {me['family_choice']}" if me.get("family_choice") is not None else "",
              f"your vote {me['ballot']}" if me.get("ballot") else "",
              f"exchanging from {me['exchange_from']}" if me.get("exchange_from") else ""]
    if any(chosen):
        lines.append("  chosen (secret): " + ", ".join(c for c in chosen if c))
    return lines


def _order_line(view: dict[str, Any]) -> list[str]:
    order = view.get("turn_order") or []
    if not order:
        return []
    if view.get("mayor") is None:  # setup and the first Tuesday: only seat order so far
        return ["Turn order: not set yet (Tuesday's family cards decide it; equal cards roll the die)."]
    if view.get("phase", "").endswith("family cards"):
        return ["Last week's order (equal cards this week swap it round): "
                + " > ".join(f"Seat {s}" for s in order)]
    return ["Turn order: " + " > ".join(f"Seat {s}" for s in order)]


def _lean(view: dict[str, Any]) -> list[str]:
    if not view.get("lean_council"):
        return []
    when = "this" if view.get("day") == 2 else "next"
    return [f"Lean council (D17) applies {when} Tuesday: every family sends 1 member fewer than its card "
            "(votes and turn order keep the card's value)."]


#: decree -> the part of the board it touches, shown in full while it is voted on
_TOUCHES = {"D01": "market", "D02": "market", "D11": "harbour", "D12": "harbour", "D15": "harbour",
            "D16": "relics", "D18": "relics", **{d: "craftsmen" for d in ("D06", "D07", "D08", "D09", "D10")}}
_OVERTIME = {"D06": "saddler", "D07": "wheelwright", "D08": "painter", "D09": "tailor", "D10": "shoemaker"}


def summary(view: dict[str, Any]) -> str:
    lines = [str(view.get("status", ""))]
    card = view.get("week_card")
    if card:
        lines.append(f"Week card {card['id']}: {card['dice']} extra dice, "
                     f"{plural(view['harbour']['departing'], 'ship')} "
                     f"{'sails' if view['harbour']['departing'] == 1 else 'sail'}.")
    lines += _decrees(view) + _vote(view) + _lean(view)
    lines += _order_line(view)
    kind = (view.get("loop") or {}).get("kind")
    touched = _TOUCHES.get((view.get("vote") or {}).get("decree", ""))
    overtime = _OVERTIME.get((view.get("vote") or {}).get("decree", ""))
    lines += _market(view, kind == "stall" or touched == "market")
    lines += _craftsmen(view, kind == "order" or touched == "craftsmen", None if kind == "order" else overtime)
    lines += _harbour(view, kind == "load" or touched == "harbour" or view.get("phase", "").endswith("extra hold"))
    changing = view.get("phase", "").endswith("money changers")  # D18: the prices decide what to change into
    lines += _relics(view, kind in ("buy", "insure") or touched == "relics" or changing)
    for p in view.get("players", []):
        lines.append(_player(p, view.get("mayor")))
    scores = view.get("scores")
    if isinstance(scores, list):
        lines.append("Shrine VP so far (relics stay secret until the end): "
                     + ", ".join(f"Seat {i}: {s}" for i, s in enumerate(scores)))
    me = view.get("me")
    if me:
        lines += _me(me)
    return "\n".join(lines)
