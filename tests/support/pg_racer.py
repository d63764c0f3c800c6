"""One of the racing processes of tests/load/test_pg_processes.py: a ``TableService`` on a shared PostgreSQL
database playing every awaited seat of the given channels until each game is over.

``python -m tests.support.pg_racer URL SEED CHANNEL...``. Prints one JSON line per accepted move (game id, user,
action, the version it was played on), then ``{"done": ...}``; refusals (a stale board, a turn already played by
the other process) are counted, never fatal: the racer reads the table again and goes on.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys

from bot.table import TableError, TableService
from tests.support.toygame import TEST_GAMES

ROUNDS = 2_000  # far more passes than the games need: a game still open after them is stuck


async def race(url: str, seed: int, channels: list[int]) -> None:
    rng = random.Random(seed)
    svc = await TableService.open(url, games=TEST_GAMES)
    refused = 0
    try:
        for _ in range(ROUNDS):
            open_channels = 0
            for channel in channels:
                table = await svc.table(channel)
                if table.status != "active":
                    continue
                open_channels += 1
                for user in table.awaited:
                    try:
                        legal = await svc.legal(channel, user)
                        if not legal:
                            continue
                        action = rng.choice(legal)[0]
                        await svc.act(channel, user, action, table.version)
                    except TableError:
                        refused += 1
                        break  # the board moved on: read it again
                    print(json.dumps({"game": table.game_id, "user": user, "action": action,
                                      "version": table.version}), flush=True)
                    break  # one move per look at the board, so both racers keep meeting on the same versions
            if not open_channels:
                break
    finally:
        await svc.close()
    print(json.dumps({"done": True, "refused": refused}), flush=True)


if __name__ == "__main__":
    asyncio.run(race(sys.argv[1], int(sys.argv[2]), [int(c) for c in sys.argv[3:]]))
