"""The games the generic suites run over: every shipped game (``rules.GAMES``) and the plugin test game Secret Nim
(``tests/support/secretnim/``: exactly two players, a secret simultaneous step), which is not in the registry.

A generic suite parametrizes over ``NAMES`` and asks for the ``plugin_games`` fixture (tests/conftest.py), which
registers the plugins for the test with ``rules.registered``, the one seam a game plugs in at; from then on the
suite finds the plugin through ``rules.GAMES``/``rules.PARTS`` like any shipped game. Player counts and game
lengths come from each game's own range (``min_players``/``max_players``, ``player_counts``), never from a number a
suite assumes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import rules
from rules.core import GameParts
from tests.support import secretnim

#: the test games a generic suite runs beside the shipped ones, each declared by one ``GameParts``
PLUGINS: tuple[GameParts, ...] = (secretnim.PARTS,)
SHIPPED: tuple[str, ...] = tuple(rules.GAMES)
NAMES: tuple[str, ...] = (*SHIPPED, *(parts.name for parts in PLUGINS))
#: the plugin game that has exactly two players and a secret simultaneous step
NIM = secretnim.NAME
#: how many of one seat's moves a game of a plugin surely outlasts, whatever the others play (Secret Nim: a heap of
#: at least 5 stones, of which one round takes at most 4); a shipped game outlasts any opening a suite plays
SURELY_OUTLASTS: dict[str, int] = {NIM: 1}


@contextmanager
def plugins_registered() -> Iterator[None]:
    """Every plugin registered for the block (``rules.registered``), as a game package would be at start-up."""
    with ExitStack() as stack:
        for parts in PLUGINS:
            stack.enter_context(rules.registered(parts))
        yield


def player_counts(name: str) -> range:
    """The player counts ``name`` is played at (its own ``min_players``..``max_players``)."""
    game = rules.PARTS[name].game if name in rules.PARTS else next(p.game for p in PLUGINS if p.name == name)
    return range(game.min_players, game.max_players + 1)


def opening_moves(name: str, wanted: int = 3) -> int:
    """``wanted`` moves of one seat, or fewer where the game may be over by then (a game of a handful of moves)."""
    return min(wanted, SURELY_OUTLASTS.get(name, wanted))


def some_players(name: str, wanted: int = 3) -> int:
    """``wanted`` players if the game is played with that many, else the nearest count it is played with."""
    counts = player_counts(name)
    return min(max(wanted, counts.start), counts.stop - 1)
