"""SQLite storage for tables: games, seats, the append-only action log, users, deadlines and abandon votes.

One ``aiosqlite`` connection (one worker thread) in WAL mode. Every write runs inside
``async with store.transaction()``: an ``asyncio.Lock`` plus ``BEGIN IMMEDIATE``, because on a
shared connection one task's ``COMMIT`` would otherwise commit another task's half-done work.
``sqlite3`` sends that ``BEGIN IMMEDIATE`` itself, with the transaction's first write (its transaction
control with ``isolation_level="IMMEDIATE"``): one round trip to the worker thread fewer per transaction.
Reads take the same lock so they never observe another task's open transaction.
The schema grows by appending to ``MIGRATIONS`` (``PRAGMA user_version`` counts the applied ones).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

WAL_AUTOCHECKPOINT_PAGES = 10_000

# Index i upgrades user_version i -> i+1. Append only: never edit a shipped entry.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games(
        id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        settings TEXT NOT NULL DEFAULT '{}',
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        seed INTEGER,
        creator_id INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        snapshot TEXT,
        outcome TEXT,
        live_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        ended_at REAL
    ) STRICT;
    CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games(channel_id, id);
    CREATE TABLE seats(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE UNIQUE INDEX seats_one_per_user ON seats(game_id, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_by_user ON seats(user_id);
    CREATE TABLE actions(
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('player', 'bot', 'caretaker', 'note')),
        version INTEGER NOT NULL,
        seat INTEGER,
        user_id INTEGER,
        action TEXT,
        events TEXT NOT NULL DEFAULT '[]',
        at REAL NOT NULL
    ) STRICT;
    CREATE INDEX actions_by_game ON actions(game_id, id);
    CREATE TABLE users(
        user_id INTEGER PRIMARY KEY,
        dm_ok INTEGER NOT NULL DEFAULT 1,
        dm_failed_at REAL
    ) STRICT;
    CREATE TABLE deadlines(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        since REAL NOT NULL,
        remind_at REAL,
        due_at REAL,
        PRIMARY KEY (game_id, seat)
    ) STRICT;
    CREATE INDEX deadlines_remind ON deadlines(remind_at) WHERE remind_at IS NOT NULL;
    CREATE INDEX deadlines_due ON deadlines(due_at) WHERE due_at IS NOT NULL;
    """,
    # 2: votes to abandon a game, so a restart does not start a vote over (cleared when the game ends)
    """
    CREATE TABLE abandon_votes(
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, user_id)
    ) STRICT;
    """,
    # 3: the board version at which each awaited seat's current wait began (its clock's start as a version),
    # so a choice made on an older board of the same wait (a simultaneous step) can be told from a stale one
    """
    ALTER TABLE deadlines ADD COLUMN since_version INTEGER;
    """,
]

OPEN_STATUSES = ("lobby", "active")

# aiosqlite logs every statement with its parameters at DEBUG: seeds and whole snapshots (deck orders).
# Keep that out of the logs even when the bot runs with --log-level DEBUG.
logging.getLogger("aiosqlite").setLevel(logging.INFO)


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

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class LogRow:
    id: int
    kind: str  # 'player' | 'bot' | 'caretaker' | 'note'
    version: int
    seat: int | None
    user_id: int | None
    action: str | None
    events: list[str]
    at: float
    damaged: bool = False  # its events were not a JSON list of lines (they read as [])


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
    i, kind, version, seat, user, action, events, at = row
    lines = _decoded(events, lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v))
    if lines is _BAD:
        return LogRow(i, kind, version, seat, user, action, [], at, damaged=True)
    return LogRow(i, kind, version, seat, user, action, lines, at)


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Store:
    """The bot's one SQLite file. Open with ``await Store.open(path)``; always ``await store.close()``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None  # the task whose transaction is open, if any

    # ---- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path) -> Store:
        path = str(path)
        # sqlite3 begins a transaction (BEGIN IMMEDIATE) before the first INSERT/UPDATE/DELETE on its own;
        # writes happen only in transaction() (``_write`` checks), which commits or rolls back.
        db = await aiosqlite.connect(path, timeout=5.0, isolation_level="IMMEDIATE")
        try:
            # execute_fetchall closes each cursor: a PRAGMA cursor left open keeps a statement
            # "in progress" and makes the first migration's COMMIT fail.
            await db.execute_fetchall("PRAGMA journal_mode=WAL")
            await db.execute_fetchall("PRAGMA synchronous=NORMAL")
            await db.execute_fetchall("PRAGMA foreign_keys=ON")
            await db.execute_fetchall("PRAGMA busy_timeout=5000")
            # A move writes about 6 pages: at SQLite's default (a checkpoint every 1,000 pages) every 150th move
            # paid a checkpoint (~5 ms, it syncs the database file). Every 10,000 pages (a WAL of up to ~40 MB)
            # keeps that cost out of the p99; durability is the same.
            await db.execute_fetchall(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
            store = cls(db, path)
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    async def _user_version(self) -> int:
        rows = await self._db.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0])

    async def _migrate(self) -> None:
        async with self._lock:
            current = await self._user_version()
            if current > len(MIGRATIONS):
                raise StoreError(f"{self.path} has schema {current}, newer than this build ({len(MIGRATIONS)}).")
            for target in range(current + 1, len(MIGRATIONS) + 1):
                try:
                    await self._db.executescript(
                        f"BEGIN IMMEDIATE;\n{MIGRATIONS[target - 1]}\nPRAGMA user_version={target};\nCOMMIT;"
                    )
                except sqlite3.Error:
                    if self._db.in_transaction:
                        await self._db.execute("ROLLBACK")
                    raise

    # ---- transactions ---------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Store]:
        """Serialised read-modify-write: ``async with store.transaction() as tx: await tx.…``.

        The transaction (``BEGIN IMMEDIATE``) starts with its first write; reads before it run under the same
        lock, and this process is the file's only writer, so nothing can change in between."""
        async with self._lock:
            self._tx_task = asyncio.current_task()
            try:
                yield self
                await self._db.commit()
            except BaseException:
                if self._db.in_transaction:  # a failed write or COMMIT: leave nothing half-done
                    await self._db.rollback()
                raise
            finally:
                self._tx_task = None

    def _in_my_tx(self) -> bool:
        """True inside a transaction opened by the current task (other tasks must wait for the lock)."""
        return self._tx_task is not None and self._tx_task is asyncio.current_task()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[None]:
        if self._in_my_tx():  # this task's own open transaction: the lock is already held by it
            yield
            return
        async with self._lock:
            yield

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        async with self._read():
            return list(await self._db.execute_fetchall(sql, tuple(params)))

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any:
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    async def _write(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Cursor:
        if not self._in_my_tx():
            raise RuntimeError("writes must run inside store.transaction()")
        return await self._db.execute(sql, tuple(params))

    # ---- games ----------------------------------------------------------------------------
    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or active game of a channel, if any."""
        row = await self._fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return _game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The open game of a channel, else its most recent finished or abandoned one."""
        row = await self._fetchone(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ?"
            " ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return _game(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._fetchone(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def history(self, channel_id: int) -> list[GameRow]:
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id", (channel_id,)
        )
        return [_game(r) for r in rows]

    async def games_of_user(self, user_id: int, statuses: Iterable[str] = OPEN_STATUSES) -> list[GameRow]:
        wanted = tuple(statuses)
        marks = ",".join("?" * len(wanted))
        rows = await self._fetchall(
            f"SELECT {', '.join('g.' + c.strip() for c in _GAME_COLUMNS.split(','))} FROM games g"
            f" JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND g.status IN ({marks}) ORDER BY g.id",
            (user_id, *wanted),
        )
        return [_game(r) for r in rows]

    async def insert_game(
        self, *, channel_id: int, guild_id: int | None, game: str, options: dict[str, str],
        settings: dict[str, Any], creator_id: int, now: float,
    ) -> int:
        try:
            cur = await self._write(
                "INSERT INTO games(channel_id, guild_id, game, options, settings, status, creator_id, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?)",
                (channel_id, guild_id, game, _dumps(options), _dumps(settings), creator_id, now, now),
            )
        except sqlite3.IntegrityError as exc:
            raise StoreError("This channel already has an open game.") from exc
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

    async def bump(self, game_id: int, expected_version: int, now: float, **fields: Any) -> int:
        """Set ``fields`` and ``version + 1`` only if the version is still ``expected_version``."""
        allowed = {"status", "seed", "snapshot", "outcome", "settings", "creator_id", "live_message_id", "ended_at"}
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"unknown game fields: {sorted(unknown)}")
        sets = ["version = version + 1", "updated_at = ?"]
        params: list[Any] = [now]
        for key, value in fields.items():
            if key in ("outcome", "settings") and value is not None:
                value = _dumps(value)
            sets.append(f"{key} = ?")
            params.append(value)
        cur = await self._write(
            f"UPDATE games SET {', '.join(sets)} WHERE id = ? AND version = ?", (*params, game_id, expected_version)
        )
        if cur.rowcount != 1:
            raise StoreError("The game changed meanwhile.")
        return expected_version + 1

    async def set_settings(self, game_id: int, settings: dict[str, Any], now: float) -> None:
        """Table settings are not a game change: no version bump."""
        await self._write(
            "UPDATE games SET settings = ?, updated_at = ? WHERE id = ?", (_dumps(settings), now, game_id)
        )

    async def set_live_message(self, game_id: int, message_id: int | None) -> None:
        """Not a game change: no version bump (buttons on the board stay valid)."""
        await self._write("UPDATE games SET live_message_id = ? WHERE id = ?", (message_id, game_id))

    # ---- seats ----------------------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetchall("SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(*r) for r in rows]

    async def set_seats(self, game_id: int, seats: Iterable[SeatRow]) -> None:
        """Replace the whole seating (lobby changes, seat shuffle at start, replacements)."""
        await self._write("DELETE FROM seats WHERE game_id = ?", (game_id,))
        for s in seats:
            await self._write(
                "INSERT INTO seats(game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                (game_id, s.seat, s.user_id, s.name),
            )

    # ---- the action log -------------------------------------------------------------------
    async def append(
        self, game_id: int, *, kind: str, version: int, seat: int | None, user_id: int | None,
        action: str | None, events: list[str], now: float,
    ) -> None:
        await self._write(
            "INSERT INTO actions(game_id, kind, version, seat, user_id, action, events, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, version, seat, user_id, action, json.dumps(events), now),
        )

    async def log(self, game_id: int) -> list[LogRow]:
        rows = await self._fetchall(
            "SELECT id, kind, version, seat, user_id, action, events, at FROM actions WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [_log_row(r) for r in rows]

    # ---- users ----------------------------------------------------------------------------
    async def set_dm(self, user_id: int, ok: bool, now: float) -> None:
        await self._write(
            "INSERT INTO users(user_id, dm_ok, dm_failed_at) VALUES (?, ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET dm_ok = excluded.dm_ok,"
            " dm_failed_at = COALESCE(excluded.dm_failed_at, users.dm_failed_at)",
            (user_id, int(ok), None if ok else now),
        )

    async def dm_status(self, user_id: int) -> tuple[bool, float | None]:
        row = await self._fetchone("SELECT dm_ok, dm_failed_at FROM users WHERE user_id = ?", (user_id,))
        return (True, None) if row is None else (bool(row[0]), row[1])

    # ---- deadlines ------------------------------------------------------------------------
    async def deadlines(self, game_id: int) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT d.game_id, g.channel_id, d.seat, d.since, d.remind_at, d.due_at FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE d.game_id = ? ORDER BY d.seat",
            (game_id,),
        )
        return [DeadlineRow(*r) for r in rows]

    async def due_deadlines(self, now: float) -> list[DeadlineRow]:
        """Deadlines whose reminder or due time has come, in active games, oldest first."""
        rows = await self._fetchall(
            "SELECT d.game_id, g.channel_id, d.seat, d.since, d.remind_at, d.due_at FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE g.status = 'active'"
            " AND (d.remind_at <= ? OR d.due_at <= ?) ORDER BY MIN(COALESCE(d.remind_at, d.due_at),"
            " COALESCE(d.due_at, d.remind_at)), d.game_id, d.seat",
            (now, now),
        )
        return [DeadlineRow(*r) for r in rows]

    async def next_deadline(self) -> float | None:
        """The earliest pending reminder or due time (lets a scheduler sleep until then)."""
        row = await self._fetchone(
            "SELECT MIN(t) FROM (SELECT remind_at AS t FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.status = 'active' AND remind_at IS NOT NULL UNION ALL SELECT due_at FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE g.status = 'active' AND due_at IS NOT NULL)"
        )
        return None if row is None or row[0] is None else float(row[0])

    async def put_deadline(
        self, game_id: int, seat: int, *, since: float, remind_at: float | None, due_at: float | None
    ) -> None:
        await self._write(
            "INSERT INTO deadlines(game_id, seat, since, remind_at, due_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET since = excluded.since, remind_at = excluded.remind_at,"
            " due_at = excluded.due_at",
            (game_id, seat, since, remind_at, due_at),
        )

    async def start_clocks(
        self, game_id: int, seats: Iterable[int], *, restart: int | None, since: float, remind_at: float | None,
        due_at: float | None, since_version: int | None = None,
    ) -> None:
        """One statement: a deadline for each of ``seats`` that has none; ``restart``'s is set anew if it has one.
        ``since_version`` is the board version the new (or restarted) waits begin at."""
        wanted = tuple(seats)
        if not wanted:
            return
        values = ", ".join("(?, ?, ?, ?, ?, ?)" for _ in wanted)
        params = [p for seat in wanted for p in (game_id, seat, since, remind_at, due_at, since_version)]
        await self._write(
            f"INSERT INTO deadlines(game_id, seat, since, remind_at, due_at, since_version) VALUES {values}"
            " ON CONFLICT(game_id, seat) DO UPDATE SET since = excluded.since, remind_at = excluded.remind_at,"
            " due_at = excluded.due_at, since_version = excluded.since_version WHERE excluded.seat = ?",
            (*params, restart),
        )

    async def awaited_since(self, game_id: int, seat: int) -> int | None:
        """The board version at which ``seat``'s current wait began (None: not awaited, or not recorded)."""
        row = await self._fetchone("SELECT since_version FROM deadlines WHERE game_id = ? AND seat = ?",
                                   (game_id, seat))
        return None if row is None else row[0]

    async def clear_reminder(self, game_id: int, seat: int) -> None:
        await self._write("UPDATE deadlines SET remind_at = NULL WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def clear_due(self, game_id: int, seat: int) -> None:
        await self._write(
            "UPDATE deadlines SET remind_at = NULL, due_at = NULL WHERE game_id = ? AND seat = ?", (game_id, seat)
        )

    async def drop_deadlines(self, game_id: int, keep: Iterable[int] = ()) -> None:
        """Remove the deadlines of every seat of the game not in ``keep``."""
        kept = tuple(keep)
        marks = ",".join("?" * len(kept))
        where = f" AND seat NOT IN ({marks})" if kept else ""
        await self._write(f"DELETE FROM deadlines WHERE game_id = ?{where}", (game_id, *kept))


    # ---- abandon votes --------------------------------------------------------------------
    async def add_abandon_vote(self, game_id: int, user_id: int, now: float) -> bool:
        """Record a vote; False if this user had already voted in this game."""
        cur = await self._write(
            "INSERT OR IGNORE INTO abandon_votes(game_id, user_id, at) VALUES (?, ?, ?)", (game_id, user_id, now)
        )
        return cur.rowcount == 1

    async def abandon_votes(self, game_id: int) -> list[int]:
        """User ids who voted to abandon the game, oldest vote first."""
        rows = await self._fetchall(
            "SELECT user_id FROM abandon_votes WHERE game_id = ? ORDER BY at, user_id", (game_id,)
        )
        return [int(r[0]) for r in rows]

    async def drop_abandon_votes(self, game_id: int, user_id: int | None = None) -> None:
        """Forget every vote of the game (it ended), or one user's (they gave up their seat)."""
        if user_id is None:
            await self._write("DELETE FROM abandon_votes WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM abandon_votes WHERE game_id = ? AND user_id = ?", (game_id, user_id))

    # ---- start-up checks (bot/health.py) --------------------------------------------------
    async def open_games(self) -> list[GameRow]:
        """Every lobby and active game, oldest first."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'active') ORDER BY id"
        )
        return [_game(r) for r in rows]

    async def quick_check(self) -> list[str]:
        """SQLite's ``PRAGMA quick_check``: the problems it finds in the file's pages ([] = none)."""
        rows = await self._fetchall("PRAGMA quick_check")
        lines = [line for r in rows for line in str(r[0]).splitlines()]
        found = [line for line in lines if line and not line.startswith("*** in database")]  # "*** in database main"
        return [] if found == ["ok"] else found

    async def write_test(self) -> None:
        """Write to the file for real and roll it back: raises ``sqlite3.Error`` (e.g. "attempt to write a readonly
        database") when it cannot take writes. User id -1 is never a real one (ids are ≥ 0)."""
        async with self._lock:
            try:
                await self._db.execute_fetchall("INSERT OR IGNORE INTO users(user_id, dm_ok) VALUES (-1, 1)")
            finally:
                if self._db.in_transaction:
                    await self._db.rollback()
