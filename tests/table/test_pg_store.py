"""What only the PostgreSQL store has to show: its placeholders, its migrations (counted in a table, run once when
processes start together), Discord-size ids, read-only pools, and two stores (as two processes would) racing on one
game. The store's shared behaviour runs on both backends in test_store.py."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.table.store import SeatRow, Store, StoreError
from bot.table.store.postgres import PgStore, Status, numbered, redacted
from bot.table.store.schema import MIGRATIONS
from bot.table.store.schema_pg import PG_MIGRATIONS

NOW = 1_800_000_000.0
BIG = 1_234_567_890_123_456_789  # a Discord snowflake: beyond 32 bits


async def _new_game(store: Store, channel: int, creator: int = 1) -> int:
    async with store.transaction() as tx:
        gid = await tx.insert_game(channel_id=channel, guild_id=BIG, game="tiny", options={}, settings={},
                                   creator_id=creator, now=NOW)
        await tx.set_seats(gid, [SeatRow(0, creator, "Anna")])
    return gid


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT a FROM t WHERE b = ? AND c IN (?, ?)") == "SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)"
    assert numbered("UPDATE t SET x = 'why?' WHERE y = ?") == "UPDATE t SET x = 'why?' WHERE y = $1"


def test_a_writes_status_reads_as_its_rowcount() -> None:
    assert [Status(s).rowcount for s in ("INSERT 0 1", "INSERT 0 0", "UPDATE 3", "DELETE 0")] == [1, 0, 3, 0]


def test_messages_never_show_the_password() -> None:
    assert redacted("postgresql://kontor:secret@db.example/kontor") == "postgresql://kontor:***@db.example/kontor"
    assert redacted("postgresql://kontor@/kontor?host=/run/pg") == "postgresql://kontor@/kontor?host=/run/pg"


def test_every_migration_has_its_postgresql_text() -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS)


async def test_migrations_are_counted_in_a_one_row_table_and_run_once(pg_url: str) -> None:
    first, second = await asyncio.gather(Store.open(pg_url), Store.open(pg_url))  # two processes starting together
    try:
        assert isinstance(first, PgStore) and first.shared
        assert await first.schema_version() == await second.schema_version() == len(MIGRATIONS)
        conn = await asyncpg.connect(pg_url)
        try:
            assert await conn.fetch("SELECT version FROM schema_version") == [(len(MIGRATIONS),)]
            listed = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            tables = {r[0] for r in listed}
            assert {"games", "seats", "actions", "users", "deadlines", "banks", "caretaker_seats"} <= tables
            await conn.execute("UPDATE schema_version SET version = $1", len(MIGRATIONS) + 1)
        finally:
            await conn.close()
    finally:
        await first.close()
        await second.close()
    with pytest.raises(StoreError, match="newer than this build"):
        await Store.open(pg_url)


async def test_discord_ids_and_seeds_keep_all_their_bits(pg_url: str) -> None:
    store = await Store.open(pg_url)
    try:
        gid = await _new_game(store, channel=BIG, creator=BIG + 1)
        async with store.transaction() as tx:
            await tx.bump(gid, 0, NOW, status="active", seed=2**62 - 1, live_message_id=BIG + 2)
        row = await store.open_game(BIG)
        assert row is not None
        assert (row.guild_id, row.creator_id, row.seed, row.live_message_id) == (BIG, BIG + 1, 2**62 - 1, BIG + 2)
        assert [g.id for g in await store.games_of_user(BIG + 1)] == [gid]
    finally:
        await store.close()


async def test_commits_are_synchronous_and_conflicts_read_as_rowcounts(pg_url: str) -> None:
    store = await Store.open(pg_url)
    try:
        assert isinstance(store, PgStore)
        assert await store._pool.fetchval("SHOW synchronous_commit") == "on"  # a commit is on disk when it returns
        gid = await _new_game(store, channel=10)
        async with store.transaction() as tx:
            assert await tx.add_abandon_vote(gid, 1, NOW) is True
            assert await tx.add_abandon_vote(gid, 1, NOW) is False  # ON CONFLICT DO NOTHING: "INSERT 0 0"
        assert await store.quick_check() == []
        await store.write_test()
        assert await store.dm_status(-1) == (True, None)  # the test write was rolled back
    finally:
        await store.close()


async def test_a_lost_race_between_two_stores_is_a_store_error(pg_url: str) -> None:
    """Two stores on one database, as two processes: the second bump of version 0 waits for the first's row lock,
    then finds the version moved on and refuses, leaving nothing of its transaction behind."""
    first, second = await Store.open(pg_url), await Store.open(pg_url)
    try:
        gid = await _new_game(first, channel=10)
        outcome: list[str] = []

        async def late() -> None:
            try:
                async with second.transaction() as tx:
                    await tx.bump(gid, 0, NOW + 1, snapshot="late")
                    await tx.append(gid, kind="player", version=1, seat=0, user_id=1, action="late", events=[],
                                    now=NOW)
            except StoreError:
                outcome.append("refused")

        async with first.transaction() as tx:
            await tx.bump(gid, 0, NOW, snapshot="first")
            racer = asyncio.ensure_future(late())
            for _ in range(20):  # let the racer reach its UPDATE (it can only wait: the row is locked)
                await asyncio.sleep(0)
            await tx.append(gid, kind="player", version=1, seat=0, user_id=1, action="first", events=[], now=NOW)
        await racer
        assert outcome == ["refused"]
        row = await second.game(gid)
        assert row is not None and (row.version, row.snapshot) == (1, "first")
        assert [r.action for r in await second.log(gid)] == ["first"]
    finally:
        await first.close()
        await second.close()


async def test_a_reader_sees_only_committed_rows(pg_url: str) -> None:
    store = await Store.open(pg_url)
    try:
        gid = await _new_game(store, channel=10)
        async with store.transaction() as tx:
            await tx.bump(gid, 0, NOW)
            row = await store.game(gid)  # this task's own transaction: its write
            assert row is not None and row.version == 1
            seen = await asyncio.ensure_future(store.game(gid))  # another task: the committed row
            assert seen is not None and seen.version == 0
        row = await store.game(gid)
        assert row is not None and row.version == 1
    finally:
        await store.close()


async def test_a_read_only_store_refuses_every_write(pg_url: str) -> None:
    writer = await Store.open(pg_url)
    reader = await Store.open(pg_url, read_only=True)
    try:
        gid = await _new_game(writer, channel=10)
        assert (await reader.game(gid)) is not None
        with pytest.raises(asyncpg.ReadOnlySQLTransactionError):
            async with reader.transaction() as tx:
                await tx.bump(gid, 0, NOW)
    finally:
        await reader.close()
        await writer.close()


async def test_kontor_run_checks_a_postgresql_database_as_it_does_a_file(pg_url: str) -> None:
    from bot.table import health
    from tests.support.toygame import TEST_GAMES

    await health.preflight(pg_url)
    svc, report = await health.open_service(pg_url, games=TEST_GAMES)
    try:
        assert report.fatal is None and report.pages == () and report.open_games == 0
        assert "***" not in report.path and report.path == pg_url  # no password in this URL to hide
    finally:
        await svc.close()


def test_a_url_in_kontor_db_keeps_files_out_of_odd_paths() -> None:
    from bot.config import Config
    from bot.table.backup_loop import BackupLoop

    config = Config(token="t", db_path="postgresql://kontor@db.example/kontor", backup_dir="/tmp/backups")
    assert str(config.hash_path) == "kontor-postgresql.commands.sha256"
    assert BackupLoop.for_config(config) is None  # backups of a server are pg_dump's
