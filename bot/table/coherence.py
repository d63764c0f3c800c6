"""The service's caches stay right when other processes write the same PostgreSQL database.

The table keeps pauses, departed players, standing orders, caretaker seats and away periods per game, and
notification preferences and quiet hours per user, in memory (``bot/table/caches.py``, docs/storage.md). On a shared
store (``Store.shared``) it listens for the other processes' committed changes to those rows
(``bot/table/store/pg_notify.py``) and re-reads the changed game's rows under that game's channel lock — the lock
its own changes to them hold — so a re-read never lands between one of its own writes and the cache update that
follows it. A user's entries are simply dropped (they are read again when next needed). Changes arriving while
``load()`` reads the caches are re-read after it, so none is lost in between; after the listener reconnects,
everything is re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.table.core import Part, TableCore
from bot.table.store.pg_notify import EVERYTHING

log = logging.getLogger("bot.table")


class Coherence(Part):
    """Keeps the one cache object right on a shared database: ``load`` the caches through it, ``stop`` at close."""

    _refresher: asyncio.Task[None] | None = None
    _loading = False

    def __init__(self, core: TableCore) -> None:
        super().__init__(core)
        self._stale: set[tuple[str, int]] = set()

    async def load(self, read: Callable[[], Awaitable[None]]) -> None:
        """``read()`` the caches; on a shared store, listen first, so a change committed meanwhile is re-read after."""
        listen = getattr(self.store, "listen", None)
        if not self.store.shared or listen is None:
            await read()
            return
        self._loading = True
        await listen(self._changed)
        try:
            await read()
        finally:
            self._loading = False
        self._wake_refresher()

    def _changed(self, table: str, key: int) -> None:
        """Another process committed a change to ``table``'s rows of game (or user) ``key``."""
        self._stale.add((table, key))
        if not self._loading:
            self._wake_refresher()

    def _wake_refresher(self) -> None:
        if self._stale and (self._refresher is None or self._refresher.done()):
            self._refresher = asyncio.get_running_loop().create_task(self._refresh_all(), name="kontor-caches")

    async def _refresh_all(self) -> None:
        while self._stale and not self.core.closed:
            table, key = self._stale.pop()
            try:
                await self.refresh(table, key)
            except Exception:  # a failed read leaves the entry as it was; the next change re-reads it
                log.exception("re-reading the cached %s of %s failed", table, key)

    async def refresh(self, table: str, key: int) -> None:
        """Re-read what ``table`` holds for game (or user) ``key`` into the caches."""
        if (table, key) == EVERYTHING:
            await self.caches.load(self.store)
        elif table == "users":
            self.caches.forget_user(key)
        else:
            row = await self.store.game(key)
            if row is None:
                return
            async with self.core.lock(row.channel_id):
                await self.caches.reload(self.store, table, key)

    async def stop(self) -> None:
        refresher, self._refresher = self._refresher, None
        if refresher is not None and not refresher.done():
            refresher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await refresher
