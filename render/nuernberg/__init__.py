"""Die Siedler von Nürnberg board.

The public board (1280 x 800): the countryside with its trade routes, toll bars, settlements and the robber
knight on the left, with the timeline, the event deck and the open trade offer (offers are public) or the last move
below; on the right the player cards with a key to their icons (``players``), the city (districts,
manufactures, walls and towers) with the council cards beside it, and the three sale markets with prices and
tolls. The private screen shows one player's hand and what it can build or produce now; the final image shows each
seat's score breakdown.

Everything is drawn from the view (``rules/nuernberg/state.py`` documents it), never from a State.

Modules: ``layout`` (region boxes, words, costs, the ``Board`` canvas), ``last_move`` (the last move as data),
``maps`` (the countryside and the city), ``players`` (the player cards and their key), ``panels`` (header, council,
markets, timeline, deck), ``news`` (the open offer or the last move in words), ``board`` (the public board, the
last move's ring and ``focus_region``), ``private`` (a seat's screen), ``final`` (the score sheet); the pictures are
in ``render/nuernberg_art.py``.
"""

from __future__ import annotations

from render import nuernberg_art as art  # the pictures, read by the tests as nb.art
from render.nuernberg import maps as maps
from render.nuernberg.board import draw_board as draw_board
from render.nuernberg.board import focus_region as focus_region
from render.nuernberg.final import draw_final as draw_final
from render.nuernberg.last_move import LastMove as LastMove
from render.nuernberg.last_move import drawn as drawn
from render.nuernberg.last_move import last_from_events as last_from_events
from render.nuernberg.layout import CITY as CITY
from render.nuernberg.layout import COSTS as COSTS
from render.nuernberg.layout import COUNTRYSIDE as COUNTRYSIDE
from render.nuernberg.layout import RESOURCES as RESOURCES
from render.nuernberg.layout import Board as Board
from render.nuernberg.private import draw_private as draw_private

__all__ = ["art", "draw_board", "draw_final", "draw_private", "focus_region", "last_from_events", "maps"]
