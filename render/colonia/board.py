"""Colonia board: the public board (``draw_board``) put together from its panels, and ``focus_region``, the region
the awaited decision is about (``render.focus`` enlarges it for phones).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from render.colonia.harbour import draw_harbour, draw_relics
from render.colonia.last_move import LastMove, _last_target, last_short, last_text, parse_last
from render.colonia.layout import Board
from render.colonia.market import draw_craftsmen, draw_market, left_boxes
from render.colonia.players import draw_players
from render.colonia.week import draw_decrees, draw_header
from rules.colonia.views import step_of

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView


def draw_board(view: ColoniaView, last: Any, names: Sequence[str] | None) -> Board:
    cv = Board()
    if isinstance(last, LastMove):  # the last move as data (its events)
        seat, verb, rest = last.seat, last.verb, last.rest
    else:  # the fallback: a public action hint
        seat, verb, rest = parse_last(last)
    marks = cv.spots
    draw_header(cv, view, names)
    market_box, craftsmen_box = left_boxes(view)
    draw_market(cv, view, marks, market_box)
    draw_craftsmen(cv, view, marks, craftsmen_box)
    draw_harbour(cv, view, marks)
    draw_relics(cv, view, marks)
    draw_players(cv, view, names, marks)
    draw_decrees(cv, view, marks, seat, (last_text(view, verb, rest), last_short(verb)) if verb else ("", ""))
    # On a phone the board's small marks are details the words give (the focus panel enlarges the region the
    # decision is about, readable there); whose turn reads in the header.
    cv.in_words("market", "market")
    cv.in_words("craftsmen", "craftsmen", "week_card")
    cv.in_words("harbour", "harbour")
    cv.in_words("relics", "relics", "deck_counts")
    cv.in_words("players", "players", "turn_order", "mayor")
    cv.in_words("decrees", "decrees", "vote", "lean_council")
    target = _last_target(view, seat, verb, rest, marks)
    if target is not None:
        cv.mark(*target)
    return cv


#: the day's loop -> the board's region it is about
LOOP_REGIONS = {"stall": "market", "order": "craftsmen", "load": "harbour", "buy": "relics", "insure": "relics"}


def focus_region(view: Mapping[str, Any]) -> str | None:
    """The board's region the awaited decision is about (``render.focus`` enlarges it for phones): the decree on
    the vote, the players table on Tuesday (family cards), the market, the craftsmen, the harbour or the relics
    while their loop runs (the harbour also for a decree's extra hold, the relics' prices for the money changers);
    None when nobody is awaited or the decision lies behind a screen (a lucky find's good, a shrine's relic)."""
    if view.get("over") or not view.get("to_act"):
        return None
    if view.get("vote"):
        return "decrees"
    step = step_of(view)
    if step:
        return {"family": "players", "extra": "harbour", "exchange": "relics"}[step]
    if (view.get("pending") or {}).get("kind") == "shrine":
        return None
    return LOOP_REGIONS.get(str((view.get("loop") or {}).get("kind")))
