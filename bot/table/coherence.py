"""The service's caches stay right when other processes write the same PostgreSQL database.

``TableService`` keeps pauses, departed players, standing orders, caretaker seats and away periods per game, and
notification preferences and quiet hours per user, in memory (docs/storage.md). On a shared store
(``Store.shared``) it listens for the other processes' committed changes to those rows
(``bot/table/store/pg_notify.py``)
and re-reads the changed game's rows under that game's channel lock — the lock its own changes to them hold — so a
re-read never lands between one of its own writes and the cache update that follows it. A user's entries are simply
dropped (they are read again when next needed). Changes arriving while ``load()`` reads the caches are re-read
after it, so none is lost in between; after the listener reconnects, everything is re-read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from bot.table.base import ServiceBase
from bot.table.store.pg_notify import EVERYTHING

log = logging.getLogger("bot.table")


class CoherentCaches(ServiceBase):
    _stale: set[tuple[str, int]]
    _refresher: asyncio.Task[None] | None = None
    _loading = False

    async def load(self) -> None:
        self._stale = set()
        listen = getattr(self.store, "listen", None)
        if not self.store.shared or listen is None:
            await super().load()
            return
        self._loading = True  # listen first, so a change committed while the caches are read is re-read after
        await listen(self._changed)
        try:
            await super().load()
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
        while self._stale and not self._closed:
            table, key = self._stale.pop()
            try:
                await self.refresh(table, key)
            except Exception:  # a failed read leaves the entry as it was; the next change re-reads it
                log.exception("re-reading the cached %s of %s failed", table, key)

    async def refresh(self, table: str, key: int) -> None:
        """Re-read what ``table`` holds for game (or user) ``key`` into the caches."""
        if (table, key) == EVERYTHING:
            await self._reload_everything()
        elif table == "users":
            self._notify.pop(key, None)
            self._quiet.pop(key, None)
        else:
            row = await self.store.game(key)
            if row is None:
                return
            async with self._lock(row.channel_id):
                await self._reload_game(table, key)

    async def _reload_game(self, table: str, game_id: int) -> None:
        store = self.store
        if table == "pauses":
            _put(self._pauses, game_id, (await store.pauses(game_id)).get(game_id))
        elif table == "departures":
            _put(self._departed, game_id, (await store.departures(game_id)).get(game_id))
        elif table == "standing_orders":
            _put(self._orders, game_id, (await store.standing_orders(game_id)).get(game_id))
        elif table == "caretaker_seats":
            _put(self._caretaken, game_id, (await store.caretaker_seats(game_id)).get(game_id))
        elif table == "aways":
            kept = {k: v for k, v in self._aways.items() if k[0] != game_id}
            self._aways = {**kept, **await store.aways(game_id)}

    async def _reload_everything(self) -> None:
        self._pauses = await self.store.pauses()
        self._departed = await self.store.departures()
        self._orders = await self.store.standing_orders()
        self._caretaken = await self.store.caretaker_seats()
        self._aways = await self.store.aways()
        self._notify.clear()
        self._quiet.clear()

    async def close(self) -> None:
        refresher, self._refresher = self._refresher, None
        if refresher is not None and not refresher.done():
            refresher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await refresher
        await super().close()


def _put(cache: dict[int, Any], game_id: int, value: Any) -> None:
    if value:
        cache[game_id] = value
    else:
        cache.pop(game_id, None)
