"""Strasbourg renderer: the public board, laid out from the city, the panels and the players table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from render.kit import Canvas
from render.strasbourg.city import draw_city
from render.strasbourg.focus import draw_focus_table
from render.strasbourg.header import HEADER_H, draw_header
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

    left_w = 612  # the city: under 616 px wide, its zoomed panel for phones (800 px) is 1.3 times larger
    full = c.box.inset(MARGIN)
    # the edifices by round get a full-width strip so their names fit (objectives name them)
    # whose turn takes a header a phone reads; the city keeps its 62 px cells (a chapel's number clears the prices)
    header, top, rounds_box, bottom = full.rows(-HEADER_H, -422, -40, 1, gap=GAP)
    city_box, right = top.cols(-left_w, 1, gap=GAP + 2)
    steps_box, council_box, now_box = right.rows(-108, -206, 1, gap=GAP)

    draw_header(c, c.region("header", header), view, names)
    draw_city(c, c.region("city", city_box), view, ring)
    draw_rounds(c, c.region("rounds", rounds_box), view)
    draw_steps(c, c.region("steps", steps_box), view)
    draw_council(c, c.region("council", council_box), view)
    draw_now(c, c.region("now", now_box), view, seat, action, names)
    draw_players(c, c.region("players", bottom), view, names, seat, verb)
    # On a phone the board's small marks are details the words give (the focus panel enlarges the city or the
    # players for the decision about them); whose turn reads in the header.
    c.in_words("city", "city", "built", "chapels")
    c.in_words("rounds", "edifices", "round")
    c.in_words("steps", "round_cards", "step")
    c.in_words("council", "council")
    c.in_words("now", "status", *(("task",) if view.get("phase") != "planning" else ()))
    c.in_words("players", "players", "first_player")
    return c


def draw_focus(view: StrasbourgView, names: Sequence[str] | None) -> Canvas | None:
    """The phone panel where the board's own region is too wide to read when zoomed: a bid or planning, each seat's
    bid and stacks (``render/strasbourg/focus.py``). None: crop the board (``focus_region``)."""
    if focus_region(view) != "players":
        return None
    return draw_focus_table(view, names)


def focus_region(view: StrasbourgView) -> str | None:
    """The part of the board the awaited decision is about (``render.focus`` enlarges it for phones): the city for
    a guild slot's purchase, the chapel and the edifice; the players table (stacks and this step's bids) for a bid
    and for planning. None when a Merchant sells or a revealer without a slot may return a card (their goods and
    cards are on their own screen), and once the game is over."""
    if view.get("over"):
        return None
    if view.get("phase") == "planning":
        return "players"
    task = view.get("task")
    if task:
        kind = task.get("kind")
        if kind in ("master", "journeyman", "apprentice", "chapel", "edifice"):
            return "city"
        return None
    if view.get("bid"):
        return "players"
    return None
