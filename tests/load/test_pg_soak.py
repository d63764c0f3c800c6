"""``kontor soak --db postgresql://… --jobs 2``: two soak processes playing in one PostgreSQL database, each in
channels of its own, every game checked and finished."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncpg

from bot.tools.soak import CHANNELS, CHANNELS_PER_JOB

ROOT = Path(__file__).resolve().parents[2]
HANG_GUARD_S = 900  # not a measurement: only keeps a stuck soak from hanging the suite


async def test_two_soak_processes_share_one_postgresql_database(pg_url: str) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "soak", "--db", pg_url, "--jobs", "2", "--games", "2", "--game", "speicherstadt",
        cwd=ROOT, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), HANG_GUARD_S)
    assert proc.returncode == 0, (out + err).decode()[-3000:]
    assert "(2 processes)" in out.decode()
    conn = await asyncpg.connect(pg_url)
    try:
        rows = await conn.fetch("SELECT channel_id, status FROM games ORDER BY channel_id")
    finally:
        await conn.close()
    assert [(r["channel_id"], r["status"]) for r in rows] == [
        (CHANNELS, "finished"), (CHANNELS + CHANNELS_PER_JOB, "finished")]  # one game in each process's channels
