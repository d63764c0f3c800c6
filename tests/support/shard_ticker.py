"""One shard process of tests/load/test_pg_shards.py: a ``TableService`` keeping the time of its shards' games only
(bot/table/shards.py), ticking its scheduler at a given time on a shared PostgreSQL database.

``python -m tests.support.shard_ticker URL SHARD_COUNT SHARD_ID START NOW TICKS``: opens the service at START (it was
alive until then: no downtime to give back), then ticks TICKS times at NOW. Prints one JSON line per update a tick
returned (game id, guild, who it pings, its notice, its question), then ``{"done": true}``.
"""

from __future__ import annotations

import asyncio
import json
import sys

from bot.table import TableService
from bot.table.shards import Shards
from tests.support.toygame import TEST_GAMES


async def tick(url: str, shards: Shards, start: float, now: float, ticks: int) -> None:
    clock = [start]
    svc = await TableService.open(url, games=TEST_GAMES, clock=lambda: clock[0], shards=shards)
    clock[0] = now
    try:
        for _ in range(ticks):
            for update in await svc.due(now):
                print(json.dumps({"game": update.table.game_id, "guild": update.table.guild,
                                  "awaited": update.awaited, "notice": update.notice,
                                  "question": None if update.question is None else update.question.kind}), flush=True)
        print(json.dumps({"done": True, "next_due": await svc.next_due()}), flush=True)
    finally:
        await svc.close()


if __name__ == "__main__":
    url, count, shard, start, now, ticks = sys.argv[1:7]
    asyncio.run(tick(url, Shards.parse(count, shard), float(start), float(now), int(ticks)))
