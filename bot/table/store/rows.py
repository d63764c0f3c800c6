"""The store's row types, their decoding (a damaged JSON column reads as empty and is named, never a crash), and
``Queries``, what the row mixins of ``Store`` use of it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

OPEN_STATUSES = ("lobby", "active")


class StoreError(Exception):
    """A storage-level refusal (e.g. a second open game in a channel, a lost version race)."""


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    options: dict[str, str]
    settings: dict[str, Any]
    status: str
    seed: int | None
    creator_id: int
    version: int
    snapshot: str | None
    outcome: dict[str, Any] | None
    live_message_id: int | None
    created_at: float
    updated_at: float
    ended_at: float | None
    #: which stored parts failed to decode ("options", "settings", "outcome"), else None. Such a part reads as
    #: empty, so the row can still be listed and abandoned; the service refuses everything else on it.
    damaged: str | None = None

    @property
    def open(self) -> bool:
        return self.status in OPEN_STATUSES


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None  # None = a bot seat
    name: str
    level: str = "basic"  # a bot seat's level (bot/table/levels.py); human seats keep the default

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class LogRow:
    id: int
    kind: str  # 'player' | 'bot' | 'caretaker' | 'auto' | 'note'
    version: int
    seat: int | None
    user_id: int | None
    action: str | None
    events: list[str]
    at: float
    damaged: bool = False  # its events were not a JSON list of lines (they read as [])
    barrier: str | None = None  # why undo cannot take it back (None: it can; 'legacy': logged before migration 9)
    undone: bool = False  # an undo took it back: kept in the log, skipped by replay
    rules: int | None = None  # the rules version it was played under (None: a note, or not known yet)


@dataclass(frozen=True)
class OrderRow:
    """A seat's standing order: the game's order id, its label, the scope key it lapses after, and its kind (a seat
    holds one order per kind, ``Game.standing_kind``)."""

    order_id: str
    label: str
    scope: str
    kind: str = ""


@dataclass(frozen=True)
class DeadlineRow:
    game_id: int
    channel_id: int
    seat: int
    since: float
    remind_at: float | None
    due_at: float | None


_GAME_COLUMNS = (
    "id, channel_id, guild_id, game, options, settings, status, seed, creator_id, version, snapshot, outcome,"
    " live_message_id, created_at, updated_at, ended_at"
)


_BAD = object()  # a stored JSON value that failed to decode or has the wrong shape


def _decoded(text: str, shape: Callable[[Any], bool]) -> Any:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):  # ValueError includes JSONDecodeError and UnicodeDecodeError
        return _BAD
    return value if shape(value) else _BAD


def _str_map(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _game(row: Iterable[Any]) -> GameRow:
    """A games row. Never raises on damaged JSON: the damaged part reads as empty and ``damaged`` names it, so one
    bad row cannot break the reads that list it (the service refuses to play it)."""
    (gid, channel, guild, game, options, settings, status, seed, creator, version, snapshot, outcome, live,
     created, updated, ended) = row
    damaged = []
    opts = _decoded(options, _str_map)
    if opts is _BAD:
        damaged.append("options")
        opts = {}
    sets = _decoded(settings, lambda v: isinstance(v, dict))
    if sets is _BAD:
        damaged.append("settings")
        sets = {}
    result = _decoded(outcome, lambda v: isinstance(v, dict)) if outcome else None
    if result is _BAD:
        damaged.append("outcome")
        result = None
    return GameRow(gid, channel, guild, game, opts, sets, status, seed, creator, version, snapshot, result, live,
                   created, updated, ended, ", ".join(damaged) or None)


def _log_row(row: Iterable[Any]) -> LogRow:
    i, kind, version, seat, user, action, events, at, barrier, undone, rules = row
    lines = _decoded(events, lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v))
    if lines is _BAD:
        return LogRow(i, kind, version, seat, user, action, [], at, damaged=True, barrier=barrier,
                      undone=bool(undone), rules=rules)
    return LogRow(i, kind, version, seat, user, action, lines, at, barrier=barrier, undone=bool(undone), rules=rules)


def _read_only_uri(path: str) -> str:
    """SQLite refuses every write through this URI, even one a bug would attempt."""
    return f"{Path(path).resolve().as_uri()}?mode=ro"


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _one(game_id: int | None, alias: str) -> str:
    """The condition narrowing a whole-table read to one game (``_params`` gives its value)."""
    return "" if game_id is None else f" AND {alias}.game_id = ?"


def _params(game_id: int | None) -> tuple[int, ...]:
    return () if game_id is None else (game_id,)


class Written(Protocol):
    """What a write tells: how many rows it changed (an aiosqlite cursor; on PostgreSQL, the command's status)."""

    @property
    def rowcount(self) -> int: ...


class Queries:
    """What the row mixins of ``Store`` use of it (``Store`` implements them): reads under the store's lock, and
    writes that must run inside ``store.transaction()``. The SQL is written once for both engines, with ``?``
    placeholders (the PostgreSQL store numbers them); the one difference the queries spell per engine is the
    two-argument maximum and minimum, SQLite's ``MAX(a, b)``/``MIN(a, b)`` and PostgreSQL's ``GREATEST``/``LEAST``
    (``_MAX``/``_MIN``; both take NULL-free arguments wherever they are used, where the two agree)."""

    _MAX = "MAX"
    _MIN = "MIN"

    if TYPE_CHECKING:
        async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]: ...

        async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any: ...

        async def _write(self, sql: str, params: Iterable[Any] = ()) -> Written: ...

        async def _write_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None: ...
