"""The store: migrations, pragmas, one open game per channel, transactions, deadlines. The tests taking
``db_target`` run on SQLite and on PostgreSQL (tests/conftest.py); those taking ``db_path`` are about the SQLite
file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.table import store as store_module
from bot.table.store import MIGRATIONS, SeatRow, Store, StoreError
from bot.table.store.schema import JOURNAL_SIZE_LIMIT_BYTES, WAL_AUTOCHECKPOINT_PAGES

NOW = 1_800_000_000.0


async def _new_game(store: Store, channel: int, creator: int = 1) -> int:
    async with store.transaction() as tx:
        gid = await tx.insert_game(channel_id=channel, guild_id=5, game="tiny", options={}, settings={},
                                   creator_id=creator, now=NOW)
        await tx.set_seats(gid, [SeatRow(0, creator, "Anna")])
    return gid


async def test_migrates_an_empty_file_and_sets_pragmas(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        # Per connection, so asked of the store's own.
        assert await store._db.execute_fetchall("PRAGMA wal_autocheckpoint") == [(WAL_AUTOCHECKPOINT_PAGES,)]
    finally:
        await store.close()
    raw = sqlite3.connect(db_path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "seats", "actions", "users", "deadlines", "abandon_votes"} <= tables
        strict = raw.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
        assert strict.rstrip().endswith("STRICT")
    finally:
        raw.close()


async def test_a_commit_is_durable_and_the_wal_is_bounded(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        async def pragma(name: str) -> int:
            return int(next(iter(await store._db.execute_fetchall(f"PRAGMA {name}")))[0])

        assert await pragma("synchronous") == 2  # FULL: COMMIT syncs the WAL before a move is acknowledged
        limit = await pragma("journal_size_limit")
        assert limit == JOURNAL_SIZE_LIMIT_BYTES > 0
        # The bound sits above the WAL's size at an automatic checkpoint (a WAL frame = a page + 24 bytes,
        # after a 32-byte header), so in steady state the WAL is reused in place, never truncated and regrown.
        frames = await pragma("wal_autocheckpoint")
        assert 0 < 32 + frames * (await pragma("page_size") + 24) < limit
    finally:
        await store.close()


def raw_count(db_path: Path, sql: str) -> int:
    con = sqlite3.connect(db_path)
    try:
        return int(con.execute(sql).fetchone()[0])
    finally:
        con.close()


def _wal_bytes(db_path: Path) -> int:
    wal = Path(f"{db_path}-wal")
    return wal.stat().st_size if wal.exists() else 0


async def _write_mb(store: Store, gid: int, count: int, sizes: list[int]) -> None:
    """``count`` transactions of ~1 MB each (a log row), noting the WAL's size after each commit."""
    for i in range(count):
        async with store.transaction() as tx:
            await tx.append(gid, kind="note", version=0, seat=None, user_id=None, action=None,
                            events=["x" * 1_000_000], now=NOW + i)
        sizes.append(_wal_bytes(Path(store.path)))


async def test_the_wal_file_stays_below_its_bound_through_many_writes_and_a_checkpoint(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        gid = await _new_game(store, channel=10)
        sizes: list[int] = []
        await _write_mb(store, gid, 40, sizes)  # ~10,000 pages: several automatic checkpoints
        assert max(sizes) <= JOURNAL_SIZE_LIMIT_BYTES, [round(s / 2**20, 1) for s in sizes]

        # A reader (e.g. a backup) holding an old snapshot keeps checkpoints from resetting the WAL: it grows...
        reader = sqlite3.connect(db_path)
        try:
            reader.execute("BEGIN")
            reader.execute("SELECT COUNT(*) FROM actions").fetchone()
            await _write_mb(store, gid, 24, sizes)
            assert _wal_bytes(db_path) > JOURNAL_SIZE_LIMIT_BYTES
        finally:
            reader.close()
        # ...and once the reader is gone, a checkpoint and the next write cut it back to the bound.
        await store._db.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
        await _write_mb(store, gid, 1, sizes)
        assert 0 < _wal_bytes(db_path) <= JOURNAL_SIZE_LIMIT_BYTES
        assert raw_count(db_path, "SELECT COUNT(*) FROM actions") == 65
    finally:
        await store.close()


async def test_reopening_an_existing_file_keeps_data_and_applies_only_new_migrations(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store.open(db_path)
    gid = await _new_game(store, channel=10)
    await store.close()

    extra = "CREATE TABLE notes(id INTEGER PRIMARY KEY, text TEXT NOT NULL) STRICT;"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, extra])
    store = await Store.open(db_path)
    try:
        assert await store.schema_version() == len(MIGRATIONS) + 1
        row = await store.game(gid)
        assert row is not None and row.channel_id == 10 and row.status == "lobby"
        assert [s.name for s in await store.seats(gid)] == ["Anna"]
    finally:
        await store.close()


async def test_a_schema_1_file_gains_abandon_votes_and_keeps_its_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:1])  # a file written by the first release
    store = await Store.open(db_path)
    gid = await _new_game(store, channel=10)
    await store.close()
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS)
    store = await Store.open(db_path)
    try:
        assert await store.schema_version() == len(MIGRATIONS) >= 2
        assert (await store.game(gid)) is not None
        async with store.transaction() as tx:
            assert await tx.add_abandon_vote(gid, 7, NOW)
            assert not await tx.add_abandon_vote(gid, 7, NOW + 1)  # one vote per user and game
            assert await tx.add_abandon_vote(gid, 8, NOW + 2)
        assert await store.abandon_votes(gid) == [7, 8]
        async with store.transaction() as tx:
            await tx.drop_abandon_votes(gid, 7)
        assert await store.abandon_votes(gid) == [8]
        async with store.transaction() as tx:
            await tx.drop_abandon_votes(gid)
        assert await store.abandon_votes(gid) == []
    finally:
        await store.close()


async def test_a_failing_migration_changes_nothing(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await Store.open(db_path)
    await store.close()
    broken = "CREATE TABLE half(id INTEGER PRIMARY KEY) STRICT; ALTER TABLE games ADD COLUMN bogus NOPE;"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, broken])
    with pytest.raises(sqlite3.Error):
        await Store.open(db_path)
    raw = sqlite3.connect(db_path)
    try:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert raw.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'").fetchone()[0] == 0
    finally:
        raw.close()


async def test_a_file_from_a_newer_build_is_refused(db_path: Path) -> None:
    raw = sqlite3.connect(db_path)
    raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    raw.close()
    with pytest.raises(StoreError, match="newer"):
        await Store.open(db_path)


async def test_one_open_game_per_channel_but_history_is_kept(db_target: str) -> None:
    store = await Store.open(db_target)
    try:
        first = await _new_game(store, channel=10)
        with pytest.raises(StoreError):
            await _new_game(store, channel=10)
        await _new_game(store, channel=11)  # a thread is its own channel: another table on the same server
        async with store.transaction() as tx:
            await tx.bump(first, 0, NOW, status="finished", ended_at=NOW)
        second = await _new_game(store, channel=10)
        assert [g.id for g in await store.history(10)] == [first, second]
        latest = await store.latest_game(10)
        assert latest is not None and latest.id == second
    finally:
        await store.close()


async def test_a_failed_transaction_rolls_back_everything(db_target: str) -> None:
    store = await Store.open(db_target)
    try:
        gid = await _new_game(store, channel=10)
        with pytest.raises(RuntimeError):
            async with store.transaction() as tx:
                await tx.bump(gid, 0, NOW, snapshot="{}")
                await tx.append(gid, kind="player", version=1, seat=0, user_id=1, action="x", events=[], now=NOW)
                raise RuntimeError("boom")
        row = await store.game(gid)
        assert row is not None and row.version == 0 and row.snapshot is None
        assert await store.log(gid) == []
    finally:
        await store.close()


async def test_the_first_write_takes_the_write_lock_until_commit(db_path: Path) -> None:
    """sqlite3 opens the transaction (BEGIN IMMEDIATE) with the first write: from there until the commit another
    connection can neither write nor see the change; after it, it sees all of it."""
    import sqlite3

    store = await Store.open(db_path)
    other = sqlite3.connect(db_path, timeout=0, isolation_level=None)
    try:
        gid = await _new_game(store, channel=10)
        async with store.transaction() as tx:
            await tx.bump(gid, 0, NOW, snapshot="{}")
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("UPDATE games SET version = 99 WHERE id = ?", (gid,))
            assert other.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone() == (0,)
            await tx.append(gid, kind="player", version=1, seat=0, user_id=1, action="x", events=[], now=NOW)
        assert other.execute("SELECT version FROM games WHERE id = ?", (gid,)).fetchone() == (1,)
        assert other.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?", (gid,)).fetchone() == (1,)
    finally:
        other.close()
        await store.close()


async def test_bump_refuses_a_stale_version(db_target: str) -> None:
    store = await Store.open(db_target)
    try:
        gid = await _new_game(store, channel=10)
        async with store.transaction() as tx:
            assert await tx.bump(gid, 0, NOW) == 1
        with pytest.raises(StoreError):
            async with store.transaction() as tx:
                await tx.bump(gid, 0, NOW)
        row = await store.game(gid)
        assert row is not None and row.version == 1
    finally:
        await store.close()


async def test_writes_outside_a_transaction_are_refused(db_target: str) -> None:
    store = await Store.open(db_target)
    try:
        gid = await _new_game(store, channel=10)
        with pytest.raises(RuntimeError):
            await store.bump(gid, 0, NOW)
    finally:
        await store.close()


async def test_users_remember_dm_failures(db_target: str) -> None:
    store = await Store.open(db_target)
    try:
        assert await store.dm_status(7) == (True, None)
        async with store.transaction() as tx:
            await tx.set_dm(7, False, NOW)
        assert await store.dm_status(7) == (False, NOW)
        async with store.transaction() as tx:
            await tx.set_dm(7, True, NOW + 5)
        assert await store.dm_status(7) == (True, NOW)  # the last failure stays on record
    finally:
        await store.close()


async def test_deadlines_survive_reopening_and_come_due_in_order(db_target: str) -> None:
    store = await Store.open(db_target)
    gid = await _new_game(store, channel=10)
    async with store.transaction() as tx:
        await tx.bump(gid, 0, NOW, status="active")
        await tx.put_deadline(gid, 0, since=NOW, remind_at=NOW + 100, due_at=NOW + 200)
        await tx.put_deadline(gid, 1, since=NOW, remind_at=None, due_at=NOW + 50)
    await store.close()

    store = await Store.open(db_target)
    try:
        assert await store.next_deadline() == NOW + 50
        assert await store.due_deadlines(NOW + 10) == []
        assert [d.seat for d in await store.due_deadlines(NOW + 60)] == [1]
        assert [d.seat for d in await store.due_deadlines(NOW + 150)] == [1, 0]
        async with store.transaction() as tx:
            await tx.clear_reminder(gid, 0)
            await tx.drop_deadlines(gid, keep=[0])
        assert [(d.seat, d.remind_at, d.due_at) for d in await store.deadlines(gid)] == [(0, None, NOW + 200)]
    finally:
        await store.close()


async def test_readers_never_see_another_tasks_open_transaction(db_path: Path) -> None:
    import asyncio

    store = await Store.open(db_path)
    try:
        gid = await _new_game(store, channel=10)
        inside, release = asyncio.Event(), asyncio.Event()
        seen: list[int] = []

        async def writer() -> None:
            with pytest.raises(RuntimeError):
                async with store.transaction() as tx:
                    await tx.bump(gid, 0, NOW)
                    inside.set()
                    await release.wait()
                    raise RuntimeError("rolled back")

        async def reader() -> None:
            await inside.wait()
            task = asyncio.ensure_future(store.game(gid))  # must wait for the writer's lock
            await asyncio.sleep(0.01)
            assert not task.done()
            release.set()
            row = await task
            assert row is not None
            seen.append(row.version)

        await asyncio.gather(writer(), reader())
        assert seen == [0]
    finally:
        await store.close()


async def test_start_clocks_keeps_running_clocks_and_restarts_only_the_acting_seat(db_target: str) -> None:
    store = await Store.open(db_target)
    try:
        gid = await _new_game(store, channel=10)
        async with store.transaction() as tx:
            await tx.bump(gid, 0, NOW, status="active")
            await tx.put_deadline(gid, 0, since=NOW, remind_at=NOW + 100, due_at=NOW + 200)
            await tx.put_deadline(gid, 1, since=NOW, remind_at=None, due_at=NOW + 50)
            await tx.start_clocks(gid, [], restart=0, since=NOW + 9, remind_at=None, due_at=None)  # nothing to do
        later = NOW + 10
        async with store.transaction() as tx:
            await tx.start_clocks(gid, [0, 1, 2], restart=1, since=later, remind_at=later + 100, due_at=later + 200)
        assert [(d.seat, d.since, d.remind_at, d.due_at) for d in await store.deadlines(gid)] == [
            (0, NOW, NOW + 100, NOW + 200),  # running: untouched
            (1, later, later + 100, later + 200),  # the acting seat: restarted
            (2, later, later + 100, later + 200),  # newly awaited: started
        ]
        async with store.transaction() as tx:
            await tx.start_clocks(gid, [0], restart=None, since=later + 5, remind_at=None, due_at=None)
        assert (await store.deadlines(gid))[0].since == NOW  # no acting seat: every running clock keeps going
    finally:
        await store.close()


async def test_the_clock_arithmetic_is_the_same_on_both_engines(db_target: str) -> None:
    """Every query that spells the two-argument maximum or minimum per engine (``Queries._MAX``/``_MIN``), and the
    upserts that replaced SQLite's INSERT OR IGNORE / OR REPLACE."""
    store = await Store.open(db_target)
    try:
        gid = await _new_game(store, channel=10)
        async with store.transaction() as tx:
            await tx.bump(gid, 0, NOW, status="active")
            await tx.put_deadline(gid, 0, since=NOW, remind_at=NOW + 100, due_at=NOW + 200)
            await tx.put_deadline(gid, 1, since=NOW + 50, remind_at=None, due_at=NOW + 150)
            await tx.ask_timeout(gid, 1, NOW + 10, NOW + 300)
            # down from NOW + 20 to NOW + 80: seat 0 waited through all 60 s, seat 1 (since NOW + 50) through 30
            await tx.shift_clocks(NOW + 20, NOW + 80)
        assert await store.clock_rows(gid) == {0: (NOW + 160, NOW + 260), 1: (None, NOW + 180)}
        assert await store.timeouts(gid) == [(gid, 1, NOW + 10, NOW + 360)]
        # the earliest of each deadline's reminder and due time orders them
        assert [d.seat for d in await store.due_deadlines(NOW + 1000)] == [0, 1]
        async with store.transaction() as tx:
            await tx.rearm_reminders(gid, NOW + 500, 100)  # each deadline at least 100 s after the reminder
        assert await store.clock_rows(gid) == {0: (NOW + 500, NOW + 600), 1: (NOW + 500, NOW + 600)}
        async with store.transaction() as tx:
            await tx.put_bank(gid, 0, 30.0, refill_s=50.0)
            await tx.take_back_refill(gid, 0)  # never below zero
            await tx.start_away(gid, 1, NOW, NOW + 100)
            await tx.end_away(gid, 1, NOW + 400)  # counted to its end at most
            await tx.give_caretaker(gid, 0, 1, NOW)
            await tx.give_caretaker(gid, 0, 2, NOW + 1)  # replaces
            assert await tx.add_departure(gid, 1, NOW) is True
            assert await tx.add_departure(gid, 1, NOW) is False
        assert await store.banks(gid) == {0: 0.0}
        assert await store.away_used(gid, 1) == 100.0
        assert await store.caretaker_seats() == {gid: {0: 2}}
        assert await store.departures() == {gid: {1}}
    finally:
        await store.close()
