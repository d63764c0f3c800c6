"""Telling the other processes on one PostgreSQL database that a row behind a service cache changed.

The service keeps a few small tables in memory (pauses, departed players, standing orders, caretaker seats, away
periods, and per user the notification preference and quiet hours; docs/storage.md). A trigger on each of those
tables sends ``NOTIFY kontor_cache`` with the table, the game (or user) id, the schema and the writer's
``application_name``; PostgreSQL delivers it only once the writing transaction commits, and to every listening
connection. Each store listens on one dedicated connection and hands the other writers' changes to the service,
which re-reads that game's (or user's) rows. The triggers catch every writer — any process, any code path — so no
service method has to remember to announce its change.

A second trigger, on ``games``, sends ``NOTIFY kontor_games`` with the game's id and the schema whenever a game's
version moves (a move, a join, the end): the web's open pages follow their games through it (``GameListener``;
docs/web.md) instead of reading each game's version every half second.

The triggers are (re)installed at every start under the migration lock (``CREATE OR REPLACE``, idempotent) rather
than in a numbered migration: SQLite has no counterpart, and one process owns its file there.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncpg  # imported where used: the service imports this module on SQLite too

log = logging.getLogger("bot.table.store")

CHANNEL = "kontor_cache"
GAMES_CHANNEL = "kontor_games"
GAMES_TRIGGER = "kontor_games"
#: table -> the column naming what changed (the service re-reads that game's or user's rows)
WATCHED = {"pauses": "game_id", "departures": "game_id", "standing_orders": "game_id",
           "caretaker_seats": "game_id", "aways": "game_id", "users": "user_id"}
#: what a listener reports after its connection was lost and came back: notifications may have been missed
EVERYTHING = ("*", 0)
RECONNECT_S = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)

TRIGGER_FUNCTION = f"""
CREATE OR REPLACE FUNCTION kontor_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r jsonb;
BEGIN
    IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
    PERFORM pg_notify('{CHANNEL}', concat_ws(' ', TG_TABLE_NAME, r ->> TG_ARGV[0], current_schema(),
                                             current_setting('application_name', true)));
    RETURN NULL;
END $$;
"""


GAMES_FUNCTION = f"""
CREATE OR REPLACE FUNCTION kontor_games_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('{GAMES_CHANNEL}', concat_ws(' ', NEW.id, current_schema()));
    RETURN NULL;
END $$;
"""


def install_sql() -> list[str]:
    """The statements that (re)create the functions, one trigger per watched table and the games' trigger."""
    return [TRIGGER_FUNCTION] + [
        f"CREATE OR REPLACE TRIGGER kontor_cache AFTER INSERT OR UPDATE OR DELETE ON {table} FOR EACH ROW"
        f" EXECUTE FUNCTION kontor_cache_notify('{column}')" for table, column in WATCHED.items()] + [
        GAMES_FUNCTION,
        f"CREATE OR REPLACE TRIGGER {GAMES_TRIGGER} AFTER UPDATE OF version ON games FOR EACH ROW"
        " WHEN (OLD.version IS DISTINCT FROM NEW.version) EXECUTE FUNCTION kontor_games_notify()"]


async def games_trigger_installed(conn: asyncpg.Connection) -> bool:
    """Whether this schema's games announce their new versions (a writer of this build has started on it)."""
    return bool(await conn.fetchval(
        "SELECT EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
        " JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE t.tgname = $1 AND c.relname = 'games' AND n.nspname = current_schema())", GAMES_TRIGGER))


def new_tag() -> str:
    """This store's ``application_name``: its own notifications are known by it and skipped."""
    return f"kontor-{os.getpid()}-{secrets.token_hex(4)}"


def parse(payload: str) -> tuple[str, int, str, str] | None:
    """(table, id, schema, writer) of a notification; None for anything malformed."""
    parts = payload.split(" ", 3)
    if len(parts) != 4 or parts[0] not in WATCHED or not parts[1].lstrip("-").isdigit():
        return None
    return parts[0], int(parts[1]), parts[2], parts[3]


class _Listener:
    """One dedicated connection that LISTENs on ``channel``, and comes back when it is lost."""

    channel = CHANNEL

    def __init__(self, url: str, tag: str) -> None:
        self.url = url
        self.tag = tag
        self._conn: asyncpg.Connection | None = None
        self._schema = ""
        self._reconnect: asyncio.Task[None] | None = None
        self._closed = False

    async def start(self) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url, server_settings={"application_name": f"{self.tag}-listen"})
        self._schema = str(await conn.fetchval("SELECT current_schema()"))
        await conn.add_listener(self.channel, self._notified)
        conn.add_termination_listener(self._lost)
        self._conn = conn

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        raise NotImplementedError

    def _reconnected(self) -> None:
        raise NotImplementedError

    def _lost(self, _conn: Any) -> None:
        if not self._closed and self._reconnect is None:
            log.warning("the %s listener's connection was lost; reconnecting", self.channel)
            self._reconnect = asyncio.get_running_loop().create_task(self._come_back())

    async def _come_back(self) -> None:
        import asyncpg

        for attempt in range(10**9):
            await asyncio.sleep(RECONNECT_S[min(attempt, len(RECONNECT_S) - 1)])
            try:
                await self.start()
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                continue
            break
        self._reconnect = None
        self._reconnected()

    async def close(self) -> None:
        self._closed = True
        if self._reconnect is not None:
            self._reconnect.cancel()
        if self._conn is not None and not self._conn.is_closed():
            await self._conn.close()


class CacheListener(_Listener):
    """Calls ``on_change(table, id)`` for the other writers' changes to the cached rows (in the same schema), and
    ``on_change(*EVERYTHING)`` after reconnecting (changes may have been missed meanwhile)."""

    def __init__(self, url: str, tag: str, on_change: Callable[[str, int], None]) -> None:
        super().__init__(url, tag)
        self.on_change = on_change

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        parsed = parse(payload)
        if parsed is None:
            return
        table, key, schema, writer = parsed
        if schema == self._schema and writer != self.tag:
            self.on_change(table, key)

    def _reconnected(self) -> None:
        self.on_change(*EVERYTHING)


class GameListener(_Listener):
    """Calls ``on_change(game id)`` whenever any process (this one too) commits a new version of a game in the same
    schema, and ``on_change(None)`` after reconnecting (any game may have changed meanwhile)."""

    channel = GAMES_CHANNEL

    def __init__(self, url: str, tag: str, on_change: Callable[[int | None], None]) -> None:
        super().__init__(url, tag)
        self.on_change = on_change

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        key, _sep, schema = payload.partition(" ")
        if schema == self._schema and key.isdigit():
            self.on_change(int(key))

    def _reconnected(self) -> None:
        self.on_change(None)
