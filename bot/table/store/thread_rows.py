"""The store's rows of a thread per table (migration 25, docs/discord.md "A thread per table"): whether a server opens
each table in its own thread (``club_servers.threads``), and the threads Kontor opened so (``table_threads``). A mixin
of ``Store``; the SQL is written once for both engines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.table.store.rows import Queries


class ThreadRows(Queries):
    if TYPE_CHECKING:
        club_tables: bool
    #: whether migration 25's column and table exist (``Store._check_columns`` says for a file read as it is by an
    #: older build's schema): no server opens threads then, and no thread is Kontor's
    thread_tables = True

    async def threads_on(self, guild_id: int) -> bool:
        if not self.club_tables or not self.thread_tables:
            return False
        row = await self._fetchone("SELECT threads FROM club_servers WHERE guild_id = ?", (guild_id,))
        return row is not None and bool(row[0])

    async def set_threads(self, guild_id: int, on: bool, now: float) -> None:
        await self._write(
            "INSERT INTO club_servers(guild_id, season, min_listed, updated_at, threads) VALUES (?, 1, NULL, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET threads = excluded.threads, updated_at = excluded.updated_at",
            (guild_id, now, int(on)))

    async def add_table_thread(self, thread_id: int, parent_id: int, guild_id: int, now: float) -> None:
        await self._write(
            "INSERT INTO table_threads(thread_id, parent_id, guild_id, created_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(thread_id) DO NOTHING", (thread_id, parent_id, guild_id, now))

    async def drop_table_thread(self, thread_id: int) -> None:
        await self._write("DELETE FROM table_threads WHERE thread_id = ?", (thread_id,))

    async def table_thread_parent(self, thread_id: int) -> int | None:
        """The channel a thread Kontor opened for a table belongs to; None: not such a thread."""
        if not self.thread_tables:
            return None
        row = await self._fetchone("SELECT parent_id FROM table_threads WHERE thread_id = ?", (thread_id,))
        return None if row is None else int(row[0])
