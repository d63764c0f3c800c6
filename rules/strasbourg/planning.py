"""Planning (simultaneous and secret, or in turn with the ``planning=in-turn`` option): objectives in round 1,
drawing influence cards, splitting them into stacks, checking the split before confirming it; and the start and
end of a planning phase.

Splitting never commits by itself: once every drawn card is in a stack the seat reviews the whole split
(``review``) and may take cards back (``unplace``, ``restart``, any number of times) or retype it in one line
(``split 6 | 5 1 | 5 | 4``) until it ``confirm``s. Only ``confirm`` tells the others that the seat is ready.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.strasbourg import steps

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState



def parse_split(action: str) -> list[list[int]] | None:
    """``split 6 | 5 1 | 5 | 4`` (or the same without ``split``; cards may also be joined by ``+`` or ``,``) -> the
    stacks, or None when the text is not a split."""
    text = action[6:] if action.startswith("split ") else action
    if not text[:1].isdigit() and not text.startswith("split"):
        return None
    stacks: list[list[int]] = []
    for part in text.split("|"):
        words = part.replace("+", " ").replace(",", " ").split()
        if not words or not all(w.isascii() and w.isdigit() and len(w) == 1 for w in words):
            return None
        stacks.append([int(w) for w in words])
    return stacks


def round_cards(p: dict[str, Any]) -> list[int]:
    """Every card drawn this round, wherever it lies now (hand, open stack, this round's stacks)."""
    cards: list[int] = p["hand"] + p["open"] + [c for s in p["stacks"][p["new_from"] :] for c in s]
    return cards


def split_fits(p: dict[str, Any], stacks: list[list[int]]) -> bool:
    return p["plan"] in ("split", "review") and sorted(c for s in stacks for c in s) == sorted(round_cards(p))


def placed(p: dict[str, Any]) -> bool:
    return bool(p["open"]) or len(p["stacks"]) > p["new_from"]


def legal(st: StrasbourgState, p: dict[str, Any]) -> list[str]:
    plan = p["plan"]
    if plan == "draw":
        return ["draw", "stop"] if p["hand"] else ["draw"]
    if plan == "split":
        hand = p["hand"]
        acts = [f"add {v}" for v in sorted(set(hand), reverse=True)]
        if len(hand) > 1:
            acts.append("add all")
            acts.append("singles")
        if p["open"]:
            acts.append("close")
        if placed(p):
            acts += ["unplace", "restart"]
        return acts
    if plan == "review":
        return ["confirm", "unplace", "restart"]
    # objectives: keep or drop each undecided card; at least one must be kept
    undecided = p["undecided"]
    acts = [f"keep {o}" for o in undecided]
    if p["kept"] or len(undecided) > 1:
        acts += [f"drop {o}" for o in undecided]
    if p["kept"]:
        acts.append("confirm")
    return acts


def apply_planning(st: StrasbourgState, seat: int, action: str, events: list[Event]) -> None:
    p = st.players[seat]
    verb, _, arg = action.partition(" ")
    if verb == "keep":
        p["undecided"].remove(arg)
        p["kept"].append(arg)
    elif verb == "drop":
        p["undecided"].remove(arg)
    elif verb == "confirm" and p["plan"] == "review":
        p["plan"] = "ready"
        events.append(Event("stacks_private", {"seat": seat, "stacks": [list(s) for s in p["stacks"]]}, to=seat))
        if st.in_turn:  # planning in turn: the others see the stack sizes at once
            sizes = [len(stack) for stack in p["stacks"]]
            events.append(Event("planned", {"seat": seat, "stacks": sizes, "deck": len(p["deck"])}))
        else:
            events.append(Event("planned", {"seat": seat}))
        return
    elif verb == "confirm":
        p["undecided"] = []
    elif verb == "draw":
        card = p["deck"].pop(0)
        p["hand"].append(card)
        events.append(Event("drew", {"seat": seat, "card": card, "deck": len(p["deck"])}, to=seat))
        if not p["deck"]:
            p["plan"] = "split"
    elif verb == "stop":
        p["plan"] = "split"
    elif verb == "add":
        if arg == "all":
            p["open"].extend(p["hand"])
            p["hand"] = []
        else:
            p["hand"].remove(int(arg))
            p["open"].append(int(arg))
    elif verb == "close":
        p["stacks"].append(p["open"])
        p["open"] = []
    elif verb == "singles":
        if p["open"]:
            p["stacks"].append(p["open"])
            p["open"] = []
        p["stacks"].extend([v] for v in sorted(p["hand"], reverse=True))
        p["hand"] = []
    elif verb == "restart":
        _take_apart(p)
    elif verb == "unplace":
        if not p["open"]:  # reopen the last stack of this round, then take its last card back
            p["open"] = p["stacks"].pop()
        p["hand"].append(p["open"].pop())
        p["plan"] = "split"
    elif (stacks := parse_split(action)) is not None:
        _take_apart(p)
        p["stacks"].extend(stacks)
        p["hand"] = []
    if p["plan"] == "objectives" and not p["undecided"]:
        events.append(Event("objectives_kept", {"seat": seat, "kept": list(p["kept"]), "players": st.num_players,
                                                "edifices": list(st.edifices)}, to=seat))
        p["plan"] = "draw" if p["deck"] else "ready"
    if p["plan"] in ("split", "review") and not p["hand"]:
        if p["open"]:
            p["stacks"].append(p["open"])
            p["open"] = []
        p["plan"] = "review"  # nothing is committed until the seat confirms the whole split


def _take_apart(p: dict[str, Any]) -> None:
    """This round's stacks and open stack back into the hand (older stacks stay as they are)."""
    for stack in p["stacks"][p["new_from"] :]:
        p["hand"].extend(stack)
    p["hand"].extend(p["open"])
    del p["stacks"][p["new_from"] :]
    p["open"] = []
    p["hand"].sort(reverse=True)
    p["plan"] = "split"


def end_planning(st: StrasbourgState, events: list[Event]) -> None:
    events.append(
        Event(
            "stacks",
            {
                "round": st.round,
                "stacks": [[len(s) for s in p["stacks"]] for p in st.players],
                "decks": [len(p["deck"]) for p in st.players],
            },
        )
    )
    st.phase = "action"
    st.step = 0
    steps.start_step(st, events)


def start_planning(st: StrasbourgState, events: list[Event]) -> None:
    st.phase = "planning"
    st.step = 0
    for p in st.players:
        p["new_from"] = len(p["stacks"])
        p["deck_start"] = len(p["deck"])
        p["plan"] = "draw" if p["deck"] else "ready"
    events.append(Event("round", {"round": st.round, "card": st.cards[st.round - 1]}))
