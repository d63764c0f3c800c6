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
import contextlib
import multiprocessing
import os
import time
from typing import Any

from bot.config import Tuning
from rules import words

KINDS = ("board", "private", "board_and_focus")
WARM_LIMIT_S = 60.0  # ``warm`` is best effort: a machine too busy to start the workers by then draws cold


class NotInWorker(LookupError):
    """The worker's registry has no such game (registered at run time in the parent): draw it there."""


def draw_in_worker(kind: str, game: str, view: dict[str, Any], kwargs: dict[str, Any],
                   language: str = "en") -> Any:
    """One drawing, in a worker: the same ``render.board``/``private`` or ``board_and_focus`` (both PNGs from one
    canvas; None for the panel when there is no part to zoom) as a thread
    would call, in ``language`` (the caller's speaker lives in a ContextVar of the parent process: it does not cross
    to the worker by itself)."""
    import render  # the worker's own: imported once per worker
    import rules
    from bot.lang import speaking

    if kind not in KINDS:
        raise ValueError(f"unknown image kind {kind!r}")
    if game not in rules.PARTS:
        raise NotInWorker(game)
    draw = getattr(render, kind)
    with speaking(language):
        return draw(game, view, **kwargs)


def _prepare() -> None:
    """A new worker draws each game's opening board once: Pillow, the fonts and each renderer's cached art are then
    ready before the first real draw (a few tenths of a second per game otherwise, on a player's move)."""
    import render
    import rules

    for name, game in rules.GAMES.items():
        # a renderer that fails here fails on the real draw too, where it is reported
        with contextlib.suppress(Exception):
            render.board(name, game.new_state(num_players=game.min_players, seed=1).view(None))


def _pid() -> int:
    time.sleep(0.05)  # long enough that the other workers take the other calls of ``warm``
    return os.getpid()


def default_workers() -> int:
    return Tuning.from_env().render_workers


class RenderPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self.drawn = 0  # images a worker returned (the tests and the bench check the pool was used)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_prepare)
        return self._pool

    async def warm(self) -> set[int]:
        """Start every worker (each draws every game's opening board first: ``_prepare``); their pids."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        pids: set[int] = set()
        give_up = loop.time() + WARM_LIMIT_S
        while len(pids) < self.workers and loop.time() < give_up:
            # a worker still starting leaves its call to one already up: ask until each has answered
            pids |= set(await asyncio.gather(*(loop.run_in_executor(pool, _pid) for _ in range(self.workers))))
        return pids

    async def draw(self, kind: str, game: str, view: dict[str, Any], kwargs: dict[str, Any]) -> Any:
        """What ``render.<kind>`` returns for these arguments, drawn in a worker."""
        loop = asyncio.get_running_loop()
        try:
            png = await loop.run_in_executor(self._executor(), draw_in_worker, kind, game, view, kwargs,
                                             words.language())
        except concurrent.futures.process.BrokenProcessPool:
            self._pool = None  # a worker died: the next draw starts a fresh pool
            raise
        self.drawn += 1
        return png

    def close(self, *, wait: bool = False) -> None:
        """Stop the workers (``wait``: until they have exited; the bot does not wait at shutdown)."""
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=True)
            self._pool = None
