"""The one English formatter of Strasbourg events (params use seat numbers; front ends map them to names)."""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.strasbourg.data import EDIFICES, GOODS_NAMES, GUILD_NAMES, OBJECTIVES, SEAT_NAMES


def who(seat: Any) -> str:
    return f"Seat {seat}"


def _cards(cards: list[int]) -> str:
    return "+".join(str(c) for c in cards) if cards else "nothing"


def _coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def _step(p: dict[str, Any]) -> str:
    kind = p.get("kind")
    names = {
        "nobility": "influence Nobility & Church",
        "merchants": "influence the Merchants",
        "chapel": "build a chapel",
        "edifice": "build an edifice",
    }
    guild = str(p.get("guild") or "")
    what = f"influence the {GUILD_NAMES.get(guild, 'guild')}" if kind == "guild" else names.get(str(kind), "")
    return f"Round {p.get('round')}, step {p.get('step')}: {what}."


def event_text(event: Event) -> str:
    p = event.params
    kind = event.kind
    if kind == "drew":
        return f"You drew a {p['card']} ({p['deck']} left in your deck)."
    if kind == "objectives_kept":
        return "You keep objectives " + ", ".join(f"{o} ({OBJECTIVES[o]['text']})" for o in p["kept"]) + "."
    if kind == "stacks_private":
        return "Your stacks: " + " | ".join(_cards(s) for s in p["stacks"]) + "."
    if kind == "planned":
        if "stacks" in p:
            return f"{who(p['seat'])} has finished planning: stacks of {p['stacks']} cards (deck {p['deck']})."
        return f"{who(p['seat'])} has finished planning."
    if kind == "leftovers":
        counts = ", ".join(f"{who(s)} {n}" for s, n in enumerate(p["cards"]) if n)
        return f"End of round {p['round']}: unrevealed cards leave the game ({counts})."
    if kind == "stacks":
        parts = [
            f"{who(s)} {sizes} (deck {deck})"
            for s, (sizes, deck) in enumerate(zip(p["stacks"], p["decks"], strict=True))
        ]
        return f"Planning of round {p['round']} is over. Stack sizes: " + "; ".join(parts) + "."
    if kind == "round":
        return f"Round {p['round']} begins (round card {p['card']}): planning."
    if kind == "step":
        return _step(p)
    if kind == "privilege":
        return f"{who(p['seat'])} spends a privilege and will decide later."
    if kind == "reveal":
        return f"{who(p['seat'])} reveals {_cards(p['cards'])} = {p['total']}."
    if kind == "pass":
        reason = " (no stacks left)" if p.get("reason") else ""
        return f"{who(p['seat'])} passes{reason}."
    if kind == "ranking":
        if not p["ranking"]:
            return f"Step {p['step']}: everyone passed."
        order = ", ".join(f"{who(s)} {total}" for s, total in p["ranking"])
        return f"Step {p['step']} ranking: {order}."
    if kind == "first_player":
        return f"{who(p['seat'])} takes the first-player marker."
    if kind == "seat":
        text = f"{who(p['seat'])} takes the {SEAT_NAMES[p['council']]} council seat"
        if p.get("displaced") is not None and p["displaced"] != p["seat"]:
            text += f", sending back {who(p['displaced'])}'s member"
        return text + "."
    if kind == "goods":
        return f"{who(p['seat'])} takes a {GOODS_NAMES[p['guild']]} goods tile."
    if kind == "buy":
        return f"{who(p['seat'])} places a member on {p['cell']} ({GUILD_NAMES[p['guild']]}) for {_coins(p['price'])}."
    if kind == "sell":
        return f"{who(p['seat'])} sells a {GOODS_NAMES[p['guild']]} tile for {_coins(p['coins'])}."
    if kind == "return":
        return f"{who(p['seat'])} puts a {p['card']} at the bottom of their deck."
    if kind == "chapel":
        return f"{who(p['seat'])} builds a chapel on {p['space']}."
    if kind == "edifice":
        return f"{who(p['seat'])} builds the {EDIFICES[p['edifice']]['name']} on {p['cell']}."
    if kind == "council":
        gains = ", ".join(f"{who(s)} +{n}" for s, n in enumerate(p["prestige"]) if n)
        privileged = ", ".join(who(s) for s in p["privilege"])
        return f"Council of round {p['round']}: prestige {gains}; a privilege for {privileged}."
    if kind == "game_over":
        return "Game over. Final scores: " + ", ".join(f"{who(s)} {v}" for s, v in enumerate(p["scores"])) + "."
    return kind
