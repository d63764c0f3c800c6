"""Two shard processes on one PostgreSQL database (tests/support/shard_ticker.py): each keeps the time of its own
shards' games only (bot/table/shards.py), so every reminder and every question about a spent bank goes out exactly once,
from the process whose shard holds the game's server — none twice, none missed."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from bot.table import TableService
from bot.table.shards import shard_of
from tests.support.toygame import TEST_GAMES

ROOT = Path(__file__).resolve().parents[2]
T0 = 1_800_000_000.0
HOUR = 3600.0
ANNA, BEN = 11, 12
# servers spread over both shards of two (Discord's rule: (guild >> 22) % 2), and a game with no server (shard 0)
GUILDS: list[int | None] = [(k << 22) + 977 for k in range(8)] + [None]
HANG_GUARD_S = 600  # not a measurement: only keeps a stuck process from hanging the suite


async def _set_up(url: str) -> dict[int, int | None]:
    """One timed duel per server (a 4 h bank, reminded 1 h after the wait began); game id -> its server."""
    svc = await TableService.open(url, games=TEST_GAMES, clock=lambda: T0)
    games = {}
    try:
        for i, guild in enumerate(GUILDS):
            channel = 9000 + i
            await svc.create(channel, guild, "tiny", ANNA, "Anna", settings={"remind_hours": 3, "deadline_hours": 4})
            await svc.join(channel, BEN, "Ben")
            update = await svc.start(channel, ANNA, seed=40 + i)
            games[update.table.game_id] = guild
    finally:
        await svc.close()
    return games


async def _shard(url: str, shard: int, start: float, now: float) -> list[dict]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.shard_ticker", url, "2", str(shard), repr(start), repr(now), "3",
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), HANG_GUARD_S)
    assert proc.returncode == 0, err.decode()[-3000:]
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert lines[-1]["done"]
    return lines[:-1]


async def _both(url: str, start: float, now: float) -> tuple[list[dict], list[dict]]:
    return await asyncio.gather(_shard(url, 0, start, now), _shard(url, 1, start, now))


async def test_each_shard_process_reminds_only_its_own_games_once(pg_url: str) -> None:
    games = await _set_up(pg_url)
    mine = {s: {g for g, guild in games.items() if shard_of(guild, 2) == s} for s in (0, 1)}
    assert mine[0] and mine[1]

    # 1.5 h: every awaited player of every game is reminded, by the process of the game's shard, once
    shard0, shard1 = await _both(pg_url, T0, T0 + 1.5 * HOUR)
    for shard, updates in ((0, shard0), (1, shard1)):
        assert all(u["notice"].startswith("Reminder") for u in updates)
        assert {u["game"] for u in updates} == mine[shard]
        pings = [(u["game"], user) for u in updates for user in u["awaited"]]
        assert sorted(pings) == sorted((g, user) for g in mine[shard] for user in (ANNA, BEN))  # once each

    # 5 h: the banks ran out; each question about a spent bank is asked once, by the game's own process
    shard0, shard1 = await _both(pg_url, T0 + 1.5 * HOUR, T0 + 5 * HOUR)
    for shard, updates in ((0, shard0), (1, shard1)):
        assert all(u["question"] == "timeout" for u in updates), updates
        asked = [u["game"] for u in updates]
        assert sorted(asked) == sorted(g for g in mine[shard] for _ in (ANNA, BEN))
