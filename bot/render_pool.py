"""Board images drawn in worker processes, one per core, so rendering uses the whole machine.

Drawing a board is CPU-bound pure Python and Pillow; in threads of the bot's process (``asyncio.to_thread``) the
draws share one interpreter lock with the event loop, so a busy table slows every other one and the process never
uses more than about one core. ``RenderPool`` sends each draw (the game's name, the view, the last move's public
events, the names: plain data) to a ``ProcessPoolExecutor`` of ``KONTOR_RENDER_WORKERS`` workers (default: the
machine's cores), started with "spawn" (the bot's threads are never forked). ``kontor run`` and the bench use one
(``BoardImages(pool=...)``); without one, ``BoardImages`` draws in a thread (the tests, the terminal table).

A worker knows the games of its own registry (``rules.PARTS``) only: a game registered at run time in the bot's
process (a plug-in under test) is drawn in a thread there instead (``NotInWorker``).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
from typing import Any

KINDS = ("board", "private")


class NotInWorker(LookupError):
    """The worker's registry has no such game (registered at run time in the parent): draw it there."""


def draw_in_worker(kind: str, game: str, view: dict[str, Any], kwargs: dict[str, Any]) -> bytes:
    """One PNG, in a worker: the same ``render.board``/``render.private`` as a thread would call."""
    import render  # the worker's own: imported once per worker
    import rules

    if kind not in KINDS:
        raise ValueError(f"unknown image kind {kind!r}")
    if game not in rules.PARTS:
        raise NotInWorker(game)
    draw = getattr(render, kind)
    png: bytes = draw(game, view, **kwargs)
    return png


def _warm() -> int:
    import render  # noqa: F401  (imports Pillow and the fonts' module before the first real draw)

    return os.getpid()


def default_workers() -> int:
    text = os.environ.get("KONTOR_RENDER_WORKERS", "").strip()
    if text.isdigit() and int(text) > 0:
        return int(text)
    return max(1, os.cpu_count() or 1)


class RenderPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self.drawn = 0  # images a worker returned (the tests and the bench check the pool was used)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def warm(self) -> list[int]:
        """Start every worker and import the renderer in each (the first draws then cost no start-up); their pids."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        return list(await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers))))

    async def draw(self, kind: str, game: str, view: dict[str, Any], kwargs: dict[str, Any]) -> bytes:
        loop = asyncio.get_running_loop()
        try:
            png = await loop.run_in_executor(self._executor(), draw_in_worker, kind, game, view, kwargs)
        except concurrent.futures.process.BrokenProcessPool:
            self._pool = None  # a worker died: the next draw starts a fresh pool
            raise
        self.drawn += 1
        return png

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
