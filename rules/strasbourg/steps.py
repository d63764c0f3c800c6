"""The action steps A–I: the bids of steps A–G (reveal a stack, pass or spend a privilege), their ranking and
slots, the chapel (H) and edifice (I) steps, and moving on to the next step."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event
from rules.strasbourg import council, planning, tasks
from rules.strasbourg.data import (
    ROUNDS,
    STEP_LETTERS,
)

if TYPE_CHECKING:
    from rules.strasbourg.state import StrasbourgState


def step_kind(letter: str) -> str:
    if letter == "A":
        return "nobility"
    if letter in "BDF":
        return "guild"
    if letter in "CEG":
        return "merchants"
    return "chapel" if letter == "H" else "edifice"


def apply_bid(st: StrasbourgState, seat: int, action: str, events: list[Event]) -> None:
    bid = st.bid
    assert bid is not None
    bid["queue"].pop(0)
    if action == "pass":
        pass_step(st, seat, events)
    elif action == "privilege":
        p = st.players[seat]
        p["privileges"] -= 1
        p["privileges_spent"] += 1
        bid["status"][seat] = "postponed"
        bid["later"].append(seat)
        events.append(Event("privilege", {"seat": seat, "step": st.letter}))
    else:
        index = int(action.split()[1]) - 1
        cards = st.players[seat]["stacks"].pop(index)
        bid["status"][seat] = "revealed"
        bid["cards"][seat] = cards
        events.append(Event("reveal", {"seat": seat, "step": st.letter, "cards": cards, "total": sum(cards)}))


def pass_step(st: StrasbourgState, seat: int, events: list[Event], reason: str = "") -> None:
    assert st.bid is not None
    st.bid["status"][seat] = "passed"
    events.append(Event("pass", {"seat": seat, "step": st.letter, "reason": reason}))


def start_step(st: StrasbourgState, events: list[Event]) -> None:
    letter = st.letter
    kind = step_kind(letter)
    events.append(Event("step", {"round": st.round, "step": letter, "kind": kind, "guild": st.step_guild()}))
    n = st.num_players
    if kind == "chapel":
        st.tasks = [{"kind": "chapel", "seat": st.council["church"]}]
    elif kind == "edifice":
        st.tasks = [{"kind": "edifice", "seat": st.council["nobility"]}]
    else:
        st.bid = {
            "queue": [(st.first + k) % n for k in range(n)],
            "later": [],
            "status": ["waiting"] * n,
            "cards": [[] for _ in range(n)],
        }


def resolve_bid(st: StrasbourgState, events: list[Event]) -> None:
    bid = st.bid
    assert bid is not None
    n = st.num_players
    order = [(st.first + k) % n for k in range(n)]
    revealed = [s for s in order if bid["status"][s] == "revealed"]
    # stable sort: equal totals keep clockwise order from the first player (ties to the first player)
    revealed.sort(key=lambda s: -sum(bid["cards"][s]))
    passed = [s for s in order if bid["status"][s] == "passed"]
    letter = st.letter
    kind = step_kind(letter)
    st.last = {"step": letter, "ranking": [[s, sum(bid["cards"][s])] for s in revealed], "passed": passed}
    events.append(Event("ranking", {"step": letter, "ranking": st.last["ranking"], "passed": passed}))
    if revealed and revealed[0] != st.first:
        st.first = revealed[0]
        events.append(Event("first_player", {"seat": st.first}))
    new_tasks: list[dict[str, Any]] = []
    if kind == "nobility":
        slots = 2
        for name, seat in zip(("nobility", "church"), revealed, strict=False):
            tasks.take_seat(st, name, seat, events)
    elif kind == "guild":
        roles = ("master", "journeyman", "apprentice") if n >= 4 else ("master", "apprentice")
        slots = len(roles)
        guild = st.step_guild()
        new_tasks = [{"kind": r, "seat": s, "guild": guild} for r, s in zip(roles, revealed, strict=False)]
    else:
        slots = 1
        # In C and E a rank 1 with no goods "cannot take an action": like a revealer without a slot, they may
        # return one card of the stack instead (S-A3, revised). In G the Merchants seat is always an action.
        if revealed and (letter == "G" or sum(st.players[revealed[0]]["goods"])):
            new_tasks = [{"kind": "merchant", "seat": revealed[0], "with_seat": letter == "G"}]
        else:
            slots = 0
    for seat in revealed[:slots]:
        st.players[seat]["gone"].extend(bid["cards"][seat])
    new_tasks += [{"kind": "return", "seat": s, "cards": list(bid["cards"][s])} for s in revealed[slots:]]
    st.tasks = new_tasks
    st.bid = None


def next_step(st: StrasbourgState, events: list[Event]) -> None:
    if st.step < len(STEP_LETTERS) - 1:
        st.step += 1
        start_step(st, events)
        return
    council.council_phase(st, events)
    if st.round == ROUNDS:
        st.phase = "over"
        events.append(Event("game_over", {"scores": st.outcome().scores}))
        return
    if st.options["leftovers"] == "discard":
        council.discard_leftovers(st, events)
    st.round += 1
    planning.start_planning(st, events)
