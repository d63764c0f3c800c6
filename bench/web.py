"""The web pages under load (``--only web``; issue 40's quality bars): with many active games in one SQLite file
written by the service, read by ``kontor web``'s reader beside it (``Spectators.open``, read-only) and served over
loopback by the real app (``make_app``), measured by an aiohttp client in the same process:

- **table page, time to first byte**: one GET at a time at random games, every page seen once before (its
  ``Spectacle`` and board cached per version), p50/p99; and the first view of a game (built from its rows) p99.
  Peer: a bare aiohttp handler answering the same number of bytes on the same kind of server (the loopback floor).
- **a move reaching 200 open pages**: 200 event streams on one game; a move through the service, timed until the
  last stream has the new key: beside the bot (SQLite's change counter, read every 0.5 s) and inside the bot's
  process (its commits tell). Peer: one message written to 200 bare aiohttp streams.
- **first page weight**: what a first visit downloads (the page, the style sheet, the script and the board) per game.

Rate limiting is off (every client is 127.0.0.1). Client and server share one event loop, so each figure includes
the client's own work; the peers pay the same.
"""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
import time
from pathlib import Path

import aiohttp
from aiohttp import web

import rules
from bench import driver
from bench.stats import Row, fmt, median, percentile, ratio, target_check
from bot.config import WebConfig
from bot.table import Spectators, TableService
from bot.web.addresses import token
from bot.web.app import make_app

SECRET = b"bench-web-secret-0123456789"
TTFB_TARGET_MS = 50.0
FANOUT_TARGET_S = 1.0
WEIGHT_TARGET_KB = 300.0
VIEWERS = 200
HANG_GUARD_S = 60.0


async def _serve(app: web.Application) -> tuple[web.AppRunner, str]:
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    host, port = runner.addresses[0][:2]
    return runner, f"http://{host}:{port}"


async def _ttfb(http: aiohttp.ClientSession, url: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    async with http.get(url) as response:  # returns once the status line and headers are in
        first = time.perf_counter() - start
        body = await response.read()
        assert response.status == 200, (url, response.status)
    return first * 1e3, body


async def _key(stream: aiohttp.ClientResponse, other_than: str) -> str:
    while True:
        block = (await asyncio.wait_for(stream.content.readuntil(b"\n\n"), HANG_GUARD_S)).decode()
        data = [line[6:] for line in block.splitlines() if line.startswith("data: ")]
        if "event: key" in block and data and data[0] != other_than:
            return data[0]


async def _until(stream: aiohttp.ClientResponse, seen: str, want: str) -> str:
    while seen != want:
        seen = await _key(stream, seen)
    return seen


async def _fanout(svc: TableService, spectators: Spectators, table: driver.Table, base: str, rnd: random.Random,
                  moves: int) -> list[float]:
    """Seconds from the move's start until every one of ``VIEWERS`` open streams has the new key, per move (a move
    that changes nothing a spectator sees, a secret choice, is played untimed)."""
    game_id = (await svc.table(table.channel)).game_id
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        streams = [await http.get(f"{base}/events") for _ in range(VIEWERS)]
        try:
            keys = [await _key(s, "") for s in streams]
            times: list[float] = []
            while len(times) < moves:
                now = (await spectators.now(game_id)).key  # every stream has what the page shows now
                keys = list(await asyncio.gather(*(_until(s, k, now) for s, k in zip(streams, keys, strict=True))))
                start = time.perf_counter()
                await driver.act(svc, table, rnd)
                after = (await spectators.now(game_id)).key
                if after == now:
                    continue
                keys = list(await asyncio.gather(*(_until(s, k, after) for s, k in zip(streams, keys, strict=True))))
                times.append(time.perf_counter() - start)
            return times
        finally:
            for stream in streams:
                stream.close()


async def _bare_fanout(moves: int) -> list[float]:
    """The peer: one event written to ``VIEWERS`` bare aiohttp streams, until the last client read it."""
    queues: list[asyncio.Queue[str]] = []

    async def events(request: web.Request) -> web.StreamResponse:
        queue: asyncio.Queue[str] = asyncio.Queue()
        queues.append(queue)
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        await response.write(b"event: key\ndata: start\n\n")
        while key := await queue.get():  # "" ends the stream
            await response.write(f"event: key\ndata: {key}\n\n".encode())
        return response

    app = web.Application()
    app.router.add_get("/events", events)
    runner, url = await _serve(app)
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            streams = [await http.get(f"{url}/events") for _ in range(VIEWERS)]
            for stream in streams:
                await _key(stream, "")
            times = []
            for n in range(moves):
                start = time.perf_counter()
                for queue in queues:
                    queue.put_nowait(f"k{n}")
                await asyncio.gather(*(_key(s, f"k{n - 1}") for s in streams))
                times.append(time.perf_counter() - start)
            for queue in queues:
                queue.put_nowait("")
            for stream in streams:
                stream.close()
        return times
    finally:
        await runner.cleanup()


async def measure(games: int, samples: int, moves: int) -> list[Row]:
    out: list[Row] = []
    rnd = random.Random(40)
    with tempfile.TemporaryDirectory(prefix="kontor-bench-web-") as tmp:
        path = str(Path(tmp) / "kontor.sqlite3")
        svc = await TableService.open(path)
        names = list(rules.GAMES)
        tables = [await driver.open_table(svc, svc.store, 40_000 + i, names[i % len(names)]) for i in range(games)]
        for table in tables:
            for _ in range(3):
                await driver.act(svc, table, rnd)
        ids = {t.channel: (await svc.table(t.channel)).game_id for t in tables}
        spectators = await Spectators.open(path)
        runner, url = await _serve(make_app(spectators, WebConfig(secret=SECRET)))
        try:
            async with aiohttp.ClientSession() as http:
                pages = {c: f"{url}/t/{token(SECRET, g)}" for c, g in ids.items()}
                first_views = [(await _ttfb(http, pages[t.channel]))[0] for t in tables]  # each game's first view
                warm = [(await _ttfb(http, pages[rnd.choice(tables).channel]))[0] for _ in range(samples)]
                body = (await _ttfb(http, pages[tables[0].channel]))[1]
                floor = await _floor(http, len(body), samples)
                p99, floor99 = percentile(warm, 99), percentile(floor, 99)
                out += [Row("web", f"table page first byte p50 ms, {games:,} games", fmt(median(warm), 2),
                            f"{median(floor):.2f} (bare handler)", f"{ratio(median(warm), median(floor)):.1f}x"),
                        Row("web", f"table page first byte p99 ms, {games:,} games", fmt(p99, 2),
                            f"{floor99:.2f} (bare handler)", f"{ratio(p99, floor99):.1f}x",
                            f"<= {TTFB_TARGET_MS:.0f} ms", target_check(p99 <= TTFB_TARGET_MS)),
                        Row("web", "table page first view p99 ms (built from its rows)",
                            fmt(percentile(first_views, 99), 2), verdict=f"{len(body) / 1024:.1f} KB of HTML")]
                for name in names:  # a first visit: the page, its style sheet and script, the board
                    table = next(t for t in tables if t.name == name)
                    html = (await _ttfb(http, pages[table.channel]))[1].decode()
                    found = re.search(r'<img src="([^"]*board\.png[^"]*)"', html)
                    src = found.group(1) if found else ""
                    parts = [len(html.encode())]
                    for asset in ("/static/kontor.css", "/static/kontor.js", src.replace("&amp;", "&")):
                        if asset:
                            parts.append(len((await _ttfb(http, url + asset))[1]))
                    kb = sum(parts) / 1024
                    out.append(Row("web", f"{name}: first page weight KB", fmt(kb, 1), target=
                                   f"<= {WEIGHT_TARGET_KB:.0f} KB", verdict=f"{target_check(kb <= WEIGHT_TARGET_KB)}"
                                   f" (page {parts[0] / 1024:.1f}, board {parts[-1] / 1024:.1f})"))
            busy = tables[0]
            bare = await _bare_fanout(moves)
            beside = await _fanout(svc, spectators, busy, pages[busy.channel], rnd, moves)
            out.append(_fanout_row("beside the bot (SQLite change counter, 0.5 s)", beside, bare))
        finally:
            await runner.cleanup()
            await spectators.close()
        own = Spectators.beside(svc)
        inside, url = await _serve(make_app(own, WebConfig(secret=SECRET)))
        try:
            busy = tables[len(names)]  # another table of the first game
            times = await _fanout(svc, own, busy, f"{url}/t/{token(SECRET, ids[busy.channel])}", rnd, moves)
            out.append(_fanout_row("inside kontor run (its commits)", times, bare))
        finally:
            await inside.cleanup()
            await svc.close()
    return out


def _fanout_row(how: str, times: list[float], bare: list[float]) -> Row:
    worst = max(times)
    return Row("web", f"move reaches {VIEWERS} open pages, {how}: max s", fmt(worst, 3),
               f"{max(bare):.3f} (bare streams)", f"{ratio(worst, max(bare)):.1f}x", f"<= {FANOUT_TARGET_S:.0f} s",
               f"{target_check(worst <= FANOUT_TARGET_S)} (median {median(times):.3f} s of {len(times)} moves)")


async def _floor(http: aiohttp.ClientSession, size: int, samples: int) -> list[float]:
    body = b"x" * size

    async def page(_request: web.Request) -> web.Response:
        return web.Response(body=body, content_type="text/html")

    app = web.Application()
    app.router.add_get("/", page)
    runner, url = await _serve(app)
    try:
        return [(await _ttfb(http, f"{url}/"))[0] for _ in range(samples)]
    finally:
        await runner.cleanup()


def rows(games: int, samples: int, moves: int) -> list[Row]:
    return asyncio.run(measure(games, samples, moves))
