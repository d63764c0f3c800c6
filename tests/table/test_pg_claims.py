"""One ``kontor run`` per shard set on a PostgreSQL database (bot/table/store/process_claim.py): two unsharded
processes, an
unsharded and a sharded one, or two claiming one shard are refused at start; processes with shards of their own run
side by side. On the throwaway server (tests/support/pgserver.py)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.table.shards import Shards
from bot.table.store.process_claim import ShardsClaimed, claim_shards
from tests.support.pgserver import PgServer, fresh_schema

pytestmark = pytest.mark.postgres


async def test_a_second_unsharded_process_is_refused_until_the_first_ends(pg_url: str) -> None:
    first = await claim_shards(pg_url, None)
    assert first is not None
    try:
        with pytest.raises(ShardsClaimed, match="already runs all shards"):
            await claim_shards(pg_url, None)
    finally:
        await first.release()
    again = await claim_shards(pg_url, None)  # the session ended: the lock went with it
    assert again is not None
    await again.release()


@pytest.mark.parametrize(("held", "asked", "refused"), [
    (None, "0", True),          # unsharded beside a sharded one: both would keep shard 0's time
    ("1", None, True),
    ("0", "0", True),           # two processes claiming one shard
    ("0,1", "1", True),
    ("0", "1", False),          # shards of their own: side by side
    ("0,2", "1,3", False),
])
async def test_shard_sets_clash_only_where_they_overlap(pg_url: str, held: str | None, asked: str | None,
                                                        refused: bool) -> None:
    first = await claim_shards(pg_url, None if held is None else Shards.parse(4, held))
    assert first is not None
    try:
        if refused:
            with pytest.raises(ShardsClaimed, match="Stop it first"):
                await claim_shards(pg_url, None if asked is None else Shards.parse(4, asked))
        else:
            second = await claim_shards(pg_url, None if asked is None else Shards.parse(4, asked))
            assert second is not None
            await second.release()
    finally:
        await first.release()


async def test_a_refused_claim_keeps_none_of_its_locks(pg_url: str) -> None:
    """Refused on shard 1 after taking shard 0: shard 0 is free again for the process meant to run it."""
    one = await claim_shards(pg_url, Shards.parse(2, "1"))
    assert one is not None
    try:
        with pytest.raises(ShardsClaimed, match="shard 1"):
            await claim_shards(pg_url, Shards.parse(2, "0,1"))
        zero = await claim_shards(pg_url, Shards.parse(2, "0"))
        assert zero is not None
        await zero.release()
    finally:
        await one.release()


async def test_kontor_databases_in_two_schemas_do_not_collide(pg_server: PgServer, pg_url: str) -> None:
    async with fresh_schema(pg_server) as other:
        first, second = await claim_shards(pg_url, None), await claim_shards(other, None)
        assert first is not None and second is not None
        await first.release()
        await second.release()


async def test_kontor_run_refuses_plainly_with_status_2(pg_url: str, tmp_path: Path) -> None:
    held = await claim_shards(pg_url, None)  # another process's `kontor run`
    assert held is not None
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KONTOR_", "DISCORD_"))}
        env.update(KONTOR_DB=pg_url, DISCORD_TOKEN="x" * 60)
        done = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "bot", "run"], capture_output=True,
                                       text=True, cwd=tmp_path, env=env, timeout=120)
    finally:
        await held.release()
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "kontor run: Another Kontor process already runs all shards" in done.stderr
