"""The start of a turn: drawing an event card, income, the card's event, the robber knight and the timeline."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event, Rng
from rules.nuernberg.board import CARD_BY_ID, CARD_IDS, HEX_CROSSINGS, HEX_RES, NUMBER_HEXES, ROUTE_IDS
from rules.nuernberg.data import CASTLE_HEX, DISCARD_ABOVE, END_YEAR, RESHUFFLE_YEARS, RESOURCES, YEARS

if TYPE_CHECKING:
    from rules.nuernberg.state import NuernbergState


def start_turn(st: NuernbergState, seat: int) -> list[Event]:
    st.active = seat
    st.turn += 1
    st.phase = "draw"
    st.menu = None
    st.draft = None
    st.offer = None
    st.offers_made = 0
    st.counter_drafts = {}
    st.backs = 0
    st.handelstag = False
    return [Event("turn", {"seat": seat, "turn": st.turn})]


def reshuffle(st: NuernbergState, rng: Rng) -> None:
    """All 36 cards, including those already drawn, become a new face-down pile."""
    st.deck = rng.shuffled(CARD_IDS)
    st.discard = []


def draw(st: NuernbergState, rng: Rng) -> list[Event]:
    events: list[Event] = []
    if not st.deck:
        reshuffle(st, rng)
        events.append(Event("reshuffle", {"year": YEARS[st.year], "reason": "empty"}))
    cid = st.deck.pop()
    st.discard.append(cid)
    st.last_card = cid
    card = CARD_BY_ID[cid]
    events.append(Event("card", {"seat": st.active, "card": cid, "income": card["income"], "event": card["event"]}))
    if card["income"]:
        events.append(income(st, card["income"]))
    st.phase = "main"
    kind = card["event"]
    if kind == "raubritter":
        events.extend(start_raubritter(st))
    elif kind == "wegezoll":
        events.append(wegezoll(st))
    elif kind == "reichstag":
        paid = {}
        for seat in range(st.num_players):
            if (count := st.discs.count(seat)) > 0:
                st.gold[seat] += count
                paid[str(seat)] = count
        events.append(Event("reichstag", {"paid": paid}))
    elif kind == "handelstag":
        st.handelstag = True
        events.append(Event("handelstag", {"seat": st.active}))
    elif kind == "retreat":
        st.robber = CASTLE_HEX
        events.append(Event("retreat", {"hex": CASTLE_HEX}))
    elif kind == "time":
        events.extend(advance_time(st, rng))
    return events


def income(st: NuernbergState, number: int) -> Event:
    """Every settlement next to a hex with this number takes one card of its resource (not under the robber)."""
    gains: dict[str, dict[str, int]] = {}
    for hid in NUMBER_HEXES.get(number, ()):
        if hid == st.robber:
            continue
        res = HEX_RES[hid]
        for r, k in HEX_CROSSINGS.get(hid, ()):
            owner = st.settlements[r][k]
            if owner >= 0:
                st.hands[owner][res] += 1
                per_seat = gains.setdefault(str(owner), {})
                per_seat[RESOURCES[res]] = per_seat.get(RESOURCES[res], 0) + 1
    return Event("income", {"number": number, "gains": gains, "blocked": st.robber in NUMBER_HEXES.get(number, ())})


def wegezoll(st: NuernbergState) -> Event:
    """Each Wegerecht holder receives 1 gold per settlement (any colour) on that route (reconstructed amount)."""
    paid: dict[str, int] = {}
    for r, holder in enumerate(st.holders):
        if holder < 0:
            continue
        amount = sum(1 for owner in st.settlements[r] if owner >= 0)
        if amount:
            st.gold[holder] += amount
            paid[str(holder)] = paid.get(str(holder), 0) + amount
    return Event("wegezoll", {"paid": paid, "routes": [ROUTE_IDS[r] for r, h in enumerate(st.holders) if h >= 0]})


def start_raubritter(st: NuernbergState) -> list[Event]:
    """No income; everyone with more than 7 resource cards returns half (rounded down); then the robber moves."""
    due = [sum(hand) // 2 if sum(hand) > DISCARD_ABOVE else 0 for hand in st.hands]
    st.discards_due = due
    if any(due):
        st.phase = "discard"
        return [Event("discard_due", {"due": {str(s): n for s, n in enumerate(due) if n}})]
    st.phase = "robber"
    return []


def advance_time(st: NuernbergState, rng: Rng) -> list[Event]:
    st.year += 1
    year = YEARS[st.year]
    events = [Event("time", {"year": year})]
    if year >= END_YEAR:
        st.phase = "over"
        st.end = "time"
        events.append(Event("game_end", {"reason": "time", "year": year}))
    elif year in RESHUFFLE_YEARS:
        reshuffle(st, rng)
        events.append(Event("reshuffle", {"year": year, "reason": "timeline"}))
    return events


def steal_candidates(st: NuernbergState) -> list[int]:
    return [s for s in range(st.num_players) if s != st.active and sum(st.hands[s]) > 0]


def move_robber(st: NuernbergState, hid: str, rng: Rng, victim: int | None = None) -> list[Event]:
    """Move the robber knight to ``hid``; then rob ``victim`` (named with the move), the only player who can be
    robbed, or ask whom (phase ``steal``)."""
    st.robber = hid
    events = [Event("robber", {"seat": st.active, "hex": hid})]
    victims = steal_candidates(st)
    if victim in victims or len(victims) == 1:
        events.extend(steal(st, victim if victim in victims else victims[0], rng))
    elif victims:
        st.phase = "steal"
        return events
    else:
        events.append(Event("steal", {"seat": st.active, "victim": None}))
    st.phase = "main"
    return events


def steal(st: NuernbergState, victim: int, rng: Rng) -> list[Event]:
    """Draw one card blindly from the victim's hand."""
    hand = st.hands[victim]
    pick = rng.below(sum(hand))
    res = 0
    while pick >= hand[res]:
        pick -= hand[res]
        res += 1
    hand[res] -= 1
    st.hands[st.active][res] += 1
    st.phase = "main"
    params = {"seat": st.active, "victim": victim}
    name = RESOURCES[res]
    return [
        Event("steal", params),
        Event("stolen", {**params, "resource": name}, to=st.active),
        Event("stolen", {**params, "resource": name}, to=victim),
    ]
