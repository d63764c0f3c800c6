"""Trading between players, asynchronously.

Only the active player trades. They open a draft (``offer``), add one item at a time to what they give
(``give <item>``) and what they want (``want <item>``), and send it to one seat (``send <seat>``) or to every
other seat (``send all``), or ``cancel``. Items are the five resources and ``gold``; each side must hold at
least one item (no gifts). While an offer is out, every addressee who has not declined is awaited at once
and may ``accept`` (if they hold what is wanted) or ``decline``; the first acceptance executes the exchange.
The active player is awaited too, with ``withdraw`` as their only action. When every addressee has declined
the offer lapses. At most ``MAX_OFFERS_PER_TURN`` drafts per turn, so random play ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event
from rules.nuernberg.board import GOLD, TRADE_ITEMS

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState

MAX_OFFERS_PER_TURN = 3
MAX_ITEMS_PER_SIDE = 10


def holding(st: NuernbergState, seat: int) -> list[int]:
    """The seat's five resource counts followed by gold."""
    return [*st.hands[seat], st.gold[seat]]


def as_dict(items: list[int]) -> dict[str, int]:
    return {TRADE_ITEMS[i]: n for i, n in enumerate(items) if n}


def may_open(st: NuernbergState, seat: int) -> bool:
    return st.offers_made < MAX_OFFERS_PER_TURN and st.num_players > 1 and (sum(st.hands[seat]) + st.gold[seat]) > 0


def open_draft(st: NuernbergState) -> None:
    st.offers_made += 1
    st.menu = "offer"
    st.draft = [[0] * len(TRADE_ITEMS), [0] * len(TRADE_ITEMS)]


def legal_draft(st: NuernbergState, seat: int) -> list[str]:
    assert st.draft is not None
    give, want = st.draft
    have = holding(st, seat)
    out: list[str] = []
    given, wanted = sum(give), sum(want)
    if given < MAX_ITEMS_PER_SIDE:
        out.extend(f"give {item}" for i, item in enumerate(TRADE_ITEMS) if want[i] == 0 and give[i] < have[i])
    if wanted < MAX_ITEMS_PER_SIDE:
        out.extend(f"want {item}" for i, item in enumerate(TRADE_ITEMS) if give[i] == 0)
    if given and wanted:
        out.append("send all")
        out.extend(f"send {s}" for s in range(st.num_players) if s != seat)
    out.append("cancel")
    return out


def apply_draft(st: NuernbergState, seat: int, words: list[str]) -> list[Event]:
    assert st.draft is not None
    verb = words[0]
    if verb == "give":
        st.draft[0][TRADE_ITEMS.index(words[1])] += 1
        return []
    if verb == "want":
        st.draft[1][TRADE_ITEMS.index(words[1])] += 1
        return []
    if verb == "cancel":
        st.menu = None
        st.draft = None
        return [Event("offer_cancelled", {"seat": seat})]
    # send
    to = [s for s in range(st.num_players) if s != seat] if words[1] == "all" else [int(words[1])]
    give, want = st.draft
    st.offer = {"from": seat, "to": to, "declined": [], "give": give, "want": want}
    st.draft = None
    st.menu = None
    st.phase = "offer"
    return [Event("offer", {"seat": seat, "to": to, "give": as_dict(give), "want": as_dict(want)})]


def awaited(st: NuernbergState) -> list[int]:
    offer = st.offer
    assert offer is not None
    return [s for s in offer["to"] if s not in offer["declined"]] + [offer["from"]]


def legal_offer(st: NuernbergState, seat: int) -> list[str]:
    offer = st.offer
    assert offer is not None
    if seat == offer["from"]:
        return ["withdraw"]
    have = holding(st, seat)
    can_pay = all(h >= w for h, w in zip(have, offer["want"], strict=True))
    return ["accept", "decline"] if can_pay else ["decline"]


def apply_offer(st: NuernbergState, seat: int, verb: str) -> list[Event]:
    offer = st.offer
    assert offer is not None
    proposer = offer["from"]
    if verb == "withdraw":
        _close(st)
        return [Event("offer_withdrawn", {"seat": seat})]
    if verb == "decline":
        offer["declined"].append(seat)
        events = [Event("offer_declined", {"seat": seat, "by": proposer})]
        if all(s in offer["declined"] for s in offer["to"]):
            _close(st)
            events.append(Event("offer_lapsed", {"seat": proposer}))
        return events
    # accept: the proposer gives ``give`` and receives ``want``
    give, want = offer["give"], offer["want"]
    for i in range(len(TRADE_ITEMS)):
        delta = want[i] - give[i]
        if i == GOLD:
            st.gold[proposer] += delta
            st.gold[seat] -= delta
        else:
            st.hands[proposer][i] += delta
            st.hands[seat][i] -= delta
    _close(st)
    return [Event("trade", {"seat": proposer, "with": seat, "give": as_dict(give), "get": as_dict(want)})]


def _close(st: NuernbergState) -> None:
    st.offer = None
    st.phase = "main"
