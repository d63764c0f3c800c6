"""Planning (simultaneous and secret, or in turn with the ``planning=in-turn`` option): objectives in round 1,
drawing influence cards, splitting them into stacks; and the start and end of a planning phase."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.strasbourg import steps

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState

MAX_RESTARTS = 3  # split restarts per planning phase, so random play always ends


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
        if p["restarts"] < MAX_RESTARTS and (p["open"] or len(p["stacks"]) > p["new_from"]):
            acts.append("restart")
        return acts
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
        for stack in p["stacks"][p["new_from"] :]:
            p["hand"].extend(stack)
        p["hand"].extend(p["open"])
        del p["stacks"][p["new_from"] :]
        p["open"] = []
        p["restarts"] += 1
    if p["plan"] == "objectives" and not p["undecided"]:
        events.append(Event("objectives_kept", {"seat": seat, "kept": list(p["kept"])}, to=seat))
        p["plan"] = "draw" if p["deck"] else "ready"
    if p["plan"] == "split" and not p["hand"]:
        if p["open"]:
            p["stacks"].append(p["open"])
            p["open"] = []
        p["plan"] = "ready"
        events.append(Event("stacks_private", {"seat": seat, "stacks": [list(s) for s in p["stacks"]]}, to=seat))
        if st.in_turn:  # planning in turn: the others see the stack sizes at once
            sizes = [len(stack) for stack in p["stacks"]]
            events.append(Event("planned", {"seat": seat, "stacks": sizes, "deck": len(p["deck"])}))
        else:
            events.append(Event("planned", {"seat": seat}))


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
        p["restarts"] = 0
        p["plan"] = "draw" if p["deck"] else "ready"
    events.append(Event("round", {"round": st.round, "card": st.cards[st.round - 1]}))
