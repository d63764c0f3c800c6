"""Strasbourg renderer: the public board, laid out from the city, the panels and the players table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render.kit import Canvas
from render.strasbourg.city import draw_city
from render.strasbourg.last_move import LastMove, _public_last
from render.strasbourg.layout import GAP, MARGIN
from render.strasbourg.panels import draw_council, draw_now, draw_rounds, draw_steps
from render.strasbourg.players import draw_players

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView


# ---------------------------------------------------------------- the public board
def draw_board(view: StrasbourgView, last: Any, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    # the last move as data (its events), or the fallback: a public action hint
    seat, action = (last.seat, last.action) if isinstance(last, LastMove) else _public_last(last)
    verb, _, arg = action.partition(" ")
    ring: tuple[str, str] | None = None
    if verb in ("buy", "build"):
        ring = ("cell", arg)
    elif verb == "chapel":
        ring = ("chapel", arg)

    left_w = 626
    full = c.box.inset(MARGIN)
    # the edifices by round get a full-width strip so their names fit (objectives name them)
    top, rounds_box, bottom = full.rows(-466, -44, 1, gap=GAP)
    city_box, right = top.cols(-left_w, 1, gap=GAP + 2)
    steps_box, council_box, now_box = right.rows(-114, -230, 1, gap=GAP)

    draw_city(c, c.region("city", city_box), view, ring)
    draw_rounds(c, c.region("rounds", rounds_box), view)
    draw_steps(c, c.region("steps", steps_box), view)
    draw_council(c, c.region("council", council_box), view)
    draw_now(c, c.region("now", now_box), view, seat, action, names)
    draw_players(c, c.region("players", bottom), view, names, seat, verb)
    return c
