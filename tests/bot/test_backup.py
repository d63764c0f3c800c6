"""Backups: ``kontor backup`` (a consistent, read-only copy while the bot writes)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

from bot.backup import NAME_PATTERN, make_backup, open_read_only
from bot.cli import main
from bot.service import TableService, Update
from tests.support.tinygame import TEST_GAMES

GUILD = 77


def _dir_names(directory: Path) -> set[str]:
    return {p.name for p in directory.iterdir()}


def _check(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    return con


async def _new_table(svc: TableService, channel: int) -> Update:
    await svc.create(channel, GUILD, "tiny", channel * 10 + 1, "Anna")
    await svc.join(channel, channel * 10 + 2, "Ben")
    return await svc.start(channel, channel * 10 + 1, seed=channel)


async def _play(svc: TableService, acked: list[tuple[int, int]], enough: asyncio.Event, stop: asyncio.Event) -> None:
    """Play four tables round-robin (a finished one is replaced), noting each (channel, version) acknowledged."""
    last = {ch: await _new_table(svc, ch) for ch in range(500, 504)}
    turn = 0
    while not stop.is_set():
        ch = list(last)[turn % len(last)]
        turn += 1
        if last[ch].table.status != "active":
            del last[ch]
            new = max(last) + 1 if last else 600
            last[new] = await _new_table(svc, new)
            continue
        user = last[ch].awaited[0]
        legal = await svc.legal(ch, user)
        last[ch] = await svc.act(ch, user, legal[0][0], last[ch].version)
        acked.append((ch, last[ch].version))
        if len(acked) >= 40:
            enough.set()


def _logged(con: sqlite3.Connection) -> set[tuple[int, int]]:
    return set(con.execute("SELECT g.channel_id, a.version FROM actions a JOIN games g ON g.id = a.game_id"
                           " WHERE a.action IS NOT NULL").fetchall())


async def test_a_backup_taken_while_moves_are_in_flight_holds_every_acknowledged_move(
    db_path: Path, tmp_path: Path
) -> None:
    svc = await TableService.open(str(db_path), games=TEST_GAMES)
    acked: list[tuple[int, int]] = []
    enough, stop = asyncio.Event(), asyncio.Event()
    player = asyncio.create_task(_play(svc, acked, enough, stop))
    try:
        await enough.wait()
        before = list(acked)
        # The copy runs in a thread while the player task keeps making moves on the event loop.
        first = await asyncio.to_thread(make_backup, db_path, tmp_path / "first.sqlite3")
        # A move whose transaction is still open when the copy is taken: the copy has all or nothing of it.
        async with svc.store.transaction() as tx:
            row = await tx.open_game(500)
            assert row is not None
            await tx.append(row.id, kind="note", version=row.version, seat=None, user_id=None, action=None,
                            events=["half-done"], now=0.0)
            during = list(acked)
            second = await asyncio.to_thread(make_backup, db_path, tmp_path / "second.sqlite3")
    finally:
        stop.set()
        await player
        await svc.close()
    for made, must_hold in ((first, before), (second, during)):
        con = _check(made.path)
        try:
            assert set(must_hold) <= _logged(con)
            assert con.execute("SELECT COUNT(*) FROM actions WHERE events LIKE '%half-done%'").fetchone()[0] == 0
        finally:
            con.close()
        assert made.size == made.path.stat().st_size > 0
    assert _dir_names(tmp_path) >= {"first.sqlite3", "second.sqlite3"}
    assert not [n for n in _dir_names(tmp_path) if n.endswith(".tmp")]


async def test_the_backup_only_reads_and_needs_no_write_lock(db_path: Path, tmp_path: Path) -> None:
    svc = await TableService.open(str(db_path), games=TEST_GAMES)
    await _new_table(svc, 500)
    await svc.close()
    source = open_read_only(db_path)  # how the backup opens the database
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            source.execute("CREATE TABLE mine(x)")
    finally:
        source.close()
    writer = sqlite3.connect(db_path)
    try:
        writer.execute("BEGIN EXCLUSIVE")  # another process's write lock (in WAL mode readers still read)
        writer.execute("DELETE FROM seats")
        made = make_backup(db_path, tmp_path / "copy.sqlite3")
    finally:
        writer.close()  # rolls back
    con = _check(made.path)
    try:
        assert con.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 2  # the committed state only
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
    finally:
        con.close()


# ---- kontor backup ---------------------------------------------------------------------------
@pytest.fixture
async def database(db_path: Path) -> Path:
    svc = await TableService.open(str(db_path), games=TEST_GAMES)
    await _new_table(svc, 500)
    await svc.close()
    return db_path


def test_kontor_backup_writes_a_checked_copy_and_says_where(database: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "out" / "k.sqlite3"
    target.parent.mkdir()
    assert main(["backup", str(target), "--db", str(database)]) == 0
    out = capsys.readouterr().out
    assert str(target) in out and "KB" in out and "quick_check ok" in out
    con = _check(target)
    try:
        assert con.execute("SELECT channel_id FROM games").fetchall() == [(500,)]
    finally:
        con.close()
    assert _dir_names(target.parent) == {"k.sqlite3"}  # no temporary file left


def test_kontor_backup_reads_kontor_db_and_dates_a_copy_in_a_directory(
    database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setenv("KONTOR_DB", str(database))
    out_dir = tmp_path / "backups"
    out_dir.mkdir()
    assert main(["backup", str(out_dir)]) == 0
    [name] = _dir_names(out_dir)
    assert NAME_PATTERN.fullmatch(name)
    assert name in capsys.readouterr().out
    _check(out_dir / name).close()


@pytest.mark.parametrize("case", ["no source", "not a database", "no target dir", "target dir is a file",
                                  "target is the source"])
def test_kontor_backup_refuses_clearly_with_exit_2(case: str, database: Path, tmp_path: Path, capsys) -> None:
    source, target = database, tmp_path / "copy.sqlite3"
    expected = {"no source": "There is no database at", "not a database": "Is it Kontor's SQLite file?",
                "no target dir": "Cannot write a backup into", "target dir is a file": "Cannot write a backup into",
                "target is the source": "is the database itself"}[case]
    if case == "no source":
        source = tmp_path / "missing.sqlite3"
    elif case == "not a database":
        source = tmp_path / "notes.txt"
        source.write_text("hello " * 1000)
    elif case == "no target dir":
        target = tmp_path / "nowhere" / "copy.sqlite3"
    elif case == "target dir is a file":
        (tmp_path / "file").write_text("x")
        target = tmp_path / "file" / "copy.sqlite3"
    else:
        target = database
    before = database.read_bytes()
    assert main(["backup", str(target), "--db", str(source)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kontor backup: ") and expected in err and "Traceback" not in err
    assert database.read_bytes() == before
    assert not [n for n in _dir_names(tmp_path) if n.endswith(".tmp")]
    if case != "target is the source":
        assert not target.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any directory")
def test_kontor_backup_into_a_read_only_directory_exits_2(database: Path, tmp_path: Path, capsys) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        assert main(["backup", str(locked / "copy.sqlite3"), "--db", str(database)]) == 2
    finally:
        locked.chmod(0o755)
    assert "Cannot write a backup into" in capsys.readouterr().err
