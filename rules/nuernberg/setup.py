"""Set-up: the beginner board (seed) and the free placement (reconstructed: docs/rules/nuernberg.md).

Free set-up: in seat order and then in reverse, each seat places a toll bar (``toll <route>.s<k>``, the
normal toll rule) and then a settlement on the same route (``settle <route>.<k>``, distance rule), for free.
Only routes with a free section and an open crossing may be chosen. Each seat's second settlement produces
once. Wegerecht cards follow the normal toll-bar rule (first toll bar, then strictly more).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event, Rng
from rules.nuernberg.board import CROSSING_HEXES, HEX_RES, ROUTE_IDS, ROUTE_INDEX, SECTION_IDS
from rules.nuernberg.data import RESOURCES, beginner_seats
from rules.nuernberg.economy import next_sections, place_toll, settle_spots
from rules.nuernberg.events import reshuffle, start_turn

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState


def produce_once(st: NuernbergState, seat: int, r: int, k: int) -> dict[str, int]:
    """Starting resources: one card per producing hex next to the crossing."""
    got: dict[str, int] = {}
    for hid in CROSSING_HEXES[r][k]:
        if hid in HEX_RES and hid != st.robber:
            res = HEX_RES[hid]
            st.hands[seat][res] += 1
            got[RESOURCES[res]] = got.get(RESOURCES[res], 0) + 1
    return got


def prepare(st: NuernbergState, rng: Rng) -> None:
    reshuffle(st, rng)
    if st.options.get("setup") == "free":
        n = st.num_players
        st.setup_queue = [*range(n), *reversed(range(n))]
        st.active = 0
        st.phase = "setup_toll"
        return
    for seat, spec in enumerate(beginner_seats(st.num_players)):
        r = ROUTE_INDEX[spec["route"]]
        for k in spec["tolls"]:
            place_toll(st, seat, r, k)
        for k in spec["settlements"]:
            st.settlements[r][k] = seat
        produce_once(st, seat, r, spec["starred"])
    start_turn(st, 0)


def legal_setup(st: NuernbergState) -> list[str]:
    if st.phase == "setup_toll":
        out: list[str] = []
        for r, rid in enumerate(ROUTE_IDS):
            if settle_spots(st, r):
                out.extend(f"toll {rid}.s{k}" for k in next_sections(st, r))
        return out
    rid = ROUTE_IDS[st.setup_route]
    return [f"settle {rid}.{k}" for k in settle_spots(st, st.setup_route)]


def apply_setup(st: NuernbergState, seat: int, words: list[str]) -> list[Event]:
    if st.phase == "setup_toll":
        r, k = SECTION_IDS[words[1]]
        st.setup_route = r
        st.phase = "setup_settle"
        return place_toll(st, seat, r, k)
    rid, k_text = words[1].split(".")
    r, k = ROUTE_INDEX[rid], int(k_text)
    st.settlements[r][k] = seat
    events = [Event("build", {"seat": seat, "piece": "settlement", "where": words[1]})]
    second = len(st.setup_queue) <= st.num_players
    if second:
        events.append(Event("start_income", {"seat": seat, "gains": produce_once(st, seat, r, k)}))
    st.setup_queue.pop(0)
    st.setup_route = -1
    if st.setup_queue:
        st.active = st.setup_queue[0]
        st.phase = "setup_toll"
        return events
    events.extend(start_turn(st, 0))
    return events
