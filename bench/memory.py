"""Memory: stored bytes per finished game (snapshot + log), and the RSS of a process holding N active games.

The RSS is measured in a fresh child process (``python -m bench.memory N``) so that the bench's own
imports (catanatron, Pillow buffers) do not count.
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

import rules
from bench import driver
from bench.stats import Row, fmt, target_check
from bot.table.store import Store

RSS_TARGET_MB = 300.0


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


async def _hold_games(count: int, moves: int) -> dict[str, float]:
    from bot.table import TableService

    baseline = rss_mb()
    rnd = random.Random(count)
    names = list(rules.GAMES)
    with tempfile.TemporaryDirectory(prefix="kontor-rss-") as tmp:
        path = os.path.join(tmp, "rss.sqlite3")
        svc = await TableService.open(path, render=False)
        store = await Store.open(path, read_only=True)  # a reader beside the service (its one writer)
        try:
            tables = [await driver.open_table(svc, store, 50_000 + i, names[i % len(names)]) for i in range(count)]
            for _ in range(moves):
                for table in tables:
                    if not table.state.is_over():
                        await driver.act(svc, table, rnd)
            for table in tables:  # every game read once more, as a front end showing boards would
                await svc.public_view(table.channel)
            del tables
            gc.collect()
            return {"baseline_mb": baseline, "rss_mb": rss_mb()}
        finally:
            await store.close()
            await svc.close()


def probe_rss(count: int, moves: int = 3) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-m", "bench.memory", str(count), str(moves)], capture_output=True,
                         text=True, check=True, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return json.loads(out.stdout.strip().splitlines()[-1])


def rows(rss_games: int, games: int = 3) -> list[Row]:
    out = []
    for name in rules.GAMES:
        sizes = sorted((asyncio.run(stored_bytes(name, seed)) for seed in range(11, 11 + games)), key=sum)
        snap, log, count = sizes[len(sizes) // 2]  # the median game by total size
        out.append(Row("memory", f"{name}: stored bytes per finished game", fmt(snap + log),
                       verdict=f"median of {games}: snapshot {snap:,} + log {log:,} ({count} actions)"))
    probe = probe_rss(rss_games)
    ok = probe["rss_mb"] <= RSS_TARGET_MB if rss_games >= 1000 else None
    out.append(Row("memory", f"process RSS MB, {rss_games:,} active games", fmt(probe["rss_mb"], 1),
                   f"{probe['baseline_mb']:.1f} (after imports)", "", f"<= {RSS_TARGET_MB:.0f} MB" if ok is not None
                   else "", target_check(ok)))
    return out


if __name__ == "__main__":
    count, moves = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 3
    import bot.table  # noqa: F401  (counted in the baseline, like a running bot)

    print(json.dumps(asyncio.run(_hold_games(count, moves))))
