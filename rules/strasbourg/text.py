"""The one English formatter of Strasbourg events (params use seat numbers; front ends map them to names)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.strasbourg import prompts, steps
from rules.strasbourg.data import (
    CHAPEL_SPACES,
    EDIFICES,
    GOODS_NAMES,
    GOODS_VALUE,
    GUILD_NAMES,
    GUILD_OF,
    OBJECTIVES,
    PRICES,
    SEAT_NAMES,
)

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState


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
        n, edifices = int(p.get("players") or 0), p.get("edifices") or []
        return "You keep objectives " + ", ".join(f"{o} ({prompts.objective_text(o, n, edifices)})"
                                                  for o in p["kept"]) + "."
    if kind == "stacks_private":
        return "Your stacks: " + " | ".join(_cards(s) for s in p["stacks"]) + "."
    if kind == "planned":
        if "stacks" in p:
            return (f"{who(p['seat'])} has finished planning: stacks of {_stack_sizes(p['stacks'])} cards "
                    f"(deck {p['deck']}).")
        return f"{who(p['seat'])} has finished planning."
    if kind == "leftovers":
        counts = ", ".join(f"{who(s)} {n}" for s, n in enumerate(p["cards"]) if n)
        return f"End of round {p['round']}: unrevealed cards leave the game ({counts})."
    if kind == "stacks":
        parts = [
            f"{who(s)} {_stack_sizes(sizes)} (deck {deck})"
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


# ---- the readable summary of a view (terminal table, Discord embed) ------------------------------
_STEP_TEXT = {"A": "Nobility & Church", "C": "Merchants", "E": "Merchants", "G": "Merchants + seat",
              "H": "chapel", "I": "edifice"}


def _steps_line(view: dict[str, Any]) -> str:
    """This round's steps A–I (guilds from the round card), the current one in brackets."""
    cards = view.get("round_cards") or []
    rnd = int(view.get("round") or 0)
    if not 1 <= rnd <= len(cards):
        return ""
    card = cards[rnd - 1]
    edifices = view.get("edifices") or []
    parts = []
    for letter in "ABCDEFGHI":
        what = GUILD_NAMES.get(card.get(letter, ""), "") or _STEP_TEXT[letter]
        if letter == "I" and rnd <= len(edifices):
            what = EDIFICES[edifices[rnd - 1]]["name"]
        part = f"{letter} {what}"
        parts.append(f"[{part}]" if view.get("step") == letter else part)
    return f"Steps this round ({card.get('id')}): " + " · ".join(parts)


def _stack_sizes(sizes: list[int]) -> str:
    return "/".join(str(n) for n in sizes) if sizes else "none"


def _bids_line(view: dict[str, Any]) -> str:
    bid = view.get("bid")
    if not bid:
        return ""
    parts = []
    for s, status in enumerate(bid["status"]):
        if status == "revealed":
            parts.append(f"Seat {s} {sum(bid['revealed'][s])}")
        elif status != "waiting":
            parts.append(f"Seat {s} {status}")
    step = view.get("step")
    guild = f" ({GUILD_NAMES[view['step_guild']]})" if view.get("step_guild") else ""
    return f"Step {step}{guild} so far: " + (", ".join(parts) or "nobody has revealed yet")


_PLAN_HINTS = {
    "objectives": "keep at least one objective (its points if met at the end, -3 if not), then confirm.",
    "draw": "draw influence cards one at a time, then stop (your 24 cards must last all 5 rounds).",
    "split": "put your drawn cards into face-down stacks; each stack is one bid in steps A–G "
             "(or type the whole split in one line, e.g. split 6 | 5 1 | 4).",
    "review": "check your stacks above, then confirm them (until then: unplace takes the last card back, "
              "restart takes them all apart).",
}


def _bid_lines(view: dict[str, Any], private: dict[str, Any]) -> list[str]:
    """The bidder's prompt: what each rank wins, the tie rule, and where each of their stacks would rank now."""
    me, bid = view.get("viewer"), view.get("bid")
    if not bid or me is None or me not in view.get("to_act", []) or view.get("task"):
        return []
    n = int(view["num_players"])
    goods = sum(private["goods"].values())
    roles = prompts.slots(str(view["step_kind"]), str(view["step"]), view.get("step_guild"), n, goods)
    ranks = "; ".join(f"{prompts.ordinal(r)} {what}" for r, what in enumerate(roles, 1)) or "nothing"
    lines = [f"  This step wins: {ranks}; rank 1 takes the first-player marker. "
             + prompts.tie_text(int(view["first_player"]), n)]
    wins = [f"reveal {i} = {sum(stack)} → "
            + prompts.win_text(prompts.rank_so_far(sum(stack), me, view["first_player"], bid["status"],
                                                   bid["revealed"]), roles, short=True)
            for i, stack in enumerate(private.get("stacks") or [], 1)]
    if wins:
        lines.append("  Against the bids so far: " + " · ".join(wins))
    return lines


def _private_lines(private: dict[str, Any], view: dict[str, Any] | None = None) -> list[str]:
    goods = ", ".join(f"{n} {name}" for g, name in GOODS_NAMES.items() if (n := private["goods"].get(g, 0)))
    goods = goods or "no goods"
    lines = [f"Yours: {_coins(private['coins'])}, {goods}, {private['privileges']} "
             f"privilege{'' if private['privileges'] == 1 else 's'}, {private['deck']} cards left in your deck"]
    if private.get("hand"):
        lines.append("  drawn, not yet in a stack: " + ", ".join(str(c) for c in private["hand"]))
    if private.get("open"):
        lines.append("  open stack: " + _cards(private["open"]))
    if private.get("stacks"):
        lines.append("  your stacks: " + " | ".join(f"{i}) {_cards(s)} = {sum(s)}"
                                                     for i, s in enumerate(private["stacks"], 1)))
    view = view or {}
    n, edifices = int(view.get("num_players") or 0), view.get("edifices") or []
    objectives = private.get("objectives") or {}
    for oid in objectives.get("kept") or []:
        card = OBJECTIVES[oid]
        lines.append(f"  objective {oid}: {prompts.objective_text(oid, n, edifices)} (+{card['points']} / -3)")
    planning = view.get("phase", "planning") == "planning"
    hint = _PLAN_HINTS.get(str(private.get("plan"))) if planning else None
    if hint:
        lines.append(f"  Now: {hint}")
    task = view.get("task")
    if task and task.get("seat") == view.get("viewer"):
        lines.append(f"  Now: {prompts.task_text(task['kind'], task.get('guild'), view.get('step'))}.")
    lines += _bid_lines(view, private)
    return lines


def summary(view: dict[str, Any]) -> str:
    lines = [str(view["status"])]
    steps = _steps_line(view)
    if steps:
        lines.append(steps)
    lines.append(f"First player: Seat {view['first_player']}")
    holders = view["council"]  # a stored game reloads this dict sorted: list the seats in board order
    council = ", ".join(f"{label} {'free' if holders.get(name) is None else f'Seat {holders[name]}'}"
                        for name, label in SEAT_NAMES.items() if name in holders)
    lines.append(f"Council: {council}")
    planning = view.get("phase") == "planning"
    for p in view["players"]:
        state = (" (planning done)" if p.get("ready") else " (planning)") if planning else ""
        lines.append(f"Seat {p['seat']}: prestige {p['prestige']}, council seats {p['council']}, "
                     f"city members {p['city']}, stacks {_stack_sizes(p['stacks'])}, deck {p['deck']}{state}")
    if view["built"]:
        lines.append("Edifices: " + ", ".join(f"{EDIFICES[e]['name']} on {c}" for c, e in view["built"].items()))
    if view["chapels"]:
        lines.append("Chapels: " + ", ".join(view["chapels"]))
    bids = _bids_line(view)
    if bids:
        lines.append(bids)
    private = view.get("private")
    if private:
        lines += _private_lines(private, view)
    if view["over"]:
        lines.append("Final: " + ", ".join(f"Seat {s} {v}" for s, v in enumerate(view["scores"])))
    return "\n".join(lines)


FIXED_LABELS = {
    "confirm": "Keep the chosen objectives and discard the rest",
    "draw": "Draw the top influence card",
    "stop": "Stop drawing and split your cards into stacks",
    "add all": "Put all remaining cards on the open stack",
    "singles": "Put each remaining card in a stack of its own",
    "close": "Close the open stack and start a new one",
    "restart": "Take this round's stacks apart and split again",
    "unplace": "Take back the last card you placed",
    "pass": "Pass this step",
    "privilege": "Spend a privilege and decide after the others",
    "skip": "Place no member in the city",
    "goods": "Take a goods tile",
    "sell all": "Sell all your goods",
    "done": "Stop selling",
}


def _reveal_label(st: StrasbourgState, seat: int, index: int) -> str:
    """"Reveal stack 3: 2+3 = 5 (2 cards) → 2nd, Church seat …" — only the bidder is offered this label."""
    cards = st.players[seat]["stacks"][index - 1]
    size = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
    label = f"Reveal stack {index}: {'+'.join(map(str, cards))} = {sum(cards)} ({size})"
    if st.bid is None:
        return label
    roles = prompts.slots(steps.step_kind(st.letter), st.letter, st.step_guild(), st.num_players,
                          sum(st.players[seat]["goods"]))
    rank = prompts.rank_so_far(sum(cards), seat, st.first, st.bid["status"], st.bid["cards"])
    for text in (label, f"Reveal stack {index}: {sum(cards)} ({size})"):  # menus allow 100 characters
        for short in (False, True):
            full = f"{text} → {prompts.win_text(rank, roles, short)} so far"
            if len(full) <= 100:
                return full
    return label[:100]


def describe_action(st: StrasbourgState, action: str, seat: int | None = None) -> str:
    verb, _, arg = action.partition(" ")
    if verb in ("keep", "drop") and arg in OBJECTIVES:
        card = OBJECTIVES[arg]
        label = "Keep" if verb == "keep" else "Discard"
        what = prompts.objective_text(arg, st.num_players, st.edifices)
        return f"{label} objective {arg}: {what} (+{card['points']} / -3)"
    if verb == "reveal":
        seat = st.to_act()[0] if st.phase == "action" else None
        if seat is not None and arg.isdigit() and 0 < int(arg) <= len(st.players[seat]["stacks"]):
            return _reveal_label(st, seat, int(arg))
        return f"Reveal stack {arg}"
    if action == "confirm" and seat is not None and st.players[seat]["plan"] == "review":
        p = st.players[seat]
        stacks = p["stacks"][p["new_from"] :]
        label = f"Confirm these stacks: {' | '.join(_cards(s) for s in stacks)} (until then nobody sees you ready)"
        if len(label) > 100:  # menus allow 100 characters: the sums still tell the split apart
            label = f"Confirm these {len(stacks)} stacks: " + " ".join(str(sum(s)) for s in stacks)
        return label if len(label) <= 100 else f"Confirm your {len(stacks)} stacks (shown on your screen)"
    if verb == "buy" and arg in PRICES:
        return f"Place a member on {arg} ({GUILD_NAMES[GUILD_OF[arg]]}) for {_coins(PRICES[arg])}"
    if verb == "sell" and arg in GOODS_VALUE:
        return f"Sell one {GOODS_NAMES[arg]} tile for {_coins(GOODS_VALUE[arg])}"
    if verb == "return":
        return "Return no card" if arg == "none" else f"Put the {arg} at the bottom of your deck"
    if verb == "chapel":
        return f"Build the chapel on {arg} (next to {', '.join(CHAPEL_SPACES.get(arg, ()))})"
    if verb == "build":
        edifice = EDIFICES[st.edifices[st.round - 1]]["name"]
        return f"Build the {edifice} on {arg}"
    if verb == "add" and arg != "all":
        return f"Put a {arg} on the open stack"
    if verb == "goods" and st.tasks:
        return f"Take a {GOODS_NAMES[st.tasks[0]['guild']]} goods tile"
    return FIXED_LABELS.get(action, action)
