"""Colonia board.

The public board (market, craftsmen, harbour, relics, players in turn order, decrees), one player's
screen, and the final scores. Regions (1280 x 800):

    header: week, the day track, the phase and who is awaited
    market (8 stalls)            | harbour (4 berths, departure stick)
    craftsmen (5 order columns)  | relic display (10 + 2 extra spaces)
    players in turn order        | decrees of the week, last move

Modules: ``layout`` (region boxes, shared words, the ``Board`` canvas, panels and fitting helpers), ``last_move``
(the last move from its events or action, its caption and its ring), ``week`` (the header and the decrees),
``market`` (the market and the craftsmen), ``harbour`` (the harbour and the relic display), ``players`` (the
players table), ``board`` (the public board and ``focus_region``), ``private`` (a seat's screen), ``final`` (the
score sheet). Pictures (goods, cities, relic cards, shrines) live in ``render/colonia_art.py``.
"""

from __future__ import annotations

from render.colonia.board import draw_board as draw_board
from render.colonia.board import focus_region as focus_region
from render.colonia.final import draw_final as draw_final
from render.colonia.harbour import GOOD_PITCH as GOOD_PITCH
from render.colonia.harbour import _good_pitch as _good_pitch
from render.colonia.last_move import PUBLIC_VERBS as PUBLIC_VERBS
from render.colonia.last_move import LastMove as LastMove
from render.colonia.last_move import last_from_events as last_from_events
from render.colonia.last_move import parse_last as parse_last
from render.colonia.layout import CRAFTSMEN_SMALL as CRAFTSMEN_SMALL
from render.colonia.layout import HARBOUR as HARBOUR
from render.colonia.layout import MARKET as MARKET
from render.colonia.layout import MARKET_FOCUS as MARKET_FOCUS
from render.colonia.layout import ROMAN as ROMAN
from render.colonia.layout import SHORT_DECREES as SHORT_DECREES
from render.colonia.layout import Board as Board
from render.colonia.layout import framed as framed
from render.colonia.players import PLAYER_COLS as PLAYER_COLS
from render.colonia.private import draw_private as draw_private

__all__ = ["draw_board", "draw_final", "draw_private", "focus_region", "last_from_events"]
