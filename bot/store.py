"""SQLite storage for tables: games, seats, the append-only action log, users, deadlines and abandon votes.

One ``aiosqlite`` connection (one worker thread) in WAL mode with ``synchronous=FULL``: a committed move is on
disk before anyone is told it was played (``PRAGMAS``). Every write runs inside
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

from bot.schema import MIGRATIONS, PRAGMAS  # MIGRATIONS is read from here (tests swap it for older builds)
from bot.store_users import UserRows
from bot.writer_lock import WriterLock

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


@dataclass(frozen=True)
class OrderRow:
    """A seat's standing order: the game's order id, its label, and the scope key it lapses after."""

    order_id: str
    label: str
    scope: str


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
    i, kind, version, seat, user, action, events, at, barrier, undone = row
    lines = _decoded(events, lambda v: isinstance(v, list) and all(isinstance(t, str) for t in v))
    if lines is _BAD:
        return LogRow(i, kind, version, seat, user, action, [], at, damaged=True, barrier=barrier,
                      undone=bool(undone))
    return LogRow(i, kind, version, seat, user, action, lines, at, barrier=barrier, undone=bool(undone))


def _read_only_uri(path: str) -> str:
    """SQLite refuses every write through this URI, even one a bug would attempt."""
    return f"{Path(path).resolve().as_uri()}?mode=ro"


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Store(UserRows):
    """The bot's one SQLite file. Open with ``await Store.open(path)``; always ``await store.close()``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None  # the task whose transaction is open, if any
        self._writer_lock: WriterLock | None = None  # held by a writing store until close (bot/writer_lock.py)
        # Whether the log has undo's columns (migration 9). Always, once migrated; a file read as it is (read_only)
        # or an older build's schema (the upgrade tests) may lack them, and reads without them.
        self._undo_columns = True

    # ---- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path, *, read_only: bool = False) -> Store:
        """Open (and migrate) the file as its one writer: ``StoreLocked`` if another process or store writes it.
        ``read_only``: a reader beside the writer (a verifier, a report): no lock, no migration, no writes."""
        path = str(path)
        if read_only:
            db = await aiosqlite.connect(_read_only_uri(path), uri=True, timeout=5.0)
            store = cls(db, path)
            try:
                await store._check_columns()
            except BaseException:
                await db.close()
                raise
            return store
        lock = WriterLock(path)  # before the first write (the migrations): the caches trust one writer
        try:
            store = await cls._open_writer(path)
        except BaseException:
            lock.release()
            raise
        store._writer_lock = lock
        return store

    @classmethod
    async def _open_writer(cls, path: str) -> Store:
        # sqlite3 begins a transaction (BEGIN IMMEDIATE) before the first INSERT/UPDATE/DELETE on its own;
        # writes happen only in transaction() (``_write`` checks), which commits or rolls back.
        db = await aiosqlite.connect(path, timeout=5.0, isolation_level="IMMEDIATE")
        try:
            # execute_fetchall closes each cursor: a PRAGMA cursor left open keeps a statement
            # "in progress" and makes the first migration's COMMIT fail.
            for pragma in PRAGMAS:
                await db.execute_fetchall(f"PRAGMA {pragma}")
            store = cls(db, path)
            await store._migrate()
            await store._check_columns()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        try:
            async with self._lock:
                await self._db.close()
        finally:  # after the connection: nothing of ours writes the file any more
            if self._writer_lock is not None:
                self._writer_lock.release()

    async def schema_version(self) -> int:
        async with self._lock:
            return await self._user_version()

    async def _user_version(self) -> int:
        rows = await self._db.execute_fetchall("PRAGMA user_version")
        return int(next(iter(rows))[0])

    async def _check_columns(self) -> None:
        rows = await self._db.execute_fetchall("PRAGMA table_info(actions)")
        self._undo_columns = {"barrier", "undone"} <= {str(r[1]) for r in rows}

    def _log_columns(self) -> str:
        extra = "barrier, undone" if self._undo_columns else "'legacy', 0"
        return f"id, kind, version, seat, user_id, action, events, at, {extra}"

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

    async def open_games_of_guild(self, guild_id: int) -> list[GameRow]:
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status IN ('lobby', 'active') ORDER BY id",
            (guild_id,),
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
        action: str | None, events: list[str], now: float, barrier: str | None = None,
    ) -> None:
        """Log a row. ``barrier``: why undo cannot take this action back (``rules.core.Step.barrier``; None: it can)."""
        if not self._undo_columns:  # an older schema (see ``_undo_columns``)
            await self._write(
                "INSERT INTO actions(game_id, kind, version, seat, user_id, action, events, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, version, seat, user_id, action, json.dumps(events), now),
            )
            return
        await self._write(
            "INSERT INTO actions(game_id, kind, version, seat, user_id, action, events, at, barrier)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, version, seat, user_id, action, json.dumps(events), now, barrier),
        )

    async def log(self, game_id: int) -> list[LogRow]:
        rows = await self._fetchall(
            f"SELECT {self._log_columns()} FROM actions WHERE game_id = ? ORDER BY id", (game_id,)
        )
        return [_log_row(r) for r in rows]

    async def recent_log(self, game_id: int, limit: int) -> list[LogRow]:
        """The latest ``limit`` moves of the log that replay applies (no notes, nothing undone), oldest first."""
        undone = " AND undone = 0" if self._undo_columns else ""
        rows = await self._fetchall(
            f"SELECT {self._log_columns()} FROM actions WHERE game_id = ? AND kind != 'note'{undone}"
            " ORDER BY id DESC LIMIT ?",
            (game_id, limit),
        )
        return [_log_row(r) for r in reversed(rows)]

    async def mark_undone(self, game_id: int, ids: Iterable[int]) -> None:
        """Mark log rows as taken back by an undo (they stay in the log)."""
        for action_id in ids:
            await self._write("UPDATE actions SET undone = 1 WHERE game_id = ? AND id = ?", (game_id, action_id))

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
            " AND d.game_id NOT IN (SELECT game_id FROM pauses)"
            " AND (d.remind_at <= ? OR d.due_at <= ?) ORDER BY MIN(COALESCE(d.remind_at, d.due_at),"
            " COALESCE(d.due_at, d.remind_at)), d.game_id, d.seat",
            (now, now),
        )
        return [DeadlineRow(*r) for r in rows]

    async def next_deadline(self) -> float | None:
        """The earliest pending reminder or due time of a table whose clocks run (lets a scheduler sleep until then)."""
        row = await self._fetchone(
            "SELECT MIN(t) FROM (SELECT remind_at AS t, d.game_id FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE g.status = 'active' AND remind_at IS NOT NULL UNION ALL SELECT due_at, d.game_id FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE g.status = 'active' AND due_at IS NOT NULL)"
            " WHERE game_id NOT IN (SELECT game_id FROM pauses)"
        )
        return None if row is None or row[0] is None else float(row[0])

    async def games_without_clocks(self) -> list[tuple[int, int]]:
        """(game id, channel) of the running games with no clock: no human is awaited there, so only bots are (a
        bot chain a crash, a shutdown or a failed write cut short). ``status IN (…)`` lets SQLite use the partial
        index of open games instead of scanning every finished one."""
        rows = await self._fetchall(
            "SELECT g.id, g.channel_id FROM games g WHERE g.status IN ('lobby', 'active') AND g.status = 'active'"
            " AND NOT EXISTS (SELECT 1 FROM deadlines d WHERE d.game_id = g.id)"
            " AND g.id NOT IN (SELECT game_id FROM pauses)"
        )
        return [(int(gid), int(channel)) for gid, channel in rows]

    async def shift_clocks(self, since: float, now: float, game_id: int | None = None) -> None:
        """Give the running clocks back the time from ``since`` to ``now`` (a pause, or the service being down): each
        reminder and deadline moves by the part of that time its wait has lived through. ``game_id`` None: every
        running table whose clocks are not paused (a paused one gets its time back when it resumes)."""
        where = "game_id = ?" if game_id is not None else (
            "game_id IN (SELECT id FROM games WHERE status = 'active') AND game_id NOT IN (SELECT game_id FROM pauses)")
        params = (game_id,) if game_id is not None else ()
        await self._write(
            "UPDATE deadlines SET remind_at = remind_at + MAX(0, ? - MAX(since, ?)),"
            f" due_at = due_at + MAX(0, ? - MAX(since, ?)) WHERE {where}",
            (now, since, now, since, *params),
        )
        # The others' time to answer about a spent bank stands still with the clocks too.
        await self._write(f"UPDATE timeouts SET decide_at = decide_at + MAX(0, ? - MAX(asked_at, ?)) WHERE {where}",
                          (now, since, *params))

    async def rearm_reminders(self, game_id: int, now: float, grace_s: float) -> None:
        """After a pause because posts failed, a reminder may never have been seen: send each awaited seat one now,
        and keep its deadline at least ``grace_s`` after it."""
        await self._write(
            "UPDATE deadlines SET remind_at = ?, due_at = MAX(due_at, ?) WHERE game_id = ? AND due_at IS NOT NULL",
            (now, now + grace_s, game_id),
        )

    async def remind_late(self, game_id: int, seat: int, due_at: float) -> None:
        """The reminder goes out now, late: clear it and move the deadline to ``due_at``."""
        await self._write("UPDATE deadlines SET remind_at = NULL, due_at = ? WHERE game_id = ? AND seat = ?",
                          (due_at, game_id, seat))

    # ---- time banks, away periods, the caretaker vote (Kontor's migration 10) -------------------------------
    async def banks(self, game_id: int) -> dict[int, float]:
        """seat -> its stored bank in seconds (a seat without a row has a full bank)."""
        rows = await self._fetchall("SELECT seat, left_s FROM banks WHERE game_id = ?", (game_id,))
        return {int(s): float(v) for s, v in rows}

    async def put_bank(self, game_id: int, seat: int, left_s: float, refill_s: float = 0.0) -> None:
        """Store a seat's bank; ``refill_s``: what a finished turn just added to it (an undo takes it back)."""
        await self._write(
            "INSERT INTO banks(game_id, seat, left_s, refill_s) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET left_s = excluded.left_s, refill_s = excluded.refill_s",
            (game_id, seat, left_s, refill_s))

    async def take_back_refill(self, game_id: int, seat: int) -> None:
        """The seat's last finished turn was taken back: so is the refill it brought."""
        await self._write("UPDATE banks SET left_s = max(0, left_s - refill_s), refill_s = 0"
                          " WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def clock_rows(self, game_id: int) -> dict[int, tuple[float | None, float | None]]:
        """seat -> (remind_at, due_at) of the game's running waits."""
        rows = await self._fetchall("SELECT seat, remind_at, due_at FROM deadlines WHERE game_id = ?", (game_id,))
        return {int(s): (r, d) for s, r, d in rows}

    async def set_clock(self, game_id: int, seat: int, *, since: float, remind_at: float | None,
                        due_at: float | None, since_version: int | None = None) -> None:
        """Start (or re-time) one seat's wait; ``since_version`` None keeps the one it has."""
        await self._write(
            "INSERT INTO deadlines(game_id, seat, since, remind_at, due_at, since_version) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET since = excluded.since, remind_at = excluded.remind_at,"
            " due_at = excluded.due_at, since_version = COALESCE(excluded.since_version, deadlines.since_version),"
            " banked = 1",
            (game_id, seat, since, remind_at, due_at, since_version))

    async def unbanked_waits(self) -> list[tuple[int, int, float, float | None]]:
        """(game id, seat, since, due_at) of the waits that ran when the banks came (migration 10)."""
        rows = await self._fetchall(
            "SELECT d.game_id, d.seat, d.since, d.due_at FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE d.banked = 0 AND g.status = 'active'")
        return [(int(g), int(s), float(since), due) for g, s, since, due in rows]

    async def mark_banked(self) -> None:
        await self._write("UPDATE deadlines SET banked = 1 WHERE banked = 0")

    async def aways(self) -> dict[tuple[int, int], tuple[float, float]]:
        """(game id, user id) -> (since, until) of every away period running in an active game."""
        rows = await self._fetchall(
            "SELECT a.game_id, a.user_id, a.since, a.until FROM aways a JOIN games g ON g.id = a.game_id"
            " WHERE a.since IS NOT NULL AND g.status = 'active'")
        return {(int(g), int(u)): (float(s), float(t)) for g, u, s, t in rows}

    async def away_used(self, game_id: int, user_id: int) -> float:
        """Seconds of away ``user_id`` used in the game before their current period (if any)."""
        row = await self._fetchone("SELECT used_s FROM aways WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return 0.0 if row is None else float(row[0])

    async def start_away(self, game_id: int, user_id: int, since: float, until: float) -> None:
        await self._write(
            "INSERT INTO aways(game_id, user_id, since, until) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(game_id, user_id) DO UPDATE SET since = excluded.since, until = excluded.until",
            (game_id, user_id, since, until))

    async def end_away(self, game_id: int, user_id: int, now: float) -> None:
        """End the current period, counting the time it ran (to ``until`` at most) as used."""
        await self._write(
            "UPDATE aways SET used_s = used_s + MAX(0, MIN(?, until) - since), since = NULL, until = NULL"
            " WHERE game_id = ? AND user_id = ? AND since IS NOT NULL", (now, game_id, user_id))

    async def timeouts(self, game_id: int | None = None) -> list[tuple[int, int, float, float]]:
        """(game id, seat, asked at, decide at) of the open questions about spent banks (one game's, or all of the
        active games')."""
        where = "t.game_id = ?" if game_id is not None else "g.status = 'active'"
        rows = await self._fetchall(
            "SELECT t.game_id, t.seat, t.asked_at, t.decide_at FROM timeouts t JOIN games g ON g.id = t.game_id"
            f" WHERE {where} ORDER BY t.decide_at", () if game_id is None else (game_id,))
        return [(int(g), int(s), float(a), float(d)) for g, s, a, d in rows]

    async def ask_timeout(self, game_id: int, seat: int, asked_at: float, decide_at: float) -> None:
        await self._write(
            "INSERT INTO timeouts(game_id, seat, asked_at, decide_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET asked_at = excluded.asked_at, decide_at = excluded.decide_at",
            (game_id, seat, asked_at, decide_at))
        await self._write("DELETE FROM timeout_votes WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def close_timeout(self, game_id: int, seat: int | None = None) -> None:
        """Close the question about ``seat``'s bank (every question of the game: None), with its votes."""
        for table in ("timeouts", "timeout_votes"):
            if seat is None:
                await self._write(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            else:
                await self._write(f"DELETE FROM {table} WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def put_timeout_vote(self, game_id: int, seat: int, user_id: int, choice: str, now: float) -> None:
        await self._write(
            "INSERT INTO timeout_votes(game_id, seat, user_id, choice, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat, user_id) DO UPDATE SET choice = excluded.choice, at = excluded.at",
            (game_id, seat, user_id, choice, now))

    async def timeout_votes(self, game_id: int, seat: int) -> dict[int, str]:
        rows = await self._fetchall("SELECT user_id, choice FROM timeout_votes WHERE game_id = ? AND seat = ?",
                                    (game_id, seat))
        return {int(u): str(c) for u, c in rows}

    async def caretaker_seats(self) -> dict[int, dict[int, int]]:
        """game id -> seat -> its player, of the seats given to the caretaker in active games."""
        rows = await self._fetchall(
            "SELECT c.game_id, c.seat, c.user_id FROM caretaker_seats c JOIN games g ON g.id = c.game_id"
            " WHERE g.status = 'active'")
        out: dict[int, dict[int, int]] = {}
        for g, s, u in rows:
            out.setdefault(int(g), {})[int(s)] = int(u)
        return out

    async def give_caretaker(self, game_id: int, seat: int, user_id: int, now: float) -> None:
        await self._write("INSERT OR REPLACE INTO caretaker_seats(game_id, seat, user_id, since) VALUES (?, ?, ?, ?)",
                          (game_id, seat, user_id, now))

    async def take_back(self, game_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write("DELETE FROM caretaker_seats WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM caretaker_seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def next_timebank_event(self) -> float | None:
        """The earliest decision time of an open question or end of an away period (active, unpaused games)."""
        row = await self._fetchone(
            "SELECT MIN(t) FROM (SELECT decide_at AS t, game_id FROM timeouts UNION ALL"
            " SELECT until, game_id FROM aways WHERE since IS NOT NULL) x JOIN games g ON g.id = x.game_id"
            " WHERE g.status = 'active' AND x.game_id NOT IN (SELECT game_id FROM pauses)")
        return None if row is None or row[0] is None else float(row[0])

    # ---- players who left the server, and the votes on their seats ---------------------------
    async def departures(self) -> dict[int, set[int]]:
        """game id -> user ids of seated players who left the server (open games only)."""
        rows = await self._fetchall(
            "SELECT d.game_id, d.user_id FROM departures d JOIN games g ON g.id = d.game_id"
            " WHERE g.status IN ('lobby', 'active')"
        )
        out: dict[int, set[int]] = {}
        for game_id, user_id in rows:
            out.setdefault(int(game_id), set()).add(int(user_id))
        return out

    async def add_departure(self, game_id: int, user_id: int, now: float) -> bool:
        cur = await self._write(
            "INSERT OR IGNORE INTO departures(game_id, user_id, at) VALUES (?, ?, ?)", (game_id, user_id, now)
        )
        return cur.rowcount == 1

    async def put_seat_vote(self, game_id: int, seat: int, user_id: int, choice: str, now: float) -> None:
        """A player's vote on a departed player's seat (a second vote replaces the first)."""
        await self._write(
            "INSERT INTO seat_votes(game_id, seat, user_id, choice, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat, user_id) DO UPDATE SET choice = excluded.choice, at = excluded.at",
            (game_id, seat, user_id, choice, now),
        )

    async def seat_votes(self, game_id: int, seat: int) -> dict[int, str]:
        rows = await self._fetchall("SELECT user_id, choice FROM seat_votes WHERE game_id = ? AND seat = ?",
                                    (game_id, seat))
        return {int(u): str(c) for u, c in rows}

    async def drop_seat_votes(self, game_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write("DELETE FROM seat_votes WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM seat_votes WHERE game_id = ? AND seat = ?", (game_id, seat))

    # ---- standing orders (migration 7) ---------------------------------------------------------------
    async def standing_orders(self) -> dict[int, dict[int, OrderRow]]:
        """game id -> seat -> its standing order, for every running game."""
        rows = await self._fetchall(
            "SELECT o.game_id, o.seat, o.order_id, o.label, o.scope FROM standing_orders o"
            " JOIN games g ON g.id = o.game_id WHERE g.status = 'active'"
        )
        out: dict[int, dict[int, OrderRow]] = {}
        for game_id, seat, order_id, label, scope in rows:
            out.setdefault(int(game_id), {})[int(seat)] = OrderRow(str(order_id), str(label), str(scope))
        return out

    async def put_order(self, game_id: int, seat: int, order: OrderRow, now: float) -> None:
        """Give ``seat`` a standing order (it replaces the one it had)."""
        await self._write(
            "INSERT INTO standing_orders(game_id, seat, order_id, label, scope, at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET order_id = excluded.order_id, label = excluded.label,"
            " scope = excluded.scope, at = excluded.at",
            (game_id, seat, order.order_id, order.label, order.scope, now),
        )

    async def drop_orders(self, game_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write("DELETE FROM standing_orders WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM standing_orders WHERE game_id = ? AND seat = ?", (game_id, seat))

    # ---- pauses and the service's own facts -----------------------------------------------------
    async def pauses(self) -> dict[int, tuple[float, str]]:
        """game id -> (paused since, reason) of every table whose clocks are paused."""
        rows = await self._fetchall("SELECT game_id, since, reason FROM pauses")
        return {int(g): (float(s), str(r)) for g, s, r in rows}

    async def set_pause(self, game_id: int, since: float, reason: str) -> None:
        """Pause a table's clocks (a second pause keeps the first one's start and takes the new reason)."""
        await self._write(
            "INSERT INTO pauses(game_id, since, reason) VALUES (?, ?, ?)"
            " ON CONFLICT(game_id) DO UPDATE SET reason = excluded.reason",
            (game_id, since, reason),
        )

    async def drop_pause(self, game_id: int) -> None:
        await self._write("DELETE FROM pauses WHERE game_id = ?", (game_id,))

    async def move_game(self, game_id: int, channel_id: int, guild_id: int | None) -> None:
        """Move an open game to another channel (its own was deleted); StoreError if that channel has an open game."""
        try:
            await self._write("UPDATE games SET channel_id = ?, guild_id = ? WHERE id = ?",
                              (channel_id, guild_id, game_id))
        except sqlite3.IntegrityError as exc:
            raise StoreError("That channel already has an open game.") from exc

    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

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

    async def defer_reminder(self, game_id: int, seat: int, at: float) -> None:
        """The reminder waits until ``at`` (the end of the player's quiet hours); the deadline stays."""
        await self._write("UPDATE deadlines SET remind_at = ? WHERE game_id = ? AND seat = ?", (at, game_id, seat))

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
