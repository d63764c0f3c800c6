"""Supply, and the fires: a round's cards turned over (ships get their cubes from the bag), the 4th Fire's special
case (A1), a fire resolved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.core import Event, Rng
from rules.speicherstadt import income, scoring
from rules.speicherstadt.data import CARDS, CUBES_PER_SHIP, GOODS, LAST_CARD
from rules.speicherstadt.players import no_goods

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState


def start_round(st: SpeicherstadtState, rng: Rng, events: list[Event]) -> None:
    st.round += 1
    st.row = []
    for p in st.players:
        p["bought"] = False
    events.append(Event("round", {"round": st.round}))
    while len(st.row) < st.num_players + 1:
        if st.pile == [LAST_CARD]:
            # Only the 4th Fire is left but the row is not full: the 3rd-Fire special case (A1).
            st.special_end = True
            events.append(Event("special_end", {"round": st.round}))
            resolve_fire(st, st.pile.pop(), events)
            income.finish(st, events)
            return
        cid = st.pile.pop()
        card = CARDS[cid]
        st.season = card["season"]
        if card["kind"] == "fire":
            events.append(Event("reveal", {"card": cid, "col": None}))
            resolve_fire(st, cid, events)
            st.discard.append(cid)
            continue
        slot: dict[str, Any] = {"card": cid, "cubes": None, "workers": [], "status": "open", "buyer": None}
        if card["kind"] == "ship":
            slot["cubes"] = draw_cubes(st, rng, CUBES_PER_SHIP)
        st.row.append(slot)
        events.append(Event("reveal", {"card": cid, "col": len(st.row), "cubes": slot["cubes"]}))
    if st.pile == [LAST_CARD]:
        st.last_round = True
        events.append(Event("last_round", {"round": st.round}))
    st.phase = "demand"
    st.turn = st.first
    st.placed = 0


def draw_cubes(st: SpeicherstadtState, rng: Rng, count: int) -> dict[str, int]:
    drawn = no_goods()
    for _ in range(count):
        total = sum(st.bag.values())
        if total == 0:  # cannot happen with 15 ships x 3 = 45 cubes, but never loop on an empty bag
            break
        pick = rng.below(total)
        for g in GOODS:
            if pick < st.bag[g]:
                st.bag[g] -= 1
                drawn[g] += 1
                break
            pick -= st.bag[g]
    return drawn


def resolve_fire(st: SpeicherstadtState, cid: str, events: list[Event]) -> None:
    card = CARDS[cid]
    totals = [scoring.fireman_total(p["cards"]) for p in st.players]
    gain, lose = scoring.fire_result(totals)
    for s in gain:
        st.players[s]["fire"] += card["bonus"]
    for s in lose:
        st.players[s]["fire"] -= card["penalty"]
    st.fires_resolved.append(cid)
    events.append(Event("fire", {"card": cid, "totals": totals, "gain": gain, "lose": lose,
                                 "bonus": card["bonus"], "penalty": card["penalty"]}))
