"""Ships and relics: departures and payouts, refilling the harbour and the relic display."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia import loops
from rules.colonia.board import (
    FRI,
)
from rules.core import Event, Rng

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState


def depart(st: ColoniaState, count: int, early: bool, rng: Rng, ev: list[Event]) -> None:
    """Ships on berths I..count sail: pay every loaded hold, members to the Friday street, refill."""
    for ship in st.harbour[:count]:
        info = D.SHIP_BY_ID[ship["id"]]
        payouts = []
        cur = info.city
        for h, owner in enumerate(ship["h"]):
            if owner is not None:
                pay = info.holds[h][1]
                payouts.append([owner, pay])
        if ship["x"] is not None:
            payouts.append([ship["x"], D.EXTRA_HOLD_PAY])
        for owner, pay in payouts:
            st.money[owner][cur] += pay
            if early:
                st.early[owner] += 1
            else:
                st.street[owner][FRI] += 1
        st.ship_discard.append(ship["id"])
        ev.append(Event("ship_departs", {"ship": ship["id"], "currency": D.CURRENCIES[cur], "payouts": payouts,
                                         "early": early}))
    st.harbour = st.harbour[count:]
    refill_harbour(st, rng, ev)


def refill_harbour(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    arrived = []
    while len(st.harbour) < D.BERTHS:
        if not st.ship_deck:
            st.ship_deck = rng.shuffled(st.ship_discard)
            st.ship_discard = []
        sid = st.ship_deck.pop()
        st.harbour.append({"id": sid, "h": [None] * len(D.SHIP_BY_ID[sid].holds), "x": None})
        arrived.append(sid)
    if arrived:
        ev.append(Event("ships_arrive", {"ships": arrived}))


def draw_relic(st: ColoniaState, rng: Rng) -> str | None:
    if not st.relic_deck:
        st.relic_deck = rng.shuffled(st.relic_discard)
        st.relic_discard = []
    return st.relic_deck.pop() if st.relic_deck else None


def refill_relics(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    for slots in (st.display, st.display_x):
        for i, card in enumerate(slots):
            if card is not None and card not in st.insured:
                st.relic_discard.append(card)
                slots[i] = None
    # Insured cards on the extra spaces move onto free regular spaces.
    for j, card in enumerate(st.display_x):
        if card is not None and None in st.display:
            st.display[st.display.index(None)] = card
            st.display_x[j] = None
    total = len(loops.displayed(st))
    drawn = []
    for i in range(D.RELIC_DISPLAY):
        if total >= D.RELIC_DISPLAY:
            break
        if st.display[i] is None:
            card = draw_relic(st, rng)
            if card is None:
                break
            st.display[i] = card
            drawn.append(card)
            total += 1
    if drawn:
        ev.append(Event("relics_refilled", {"relics": drawn}))
