"""The tools on PostgreSQL: ``kontor backup --db postgresql://…`` dumps with pg_dump (a dump that restores to the
same games), and the tools that work on an SQLite file say so when given a URL."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.table import TableService
from bot.table.pg_backup import find_tool, libpq_target
from bot.table.store import Store
from bot.tools import cli
from tests.support.toygame import TEST_GAMES

CH = 6060


async def test_a_postgresql_backup_restores_to_the_same_games(pg_url: str, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    svc = await TableService.open(pg_url, games=TEST_GAMES)
    try:
        await svc.create(CH, 77, "tiny", 11, "Anna")
        await svc.join(CH, 12, "Ben")
        played = (await svc.start(CH, 11, seed=3)).version
    finally:
        await svc.close()
    assert await asyncio.to_thread(cli.main, ["backup", str(tmp_path), "--db", pg_url]) == 0
    (dump,) = await asyncio.to_thread(lambda: list(tmp_path.glob("kontor-*.pgdump")))
    assert "pg_dump custom format" in capsys.readouterr().out

    conninfo, _env, schema = libpq_target(pg_url)
    assert schema is not None
    admin = await asyncpg.connect(pg_url)
    try:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")  # the database is lost
    finally:
        await admin.close()
    base = conninfo.split("&options=")[0]
    restore = await asyncio.create_subprocess_exec(find_tool("pg_restore"), f"--dbname={base}", str(dump))
    assert await restore.wait() == 0
    store = await Store.open(pg_url)
    try:
        game = await store.open_game(CH)
        assert game is not None and game.version == played and len(await store.seats(game.id)) == 2
    finally:
        await store.close()


def test_the_password_never_reaches_the_command_line() -> None:
    conninfo, env, schema = libpq_target("postgresql://kontor:s3cret@db:5432/kontor?search_path=live&sslmode=require")
    assert "s3cret" not in conninfo and env == {"PGPASSWORD": "s3cret"} and schema == "live"
    assert "sslmode=require" in conninfo and "options=-c%20search_path%3Dlive" in conninfo


@pytest.mark.parametrize("command", ["demo", "play"])
def test_sqlite_tools_refuse_a_url_plainly(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = [command, "speicherstadt", "--db", "postgresql://kontor@db/kontor"]
    if command == "play":
        args += ["--seats", "me,bot"]
    assert cli.main(args) == 2
    assert "runs on SQLite only" in capsys.readouterr().err
