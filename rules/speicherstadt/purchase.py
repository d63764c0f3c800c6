"""Purchase, column by column: the owner of the lowest worker buys (``buy``) for the number of workers in the
column, or declines (``decline``), which removes only that worker; a decider who cannot pay declines by itself, a
column left without workers is discarded (A2: a ship's cubes go to the reserve)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event, Rng
from rules.speicherstadt import loading
from rules.speicherstadt.data import CARDS
from rules.speicherstadt.players import no_goods

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState


def decide(st: SpeicherstadtState, seat: int, buy: bool, rng: Rng, events: list[Event]) -> None:
    slot = st.row[st.col]
    price = len(slot["workers"])
    p = st.players[seat]
    if buy:
        p["coins"] -= price
        for w in slot["workers"]:
            st.players[w]["workers"] += 1
        slot["workers"] = []
        slot["status"], slot["buyer"], slot["paid"] = "bought", seat, price
        cid = slot["card"]
        p["cards"].append(cid)
        p["bought"] = True
        if CARDS[cid]["kind"] == "contract":
            p["filled"][cid] = []
        if slot["cubes"]:
            for g, n in slot["cubes"].items():
                p["hand"][g] += n
            slot["cubes"] = no_goods()
        events.append(Event("buy", {"seat": seat, "card": cid, "price": price}))
        st.col += 1
    else:
        decline(st, auto=False, events=events)
    advance(st, rng, events)


def decline(st: SpeicherstadtState, auto: bool, events: list[Event]) -> None:
    slot = st.row[st.col]
    seat = slot["workers"].pop(0)
    st.players[seat]["workers"] += 1
    events.append(Event("decline", {"seat": seat, "card": slot["card"], "price": len(slot["workers"]) + 1,
                                    "auto": auto}))


def advance(st: SpeicherstadtState, rng: Rng, events: list[Event]) -> None:
    """On to the next column with a decision (declining for a decider who cannot pay), else to Loading."""
    while st.col < len(st.row):
        slot = st.row[st.col]
        if slot["status"] != "open":
            st.col += 1
        elif not slot["workers"]:
            discard_slot(st, slot, events)
            st.col += 1
        elif st.players[slot["workers"][0]]["coins"] < len(slot["workers"]):
            decline(st, auto=True, events=events)
        else:
            return
    loading.start(st, rng, events)


def discard_slot(st: SpeicherstadtState, slot: dict[str, Any], events: list[Event]) -> None:
    slot["status"] = "discarded"
    st.discard.append(slot["card"])
    cubes = slot["cubes"]
    if cubes:  # A2: an unbought ship's cubes go to the reserve, never back to the bag
        for g, n in cubes.items():
            st.reserve[g] += n
        slot["cubes"] = no_goods()
    events.append(Event("discard", {"card": slot["card"], "cubes": cubes}))
