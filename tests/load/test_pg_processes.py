"""Two service processes on one PostgreSQL database, racing to play the same tables (tests/support/pg_racer.py).

Each process has its own caches and its own connection pool; the only thing they share is the database. Whatever
the interleaving: exactly one move per version (the log has no gap and no duplicate), every move a process was told
it played is in the log, and every game ends (nothing stuck).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from bot.table import TableService
from bot.table.store import Store
from tests.support.toygame import TEST_GAMES

ROOT = Path(__file__).resolve().parents[2]
CHANNELS = [5001, 5002, 5003, 5004, 5005, 5006]
PLAYERS = [(11, "Anna"), (12, "Ben"), (13, "Carl")]
HANG_GUARD_S = 600  # not a measurement: only keeps a deadlocked run from hanging the suite


async def _set_up(url: str) -> None:
    svc = await TableService.open(url, games=TEST_GAMES)
    try:
        for i, channel in enumerate(CHANNELS):
            (creator, name), *others = PLAYERS[: 2 + i % 2]  # two- and three-player tables
            await svc.create(channel, 77, "tiny", creator, name)
            for user, uname in others:
                await svc.join(channel, user, uname)
            await svc.start(channel, creator, seed=100 + i)
    finally:
        await svc.close()


async def _racer(url: str, seed: int) -> list[dict]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.support.pg_racer", url, str(seed), *map(str, CHANNELS),
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), HANG_GUARD_S)
    assert proc.returncode == 0, err.decode()[-3000:]
    return [json.loads(line) for line in out.decode().splitlines()]


async def test_two_processes_race_on_the_same_tables(pg_url: str) -> None:
    await _set_up(url := pg_url)
    first, second = await asyncio.gather(_racer(url, 1), _racer(url, 2))
    assert first[-1]["done"] and second[-1]["done"]
    played = first[:-1] + second[:-1]
    assert first[:-1] and second[:-1], "both processes played"

    store = await Store.open(url)
    try:
        for channel in CHANNELS:
            game = await store.latest_game(channel)
            assert game is not None and game.status == "finished", f"channel {channel} is stuck"
            log = await store.log(game.id)
            moves = [r for r in log if r.kind != "note"]
            versions = [r.version for r in moves]
            # exactly one move per version: consecutive from the first move to the final version
            assert versions == list(range(versions[0], versions[0] + len(versions)))
            assert versions[-1] == game.version
            for move in (p for p in played if p["game"] == game.id):
                logged = [r for r in moves if r.version == move["version"] + 1]
                assert [(r.user_id, r.action, r.kind) for r in logged] == [(move["user"], move["action"], "player")]
        # every accepted move was one version: the two processes never both won the same one
        accepted = [(p["game"], p["version"]) for p in played]
        assert len(accepted) == len(set(accepted))
    finally:
        await store.close()
