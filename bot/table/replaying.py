"""Replaying a game's log under the rules each action was played under (``rules.archive.Replay``).

Every logged action carries the rules version it was played under (``LogRow.rules``). Rows of no known version
(logged before versions were recorded, and not dated by the start-up check) replay under today's rules, as they
did before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.table.store.rows import LogRow
from rules.archive import Replay, UnknownVersion, versions
from rules.core import Event, Game, State

__all__ = ["Replayed", "UnknownVersion", "applied", "date_log", "replay_on", "replay_rows", "start_replay"]


@dataclass
class Replayed:
    """The replay after the rows (``.replay.state``, in the engine of the last one's version), and the last step's
    events."""

    replay: Replay
    last_events: list[Event] = field(default_factory=list)

    @property
    def state(self) -> State[Any]:
        return self.replay.state


def applied(rows: Iterable[LogRow]) -> list[LogRow]:
    """The rows replay applies, in order: no notes, nothing an undo took back."""
    return [r for r in rows
            if r.kind != "note" and r.action is not None and r.seat is not None and not r.undone]


def replay_rows(game: Game, players: int, seed: int, options: Mapping[str, str], rows: Iterable[LogRow],
                on_step: Callable[[Replay, int, str], None] | None = None) -> Replayed:
    """Apply ``rows`` (already ``applied``) from the seed, each under its rules version. ``UnknownVersion`` when
    this build has no engine for one of them, ``IllegalAction`` when one does not replay."""
    rows = list(rows)
    return replay_on(start_replay(game, players, seed, options, rows), rows, on_step)


def start_replay(game: Game, players: int, seed: int, options: Mapping[str, str], rows: list[LogRow]) -> Replay:
    """The game as set up from its seed, in the engine its first row was played under, before any of ``rows``."""
    return Replay(game, players, seed, dict(options), _version(game, rows[0].rules if rows else None))


def replay_on(replay: Replay, rows: Iterable[LogRow],
              on_step: Callable[[Replay, int, str], None] | None = None) -> Replayed:
    """Apply ``rows`` (already ``applied``) to ``replay``, going on from where it is."""
    game = replay.game
    events: list[Event] = []
    for row in rows:
        assert row.seat is not None and row.action is not None
        events = replay.apply(row.seat, row.action, _version(game, row.rules))
        if on_step is not None:
            on_step(replay, row.seat, row.action)
    return Replayed(replay, events)


def _version(game: Game, rules: int | None) -> int:
    return game.rules_version if rules is None else rules


def date_log(game: Game, players: int, seed: int, options: Mapping[str, str], rows: list[LogRow],
             snapshot: str | None) -> int | None:
    """Which rules version replays the undated rows of a log (all played under one version) to the saved
    ``snapshot``: today's first, then older ones, newest first; None when none does."""
    for version in versions(game.name, game.rules_version):
        dated = [r if r.rules is not None else replace(r, rules=version) for r in rows]
        try:
            state = replay_rows(game, players, seed, options, dated).state
        except Exception:  # an archived engine meeting a log it never played: not this version
            continue
        if snapshot is None or state.dump() == snapshot:
            return version
    return None
