"""A readable multi-line text summary of a Colonia view (terminal table, Discord embed)."""

from __future__ import annotations

from typing import Any


def _items(d: dict[str, int]) -> str:
    return ", ".join(f"{n} {k}" for k, n in d.items() if n) or "nothing"


def summary(view: dict[str, Any]) -> str:
    lines = [str(view.get("status", ""))]
    card = view.get("week_card")
    if card:
        lines.append(f"Week card {card['id']}: {card['dice']} extra dice, {view['harbour']['departing']} ship(s) sail.")
    decrees = view.get("decrees") or []
    if decrees:
        lines.append("Decrees: " + "; ".join(
            f"{d['id']} {d['name']} (day {d['day']}{', ' + d['result'] if d['result'] else ''})" for d in decrees))
    if view.get("turn_order"):
        lines.append("Turn order: " + " > ".join(f"seat {s}" for s in view["turn_order"]))
    stalls = [f"{m['stall']}:{m['total']}" for m in view.get("market", []) if m["total"]]
    if stalls:
        lines.append("Stalls (raw materials): " + " ".join(stalls))
    crafts = [f"{c['name']} stick {c['stick']} orders {len(c['orders'])}" for c in view.get("craftsmen", [])]
    lines.append("Craftsmen: " + "; ".join(crafts))
    ships = []
    for ship in view.get("harbour", {}).get("ships", []):
        free = sum(1 for h in ship["holds"] if h["seat"] is None)
        ships.append(f"{ship['berth']}:{ship['id']} {ship['city']} ({free} free)")
    lines.append("Harbour: " + "; ".join(ships))
    display = [c for c in view.get("relics", {}).get("display", []) + view.get("relics", {}).get("extra", []) if c]
    lines.append(f"Relics on display: {len(display)}")
    for p in view.get("players", []):
        street = "/".join(str(v) for v in p["street"].values())
        card_txt = "-" if p["card"] is None else ("0" if p["card_zero"] else str(p["card"]))
        shrines = ", ".join(f"{s['id']}{'+' + s['relic'] if s['relic'] else ''}" for s in p["shrines"]) or "none"
        lines.append(f"Seat {p['seat']} ({p['colour']}): reserve {p['reserve']}, street {street}, card {card_txt}, "
                     f"shrines {shrines}")
    me = view.get("me")
    if me:
        lines.append(f"You: money {_items(me['money'])}; materials {_items(me['materials'])}; "
                     f"goods {_items(me['goods'])}; relics {len(me['relics'])}")
    scores = view.get("scores")
    if isinstance(scores, list):
        lines.append("Public VP: " + ", ".join(f"seat {i}: {s}" for i, s in enumerate(scores)))
    return "\n".join(lines)
