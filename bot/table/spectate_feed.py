"""Which games a reader should look at again, told by the cheapest means its store has (``GameFeed``), so the web's
open pages follow their games without reading every game's version every half second (docs/web.md).

- **This process's own commits** (``Store.on_commit``): at once, on every backend. For the bot's own store (the
  web served inside ``kontor run``) on SQLite that is everything: the writer lock makes it the file's one writer.
- **PostgreSQL**: every process's commits through ``LISTEN kontor_games`` (a trigger on ``games.version``,
  ``bot/table/store/pg_notify.py``), at once; after the listening connection came back, every game.
- **SQLite beside the bot** (``kontor web`` as a process of its own): ``PRAGMA data_version`` every ``poll_s``, one
  statement for all games; when it moved, every watched game is looked at once.
- Otherwise (a PostgreSQL database no writer of this build has started on yet: no trigger) nothing tells: the
  reader looks at each game's version every ``poll_s`` itself (``exhaustive`` is False), and looks for the trigger
  again every ``RELISTEN_S`` (compose starts the web and the bots together: the bots install it a moment later).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.table.store import Store

log = logging.getLogger("bot.table")

RELISTEN_S = 30.0


class GameFeed:
    """Calls ``on_change(game id)``, or ``on_change(None)`` (any game may have changed), from ``start`` to ``stop``."""

    def __init__(self, store: Store, on_change: Callable[[int | None], None], poll_s: float) -> None:
        self.store = store
        self.on_change = on_change
        self.poll_s = poll_s
        self.mode = ""  # "commits", "notify", "counter" or "poll": how changes are known (see the module docstring)
        self._unhook: Callable[[], None] | None = None
        self._listener: Any = None
        self._task: asyncio.Task[None] | None = None

    @property
    def exhaustive(self) -> bool:
        """Whether every change is told (else the reader must look at the versions itself every ``poll_s``)."""
        return self.mode in ("commits", "notify", "counter")

    async def start(self) -> None:
        self._unhook = self.store.on_commit(self._committed)
        if self.store.sole_writer:
            self.mode = "commits"
            return
        listen: Callable[..., Awaitable[Any]] | None = getattr(self.store, "listen_games", None)
        if listen is not None:
            if not await self._listen(listen):
                self.mode = "poll"
                self._task = asyncio.create_task(self._listen_later(listen), name="kontor-web-feed")
            return
        counter = await self.store.change_counter()
        if counter is None:
            self.mode = "poll"
            return
        self.mode = "counter"
        self._task = asyncio.create_task(self._watch_counter(counter), name="kontor-web-feed")

    async def _listen(self, listen: Callable[..., Awaitable[Any]]) -> bool:
        try:
            self._listener = await listen(self.on_change)
        except Exception:  # the pages still follow their games, by looking
            log.warning("cannot listen for the games' changes; looking every %g s instead", self.poll_s,
                        exc_info=True)
        if self._listener is None:
            return False
        self.mode = "notify"
        return True

    async def _listen_later(self, listen: Callable[..., Awaitable[Any]]) -> None:
        while True:
            await asyncio.sleep(RELISTEN_S)
            if await self._listen(listen):
                log.info("the games now announce their changes: the open pages follow them by notification")
                self.on_change(None)  # anything between the last look and the first notification
                return

    def _committed(self, games: frozenset[int]) -> None:
        for game_id in games:
            self.on_change(game_id)

    async def _watch_counter(self, counter: int) -> None:
        while True:
            await asyncio.sleep(self.poll_s)
            try:
                now = await self.store.change_counter()
            except Exception:  # a busy or vanished file: the next look tries again
                log.warning("reading the database's change counter failed once", exc_info=True)
                continue
            if now is not None and now != counter:
                counter = now
                self.on_change(None)

    async def stop(self) -> None:
        if self._unhook is not None:
            self._unhook()
            self._unhook = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._listener is not None:
            with contextlib.suppress(Exception):
                await self._listener.close()
            self._listener = None
