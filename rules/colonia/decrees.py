"""Decrees: the secret votes on their day (the mayor breaks ties), their effects, and the money changers (D18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia import supply
from rules.colonia.board import (
    ALL_STALLS,
    CUR_INDEX,
    NM,
    STREETS,
    draw_from_bag,
    named,
)
from rules.core import Event, Rng

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState, VoteRecord


def next_vote(st: ColoniaState, rng: Rng, ev: list[Event]) -> bool:
    for i, (did, result) in enumerate(st.slots):
        if result is None and D.DECREE_BY_ID[did].day == st.day:
            st.vote_slot = i
            st.ballot = [None] * st.num_players
            if any(st.voting_weight(s) for s in range(st.num_players)):
                st.stage = "vote"
            else:
                st.stage = "mayor"  # nobody may vote: a 0-0 tie, the mayor decides
            return True
    return False


def count_votes(st: ColoniaState, rng: Rng, ev: list[Event]) -> None:
    yes = sum(st.voting_weight(s) for s in range(st.num_players) if st.ballot[s] is True)
    no = sum(st.voting_weight(s) for s in range(st.num_players) if st.ballot[s] is False)
    if yes != no:
        decree_result(st, yes > no, False, rng, ev)
        return
    mayor_ballot = st.ballot[st.mayor()]
    if mayor_ballot is None:
        st.stage = "mayor"  # the mayor did not vote (0 card): ask him
    else:
        decree_result(st, mayor_ballot, True, rng, ev)


def decree_result(st: ColoniaState, passed: bool, mayor_decided: bool, rng: Rng, ev: list[Event]) -> None:
    did = st.slots[st.vote_slot][0]
    st.slots[st.vote_slot][1] = passed
    st.decrees_done.append(did)
    w = st.voting_weight
    record: VoteRecord = {
        "decree": did,
        "yes": [s for s in st.order if st.ballot[s] is True],
        "no": [s for s in st.order if st.ballot[s] is False],
        "yes_votes": sum(w(s) for s in range(st.num_players) if st.ballot[s] is True),
        "no_votes": sum(w(s) for s in range(st.num_players) if st.ballot[s] is False),
        "passed": passed,
        "mayor_decided": mayor_decided,
    }
    st.votes.append(record)
    ev.append(Event("vote_result", dict(record)))
    st.ballot = [None] * st.num_players
    st.stage = "auto"
    if passed:
        _decree_effect(st, did, rng, ev)


def _decree_effect(st: ColoniaState, did: str, rng: Rng, ev: list[Event]) -> None:
    n = st.num_players
    if did == "D01":
        for i in range(D.REGULAR_STALLS):
            got = draw_from_bag(st.bag, 1, rng)
            st.stalls[i] = [a + b for a, b in zip(st.stalls[i], got, strict=True)]
        ev.append(Event("decree_effect", {"decree": did}))
    elif did == "D02":
        for i in range(D.REGULAR_STALLS, ALL_STALLS):
            st.stalls[i] = draw_from_bag(st.bag, D.EXTRA_STALL_FILL, rng)
        ev.append(Event("decree_effect", {"decree": did}))
    elif did in D.HOMECOMING:
        sp = D.HOMECOMING[did]
        moved = {}
        # Taking members home is never worse than leaving them on the street, so it is automatic.
        for seat in st.order:
            k = min(D.HOMECOMING_MAX, st.street[seat][sp])
            st.street[seat][sp] -= k
            st.reserve[seat] += k
            moved[seat] = k
        ev.append(Event("homecoming", {"decree": did, "street": STREETS[sp], "moved": moved}))
    elif did == "D04":
        for seat in st.order:
            got = draw_from_bag(st.bag, 2, rng)
            for m in range(NM):
                st.raw[seat][m] += got[m]
            ev.append(Event("materials_drawn", {"seat": seat, "materials": named(got, D.MATERIALS)}, to=seat))
        ev.append(Event("decree_effect", {"decree": did}))
    elif did in D.OVERTIME:
        c = D.OVERTIME[did]
        st.stick[c] = min(D.ORDER_SPACES, st.stick[c] + 2)
        ev.append(Event("decree_effect", {"decree": did}))
    elif did in ("D11", "D12"):
        supply.depart(st, 2 if did == "D11" else 1, True, rng, ev)
    elif did == "D14":
        rolls = {}
        for seat in st.order:
            roll = rng.between(1, 6)
            rolls[seat] = roll
            if roll <= 5:
                st.goods[seat][roll - 1] += 1
            else:
                st.waiting.append(seat)
        ev.append(Event("lucky_find", {"rolls": rolls}))
        if st.waiting:
            st.stage = "good"
    elif did == "D15":
        st.extra_holds = True
        ev.append(Event("decree_effect", {"decree": did}))
    elif did == "D16":
        placed = []
        for j in range(D.EXTRA_RELIC_SPACES):
            if st.display_x[j] is None:
                card = supply.draw_relic(st, rng)
                if card is None:
                    break
                st.display_x[j] = card
                placed.append(card)
        ev.append(Event("new_relics", {"relics": placed}))
    elif did == "D17":
        st.lean = st.week < D.WEEKS
        ev.append(Event("decree_effect", {"decree": did}))
    elif did == "D18":
        st.waiting = list(range(n))
        st.xchg = [None] * n
        st.stage = "exchange"
        ev.append(Event("decree_effect", {"decree": did}))


def exchange(st: ColoniaState, seat: int, action: str, ev: list[Event]) -> None:
    parts = action.split()
    if action == "no exchange":
        done = True
    elif len(parts) == 2:
        st.xchg[seat] = parts[1]
        return
    else:
        amount, src, dst = int(parts[1]), parts[2], parts[4]
        st.money[seat][CUR_INDEX[src]] -= amount
        st.money[seat][CUR_INDEX[dst]] += amount
        ev.append(Event("exchanged", {"seat": seat, "amount": amount, "from": src, "to": dst}, to=seat))
        done = True
    if done:
        st.xchg[seat] = None
        st.waiting.remove(seat)
        ev.append(Event("exchange_done", {"seat": seat}))
        if not st.waiting:
            st.stage = "auto"
