"""The PostgreSQL store: the same ``Store`` (every query of it and of its row mixins, written once) on an asyncpg
pool, so several processes can share one database. ``Store.open("postgresql://…")`` opens it.

- **Placeholders.** The queries use ``?``; ``numbered`` rewrites them to ``$1…$n`` in one place (cached per text).
  A write answers with its command status ("UPDATE 1"), read as ``rowcount`` like an aiosqlite cursor's.
- **Transactions.** ``transaction()`` takes one pooled connection, ``BEGIN`` … ``COMMIT``, and returns only after
  the commit (PostgreSQL's default ``synchronous_commit=on``: the commit is on disk when it is acknowledged). One
  transaction at a time per process, as on SQLite (an ``asyncio.Lock``). Between processes the game row's version
  serialises each game: ``bump`` is ``UPDATE games … WHERE version = ?``, so a second writer waits on the row's lock
  and then finds the version moved on (0 rows: ``StoreError``, as on SQLite); a deadlock between two transactions
  is the same refusal. Reads outside a transaction take any pooled connection and see committed rows only.
- **Migrations.** ``bot/table/store/schema_pg.py`` (entry i = ``bot.table.store.schema.MIGRATIONS[i]``); the count
lives in the one-row
  table ``schema_version``; every pending migration runs in one transaction under an advisory lock, so processes
  starting together migrate once. No writer lock (``bot/table/store/writer_lock.py`` is the SQLite file's): several
  processes
  writing is the point, and the service then trusts no cached row (``shared``; docs/storage.md).
- **Other writers' changes.** Triggers announce changes to the rows behind the service's caches; ``listen`` hands
  the other processes' ones to the service (``pg_notify.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.table.store import Store
from bot.table.store.pg_notify import CacheListener, GameListener, games_trigger_installed, install_sql, new_tag
from bot.table.store.rows import StoreError, Written
from bot.table.store.schema_pg import PG_MIGRATIONS, VERSION_TABLE

# pg_advisory_xact_lock key held while migrating ("Kontor" in ASCII)
MIGRATION_LOCK = 0x4B6F6E746F72
# pg_advisory_xact_lock key held by a transaction that rates a game ("Club" in ASCII): one at a time across processes
CLUB_LOCK = 0x436C7562
# Connections per process: one for the (serialised) transactions, the rest for concurrent reads.
POOL_SIZE = 4


@lru_cache(maxsize=4096)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1…$n`` (a ``?`` inside a quoted literal stays)."""
    out: list[str] = []
    count = 0
    quoted = False
    for ch in sql:
        if ch == "'":
            quoted = not quoted
        elif ch == "?" and not quoted:
            count += 1
            out.append(f"${count}")
            continue
        out.append(ch)
    return "".join(out)


@dataclass(frozen=True)
class Status:
    """A write's command status, e.g. "INSERT 0 1", "UPDATE 0", "DELETE 3": the rows it changed are the last word."""

    status: str

    @property
    def rowcount(self) -> int:
        last = self.status.rsplit(" ", 1)[-1]
        return int(last) if last.isdecimal() else -1


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


async def _nothing_to_reset(conn: asyncpg.Connection) -> None:
    """A connection going back to the pool: asyncpg has rolled back anything left open already, and the store changes
    nothing else in a session (no LISTEN, cursors, settings or session locks), so asyncpg's default reset query
    (``RESET ALL`` and more) would be one more round trip per read for nothing."""


class PgStore(Store):
    shared = True
    _MAX = "GREATEST"
    _MIN = "LEAST"
    _CONFLICTS = (asyncpg.IntegrityConstraintViolationError,)

    # Store.__init__ sets up an SQLite connection
    def __init__(self, pool: asyncpg.Pool, url: str, tag: str = "") -> None:
        self._pool = pool
        self._url = url
        self._tag = tag
        self._listener: CacheListener | None = None
        self._game_listener: GameListener | None = None
        self._bumped: set[int] = set()
        self._commit_listeners: list[Callable[[frozenset[int]], None]] = []
        self.path = redacted(url)
        self._lock = asyncio.Lock()
        self._tx_task: asyncio.Task[Any] | None = None
        self._conn: asyncpg.Connection | None = None  # the open transaction's connection
        self._writer_lock = None
        self._undo_columns = True  # always migrated (there is no older PostgreSQL schema to read)
        self._rules_column = True
        self._level_column = True

    @classmethod
    async def connect(cls, url: str, *, read_only: bool = False) -> PgStore:
        """Open a pool on ``url`` and migrate; ``read_only``: no migration, and the server refuses every write."""
        tag = new_tag()  # names this store's writes, so it can tell the other processes' changes from its own
        settings = {"application_name": tag}
        if read_only:
            settings["default_transaction_read_only"] = "on"
        pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, server_settings=settings,
                                         reset=_nothing_to_reset)
        store = cls(pool, url, tag)
        try:
            if not read_only:
                await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        if self._listener is not None:
            await self._listener.close()
        if self._game_listener is not None:
            await self._game_listener.close()
        async with self._lock:
            await self._pool.close()

    async def listen(self, on_change: Callable[[str, int], None]) -> None:
        """Call ``on_change(table, game or user id)`` whenever another process commits a change to a row behind the
        service's caches (``pg_notify.py``)."""
        listener = CacheListener(self._url, self._tag, on_change)
        await listener.start()
        self._listener = listener

    async def listen_games(self, on_change: Callable[[int | None], None]) -> GameListener | None:
        """Call ``on_change(game id)`` at once whenever any process commits a new version of a game (``None``: any game
        may have changed, after the connection came back) until the listener is closed (at the latest with the
        store). None, listening to nothing, when the database's writers do not announce them yet (no writer of this
        build has started on it: ``pg_notify.py``)."""
        async with self._pool.acquire() as conn:
            if not await games_trigger_installed(conn):
                return None
        listener = GameListener(self._url, self._tag, on_change)
        await listener.start()
        self._game_listener = listener
        return listener

    async def change_counter(self) -> int | None:
        return None  # notifications instead (``listen_games``)

    async def schema_version(self) -> int:
        try:
            return int(await self._pool.fetchval("SELECT version FROM schema_version"))
        except asyncpg.UndefinedTableError:  # never migrated
            return 0

    async def _migrate(self) -> None:
        async with self._lock, self._pool.acquire() as conn, conn.transaction():
            # Held until this transaction ends: a second process starting now waits, then finds nothing to do.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(VERSION_TABLE)
            current = int(await conn.fetchval("SELECT version FROM schema_version"))
            if current > len(PG_MIGRATIONS):
                raise StoreError(f"{self.path} has schema {current}, newer than this build ({len(PG_MIGRATIONS)}).")
            for migration in PG_MIGRATIONS[current:]:
                await conn.execute(migration)
            if current < len(PG_MIGRATIONS):
                await conn.execute("UPDATE schema_version SET version = $1", len(PG_MIGRATIONS))
            for statement in install_sql():  # the caches' change triggers: idempotent, so at every start
                await conn.execute(statement)
            # a schema that stops before the queue's migration (22) has no forming tables to look for
            self.queue_tables = bool(await conn.fetchval("SELECT to_regclass('seek_tables') IS NOT NULL"))
            self.learn_tables = bool(await conn.fetchval("SELECT to_regclass('hint_marks') IS NOT NULL"))  # 27

    async def _check_columns(self) -> None:
        return None

    # ---- transactions ---------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Store]:
        """``async with store.transaction() as tx``: committed (durably) before the block's caller goes on."""
        async with self._lock, self._pool.acquire() as conn:
            tx = conn.transaction()
            await tx.start()
            self._tx_task, self._conn = asyncio.current_task(), conn
            try:
                yield self
            except BaseException:
                self._bumped.clear()
                self._tx_task, self._conn = None, None
                if not conn.is_closed():  # if the rollback fails, the pool resets (or drops) the connection
                    with suppress(asyncpg.PostgresError, asyncpg.InterfaceError, OSError):
                        await tx.rollback()
                raise
            self._tx_task, self._conn = None, None
            try:
                await tx.commit()
            except BaseException:
                self._bumped.clear()
                raise
            self._committed()

    def _tx_conn(self) -> asyncpg.Connection:
        if not self._in_my_tx() or self._conn is None:
            raise RuntimeError("writes must run inside store.transaction()")
        return self._conn

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]:
        query = numbered(sql)
        if self._in_my_tx() and self._conn is not None:  # see this transaction's own writes
            return list(await self._conn.fetch(query, *params))
        return list(await self._pool.fetch(query, *params))

    async def _write(self, sql: str, params: Iterable[Any] = ()) -> Written:
        conn = self._tx_conn()
        try:
            return Status(await conn.execute(numbered(sql), *params))
        except asyncpg.TransactionRollbackError as exc:  # a deadlock with another process: it won, try again
            raise StoreError("The game changed meanwhile.") from exc

    async def _write_many(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        await self._tx_conn().executemany(numbered(sql), [tuple(r) for r in rows])

    async def _insert_id(self, sql: str, params: Iterable[Any] = ()) -> int:
        return int(await self._tx_conn().fetchval(numbered(sql) + " RETURNING id", *params))

    async def lock_club(self) -> None:
        """Held until the transaction ends: games rated by two processes at once read each other's ratings."""
        await self._tx_conn().execute("SELECT pg_advisory_xact_lock($1)", CLUB_LOCK)

    # ---- start-up checks ------------------------------------------------------------------
    async def quick_check(self) -> list[str]:
        """PostgreSQL checks its own pages as it reads them (and ``amcheck`` on demand): nothing to report here."""
        await self._pool.fetchval("SELECT 1")
        return []

    async def write_test(self) -> None:
        """A real write, rolled back: raises when the database refuses writes (a read-only role or standby)."""
        async with self._lock, self._pool.acquire() as conn:
            tx = conn.transaction()
            await tx.start()
            try:
                await conn.execute("INSERT INTO users(user_id, dm_ok) VALUES (-1, 1) ON CONFLICT DO NOTHING")
            finally:
                await tx.rollback()
