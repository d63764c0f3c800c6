"""The rules of earlier releases, frozen, so that a game keeps replaying the way it was played.

A game's rules version (``Game.rules_version``) changes whenever a change to its rules alters what a stored log
replays to (``tests/contract/test_rules_versions.py`` fails until it does). Every log row remembers the version it
was played under. The engines of the versions before today's are kept here as zip archives of the ``rules``
package of a commit that played them (made by ``python -m rules.archive.freeze``, never edited), loaded on demand
under their own package name, beside today's ``rules``. Only the replay part of the contract is asked of them:
``new_state``, ``load``, ``State.apply``, ``dump``, ``is_over`` and ``outcome``.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.core import Event, Game, State

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Release:
    """An archived engine: the release it comes from, its commit, and the rules version it holds of each game."""

    name: str
    commit: str
    versions: dict[str, int]

    @property
    def package(self) -> str:
        return "kontor_rules_" + self.name.replace("-", "_")


# Newest first. A game's version here is the one its logs from that release replay under (found by replaying the
# games in tests/fixtures/releases/ under every engine: the releases before versions were recorded); where two
# releases give a game the same version, the newer archive serves it, and today's engine serves its own version.
RELEASES = (
    Release("2026-11-24b", "6216df6", {"speicherstadt": 3, "colonia": 1, "strasbourg": 2, "nuernberg": 2}),
    Release("2026-11-24a", "2f9f1d1", {"speicherstadt": 2, "colonia": 1, "strasbourg": 1, "nuernberg": 1}),
    Release("2026-11-22", "3679da5", {"speicherstadt": 1, "colonia": 1, "strasbourg": 1, "nuernberg": 1}),
)


class UnknownVersion(LookupError):
    """No engine of this build plays that version of that game."""


def versions(name: str, current: int) -> list[int]:
    """Every rules version of game ``name`` this build can replay, newest first."""
    return sorted({current, *(r.versions[name] for r in RELEASES if name in r.versions)}, reverse=True)


def engine(game: Game, version: int) -> Game:
    """The engine that replays ``version`` of ``game`` (today's ``game`` itself for its own version)."""
    if version == game.rules_version:
        return game
    for release in RELEASES:
        if release.versions.get(game.name) == version:
            return _archived(release.name, game.name)
    raise UnknownVersion(f"{game.name} rules version {version}")


class Replay:
    """A game replayed from its seed, each action by the engine of the rules version it was played under. Where the
    version changes (the game went on after an upgrade) the state passes to the next engine through its snapshot,
    exactly as the table did when the new build loaded it. ``UnknownVersion`` for a version this build lacks."""

    def __init__(self, game: Game, players: int, seed: int, options: dict[str, str], version: int) -> None:
        self.game = game
        self.engine = engine(game, version)
        self.state: State[Any] = self.engine.new_state(players, seed, dict(options))

    def apply(self, seat: int, action: str, version: int) -> list[Event]:
        """Apply one logged action (``IllegalAction`` as the engine raises it); the step's events, as today's
        ``Event``s."""
        wanted = engine(self.game, version)
        if wanted is not self.engine:
            self.state, self.engine = wanted.load(self.state.dump()), wanted
        events = self.state.apply(seat, action)
        if self.engine is self.game:
            return events
        return [Event.from_dict(e.to_dict()) for e in events]  # an archive's events are its own classes

    def fork(self) -> Replay:
        """A replay that goes on from here on its own copy of the state."""
        other = object.__new__(Replay)
        other.game, other.engine, other.state = self.game, self.engine, self.state.clone()
        return other

    def today(self) -> State[Any]:
        """The state in today's engine (loaded from its snapshot when an archived engine replayed it): to play on, or
        to show with today's views and images."""
        return self.state if self.engine is self.game else self.game.load(self.state.dump())


@cache
def _archived(release_name: str, game_name: str) -> Game:
    release = next(r for r in RELEASES if r.name == release_name)
    archive = str(HERE / f"{release.name}.zip")
    if archive not in sys.path:
        sys.path.append(archive)  # its one package has a name of its own: nothing of today's rules is shadowed
    registry = importlib.import_module(release.package)
    found: Game = registry.GAMES[game_name]
    return found
