"""The end of the game: the city windows, the final scores and tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.colonia import data as D
from rules.colonia.board import (
    NC,
)
from rules.core import Event

if TYPE_CHECKING:
    from rules.colonia.state import ColoniaState


def finish(st: ColoniaState, ev: list[Event]) -> None:
    n = st.num_players
    windows: list[int | None] = []
    paid: list[int] = []
    for cur in range(NC):
        best = max(st.money[s][cur] for s in range(n))
        holders = [s for s in range(n) if st.money[s][cur] == best]
        if best > 0 and len(holders) == 1:
            winner = holders[0]
            windows.append(winner)
            paid.append(best)
            st.money[winner][cur] = 0  # the window's money goes to the bank (A3)
        else:
            windows.append(None)
            paid.append(0)
    scores, breakdown, tiebreak = [], [], []
    for s in range(n):
        loose = sum(D.RELIC_BY_ID[r].vp for r in st.relics[s])
        shrined = sum(2 * D.RELIC_BY_ID[p[1]].vp for p in st.shrines[s] if p[1])
        win = sum(D.WINDOW_VP[c] for c in range(NC) if windows[c] == s)
        breakdown.append({"relics": loose, "shrines": shrined, "windows": win})
        scores.append(loose + shrined + win)
        tiebreak.append([sum(st.money[s]), sum(st.goods[s]), sum(st.raw[s])])
    st.final = {"scores": scores, "breakdown": breakdown, "tiebreak": tiebreak, "windows": windows,
                  "window_money": paid}
    st.stage, st.day, st.sub = "over", 7, "over"
    ev.append(Event("windows", {"windows": windows, "paid": paid}))
    ev.append(Event("game_over", {"scores": scores}))
