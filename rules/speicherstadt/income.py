"""Income (1 coin, +1 without a purchase, +1 with the Bank), the next first player, and the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Event, Rng
from rules.speicherstadt import supply
from rules.speicherstadt.data import CARDS, INCOME_BANK, INCOME_BASE, INCOME_NO_PURCHASE

if TYPE_CHECKING:
    from rules.speicherstadt.state import SpeicherstadtState


def income(st: SpeicherstadtState, rng: Rng, events: list[Event]) -> None:
    gains = []
    for p in st.players:
        gain = INCOME_BASE + (0 if p["bought"] else INCOME_NO_PURCHASE)
        if any(CARDS[c]["kind"] == "bank" for c in p["cards"]):
            gain += INCOME_BANK
        p["coins"] += gain
        gains.append(gain)
    events.append(Event("income", {"gains": gains}))
    st.first = (st.first + 1) % st.num_players
    events.append(Event("first", {"seat": st.first}))
    if st.last_round:
        supply.resolve_fire(st, st.pile.pop(), events)
        finish(st, events)
    else:
        supply.start_round(st, rng, events)


def finish(st: SpeicherstadtState, events: list[Event]) -> None:
    st.phase = "over"
    st.queue = []
    out = st.outcome()
    events.append(Event("end", {"scores": out.scores, "winners": out.winners}))
