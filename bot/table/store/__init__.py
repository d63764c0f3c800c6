"""SQLite storage for tables: games, seats and the append-only action log here; the clocks (``clocks.py``), the
table's people, votes and pauses (``table_rows.py``), the users' rows (``users.py``) and the club's results and
ratings (``club_rows.py``) in mixins; the row types in
``rows.py``.

One ``aiosqlite`` connection (one worker thread) in WAL mode with ``synchronous=FULL``: a committed move is on
disk before anyone is told it was played (``PRAGMAS``). Every write runs inside
``async with store.transaction()``: an ``asyncio.Lock`` plus ``BEGIN IMMEDIATE``, because on a
shared connection one task's ``COMMIT`` would otherwise commit another task's half-done work.
``sqlite3`` sends that ``BEGIN IMMEDIATE`` itself, with the transaction's first write (its transaction
control with ``isolation_level="IMMEDIATE"``): one round trip to the worker thread fewer per transaction.
Reads take the same lock so they never observe another task's open transaction.
The schema grows by appending to ``MIGRATIONS`` (``PRAGMA user_version`` counts the applied ones).

``Store.open(target)`` picks the engine: a ``postgresql://`` (or ``postgres://``) URL opens the PostgreSQL store
(``postgres.py``: the same queries and migrations, shared by several processes), anything else this SQLite file.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.table.store.clocks import ClockRows
from bot.table.store.club_reliability import ReliabilityRows
from bot.table.store.club_rows import ClubRows
from bot.table.store.club_seasons import SeasonRows
from bot.table.store.dburl import is_url
from bot.table.store.league_rows import LeagueRows
from bot.table.store.learn_rows import LearnRows
from bot.table.store.rows import (
    _GAME_COLUMNS,
    OPEN_STATUSES,
    DeadlineRow,
    GameRow,
    LogRow,
    OrderRow,
    SeatRow,
    StoreError,
    Written,
    _dumps,
    _game,
    _log_row,
    _read_only_uri,
)
from bot.table.store.schema import MIGRATIONS, PRAGMAS  # MIGRATIONS is read from here (tests swap it for older builds)
from bot.table.store.seek_rows import SeekRows
from bot.table.store.table_rows import TableRows
from bot.table.store.thread_rows import ThreadRows
from bot.table.store.tourney_rows import TourneyRows
from bot.table.store.users import NOTIFY_CHOICES, PendingNews, UserRows
from bot.table.store.web_rows import WebRows
from bot.table.store.writer_lock import WriterLock

__all__ = ["MIGRATIONS", "NOTIFY_CHOICES", "OPEN_STATUSES", "PRAGMAS", "DeadlineRow", "GameRow", "LogRow", "OrderRow",
           "PendingNews", "SeatRow", "Store", "StoreError"]

# aiosqlite logs every statement with its parameters at DEBUG: seeds and whole snapshots (deck orders).
# Keep that out of the logs even when the bot runs with --log-level DEBUG.
logging.getLogger("aiosqlite").setLevel(logging.INFO)


class Store(ClockRows, TableRows, UserRows, ClubRows, SeasonRows, ReliabilityRows, TourneyRows, SeekRows,
            LeagueRows, WebRows, ThreadRows, LearnRows):
    """The bot's one SQLite file. Open with ``await Store.open(path)``; always ``await store.close()``."""

    #: whether other processes may write the same database (PostgreSQL): the service then trusts no cached row
    shared = False
    #: the driver's errors for a violated constraint (a second open game in a channel)
    _CONFLICTS: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None  # the task whose transaction is open, if any
        # held by a writing store until close (bot/table/store/writer_lock.py)
        self._writer_lock: WriterLock | None = None
        # Whether the log has undo's columns (migration 9). Always, once migrated; a file read as it is (read_only)
        # or an older build's schema (the upgrade tests) may lack them, and reads without them.
        self._undo_columns = True
        self._level_column = True  # the same for the seats' bot level (migration 13)
        self._rules_column = True  # the same for the log's rules versions (migration 16)
        self._bumped: set[int] = set()  # the games whose version this store's open transaction moved
        self._commit_listeners: list[Callable[[frozenset[int]], None]] = []

    # ---- lifecycle ------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path, *, read_only: bool = False) -> Store:
        """Open (and migrate) the file as its one writer: ``StoreLocked`` if another process or store writes it.
        ``read_only``: a reader beside the writer (a verifier, a report): no lock, no migration, no writes.
        A ``postgresql://`` URL opens the PostgreSQL store instead (``bot/table/store/postgres.py``)."""
        if is_url(path):
            from bot.table.store.postgres import PgStore  # lazily: asyncpg only when it is used

            return await PgStore.connect(str(path), read_only=read_only)
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
        self._rules_column = "rules_version" in {str(r[1]) for r in rows}
        rows = await self._db.execute_fetchall("PRAGMA table_info(seats)")
        self._level_column = "level" in {str(r[1]) for r in rows}
        rows = await self._db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('results', 'club_servers')")
        self.club_tables = len(list(rows)) == 2  # migrations 18 and 20
        rows = await self._db.execute_fetchall("PRAGMA table_info(club_servers)")
        self._web_column = "web" in {str(r[1]) for r in rows}  # migration 23
        self.thread_tables = "threads" in {str(r[1]) for r in rows}  # migration 25
        self._card_column = "card" in {str(r[1]) for r in rows}  # migration 26
        rows = await self._db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('reliability', 'seek_tables')")
        names = {str(r[0]) for r in rows}
        self.reliability_table = "reliability" in names  # migration 24
        self.queue_tables = "seek_tables" in names  # migration 22
        rows = await self._db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'reviews'")
        self.learn_tables = bool(list(rows))  # migration 27

    def _log_columns(self) -> str:
        extra = "barrier, undone" if self._undo_columns else "'legacy', 0"
        rules = "rules_version" if self._rules_column else "NULL"
        return f"id, kind, version, seat, user_id, action, events, at, {extra}, {rules}"

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
                self._bumped.clear()
                if self._db.in_transaction:  # a failed write or COMMIT: leave nothing half-done
                    await self._db.rollback()
                raise
            finally:
                self._tx_task = None
            self._committed()

    @property
    def sole_writer(self) -> bool:
        """Whether this store is its database's one writer (SQLite's writer lock): then every change to it is one of
        its own commits, which ``on_commit`` reports."""
        return self._writer_lock is not None

    def on_commit(self, listener: Callable[[frozenset[int]], None]) -> Callable[[], None]:
        """Call ``listener(game ids)`` after each commit of this store that moved games' versions (synchronously:
        keep it short); returns what stops it. The web's open pages follow the games through it (docs/web.md)."""
        self._commit_listeners.append(listener)
        return lambda: self._commit_listeners.remove(listener) if listener in self._commit_listeners else None

    def _committed(self) -> None:
        bumped, self._bumped = frozenset(self._bumped), set()
        if bumped:
            for listener in list(self._commit_listeners):
                try:
                    listener(bumped)
                except Exception:  # a listener's failure is its own: the commit stands
                    logging.getLogger("bot.table.store").exception("a commit listener failed")

    async def change_counter(self) -> int | None:
        """SQLite's ``PRAGMA data_version``: it moves when another connection commits to the file (never with this
        connection's own commits). One cheap statement for every game at once; None where there is none."""
        row = await self._fetchone("PRAGMA data_version")
        return None if row is None else int(row[0])

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

    async def _write(self, sql: str, params: Iterable[Any] = ()) -> Written:
        if not self._in_my_tx():
            raise RuntimeError("writes must run inside store.transaction()")
        return await self._db.execute(sql, tuple(params))

    async def _write_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """One statement for many rows, in one call (a rebuild's thousands of rows)."""
        if not self._in_my_tx():
            raise RuntimeError("writes must run inside store.transaction()")
        await self._db.executemany(sql, [tuple(r) for r in rows])

    async def _insert_id(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run an INSERT (inside the transaction) and return the new row's id."""
        if not self._in_my_tx():
            raise RuntimeError("writes must run inside store.transaction()")
        cur = await self._db.execute(sql, tuple(params))
        assert cur.lastrowid is not None
        return int(cur.lastrowid)

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
            return await self._insert_id(
                "INSERT INTO games(channel_id, guild_id, game, options, settings, status, creator_id, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, 0, ?, ?)",
                (channel_id, guild_id, game, _dumps(options), _dumps(settings), creator_id, now, now),
            )
        except self._CONFLICTS as exc:
            raise StoreError("This channel already has an open game.") from exc

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
        self._bumped.add(game_id)
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
        level = "level" if self._level_column else "'basic'"
        rows = await self._fetchall(f"SELECT seat, user_id, name, {level} FROM seats WHERE game_id = ? ORDER BY seat",
                                    (game_id,))
        return [SeatRow(*r) for r in rows]

    async def set_seats(self, game_id: int, seats: Iterable[SeatRow]) -> None:
        """Replace the whole seating (lobby changes, seat shuffle at start, replacements)."""
        await self._write("DELETE FROM seats WHERE game_id = ?", (game_id,))
        for s in seats:
            if self._level_column:
                await self._write("INSERT INTO seats(game_id, seat, user_id, name, level) VALUES (?, ?, ?, ?, ?)",
                                  (game_id, s.seat, s.user_id, s.name, s.level))
            else:  # an older schema (see ``_level_column``)
                await self._write("INSERT INTO seats(game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                                  (game_id, s.seat, s.user_id, s.name))

    # ---- the action log -------------------------------------------------------------------
    async def append(
        self, game_id: int, *, kind: str, version: int, seat: int | None, user_id: int | None,
        action: str | None, events: list[str], now: float, barrier: str | None = None, rules: int | None = None,
    ) -> None:
        """Log a row. ``barrier``: why undo cannot take this action back (``rules.core.Step.barrier``; None: it can).
        ``rules``: the rules version the action was played under (None for notes)."""
        if not self._undo_columns:  # an older schema (see ``_undo_columns``)
            await self._write(
                "INSERT INTO actions(game_id, kind, version, seat, user_id, action, events, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, version, seat, user_id, action, json.dumps(events), now),
            )
            return
        if not self._rules_column:
            await self._write(
                "INSERT INTO actions(game_id, kind, version, seat, user_id, action, events, at, barrier)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, kind, version, seat, user_id, action, json.dumps(events), now, barrier),
            )
            return
        await self._write(
            "INSERT INTO actions(game_id, kind, version, seat, user_id, action, events, at, barrier, rules_version)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, kind, version, seat, user_id, action, json.dumps(events), now, barrier, rules),
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

    async def log_tail(self, game_id: int, limit: int) -> list[LogRow]:
        """The latest ``limit`` rows of the log, notes and undone rows included, oldest first."""
        rows = await self._fetchall(
            f"SELECT {self._log_columns()} FROM actions WHERE game_id = ? ORDER BY id DESC LIMIT ?", (game_id, limit)
        )
        return [_log_row(r) for r in reversed(rows)]

    async def undated_games(self) -> list[int]:
        """Games with logged actions of no known rules version (logged before migration 16), oldest first."""
        if not self._rules_column:
            return []
        rows = await self._fetchall(
            "SELECT DISTINCT game_id FROM actions WHERE rules_version IS NULL AND action IS NOT NULL"
            " AND kind != 'note' ORDER BY game_id"
        )
        return [int(r[0]) for r in rows]

    async def date_log(self, game_id: int, rules: int) -> None:
        """Give a game's actions of no known rules version the version that replays them."""
        await self._write(
            "UPDATE actions SET rules_version = ? WHERE game_id = ? AND rules_version IS NULL AND action IS NOT NULL"
            " AND kind != 'note'", (rules, game_id))

    async def mark_undone(self, game_id: int, ids: Iterable[int]) -> None:
        """Mark log rows as taken back by an undo (they stay in the log)."""
        for action_id in ids:
            await self._write("UPDATE actions SET undone = 1 WHERE game_id = ? AND id = ?", (game_id, action_id))

    async def move_game(self, game_id: int, channel_id: int, guild_id: int | None) -> None:
        """Move an open game to another channel (its own was deleted); StoreError if that channel has an open game."""
        try:
            await self._write("UPDATE games SET channel_id = ?, guild_id = ? WHERE id = ?",
                              (channel_id, guild_id, game_id))
        except self._CONFLICTS as exc:
            raise StoreError("That channel already has an open game.") from exc

    # ---- start-up checks (bot/table/health.py) --------------------------------------------------
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
