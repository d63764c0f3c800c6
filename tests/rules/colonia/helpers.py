"""Build Colonia scenario states by setting fields directly, rather than playing hundreds of moves."""

from __future__ import annotations

from rules.colonia import GAME, loops
from rules.colonia import data as D
from rules.colonia.state import ColoniaState
from rules.core import Event, Rng

MAT = {m: i for i, m in enumerate(D.MATERIALS)}
GOOD = {g: i for i, g in enumerate(D.GOODS)}
CUR = {c: i for i, c in enumerate(D.CURRENCIES)}


def rng(salt: object = 0) -> Rng:
    return Rng(12345, "test", salt)


def fresh(n: int = 4, seed: int = 11) -> ColoniaState:
    """A new game at week 1, Tuesday (the family-card choice); setup good choices already made."""
    st = GAME.new_state(n, seed)
    assert isinstance(st, ColoniaState)
    while st.stage == "good":
        st.apply(st.to_act()[0], "take saddle")
    assert st.stage == "family"
    return st


def set_decrees(st: ColoniaState, ids: list[str]) -> None:
    """Replace this week's decree slots (cards go back to / come from the deck, so they stay conserved)."""
    for did, result in st.slots:
        if result is None:  # decided ones already left the game
            st.decree_deck.append(did)
    for did in ids:
        st.decree_deck.remove(did)
    st.slots = [[did, None] for did in ids]


def week_running(st: ColoniaState, cards: list[int], order: list[int] | None = None,
                 zero: tuple[int, ...] = ()) -> None:
    """Pretend Tuesday is over: the given family cards are played and the turn order is set."""
    for seat, value in enumerate(cards):
        if value in st.cards_left[seat]:
            st.cards_left[seat].remove(value)
    st.card = list(cards)
    st.zero = [s in zero for s in range(st.num_players)]
    st.choice = [None] * st.num_players
    st.order = order if order is not None else sorted(range(st.num_players), key=lambda s: -cards[s])


def go(st: ColoniaState, day: int, sub: str = "votes") -> list[Event]:
    """Jump to ``day`` at ``sub`` and run the automatic flow until a decision is needed."""
    ev: list[Event] = []
    st.day, st.sub, st.stage, st.loop, st.pending = day, sub, "auto", None, None
    st._advance(rng((day, sub)), ev)
    return ev


def start_loop(st: ColoniaState, day: int, kind: str) -> list[Event]:
    ev: list[Event] = []
    st.day, st.sub = day, "loop"
    loops.start_loop(st, kind, ev)
    return ev


def give_raw(st: ColoniaState, seat: int, **mats: int) -> None:
    """Move raw materials from the bag behind a screen (keeps the 90 conserved)."""
    for name, k in mats.items():
        st.bag[MAT[name]] -= k
        st.raw[seat][MAT[name]] += k


def clear_raw(st: ColoniaState) -> None:
    for seat in range(st.num_players):
        for m in range(len(D.MATERIALS)):
            st.bag[m] += st.raw[seat][m]
            st.raw[seat][m] = 0


def place_ship(st: ColoniaState, berth: int, sid: str) -> dict:
    """Put ship ``sid`` on ``berth`` (0-based), swapping with wherever it was."""
    current = st.harbour[berth]["id"]
    if current != sid:
        for pile in (st.ship_deck, st.ship_discard):
            if sid in pile:
                pile[pile.index(sid)] = current
                break
        else:
            other = next(i for i, s in enumerate(st.harbour) if s["id"] == sid)
            st.harbour[other], st.harbour[berth] = st.harbour[berth], st.harbour[other]
            return st.harbour[berth]
        st.harbour[berth] = {"id": sid, "h": [None] * len(D.SHIP_BY_ID[sid].holds), "x": None}
    return st.harbour[berth]


def put_relic_on_display(st: ColoniaState, card: str, slot: int = 0, extra: bool = False) -> None:
    """Swap ``card`` onto a display slot from wherever it is (deck or discard or another slot)."""
    target = st.display_x if extra else st.display
    old = target[slot]
    for pile in (st.relic_deck, st.relic_discard):
        if card in pile:
            pile.remove(card)
            if old is not None:
                pile.append(old)
            target[slot] = card
            return
    for slots in (st.display, st.display_x):
        if card in slots:
            slots[slots.index(card)] = old
            target[slot] = card
            return
    raise AssertionError(f"{card} not available")


def give_relic(st: ColoniaState, seat: int, card: str) -> None:
    """Move a relic card from the deck/discard/display behind ``seat``'s screen."""
    for pile in (st.relic_deck, st.relic_discard):
        if card in pile:
            pile.remove(card)
            break
    else:
        for slots in (st.display, st.display_x):
            if card in slots:
                slots[slots.index(card)] = None
                break
        else:
            raise AssertionError(f"{card} not available")
    if D.RELIC_BY_ID[card].shrine:
        st.shrines[seat].append([card, None])
    else:
        st.relics[seat].append(card)


def tidy_week(st: ColoniaState) -> None:
    """Finish what skipped days would have done: stalls back into the bag, undecided decrees rejected."""
    for i, stall in enumerate(st.stalls):
        for m in range(len(stall)):
            st.bag[m] += stall[m]
        st.stalls[i] = [0] * len(stall)
    for slot in st.slots:
        if slot[1] is None:
            slot[1] = False
            st.decrees_done.append(slot[0])
