"""Nobody is charged for an outage: the service records that it is alive (a heartbeat, at most once a minute, and at
close), and at the next start the running clocks get back the time from then until now (docs/service.md, "Clocks
and restarts")."""

from __future__ import annotations

import logging

from bot.table.core import Part
from bot.table.shards import Shards

log = logging.getLogger("bot.table")

ALIVE_AT = "alive_at"
HEARTBEAT_S = 60.0
DOWNTIME_LOGGED_S = 120.0


class Downtime(Part):
    _alive_written = 0.0  # when ``alive_at`` was last stored (see ``heartbeat``)

    async def give_back(self) -> None:
        """At open: give the running clocks back the time the service was down, from when it was last alive
        (``meta.alive_at``) until now."""
        store, now = self.store, self.core.clock()
        for key, shards in self._alive_keys():
            last = await store.get_meta(key)
            if last is None and shards is not None:  # the first sharded start: the one-process heartbeat
                last = await store.get_meta(ALIVE_AT)
            async with store.transaction() as tx:
                if last is not None and now > float(last):
                    await tx.shift_clocks(float(last), now, shards=shards)
                    if now - float(last) >= DOWNTIME_LOGGED_S:
                        log.info("Kontor was down for %.0f s: the running clocks got that time back",
                                 now - float(last))
                await tx.set_meta(key, repr(now))
        self._alive_written = now

    def _alive_keys(self) -> list[tuple[str, Shards | None]]:
        """Where the heartbeat is kept: one value for one process, else one per shard (a shard's process gives its
        own games back its own downtime, never another process's)."""
        shards = self.core.shards
        if shards is None:
            return [(ALIVE_AT, None)]
        return [(f"{ALIVE_AT}:{shards.count}:{i}", shards.single(i)) for i in shards.ordered]

    async def heartbeat(self, now: float) -> None:
        """Record that the service is alive (at most once a minute), so the next start knows how long it was down."""
        if now - self._alive_written >= HEARTBEAT_S or now < self._alive_written:
            async with self.store.transaction() as tx:
                for key, _shards in self._alive_keys():
                    await tx.set_meta(key, repr(now))
            self._alive_written = now

    async def stopping(self) -> None:
        """At close: the downtime starts now, not at the last heartbeat. Never raises (a full disk must not keep the
        service from closing; the next start then counts from the last heartbeat)."""
        try:
            async with self.store.transaction() as tx:
                for key, _shards in self._alive_keys():
                    await tx.set_meta(key, repr(self.core.clock()))
        except Exception:
            log.warning("could not record the shutdown time; the next start counts from the last heartbeat")
