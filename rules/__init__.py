"""The rules layer: every game behind one contract (see docs/architecture.md), and the one registry of games.

Each game declares everything it ships once, as ``PARTS`` (a ``GameParts``) in ``rules/<game>/__init__.py``: its
``Game``, and by module name its renderer, its slash commands and its checks. ``PARTS`` here maps a game's short
name to that declaration; ``GAMES`` to its ``Game``. Render (``render._module``), the Discord commands
(``bot.discord.commands.specs.load_specs``), the soak and the test suites all read this registry, so registering a
game here gives it its rules, images and commands everywhere at once. ``get_game`` looks one up with a friendly error.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from rules.core import Event, Game, GameParts, IllegalAction, Outcome, Rng, State
from rules.words import translator

_, _n = translator("core")

# Each name is a subpackage ``rules/<name>/`` exposing ``PARTS``. Order = order shown to players.
_GAME_MODULES: tuple[str, ...] = ("speicherstadt", "colonia", "strasbourg", "nuernberg")

PARTS: dict[str, GameParts] = {}
GAMES: dict[str, Game] = {}


def register(parts: GameParts) -> None:
    """Add a game (its rules, renderer and commands) to the registry; a game of the same name is replaced."""
    PARTS[parts.name] = parts
    GAMES[parts.name] = parts.game


def unregister(name: str) -> None:
    PARTS.pop(name, None)
    GAMES.pop(name, None)


@contextmanager
def registered(parts: GameParts) -> Iterator[GameParts]:
    """The game registered for the block only (tests and tools: e.g. a toy game with a renderer and commands)."""
    before = PARTS.get(parts.name)
    register(parts)
    try:
        yield parts
    finally:
        unregister(parts.name)
        if before is not None:
            register(before)


for _name in _GAME_MODULES:
    register(importlib.import_module(f"rules.{_name}").PARTS)


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive), or IllegalAction naming the games that exist."""
    key = str(name).strip().lower()
    if key not in GAMES:
        raise IllegalAction(_("Unknown game '{game}'. Available: {games}.").format(
            game=str(name)[:40], games=", ".join(sorted(GAMES))))
    return GAMES[key]


__all__ = ["GAMES", "PARTS", "Event", "Game", "GameParts", "IllegalAction", "Outcome", "Rng", "State", "get_game",
           "register", "registered", "unregister"]
