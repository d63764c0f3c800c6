"""Shared rule helpers: costs, bank rates, placement legality, Wegerecht majorities and victory points.

Every function takes the state first and reads or changes only plain lists on it.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from rules.core import Event
from rules.nuernberg.board import (
    COST,
    COUNCIL_VP,
    DISC_BAUHOF,
    DISC_TRADE,
    RES_INDEX,
    ROUTE_CROSSINGS,
    ROUTE_IDS,
    ROUTE_SECTIONS,
)
from rules.nuernberg.data import BANK_RATE, PIECES, VP

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState


# ---- paying -------------------------------------------------------------------------------------------------
def can_afford(st: NuernbergState, seat: int, what: str) -> bool:
    res, gold = COST[what]
    hand = st.hands[seat]
    return (
        st.gold[seat] >= gold
        and hand[0] >= res[0]
        and hand[1] >= res[1]
        and hand[2] >= res[2]
        and hand[3] >= res[3]
        and hand[4] >= res[4]
    )


def pay(st: NuernbergState, seat: int, what: str) -> None:
    res, gold = COST[what]
    hand = st.hands[seat]
    for i, c in enumerate(res):
        hand[i] -= c
    st.gold[seat] -= gold


# ---- pieces and victory points ------------------------------------------------------------------------------
def placed_tolls(st: NuernbergState, seat: int) -> int:
    n = 0
    for row in st.tolls:
        n += row.count(seat)
    return n


def placed_settlements(st: NuernbergState, seat: int) -> int:
    n = 0
    for row in st.settlements:
        n += row.count(seat)
    return n


def pieces_left(st: NuernbergState, seat: int, piece: str) -> int:
    if piece == "toll":
        return PIECES["toll"] - placed_tolls(st, seat)
    if piece == "settlement":
        return PIECES["settlement"] - placed_settlements(st, seat)
    return PIECES["manufacture"] - st.discs.count(seat)


def council_card(st: NuernbergState, seat: int) -> str | None:
    for card, holder in zip(st.council_cards, st.council, strict=True):
        if holder == seat:
            return card
    return None


def council_rank(st: NuernbergState, seat: int) -> int:
    """Position of the seat's council card, best first (0); len(cards) for none. Lower is better."""
    try:
        return st.council.index(seat)
    except ValueError:
        return len(st.council)


def vp_breakdown(st: NuernbergState, seat: int) -> dict[str, int]:
    card = council_card(st, seat)
    return {
        "settlements": placed_settlements(st, seat) * VP["settlement"],
        "manufactures": st.discs.count(seat) * VP["manufacture"],
        "wegerecht": st.holders.count(seat) * VP["wegerecht"],
        "council": COUNCIL_VP[card] if card else 0,
    }


def vp(st: NuernbergState, seat: int) -> int:
    return sum(vp_breakdown(st, seat).values())


def scores(st: NuernbergState) -> list[int]:
    """``vp`` of every seat, reading each board once rather than once per seat (every bot view needs them)."""
    settled = list(chain.from_iterable(st.settlements))
    discs, holders = st.discs, st.holders
    out = [settled.count(s) * VP["settlement"] + discs.count(s) * VP["manufacture"] + holders.count(s) * VP["wegerecht"]
           for s in range(st.num_players)]
    counted = set()  # as ``council_card``: a seat's first card only
    for card, holder in zip(st.council_cards, st.council, strict=True):
        if holder >= 0 and holder not in counted:
            counted.add(holder)
            out[holder] += COUNCIL_VP[card]
    return out


# ---- trading with the bank ----------------------------------------------------------------------------------
def bank_rates(st: NuernbergState, seat: int) -> list[int]:
    """How many of each trade item (five resources, then gold) buy one resource for ``seat`` now."""
    base = 3 if st.handelstag and seat == st.active else BANK_RATE
    rates = [base] * 6
    if seat in st.discs:
        for disc, owner in enumerate(st.discs):
            if owner != seat:
                continue
            trade = DISC_TRADE[disc]
            if trade == "3:1":
                rates = [min(rate, 3) for rate in rates]
            elif trade is not None:
                rates[RES_INDEX[trade]] = 2
    return rates


def bank_rate(st: NuernbergState, seat: int, item: int) -> int:
    """How many of ``item`` (a resource index or GOLD) buy one resource for ``seat`` now."""
    return bank_rates(st, seat)[item]


def has_bauhof(st: NuernbergState, seat: int) -> bool:
    return any(owner == seat and DISC_BAUHOF[d] for d, owner in enumerate(st.discs))


# ---- routes -------------------------------------------------------------------------------------------------
def next_sections(st: NuernbergState, r: int) -> list[int]:
    """Free sections (1-based) of route ``r`` where a toll bar may go: section 1 on an empty route, else any
    free section sharing a crossing with a toll bar already there (on a path: the next one)."""
    row = st.tolls[r]
    if max(row) < 0:  # no toll bar yet
        return [1]
    out = []
    for k in range(1, ROUTE_SECTIONS[r] + 1):
        if row[k - 1] >= 0:
            continue
        if (k >= 2 and row[k - 2] >= 0) or (k < ROUTE_SECTIONS[r] and row[k] >= 0):
            out.append(k)
    return out


def crossing_free(st: NuernbergState, r: int, k: int) -> bool:
    """Crossing ``k`` of route ``r`` can take a settlement by position: not the origin, empty, and both
    neighbours on the same route empty (the distance rule)."""
    row = st.settlements[r]
    if k < 1 or k >= ROUTE_CROSSINGS[r] or row[k] >= 0 or row[k - 1] >= 0:
        return False
    return k + 1 >= ROUTE_CROSSINGS[r] or row[k + 1] < 0


def settle_spots(st: NuernbergState, r: int) -> list[int]:
    return [k for k in range(1, ROUTE_CROSSINGS[r]) if crossing_free(st, r, k)]


def may_settle_on(st: NuernbergState, seat: int, r: int) -> bool:
    """The seat owns a toll bar on route ``r`` and some crossing there is open."""
    return seat in st.tolls[r] and any(crossing_free(st, r, k) for k in range(1, ROUTE_CROSSINGS[r]))


def place_toll(st: NuernbergState, seat: int, r: int, k: int) -> list[Event]:
    """Put ``seat``'s toll bar on section ``k`` of route ``r`` and settle the route's Wegerecht card."""
    st.tolls[r][k - 1] = seat
    events = [Event("build", {"seat": seat, "piece": "toll", "where": f"{ROUTE_IDS[r]}.s{k}"})]
    holder = st.holders[r]
    if holder == seat:
        return events
    row = st.tolls[r]
    # The first toll bar takes the card; later, only strictly more toll bars than the holder take it.
    if holder < 0 or row.count(seat) > row.count(holder):
        st.holders[r] = seat
        events.append(Event("wegerecht", {"route": ROUTE_IDS[r], "from": holder if holder >= 0 else None,
                                          "to": seat}))
    return events
