"""Strasbourg board.

Public board (``draw_board``): the city (guild spaces with prices, members, chapel spaces, edifices), the
rounds with their edifices, the current round card's steps A–I, the council's eight seats, what the game
waits for, and one row per player in turn order (first player on top): prestige, council seats, city members,
deck, privileges spent, face-down stack sizes and this step's bid. The private screen (``draw_private``) adds a
seat's purse, goods, stacks with their values, the cards in hand and the objectives. ``draw_final`` is the
score sheet with the per-seat breakdown. ``focus_region`` names the region the awaited decision is about.

Only the view is drawn; the static board (map, prices, round cards, edifice values) comes from the rules'
data module. A secret planning action passed as ``last`` is ignored, so a caller's slip cannot leak it.

Modules: ``layout`` (shared sizes and helpers), ``last_move`` (the last move and its caption), ``city`` (the map),
``panels`` (rounds, steps, council, what the game waits for), ``players`` (the players table), ``board`` (the public
board), ``private`` (a seat's screen), ``final`` (the score sheet); the pictures are in ``render/strasbourg_art.py``.
"""

from __future__ import annotations

from render.strasbourg.board import draw_board as draw_board
from render.strasbourg.board import draw_focus as draw_focus
from render.strasbourg.board import focus_region as focus_region
from render.strasbourg.city import City as City
from render.strasbourg.final import draw_final as draw_final
from render.strasbourg.last_move import _drawn as _drawn
from render.strasbourg.last_move import _public_last as _public_last
from render.strasbourg.last_move import last_from_events as last_from_events
from render.strasbourg.panels import _seats_at_stake as _seats_at_stake
from render.strasbourg.players import _ring_place as _ring_place
from render.strasbourg.private import draw_private as draw_private

__all__ = ["draw_board", "draw_final", "draw_focus", "draw_private", "focus_region"]
