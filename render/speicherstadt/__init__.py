"""The Speicherstadt: the quay with its worker columns, the water row of cards, and one tableau per seat.

Layout (1280 x 800): a header (round, season, phase, whose decision, pile and fires to come), the
water row (per card: its building spaces with the workers, drawn as their seats' shapes, in placement
order and the price above, the card below, a bought one naming its buyer and price; along the canal the
reserve and the bag, in every phase), and the tableaus (score, coins, firemen, contracts with their
goods slots, a square cube when filled and a round hole when empty, and an "n/m" count, other cards,
warehouse and market hall). ``view["over"]`` draws the final scores instead (see
``draw_final``). Nothing but the pile order is secret in this game, so a seat's private image is
its own tableau drawn large.

Modules: ``layout`` (goods, card colours and titles, the board's boxes), ``pieces`` (cubes and points),
``last_move`` (what the last move touched), ``header``, ``water`` (the water row, the reserve and the bag),
``tableau`` (one seat's tableau), ``board`` (the public board and ``focus_region``), ``private`` (a seat's screen),
``final`` (the score sheet).
"""

from __future__ import annotations

from render.speicherstadt.board import draw_board as draw_board
from render.speicherstadt.board import focus_region as focus_region
from render.speicherstadt.final import draw_final as draw_final
from render.speicherstadt.last_move import Touched as Touched
from render.speicherstadt.last_move import _ring_target as _ring_target
from render.speicherstadt.last_move import last_from_events as last_from_events
from render.speicherstadt.layout import GOOD_RGB as GOOD_RGB
from render.speicherstadt.layout import GOODS as GOODS
from render.speicherstadt.layout import board_layout as board_layout
from render.speicherstadt.pieces import good_cube as good_cube
from render.speicherstadt.private import draw_private as draw_private
from render.speicherstadt.water import draw_water as draw_water

__all__ = ["draw_board", "draw_final", "draw_private", "focus_region", "last_from_events"]
