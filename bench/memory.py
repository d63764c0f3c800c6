"""Memory: stored bytes per finished game (snapshot + log), and the RSS of a process holding N active games;
beside it the event loop's longest garbage-collection pause while those games are played.

The RSS is measured in a fresh child process (``python -m bench.memory N``) so that the bench's own
imports (catanatron, Pillow buffers) do not count. The child runs with ``kontor run``'s process settings
(``tune_gc``). After the setup it plays ``PLAY_ACTS`` moves at random games, timing every collection CPython
runs on its own (``gc.callbacks``, in the CPU time of the thread that runs it: on a busy machine wall time
measures the other jobs), then one forced full collection (what the rare automatic one costs). The bench's own
mirror of each game is kept as its snapshot string, so that its objects do not inflate the collections.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

import rules
from bench import driver
from bench.stats import Row, fmt, target_check
from bot.table.store import Store

RSS_TARGET_MB = 100.0  # at 10,000 active games (issue 43)
PAUSE_TARGET_MS = 20.0  # the longest collection, at 10,000 active games
PLAY_ACTS = 5_000
PACED = os.environ.get("KONTOR_BENCH_GC_PACE", "on") != "off"  # off: CPython's own young collections alone


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def stored_bytes(name: str, seed: int) -> tuple[int, int, int]:
    """(snapshot bytes, log bytes, logged actions) of one random game played to its end through the service."""
    from bot.table import TableService

    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="kontor-mem-") as tmp:
        path = os.path.join(tmp, "mem.sqlite3")
        svc = await TableService.open(path, render=False)
        store = await Store.open(path, read_only=True)  # a reader beside the service (its one writer)
        try:
            table = await driver.open_table(svc, store, 1, name)
            while not table.state.is_over():
                await driver.act(svc, table, rnd)
        finally:
            await store.close()
            await svc.close()
        with sqlite3.connect(path) as db:
            (game_id, snap), = db.execute("SELECT id, length(snapshot) FROM games WHERE channel_id = 1")
            log, count = db.execute("SELECT COALESCE(SUM(length(COALESCE(action, '')) + length(events)), 0),"
                                    " COUNT(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()
        db.close()
    return int(snap), int(log), int(count)


class PauseClock:
    """Every garbage collection's CPU time (of the thread that runs it, which holds the GIL meanwhile)."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []  # (generation, seconds)
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
        else:
            self.pauses.append((info["generation"], time.thread_time() - self._started))

    def worst(self) -> tuple[float, int]:
        """(longest pause in ms, its generation); (0, -1) when none ran."""
        if not self.pauses:
            return 0.0, -1
        gen, secs = max(self.pauses, key=lambda p: p[1])
        return secs * 1e3, gen


async def _act_kept(svc, table: driver.Table, rnd: random.Random, game: rules.Game) -> None:  # type: ignore[no-untyped-def]
    """One random move, the mirror kept as its snapshot string between moves (``table.state`` holds it)."""
    snapshot = table.state
    table.state = game.load(snapshot)  # type: ignore[arg-type]
    try:
        await driver.act(svc, table, rnd)
    finally:
        table.state = table.state.dump()  # type: ignore[assignment]


async def _hold_games(count: int, moves: int, play: int) -> dict[str, float]:
    from bot.discord.runtime import pace_gc, settle_gc
    from bot.table import TableService

    baseline = rss_mb()
    rnd = random.Random(count)
    names = list(rules.GAMES)
    with tempfile.TemporaryDirectory(prefix="kontor-rss-") as tmp:
        path = os.path.join(tmp, "rss.sqlite3")
        svc = await TableService.open(path, render=False)
        store = await Store.open(path, read_only=True)  # a reader beside the service (its one writer)
        settle_gc()  # what ``kontor run`` does once the bot is set up, before any game is played
        try:
            tables = []
            for i in range(count):
                table = await driver.open_table(svc, store, 50_000 + i, names[i % len(names)])
                for _ in range(moves):
                    if not table.state.is_over():
                        await driver.act(svc, table, rnd)
                table.state = table.state.dump()  # type: ignore[assignment]  # the mirror as a string
                tables.append(table)
            for table in tables:  # every game read once more, as a front end showing boards would
                await svc.public_view(table.channel)
            gc.collect()
            rss = rss_mb()
            clock = PauseClock()
            gc.callbacks.append(clock)
            pacer = asyncio.create_task(pace_gc()) if PACED else None  # as ``kontor run`` runs
            try:
                for _ in range(play):
                    table = tables[rnd.randrange(count)]
                    game = rules.get_game(table.name)
                    if not game.load(table.state).is_over():  # type: ignore[arg-type]
                        await _act_kept(svc, table, rnd, game)
            finally:
                if pacer is not None:
                    pacer.cancel()
                gc.callbacks.remove(clock)
            worst, gen = clock.worst()
            tracked = len(gc.get_objects())
            started = time.thread_time()
            gc.collect()
            full = time.thread_time() - started
            return {"baseline_mb": baseline, "rss_mb": rss, "pause_ms": worst, "pause_gen": gen,
                    "collections": len(clock.pauses), "full_ms": full * 1e3, "tracked": tracked,
                    "acts": play}
        finally:
            await store.close()
            await svc.close()


def probe_rss(count: int, moves: int = 3, play: int = PLAY_ACTS) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-m", "bench.memory", str(count), str(moves), str(play)], capture_output=True,
                         text=True, check=True, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return json.loads(out.stdout.strip().splitlines()[-1])


def rows(rss_games: Sequence[int], games: int = 3) -> list[Row]:
    out = []
    for name in rules.GAMES:
        sizes = sorted((asyncio.run(stored_bytes(name, seed)) for seed in range(11, 11 + games)), key=sum)
        snap, log, count = sizes[len(sizes) // 2]  # the median game by total size
        out.append(Row("memory", f"{name}: stored bytes per finished game", fmt(snap + log),
                       verdict=f"median of {games}: snapshot {snap:,} + log {log:,} ({count} actions)"))
    for held in rss_games:
        probe = probe_rss(held)
        judged = held >= 10_000
        ok = probe["rss_mb"] <= RSS_TARGET_MB if judged else None
        out.append(Row("memory", f"process RSS MB, {held:,} active games", fmt(probe["rss_mb"], 1),
                       f"{probe['baseline_mb']:.1f} (after imports)", "",
                       f"<= {RSS_TARGET_MB:.0f} MB" if judged else "", target_check(ok)))
        ok = probe["pause_ms"] <= PAUSE_TARGET_MS if judged else None
        out.append(Row("memory", f"longest GC pause ms (CPU), {held:,} active games", fmt(probe["pause_ms"], 1),
                       "", "", f"<= {PAUSE_TARGET_MS:.0f} ms" if judged else "",
                       " ".join(filter(None, (target_check(ok), f"(generation {probe['pause_gen']};"
                                              f" {probe['collections']} collections in {probe['acts']:,} moves)")))))
        out.append(Row("memory", f"forced full GC ms (CPU), {held:,} active games", fmt(probe["full_ms"], 1),
                       verdict=f"{probe['tracked']:,} tracked objects"))
    return out


if __name__ == "__main__":
    count = int(sys.argv[1])
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    play = int(sys.argv[3]) if len(sys.argv) > 3 else PLAY_ACTS
    import bot.table  # noqa: F401  (counted in the baseline, like a running bot)
    from bot.discord.runtime import tune_gc

    tune_gc()  # ``kontor run``'s process settings
    print(json.dumps(asyncio.run(_hold_games(count, moves, play))))
