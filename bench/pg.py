"""Past one machine (issue 23): the service on PostgreSQL beside PostgreSQL's own bare-commit floor, and sustained
moves per second with every board rendered, at 1 and 2 render processes.

- **Where.** ``KONTOR_BENCH_PG`` (a ``postgresql://`` URL; each measurement gets a schema of its own, dropped after),
  else a throwaway local server (``tests/support/pgserver.py``) with PostgreSQL's durable defaults (``fsync`` on),
  so every commit pays its WAL flush, as the SQLite rows pay theirs.
- **service-pg.** ``bench/service.py``'s measurement (the same tables, moves, samples, 64 in flight) with the
  service on PostgreSQL, and its floor: a bare asyncpg ``BEGIN; UPDATE games SET snapshot = $1, version = version +
  1 WHERE id = $2 AND version = $3; COMMIT`` of a row of the same size among as many rows — the transaction the
  store's ``bump`` runs, without the log row, the clocks and the rules. Target: act() p99 ≤ 3× the floor's p99 at
  1,000 games.
- **scale.** One service on PostgreSQL (``render=True``: every move's Update carries its board PNG) drawing in a
  ``RenderPool`` of 1, then 2 worker processes (bot/table/render_pool.py); 16 tables of every game in turn, 8 moves in
  flight, each a random legal move; moves/s over the timed moves (after one warm-up move per table). Beside it,
  renders/s: mid-game boards drawn by the pool alone, as many in flight as workers. Target: 2 processes ≥ 1.6× 1 on
  a 2-core machine. Then the same with 2 bot processes (as shard processes: each its own service, tables and one
  render process, on the one database). The ratio is only as good as the machine is quiet: the bench prints the
  load average it started with.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import queue
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import asyncpg

import rules
from bench import driver
from bench.service import measure_target
from bench.stats import Row, fmt, median, percentile, target_check
from bot.discord.runtime import tune_gc
from bot.table.images import BoardImages
from bot.table.render_pool import RenderPool
from bot.table.store import Store
from tests.support.pgserver import PgServer, PgUnavailable

FLOOR_RATIO_TARGET = 3.0
SCALE_TARGET = 1.6
SCALE_TABLES = 16
SCALE_IN_FLIGHT = 8
HANG_GUARD_S = 900.0  # not a measurement: how long a bot process of measure_processes may take before it is given up


@contextmanager
def server() -> Iterator[str]:
    """The database URL: ``KONTOR_BENCH_PG``, else a throwaway durable server for the run."""
    given = os.environ.get("KONTOR_BENCH_PG", "").strip()
    if given:
        yield given
        return
    pg = PgServer(durable=True)  # the tests' throwaway server, with fsync on
    try:
        yield pg.url()
    finally:
        pg.stop()


@asynccontextmanager
async def schema(url: str) -> AsyncIterator[str]:
    """A URL whose connections work in a new schema, dropped afterwards."""
    name = f"bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE SCHEMA {name}")
        yield f"{url}{'&' if '?' in url else '?'}search_path={name}"
        await admin.execute(f"DROP SCHEMA {name} CASCADE")
    finally:
        await admin.close()


async def measure_floor(url: str, rows: int, row_bytes: int, samples: int) -> tuple[float, float]:
    """p50/p99 ms of a bare guarded UPDATE + commit of one ``row_bytes`` row among ``rows`` (as the store: BEGIN,
    the statement, COMMIT on one connection)."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE floor_games(id BIGINT PRIMARY KEY, version INTEGER NOT NULL,"
                           " snapshot TEXT NOT NULL)")
        body = "x" * row_bytes
        await conn.executemany("INSERT INTO floor_games VALUES ($1, 0, $2)", [(i, body) for i in range(rows)])
        versions = [0] * rows
        rnd = random.Random(rows)
        times = []
        for k in range(samples + 50):
            i = rnd.randrange(rows)
            payload = (body[:-8] + f"{k:08d}")[:row_bytes]
            start = time.perf_counter()
            tx = conn.transaction()
            await tx.start()
            await conn.execute("UPDATE floor_games SET snapshot = $1, version = version + 1 WHERE id = $2"
                               " AND version = $3", payload, i, versions[i])
            await tx.commit()
            if k >= 50:
                times.append(time.perf_counter() - start)
            versions[i] += 1
    finally:
        await conn.close()
    return median(times) * 1e3, percentile(times, 99) * 1e3


async def _service_rows(url: str, counts: list[int], samples: int, repeats: int) -> list[Row]:
    out: list[Row] = []
    for games in counts:
        runs, floors = [], []
        for r in range(repeats):
            async with schema(url) as target:
                runs.append(await measure_target(target, games, samples, seed=r + 1))
            async with schema(url) as target:
                floors.append(await measure_floor(target, games, runs[0].row_bytes, samples))
        p50, p99 = median([r.p50_ms for r in runs]), median([r.p99_ms for r in runs])
        f50, f99 = median([f[0] for f in floors]), median([f[1] for f in floors])
        g = f"{games:,} games"
        out.append(Row("service-pg", f"act() p50 ms, {g}", fmt(p50, 2), f"{f50:.2f} (PG commit floor)",
                       f"{p50 / f50:.1f}x"))
        ok = p99 <= FLOOR_RATIO_TARGET * f99 if games >= 1000 else None
        out.append(Row("service-pg", f"act() p99 ms, {g}", fmt(p99, 2), f"{f99:.2f} (PG commit floor)",
                       f"{p99 / f99:.1f}x", f"<= {FLOOR_RATIO_TARGET:.0f}x" if ok is not None else "",
                       target_check(ok)))
        loaded = median([r.loaded_p99_ms for r in runs])
        out.append(Row("service-pg", f"sustained actions/s, {g}", fmt(median([r.actions_per_s for r in runs])),
                       verdict=f"{runs[0].in_flight} in flight, p99 {loaded:.1f} ms; row {runs[0].row_bytes:,} B"))
    return out


async def measure_moves(url: str, workers: int, moves: int, seed: int = 1) -> float:
    """Sustained moves/s of one service rendering every board in a pool of ``workers`` processes."""
    played, start, end = await timed_moves(url, workers, moves, seed)
    return played / (end - start)


async def timed_moves(url: str, workers: int, moves: int, seed: int = 1, *, channels: int = 20_000,
                      ready: Callable[[], object] | None = None) -> tuple[int, float, float]:
    """(moves, start, end: wall-clock seconds) of one service rendering every board in a pool of ``workers``
    processes, in the channels from ``channels`` on; ``ready()`` is called just before the timed moves (several
    processes start them together)."""
    from bot.table import TableService

    pool = RenderPool(workers)
    await pool.warm()
    rnd = random.Random(seed)
    svc = await TableService.open(url, render=True, images=BoardImages(pool=pool))
    store = await Store.open(url, read_only=True)
    try:
        names = list(rules.GAMES)
        tables = [await driver.open_table(svc, store, channels + i, names[i % len(names)])
                  for i in range(SCALE_TABLES)]
        next_channel = [channels + SCALE_TABLES]

        async def move(i: int) -> None:
            if tables[i].state.is_over():
                next_channel[0] += 1
                tables[i] = await driver.open_table(svc, store, next_channel[0], tables[i].name)
            await driver.act(svc, tables[i], rnd)

        for i in range(SCALE_TABLES):  # warm up: every game's renderer in the workers, the caches
            await move(i)
        before = pool.drawn
        per_client = max(1, moves // SCALE_IN_FLIGHT)

        async def client(k: int) -> None:
            owned = range(k, SCALE_TABLES, SCALE_IN_FLIGHT)  # distinct tables per client: no version races
            for j in range(per_client):
                await move(owned[j % len(owned)])

        if ready is not None:
            ready()
        start = time.time()
        await asyncio.gather(*(client(k) for k in range(SCALE_IN_FLIGHT)))
        end = time.time()
        assert pool.drawn - before >= per_client * SCALE_IN_FLIGHT, "the boards were not drawn by the pool"
    finally:
        await store.close()
        await svc.close()
        pool.close(wait=True)  # its worker gone before this process exits (a bot process of measure_processes)
    return per_client * SCALE_IN_FLIGHT, start, end


def _bot_process(url: str, moves: int, seed: int, channels: int, barrier: Any, results: Any) -> None:
    """One bot process of ``measure_processes`` (spawned): its own service and one render process."""
    tune_gc()
    results.put(asyncio.run(timed_moves(url, 1, moves, seed, channels=channels, ready=barrier.wait)))


def measure_processes(url: str, processes: int, moves: int, seed: int = 1) -> float:
    """Sustained moves/s of ``processes`` bot processes on one database, each with one render process and tables of
    its own (as shard processes): all their moves over the time from the first one's start to the last one's end."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(processes), context.Queue()
    children = [context.Process(target=_bot_process, args=(url, moves, seed + k, 20_000 + k * 1_000_000, barrier,
                                                           results)) for k in range(processes)]
    for child in children:
        child.start()
    try:  # bounded: a process that died (its traceback is on stderr) must not hang the bench
        done = [results.get(timeout=HANG_GUARD_S) for _ in children]
    except queue.Empty:
        return float("nan")
    finally:
        barrier.abort()
        for child in children:
            child.join(timeout=30)
            if child.is_alive():
                child.terminate()
    return sum(n for n, _s, _e in done) / (max(e for _n, _s, e in done) - min(s for _n, s, _e in done))


async def measure_renders(workers: int, count: int) -> float:
    """Boards/s drawn by a pool of ``workers`` processes alone (mid-game public views of every game in turn)."""
    views = []
    for name, game in rules.GAMES.items():
        state = game.new_state(num_players=max(3, game.min_players), seed=3)
        rnd = random.Random(3)
        for _ in range(20):
            if not state.to_act():
                break
            seat = state.to_act()[0]
            state.apply(seat, rnd.choice(state.legal_actions(seat)))
        views.append((name, state.view(None)))
    pool = RenderPool(workers)
    try:
        await pool.warm()
        for name, view in views:
            await pool.draw("board", name, view, {"last": None})
        jobs = iter(range(count))

        async def worker() -> None:
            for k in jobs:
                name, view = views[k % len(views)]
                await pool.draw("board", name, view, {"last": None})

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(workers)))
        return count / (time.perf_counter() - start)
    finally:
        pool.close()


async def _scale_rows(url: str, moves: int, renders: int, repeats: int) -> list[Row]:
    out: list[Row] = []
    load = os.getloadavg()[0]  # how quiet the machine was: the ratio needs both cores free
    per_workers: dict[int, float] = {}
    for workers in (1, 2):
        rates = []
        for r in range(repeats):
            async with schema(url) as target:
                rates.append(await measure_moves(target, workers, moves, seed=r + 1))
        per_workers[workers] = median(rates)
        drawn = median([await measure_renders(workers, renders) for _ in range(repeats)])
        out.append(Row("scale", f"moves/s with rendering, {workers} render process{'es' if workers > 1 else ''}",
                       fmt(per_workers[workers], 1),
                       verdict=f"{SCALE_TABLES} tables, {SCALE_IN_FLIGHT} in flight; pool alone {drawn:.1f} boards/s"))
    gain = per_workers[2] / per_workers[1]
    out.append(Row("scale", "moves/s, 2 render processes / 1", f"{gain:.2f}x", target=f">= {SCALE_TARGET}x",
                   verdict=target_check(gain >= SCALE_TARGET)
                   + f" ({os.cpu_count()} cores; load average at start {load:.2f})"))
    shards = []
    for r in range(repeats):
        async with schema(url) as target:
            shards.append(await asyncio.to_thread(measure_processes, target, 2, moves, r + 1))
    two = median(shards)
    out.append(Row("scale", "moves/s with rendering, 2 bot processes (1 render process each)", fmt(two, 1),
                   ratio=f"{two / per_workers[1]:.2f}x", verdict="one database, tables of their own; ratio: to 1 "
                   f"render process above (load average now {os.getloadavg()[0]:.2f})"))
    return out


def rows(counts: list[int], samples: int, repeats: int, *, moves: int, renders: int,
         sections: set[str] | None = None) -> list[Row]:
    tune_gc()
    sections = sections or {"service-pg", "scale"}

    async def run(url: str) -> list[Row]:
        out = []
        if "service-pg" in sections:
            out += await _service_rows(url, counts, samples, repeats)
        if "scale" in sections:
            out += await _scale_rows(url, moves, renders, repeats)
        return out

    try:
        with server() as url:
            return asyncio.run(run(url))
    except (OSError, PgUnavailable) as exc:  # no server: say so in the table rather than fail the whole bench
        return [Row("service-pg", "PostgreSQL", "n/a", verdict=f"no server ({type(exc).__name__}: {exc})"[:120])]
