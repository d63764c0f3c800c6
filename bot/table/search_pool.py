"""The strong bot off the event loop: its search (rules/search.py) runs in worker processes.

A search takes up to a couple of seconds of CPU; run on the event loop it would stall every table and every Discord
interaction meanwhile. ``SearchPool.choose`` sends the game's snapshot to a worker process and awaits the answer.
One worker by default (one core: ``KONTOR_SEARCH_WORKERS`` sets more); workers start on first use ("spawn": the
bot's threads are never forked) and each limits its address space (``KONTOR_SEARCH_MEMORY_MB``, 1,024 by default),
so a runaway search fails alone and the bot falls back to the basic bot for that move.
The budget is the search's playouts, never a time, so a move replays from seed and log: each game's own
(``search.budget_for``) unless ``KONTOR_SEARCH_BUDGET`` sets one for every game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable
from typing import TypeVar

from bot.config import Tuning
from bot.table.render_pool import NotInWorker
from rules import search
from rules.core import Rng

log = logging.getLogger("bot.search")

T = TypeVar("T")


def _limit_memory(megabytes: int, nice: int = 0) -> None:
    if nice:  # a background worker (the reviews: bot/table/learn/) gives way to the bots' and the players' work
        with contextlib.suppress(AttributeError, OSError):  # not on this platform: it runs at the usual priority
            os.nice(nice)
    try:
        import resource

        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # not on this platform, or above the hard limit: run unbounded
        pass


def search_move(game_name: str, snapshot: str, seat: int, seed: int, ply: int, budget: int | None) -> str:
    """The strong bot's move in the stored game (in a worker: everything it needs comes as plain data)."""
    import rules  # the worker's own registry

    game = rules.GAMES.get(game_name)
    if game is None:  # registered at run time in the parent only (a fresh worker knows the shipped games)
        raise NotInWorker(game_name)
    state = game.load(snapshot)
    return search.choose(game, state, seat, Rng(seed, "bot", ply), budget or search.budget_for(game))


class SearchPool:
    """Worker processes for the strong bot. ``inline``: search in a thread of this process instead (tests and
    tools that measure the search itself; a thread still keeps the event loop free)."""

    def __init__(self, workers: int | None = None, *, budget: int | None = None, inline: bool = False,
                 nice: int = 0) -> None:
        tuning = Tuning.from_env()  # the host's settings (bot/config.py), unless the caller gives its own
        self.workers = workers or tuning.search_workers
        self.budget = budget or tuning.search_budget  # None: each game's own
        self.memory_mb = tuning.search_memory_mb
        self.inline = inline
        self.nice = nice  # the workers' niceness (os.nice): a background pool gives way to the bots' moves
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._here: set[str] = set()  # games the workers do not know: searched in a thread of this process

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_limit_memory, initargs=(self.memory_mb, self.nice))
        return self._pool

    async def choose(self, game_name: str, snapshot: str, seat: int, seed: int, ply: int) -> str:
        return await self.run(game_name, search_move, game_name, snapshot, seat, seed, ply, self.budget)

    async def run(self, game_name: str, fn: Callable[..., T], *args: object) -> T:
        """``fn(*args)`` in a worker (a module-level function of plain data, as ``search_move``), or in a thread of
        this process for a game the workers do not know (``NotInWorker``) or an ``inline`` pool."""
        if self.inline or game_name in self._here:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), fn, *args)
        except NotInWorker:
            self._here.add(game_name)
            return await asyncio.to_thread(fn, *args)
        except concurrent.futures.process.BrokenProcessPool:
            self._pool = None  # a worker died (e.g. its memory limit): the next search starts a fresh pool
            raise

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
