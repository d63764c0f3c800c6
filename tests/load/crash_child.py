"""The process the crash test kills: many tables played at once, each acknowledged act written to a side file.

``python -m tests.load.crash_child DB ACKS --tables K --seed S [--finish | --wake]``

Every table seats one or two humans and bots in the other seats, so most of the time goes into bot chains
(each bot move its own transaction) — where a kill leaves a game waiting on a bot. On start it does what
``kontor run`` does first (``svc.due()``: wake the bots a kill left waiting), abandons lobbies a kill left
half-made, tops up to K tables and plays random legal moves in all of them concurrently. After each ``act()``
returns it appends ``"<channel> <version>\\n"`` to ACKS with one unbuffered ``write`` (it survives SIGKILL: it
is in the kernel). SIGTERM shuts it down as ``kontor run`` does (``svc.close()``: moves in flight finish, then
exit 0). ``--finish`` plays every active game to its end and exits 0 (proof that every game resumes);
``--wake`` only starts, wakes and stops (what any restart does).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import sqlite3

import rules
from bench.engine import bench_players
from bot.table import TableError, TableService

GUILD = 7_700


async def new_table(svc: TableService, channel: int, name: str, rnd: random.Random) -> None:
    """Create and start a table of one or two humans and bots (the bots move at once if they start)."""
    game = rules.get_game(name)
    n = bench_players(game)
    humans = [channel * 10 + i + 1 for i in range(rnd.choice((1, 1, 2)))]
    await svc.create(channel, GUILD, name, humans[0], f"P{humans[0]}")
    for user in humans[1:]:
        await svc.join(channel, user, f"P{user}")
    for _ in range(n - len(humans)):
        await svc.add_bot(channel, humans[0])
    await svc.start(channel, humans[0])


async def main(db: str, acks: str, tables: int, seed: int, finish: bool, wake_only: bool) -> None:
    with sqlite3.connect(db) as con:  # the channels in use so far (the schema exists after the first run)
        try:
            rows = con.execute("SELECT channel_id, status, creator_id FROM games").fetchall()
        except sqlite3.OperationalError:
            rows = []
    con.close()
    next_channel = max((c for c, _s, _u in rows), default=0) + 1
    rnd = random.Random(seed)
    names = list(rules.GAMES)
    fd = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    svc = await TableService.open(db, render=False)
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    try:
        await svc.due()  # the first scheduler tick of any restart: bots a kill left waiting move on
        if wake_only:
            return
        for channel, status, creator in rows:
            if status == "lobby":  # killed between create and start: clear the channel
                await svc.abandon(channel, creator, True)
        live = sorted(c for c, status, _u in rows if status == "active")

        async def fresh() -> int:
            nonlocal next_channel
            next_channel += 1
            await new_table(svc, next_channel - 1, rnd.choice(names), rnd)
            return next_channel - 1

        while not finish and len(live) < tables:
            live.append(await fresh())

        async def play(channel: int) -> None:
            while True:
                table = await svc.table(channel)
                if table.status != "active":
                    if finish:
                        return
                    channel = await fresh()
                    continue
                if stopping.is_set():
                    return
                assert table.awaited, f"channel {channel} waits on its bots"
                user = rnd.choice(table.awaited)
                action = rnd.choice(await svc.legal(channel, user))[0]
                update = await svc.act(channel, user, action, expected_version=table.version)
                os.write(fd, f"{channel} {update.version}\n".encode())

        players = [asyncio.create_task(play(c)) for c in live]
        stopper = asyncio.create_task(stopping.wait())
        while not stopping.is_set() and not all(p.done() for p in players):
            await asyncio.wait([*players, stopper], return_when=asyncio.FIRST_COMPLETED)
            for player in players:
                if player.done() and player.exception() is not None:
                    raise player.exception()  # type: ignore[misc]  # the child's own failure fails the test
        terminated = stopping.is_set()
        if terminated:  # SIGTERM: as `kontor run` does, let the moves in flight finish, then stop
            await svc.drain()  # from now on every player's next move is refused ("restarting")
        stopper.cancel()
        for result in await asyncio.gather(*players, return_exceptions=True):
            if isinstance(result, BaseException) and not (terminated and isinstance(result, TableError)):
                raise result
    finally:
        with contextlib.suppress(Exception):
            await svc.close()
        os.close(fd)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("acks")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--finish", action="store_true")
    parser.add_argument("--wake", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.db, args.acks, args.tables, args.seed, args.finish, args.wake))
