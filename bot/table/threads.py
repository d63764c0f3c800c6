"""``TableThreads``: a thread per table (docs/discord.md, "A thread per table"). A server's managers may choose that a
new table opens in its own thread (``set_threads``); the front end makes the thread and records it here
(``note_thread``), so that later it knows the thread is Kontor's own table thread: named after the players at the
start, archived at the end. A thread people made, or a tournament's or the seek queue's, is never recorded."""

from __future__ import annotations

from collections.abc import Collection

from bot.table.core import Part
from bot.table.model import DamagedGame, Table, TableError, _check_id


class TableThreads(Part):
    async def threads_on(self, guild: int | None) -> bool:
        """Whether ``/game new`` in a channel of this server opens the table in a new thread (off by default; a game
        outside a server never does)."""
        return guild is not None and await self.store.threads_on(_check_id(guild, "server"))

    async def set_threads(self, guild: int, on: bool) -> bool:
        """Turn a thread per table on or off for the server (who may is the front end's to check: its managers)."""
        guild = _check_id(guild, "server")
        async with self.store.transaction() as tx:
            await tx.set_threads(guild, bool(on), self.core.clock())
        return bool(on)

    async def note_thread(self, thread: int, parent: int, guild: int) -> None:
        """Record a thread the front end opened for a new table, before the table is opened in it."""
        async with self.store.transaction() as tx:
            await tx.add_table_thread(_check_id(thread, "channel"), _check_id(parent, "channel"),
                                      _check_id(guild, "server"), self.core.clock())

    async def forget_thread(self, thread: int) -> None:
        """The table could not open in the thread after all (the thread is deleted): nothing refers to it."""
        async with self.store.transaction() as tx:
            await tx.drop_table_thread(_check_id(thread, "channel"))

    async def thread_parent(self, channel: int) -> int | None:
        """The channel of a thread Kontor opened for a table; None for any other channel or thread."""
        return await self.store.table_thread_parent(_check_id(channel, "channel"))

    async def open_tables_in(self, guild: int, channels: Collection[int]) -> list[Table]:
        """The server's open tables (lobbies and running games) whose channel is one of ``channels``, oldest first;
        a damaged one is left out."""
        wanted = set(channels)
        out = []
        for row in await self.store.open_games_of_guild(_check_id(guild, "server")):
            if row.channel_id not in wanted:
                continue
            try:
                out.append(self.core.table(row, await self.store.seats(row.id), self.core.state(row)))
            except (DamagedGame, TableError):
                continue
        return out
