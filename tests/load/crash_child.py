"""The process the crash test kills: many tables played at once, each acknowledged act written to a side file.

``python -m tests.load.crash_child DB ACKS --tables K --seed S [--finish]``

On start it resumes every active game in DB (abandoning lobbies a kill left half-made), tops up to K
tables, and plays random legal moves in all of them concurrently. After each ``act()`` returns it appends
``"<channel> <version>\\n"`` to ACKS with one unbuffered ``write`` (it survives SIGKILL: it is in the kernel).
``--finish`` plays every active game to its end and exits 0 (proof that every game resumes).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3

import rules
from bench import driver
from bot.service import TableService


async def resume(svc: TableService, channel: int) -> driver.Table | None:
    row = await svc.store.open_game(channel)
    if row is None:
        return None
    if row.status == "lobby":  # killed between create and start: clear the channel
        await svc.abandon(channel, row.creator_id, True)
        return None
    seats = await svc.store.seats(row.id)
    state = rules.get_game(row.game).load(row.snapshot or "")
    return driver.Table(channel, row.game, [int(s.user_id or 0) for s in seats], state, row.version)


async def main(db: str, acks: str, tables: int, seed: int, finish: bool) -> None:
    with sqlite3.connect(db) as con:  # the channels in use so far (the schema exists after the first run)
        try:
            rows = con.execute("SELECT channel_id, status FROM games").fetchall()
        except sqlite3.OperationalError:
            rows = []
    con.close()
    open_channels = sorted(c for c, status in rows if status in ("lobby", "active"))
    next_channel = max((c for c, _ in rows), default=0) + 1
    rnd = random.Random(seed)
    names = list(rules.GAMES)
    fd = os.open(acks, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    svc = await TableService.open(db, render=False)
    try:
        live = [t for t in [await resume(svc, c) for c in open_channels] if t is not None]

        async def new_table() -> driver.Table:
            nonlocal next_channel
            next_channel += 1
            return await driver.open_table(svc, svc.store, next_channel - 1, rnd.choice(names))

        while not finish and len(live) < tables:
            live.append(await new_table())

        async def play(table: driver.Table) -> None:
            while True:
                if table.state.is_over():
                    if finish:
                        return
                    table = await new_table()
                _user, version = await driver.act(svc, table, rnd)
                os.write(fd, f"{table.channel} {version}\n".encode())

        await asyncio.gather(*(play(t) for t in live))
    finally:
        await svc.close()
        os.close(fd)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("acks")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--finish", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.db, args.acks, args.tables, args.seed, args.finish))
