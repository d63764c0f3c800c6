"""The automatic days: Monday's week card, and the end-of-day steps of Wednesday, Thursday, Friday and Sunday."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia import family, scoring, supply
from rules.colonia.board import (
    ALL_STALLS,
    FRI,
    NG,
    NM,
    THU,
    WED,
    draw_from_bag,
    named,
)
from rules.core import Event, Rng

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState


def monday(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    card = D.WEEK_CARDS[int(st.week_deck.pop()[1:]) - 1]
    st.weeks_used.append(card.id)
    for i, k in enumerate(card.stalls):
        st.stalls[i] = draw_from_bag(st.bag, k, rng)
    for c, k in enumerate(card.orders):
        st.stick[c] = min(D.ORDER_SPACES, st.stick[c] + k)
    st.depart = D.BERTHS if st.week == D.WEEKS else card.ships
    drawn = [st.decree_deck.pop() for _ in range(D.DECREE_SLOTS)]
    # Sort by day, lowest first; equal days keep their draw order (sorted() is stable).
    drawn = sorted(drawn, key=lambda d: D.DECREE_BY_ID[d].day)
    st.slots = [[d, None] for d in drawn]
    ev.append(Event("week", {"week": st.week, "card": card.id, "departing": st.depart,
                             "decrees": drawn}))
    st.day, st.sub = 2, ""
    family.start_family(st, rng, ev)


def end_wednesday(st: ColoniaState, ev: list[Event]) -> None:
    for i in range(ALL_STALLS):  # leftovers back into the bag
        for m in range(NM):
            st.bag[m] += st.stalls[i][m]
        st.stalls[i] = [0] * NM
    for seat in range(st.num_players):
        st.reserve[seat] += st.street[seat][WED]
        st.street[seat][WED] = 0
    for i, held in enumerate(st.stall_members):
        if held:
            st.street[held[0]][WED] += held[1]
        st.stall_members[i] = None
    st.day, st.sub, st.stage = 4, "votes", "auto"


def end_thursday(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    card = D.WEEK_CARDS[int(st.weeks_used[-1][1:]) - 1]
    rolls = []
    for _ in range(card.dice):
        roll = rng.between(1, 6)
        rolls.append(roll)
        extra_order(st, roll)
    ev.append(Event("extra_dice", {"rolls": rolls, "sticks": list(st.stick)}))
    deliver_and_slide(st, ev)


def extra_order(st: ColoniaState, roll: int) -> None:
    """One extra-order die: 1-5 moves that craftsman's stick down 1, a 6 moves all five."""
    for c in range(5) if roll == 6 else (roll - 1,):
        st.stick[c] = min(D.ORDER_SPACES, st.stick[c] + 1)


def deliver_and_slide(st: ColoniaState, ev: list[Event]) -> None:
    for seat in range(st.num_players):
        st.reserve[seat] += st.street[seat][THU]
        st.street[seat][THU] = 0
    delivered: dict[int, list[int]] = {}
    for c in range(5):
        done = st.cols[c][: st.stick[c]]
        for owner, members in done:
            st.goods[owner][c] += 1
            st.street[owner][THU] += members
            delivered.setdefault(owner, [0] * NG)[c] += 1
        # Unfulfilled orders slide up in order, keeping their members; sticks reset.
        st.cols[c] = st.cols[c][st.stick[c]:]
        st.stick[c] = 0
        st.new_orders[c] = 0
    ev.append(Event("delivery", {"goods": {s: named(g, D.GOODS) for s, g in delivered.items()}}))
    st.day, st.sub, st.stage = 5, "votes", "auto"


def end_friday(st: ColoniaState, ev: list[Event]) -> None:
    for seat in range(st.num_players):
        st.reserve[seat] += st.street[seat][FRI]
        st.street[seat][FRI] = st.early[seat]  # early departures arrive after the return step (A7)
        st.early[seat] = 0
    st.extra_holds = False  # loading is over: unloaded extra holds vanish; loaded ones stay with their ship (A8)
    st.day, st.sub, st.stage = 6, "votes", "auto"


def end_sunday(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    if st.week == D.WEEKS:
        scoring.finish(st, ev)
        return
    supply.refill_relics(st, rng, ev)
    st.card = [None] * st.num_players
    st.zero = [False] * st.num_players
    st.extra_holds = False  # unloaded extra holds vanish; loaded ones stay with their ship (A8)
    st.slots = []
    st.week += 1
    st.day, st.sub, st.stage = 1, "", "auto"
