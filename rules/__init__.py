"""The rules layer: every game behind one contract (see docs/architecture.md).

``GAMES`` maps a game's short name to its ``Game``; ``get_game`` looks one up with a friendly error.
"""

from __future__ import annotations

import importlib

from rules.core import Event, Game, IllegalAction, Outcome, Rng, State

# Each name is a subpackage ``rules/<name>/`` exposing ``GAME``. Order = order shown to players.
_GAME_MODULES: tuple[str, ...] = ("speicherstadt", "colonia", "strasbourg", "nuernberg")

GAMES: dict[str, Game] = {}
for _name in _GAME_MODULES:
    GAMES[_name] = importlib.import_module(f"rules.{_name}").GAME


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive), or IllegalAction naming the games that exist."""
    key = str(name).strip().lower()
    if key not in GAMES:
        raise IllegalAction(f"Unknown game '{str(name)[:40]}'. Available: {', '.join(sorted(GAMES))}.")
    return GAMES[key]


__all__ = ["GAMES", "Event", "Game", "IllegalAction", "Outcome", "Rng", "State", "get_game"]
