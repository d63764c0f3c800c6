"""Bot levels: ``basic`` (the game's own heuristic, ``Game.bot_action``) and ``strong`` (the search,
``rules/search.py``). One function chooses a move at a level, for the service's worker process and the arena alike.
"""

from __future__ import annotations

from typing import Any

from rules import search
from rules.core import Game, Rng, State
from rules.words import translator

_, _n = translator("bot")

LEVELS = ("basic", "strong")
DEFAULT_LEVEL = "basic"


def normalise_level(text: str | None) -> str:
    """A level name from user input ("Strong " -> "strong"); ValueError naming the levels otherwise."""
    level = (text or DEFAULT_LEVEL).strip().lower()
    if level not in LEVELS:
        raise ValueError(_("Unknown bot level '{level}': choose {a} or {b}.").format(
            level=str(text)[:20], a=LEVELS[0], b=LEVELS[1]))
    return level


def choose_move(game: Game, state: State[Any], seat: int, level: str, rng: Rng, budget: int | None = None) -> str:
    """``seat``'s move at ``level``: the heuristic reads only the seat's view; the search samples what the seat
    cannot see (it never reads another seat's secret)."""
    if level == "strong":
        return search.choose(game, state, seat, rng, budget or search.budget_for(game))
    return game.bot_action(state.view(seat), state.legal_actions(seat), seat, rng)
