"""Storage failures reach the player in plain words, and change nothing: a full disk, a damaged page and a
PostgreSQL server out of reach, each made for real (SQLite's page limit, bytes overwritten in the file, the server
ending the bot's connections)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.table import TableService
from bot.table.failures import DAMAGED, FULL, UNREACHABLE, storage_failure
from tests.support.disks import fill
from tests.support.pgserver import PgServer, disabled
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CH, lobby


async def _started(svc: TableService) -> str:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)
    return next(a for a, _ in await svc.legal(CH, ANNA) if a.startswith("play"))


async def test_a_full_disk_is_said_plainly_and_changes_nothing(small_disk: Path, clock: FakeClock) -> None:
    async with await TableService.open(str(small_disk / "kontor.sqlite3"), games=TEST_GAMES, clock=clock) as svc:
        action = await _started(svc)
        before = await svc.table(CH)
        filler = fill(small_disk)
        with pytest.raises(sqlite3.OperationalError) as failed:
            await svc.act(CH, ANNA, action)
        assert storage_failure(failed.value) == FULL
        after = await svc.table(CH)
        assert (after.version, after.awaited) == (before.version, before.awaited)
        filler.unlink()  # room again: nothing was half-written, and the move can be made now
        await svc.act(CH, ANNA, action)
        assert (await svc.table(CH)).version == before.version + 1


def test_a_damaged_page_and_a_full_disk_are_told_apart_from_other_errors(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t(x TEXT)")
    con.executemany("INSERT INTO t VALUES (?)", [(f"row {i}" * 20,) for i in range(2000)])
    con.commit()
    con.close()
    data = bytearray(path.read_bytes())
    data[4096 * 2:4096 * 6] = b"\xa5" * (4096 * 4)  # pages 3-6 overwritten: what a bad disk sector leaves
    path.write_bytes(bytes(data))
    con = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError) as damaged:
        con.execute("SELECT COUNT(*), MAX(x) FROM t").fetchall()
    con.close()
    assert storage_failure(damaged.value) == DAMAGED
    assert storage_failure(OSError(28, "No space left on device")) == FULL
    assert storage_failure(ValueError("a bug")) is None  # not a storage failure: the generic apology stays
    assert storage_failure(sqlite3.IntegrityError("UNIQUE constraint failed")) is None


@pytest.mark.postgres
async def test_a_postgresql_outage_is_said_plainly_and_changes_nothing(clock: FakeClock) -> None:
    if disabled():
        pytest.skip("KONTOR_PG=off: the PostgreSQL tests are skipped")
    server = PgServer()  # a server of its own, to stop: the session's serves the other tests
    try:
        async with await TableService.open(server.url(), games=TEST_GAMES, clock=clock) as svc:
            action = await _started(svc)
            before = await svc.table(CH)
            server.crash()  # down, as in a crash or a restart of the database host
            with pytest.raises(Exception) as failed:
                await svc.act(CH, ANNA, action)
            assert storage_failure(failed.value) == UNREACHABLE, repr(failed.value)
            server.start()
            after = await svc.table(CH)  # back: nothing was played, and the move can be made now
            assert (after.version, after.awaited) == (before.version, before.awaited)
            await svc.act(CH, ANNA, action)
    finally:
        server.stop()
