"""Keeping open pages current: one watcher per game with viewers works out what a spectator sees
(``Spectacle.key``) when the game may have changed, and sends only a change of that to the game's viewers, so a
secret step (which moves the version but shows nothing) is not even announced.

When a game may have changed is told by ``Spectators.follow`` (``bot/table/spectate_feed.py``): this process's own
commits and PostgreSQL's notifications at once, SQLite's change counter (one statement for all games) every
``POLL_S`` from a process beside the bot. Each watcher still looks at its game's version every ``BACKSTOP_S``
(every ``POLL_S`` where nothing tells: a PostgreSQL database no writer of this build has started on), so nothing
missed waits longer than that.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.table import GameFeed, Spectators, TableError

log = logging.getLogger("bot.web")

POLL_S = 0.5
BACKSTOP_S = 30.0
MAX_VIEWERS = 2000  # open event streams this process serves at most (each holds a connection)


class Watchers:
    def __init__(self, spectators: Spectators, poll_s: float = POLL_S, max_viewers: int = MAX_VIEWERS,
                 backstop_s: float = BACKSTOP_S) -> None:
        self.spectators = spectators
        self.poll_s = poll_s
        self.backstop_s = backstop_s
        self.max_viewers = max_viewers
        self.feed: GameFeed | None = None
        self._queues: dict[int, set[asyncio.Queue[str]]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wakes: dict[int, asyncio.Event] = {}

    async def start(self) -> None:
        """Learn of the games' changes (the app's start-up); without it each watcher looks every ``poll_s``."""
        if self.feed is None:
            self.feed = await self.spectators.follow(self._changed, self.poll_s)
            log.info("the open pages follow their games by %s", self.feed.mode)

    @property
    def interval(self) -> float:
        """How long a watcher waits for a sign before it looks at its game's version anyway."""
        return self.backstop_s if self.feed is not None and self.feed.exhaustive else self.poll_s

    @property
    def viewers(self) -> int:
        return sum(len(queues) for queues in self._queues.values())

    def subscribe(self, game_id: int) -> asyncio.Queue[str] | None:
        """A queue that receives the game's new keys; None when this process serves as many viewers as it may."""
        if self.viewers >= self.max_viewers:
            return None
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=4)
        self._queues.setdefault(game_id, set()).add(queue)
        if game_id not in self._tasks:
            self._wakes[game_id] = asyncio.Event()
            self._tasks[game_id] = asyncio.create_task(self._watch(game_id), name=f"kontor-web-watch-{game_id}")
        return queue

    def unsubscribe(self, game_id: int, queue: asyncio.Queue[str]) -> None:
        queues = self._queues.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:  # the last viewer left: the watcher stops now
                del self._queues[game_id]
                self._wake(game_id)

    def _changed(self, game_id: int | None) -> None:
        if game_id is None:
            for wake in self._wakes.values():
                wake.set()
        else:
            self._wake(game_id)

    def _wake(self, game_id: int) -> None:
        wake = self._wakes.get(game_id)
        if wake is not None:
            wake.set()

    async def _watch(self, game_id: int) -> None:
        version: int | None = None
        key: str | None = None
        wake = self._wakes[game_id]
        try:
            while self._queues.get(game_id):
                wake.clear()  # before looking: a change told while looking is looked at again
                try:
                    now = await self.spectators.version(game_id)
                    if now is not None and now != version:
                        version = now
                        fresh = (await self.spectators.now(game_id)).key
                        if fresh != key:
                            key = fresh
                            self._send(game_id, key)
                except TableError:
                    pass  # gone or damaged meanwhile: the page says so when reloaded
                except Exception:  # a database hiccup must not end the watch: the next look tries again
                    log.warning("game %s: watching it failed once", game_id, exc_info=True)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wake.wait(), self.interval)
        finally:
            self._tasks.pop(game_id, None)
            self._wakes.pop(game_id, None)

    def _send(self, game_id: int, key: str) -> None:
        for queue in self._queues.get(game_id, ()):
            if queue.full():  # a slow reader only needs the newest key
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(key)

    async def close(self) -> None:
        """Stop telling, stop every watcher and end every open stream (an empty key tells its handler to finish)."""
        if self.feed is not None:
            await self.feed.stop()
            self.feed = None
        tasks = list(self._tasks.values())
        for queues in self._queues.values():
            for queue in queues:
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
                queue.put_nowait("")
        self._queues.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
