"""Keeping open pages current: one watcher per game with viewers polls the game's version (one indexed row read, every
``POLL_S``) and, when it moved, works out what a spectator sees (``Spectacle.key``); only a change of that is sent
to the game's viewers, so a secret step (which moves the version but shows nothing) is not even announced.

The database's version is the change counter both backends have, so a reader process needs no channel from the bot:
a move reaches the open pages within ``POLL_S`` plus one page build.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.table import Spectators, TableError

log = logging.getLogger("bot.web")

POLL_S = 0.5
MAX_VIEWERS = 2000  # open event streams this process serves at most (each holds a connection)


class Watchers:
    def __init__(self, spectators: Spectators, poll_s: float = POLL_S, max_viewers: int = MAX_VIEWERS) -> None:
        self.spectators = spectators
        self.poll_s = poll_s
        self.max_viewers = max_viewers
        self._queues: dict[int, set[asyncio.Queue[str]]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}

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
            self._tasks[game_id] = asyncio.create_task(self._watch(game_id), name=f"kontor-web-watch-{game_id}")
        return queue

    def unsubscribe(self, game_id: int, queue: asyncio.Queue[str]) -> None:
        queues = self._queues.get(game_id)
        if queues is not None:
            queues.discard(queue)
            if not queues:  # the last viewer left: the watcher stops at its next look
                del self._queues[game_id]

    async def _watch(self, game_id: int) -> None:
        version: int | None = None
        key: str | None = None
        try:
            while self._queues.get(game_id):
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
                await asyncio.sleep(self.poll_s)
        finally:
            self._tasks.pop(game_id, None)

    def _send(self, game_id: int, key: str) -> None:
        for queue in self._queues.get(game_id, ()):
            if queue.full():  # a slow reader only needs the newest key
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(key)

    async def close(self) -> None:
        """Stop every watcher and end every open stream (an empty key tells its handler to finish)."""
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
