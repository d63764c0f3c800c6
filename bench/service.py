"""Service speed: ``act()`` latency (load, validate, apply, commit; no rendering) with 1, 100 and 1,000
active games in one SQLite file, sustained actions/s, and beside them the floor: a bare aiosqlite
``UPDATE`` + commit of a row of the same size in a table of as many rows.

Latency is measured one request at a time (what one player waits for); throughput with many requests
in flight, one per game, which also gives the latency under that load.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from dataclasses import dataclass

import aiosqlite

import rules
from bench import driver
from bench.stats import Row, fmt, median, percentile, target_check
from bot.discord.runtime import tune_gc
from bot.table.store import Store
from bot.table.store.schema import PRAGMAS

P99_TARGET_MS = 25.0
FLOOR_RATIO_TARGET = 5.0


@dataclass
class ServiceFigures:
    games: int
    p50_ms: float
    p99_ms: float
    loaded_p99_ms: float
    in_flight: int
    actions_per_s: float
    row_bytes: int
    by_game: dict[str, float]  # p50 ms of the one-at-a-time acts, per game


async def _open_tables(svc, store: Store, count: int, first_channel: int) -> list[driver.Table]:  # type: ignore[no-untyped-def]
    names = list(rules.GAMES)
    return [await driver.open_table(svc, store, first_channel + i, names[i % len(names)]) for i in range(count)]


async def _act_or_replace(svc, store: Store, tables: list[driver.Table], i: int, rnd: random.Random,  # type: ignore[no-untyped-def]
                          next_channel: list[int]) -> tuple[str, float]:
    """One timed act on table i (a finished game is replaced by a new one, untimed); return (game, seconds)."""
    if tables[i].state.is_over():
        next_channel[0] += 1
        tables[i] = await driver.open_table(svc, store, next_channel[0], tables[i].name)
    start = time.perf_counter()
    await driver.act(svc, tables[i], rnd)
    return tables[i].name, time.perf_counter() - start


async def measure_service(games: int, samples: int, seed: int = 1) -> ServiceFigures:
    with tempfile.TemporaryDirectory(prefix="kontor-bench-") as tmp:
        return await measure_target(os.path.join(tmp, "bench.sqlite3"), games, samples, seed)


async def measure_target(target: str, games: int, samples: int, seed: int = 1) -> ServiceFigures:
    """The service's figures on ``target``: an SQLite file's path, or a PostgreSQL URL (bench/pg.py)."""
    from bot.table import TableService

    rnd = random.Random(seed)
    svc = await TableService.open(target, render=False)
    store = await Store.open(target, read_only=True)  # a reader beside the service (its one writer)
    try:
        tables = await _open_tables(svc, store, games, 10_000)
        next_channel = [10_000 + games]
        for i in range(min(games, 50)):  # warm up: caches, statements, the WAL
            await _act_or_replace(svc, store, tables, i, rnd, next_channel)
        timed = [await _act_or_replace(svc, store, tables, rnd.randrange(games), rnd, next_channel)
                 for _ in range(samples)]
        sequential = [t for _name, t in timed]
        by_game = {name: median([t for n, t in timed if n == name]) * 1e3 for name in {n for n, _ in timed}}

        in_flight = min(games, 64)
        loaded: list[float] = []
        per_client = max(1, samples // in_flight)

        async def client(k: int) -> None:
            owned = range(k, games, in_flight)  # each client owns distinct games: no version races
            for j in range(per_client):
                idx = owned[j % len(owned)]
                loaded.append((await _act_or_replace(svc, store, tables, idx, rnd, next_channel))[1])

        start = time.perf_counter()
        await asyncio.gather(*(client(k) for k in range(in_flight)))
        wall = time.perf_counter() - start
        row_bytes = int(median([len(t.state.dump()) for t in tables]))
    finally:
        await store.close()
        await svc.close()
    return ServiceFigures(games, median(sequential) * 1e3, percentile(sequential, 99) * 1e3,
                          percentile(loaded, 99) * 1e3, in_flight, len(loaded) / wall, row_bytes, by_game)


async def measure_floor(rows: int, row_bytes: int, samples: int) -> tuple[float, float]:
    """p50/p99 ms of a bare aiosqlite guarded UPDATE + commit of one ``row_bytes`` row among ``rows``,
    on a connection set up with the store's ``PRAGMAS`` (WAL, ``synchronous``, checkpoints)."""
    with tempfile.TemporaryDirectory(prefix="kontor-floor-") as tmp:
        db = await aiosqlite.connect(os.path.join(tmp, "floor.sqlite3"), isolation_level=None)
        try:
            for pragma in PRAGMAS:  # exactly the store's: the same fsyncs and checkpoints per commit
                await db.execute(f"PRAGMA {pragma}")
            await db.execute("CREATE TABLE games(id INTEGER PRIMARY KEY, version INTEGER NOT NULL,"
                             " snapshot TEXT NOT NULL) STRICT")
            body = "x" * row_bytes
            await db.executemany("INSERT INTO games VALUES (?, 0, ?)", [(i, body) for i in range(rows)])
            versions = [0] * rows
            rnd = random.Random(rows)
            times = []
            for k in range(samples + 50):
                i = rnd.randrange(rows)
                payload = (body[:-8] + f"{k:08d}")[:row_bytes]
                start = time.perf_counter()
                await db.execute("BEGIN IMMEDIATE")
                await db.execute("UPDATE games SET snapshot = ?, version = version + 1 WHERE id = ? AND version = ?",
                                 (payload, i, versions[i]))
                await db.execute("COMMIT")
                if k >= 50:
                    times.append(time.perf_counter() - start)
                versions[i] += 1
        finally:
            await db.close()
    return median(times) * 1e3, percentile(times, 99) * 1e3


async def _figures(counts: list[int], samples: int, repeats: int) -> list[tuple[ServiceFigures, float, float]]:
    out = []
    for games in counts:
        runs = [await measure_service(games, samples, seed=r + 1) for r in range(repeats)]
        floors = [await measure_floor(games, runs[0].row_bytes, samples) for _ in range(repeats)]
        fig = ServiceFigures(games, median([r.p50_ms for r in runs]), median([r.p99_ms for r in runs]),
                             median([r.loaded_p99_ms for r in runs]), runs[0].in_flight,
                             median([r.actions_per_s for r in runs]), runs[0].row_bytes,
                             {n: median([r.by_game[n] for r in runs if n in r.by_game]) for n in runs[0].by_game})
        out.append((fig, median([f[0] for f in floors]), median([f[1] for f in floors])))
    return out


def rows(counts: list[int], samples: int, repeats: int) -> list[Row]:
    tune_gc()  # the process settings of ``kontor run``: the service is measured as it is deployed
    out: list[Row] = []
    for fig, floor50, floor99 in asyncio.run(_figures(counts, samples, repeats)):
        g = f"{fig.games:,} games"
        r50, r99 = fig.p50_ms / floor50, fig.p99_ms / floor99
        out.append(Row("service", f"act() p50 ms, {g}", fmt(fig.p50_ms, 2), f"{floor50:.2f} (commit floor)",
                       f"{r50:.1f}x"))
        ok = fig.p99_ms <= P99_TARGET_MS and r99 <= FLOOR_RATIO_TARGET if fig.games >= 1000 else None
        out.append(Row("service", f"act() p99 ms, {g}", fmt(fig.p99_ms, 2), f"{floor99:.2f} (commit floor)",
                       f"{r99:.1f}x", f"<= {P99_TARGET_MS:.0f} ms, <= {FLOOR_RATIO_TARGET:.0f}x" if ok is not None
                       else "", target_check(ok)))
        out.append(Row("service", f"sustained actions/s, {g}", fmt(fig.actions_per_s),
                       verdict=f"{fig.in_flight} in flight, p99 {fig.loaded_p99_ms:.1f} ms; row {fig.row_bytes:,} B"))
        if fig.games > 1:
            out.append(Row("service", f"act() p50 ms by game, {g}", "",
                           verdict=", ".join(f"{n} {ms:.2f}" for n, ms in sorted(fig.by_game.items()))))
    return out
