"""Council cards: handing them out at 3 prestige and the swaps when a player overtakes a holder.

Seed rules: the first to 3 prestige takes the best card in play, the next the next best. As soon as a player
has more prestige than a holder of a better card, the player takes that card and gives back their own (if
any); among several such holders with equal prestige the taker chooses. A holder with 12 or more prestige
keeps their card. One card per player (N7).

Only the active player's prestige ever rises (walls and towers), so holders are overtaken in order of their
prestige, lowest first; when that lowest group has several members the active player chooses
(``council <seat>``), once per chain (N-A24). The loop repeats until no swap is due.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event
from rules.nuernberg.data import COUNCIL_LOCK, COUNCIL_THRESHOLD
from rules.nuernberg.economy import council_card, council_rank

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState


def _seats_from_active(st: NuernbergState) -> list[int]:
    n = st.num_players
    return [(st.active + i) % n for i in range(n)]


def _victims(st: NuernbergState, taker: int) -> list[int]:
    """Holders of a better card than ``taker``'s, with less prestige, not locked."""
    mine = council_rank(st, taker)
    prestige = st.prestige
    return [
        q
        for q in st.council[:mine]
        if q >= 0 and prestige[q] < prestige[taker] and prestige[q] < COUNCIL_LOCK
    ]


def settle(st: NuernbergState, ask: bool = True) -> list[Event]:
    """Hand out and swap council cards until stable, or stop with ``st.phase == "council"`` for a choice. After the
    active player's one choice (``ask`` False) the rest of the chain resolves without asking again: the choice said
    whom they overtake, and the menu's labels promised its whole result."""
    events: list[Event] = []
    while True:
        for seat in _seats_from_active(st):
            if st.prestige[seat] >= COUNCIL_THRESHOLD and seat not in st.council and -1 in st.council:
                idx = st.council.index(-1)  # unassigned cards are always the worst ones in play
                st.council[idx] = seat
                events.append(Event("council", {"seat": seat, "card": st.council_cards[idx], "from": None,
                                                "gave": None}))
        for taker in _seats_from_active(st):
            victims = _victims(st, taker)
            if victims:
                break
        else:
            return events
        low = min(st.prestige[q] for q in victims)
        group = sorted(q for q in victims if st.prestige[q] == low)
        if len(group) > 1 and taker == st.active and ask:
            st.candidates = group
            st.phase = "council"
            return events
        # Automatic: the single overtaken holder, or (for a non-active taker, which play never produces) the best.
        victim = min(group, key=lambda q: council_rank(st, q))
        events.append(swap(st, taker, victim))


def swap(st: NuernbergState, taker: int, victim: int) -> Event:
    """``taker`` takes ``victim``'s card and gives back their own (if any)."""
    mine = council_card(st, taker)
    theirs = council_rank(st, victim)
    if mine is not None:
        st.council[council_rank(st, taker)] = victim
    st.council[theirs] = taker
    return Event("council", {"seat": taker, "card": st.council_cards[theirs], "from": victim, "gave": mine})


def choose(st: NuernbergState, victim: int) -> list[Event]:
    """The active player's choice among equally placed holders, then the loop goes on."""
    st.candidates = []
    st.phase = "main"
    events = [swap(st, st.active, victim)]
    return events + settle(st, ask=False)
