"""Backups: ``kontor backup`` (a consistent, read-only copy while the bot writes) and the periodic backup loop."""

from __future__ import annotations

import asyncio
import datetime
import logging
import os
import sqlite3
from pathlib import Path

import pytest

from bot.table import TableService, Update, backup_loop
from bot.table.backup import make_backup, open_read_only
from bot.table.backup_loop import BackupLoop, prune
from bot.tools.cli import main
from tests.support.toygame import TEST_GAMES

GUILD = 77
QUIET = 999  # a channel whose game stays open while the others are played
UTC = datetime.UTC


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
    await _new_table(svc, QUIET)  # a table nobody plays: the player's tiny games may end at any moment
    acked: list[tuple[int, int]] = []
    enough, stop = asyncio.Event(), asyncio.Event()
    player = asyncio.create_task(_play(svc, acked, enough, stop))
    try:
        waiting = asyncio.create_task(enough.wait())
        await asyncio.wait({player, waiting}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        assert not player.done(), player.exception()  # a player that failed would otherwise be waited for forever
        before = list(acked)
        # The copy runs in a thread while the player task keeps making moves on the event loop.
        first = await asyncio.to_thread(make_backup, db_path, tmp_path / "first.sqlite3")
        # A move whose transaction is still open when the copy is taken: the copy has all or nothing of it.
        async with svc.store.transaction() as tx:
            row = await tx.open_game(QUIET)
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
    assert backup_loop.NAME_PATTERN.fullmatch(name)
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


# ---- the periodic backup -----------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = datetime.datetime(2026, 11, 24, 9, 0, 0, tzinfo=UTC)

    def __call__(self) -> datetime.datetime:
        return self.now


def _touch_backups(directory: Path, *stamps: str) -> list[str]:
    names = [f"kontor-{s}.sqlite3" for s in stamps]
    for name in names:
        (directory / name).write_bytes(b"old backup")
    return names


def test_retention_keeps_exactly_the_newest_n_and_leaves_other_files_alone(tmp_path: Path) -> None:
    ours = _touch_backups(tmp_path, "20261101-000000", "20261120-120000", "20261003-235959", "20261121-000001",
                          "20261121-000000")
    foreign = ["kontor.sqlite3", "kontor.sqlite3-wal", "notes.txt", "kontor-20261001-000000.sqlite3.bak",
               "kontor-2026.sqlite3", "other-20261001-000000.sqlite3", "kontor-20261399-000000.sqlite3"]
    for name in foreign:
        (tmp_path / name).write_text("not a backup of the loop")
    (tmp_path / "kontor-20260101-000000.sqlite3.d").mkdir()
    deleted = prune(tmp_path, keep=3)
    assert sorted(p.name for p in deleted) == sorted(ours)[:2]
    assert _dir_names(tmp_path) == {*sorted(ours)[2:], *foreign, "kontor-20260101-000000.sqlite3.d"}


async def test_the_loop_backs_up_when_due_and_keeps_the_newest(database: Path, tmp_path: Path) -> None:
    out = tmp_path / "backups"  # created by the first backup
    clock = Clock()
    loop = BackupLoop(database, out, every_hours=6, keep=2, now=clock)
    assert loop.due_at() == clock.now  # no backup yet: due at once
    waits = []
    for _ in range(3):  # 09:00, 15:00, 21:00
        waits.append(await loop.tick())
        clock.now += datetime.timedelta(hours=6)
    (out / "notes.txt").write_text("mine")
    waits.append(await loop.tick())  # 03:00 the next day
    assert waits == [3600.0] * 4  # the next one is 6 hours away: look again within the hour
    assert _dir_names(out) == {"kontor-20261124-210000.sqlite3", "kontor-20261125-030000.sqlite3", "notes.txt"}
    for name in _dir_names(out) - {"notes.txt"}:
        con = _check(out / name)
        try:
            assert con.execute("SELECT channel_id FROM games").fetchall() == [(500,)]
        finally:
            con.close()
    clock.now += datetime.timedelta(hours=5, minutes=30)  # 08:30: not due until 09:00
    assert await loop.tick() == 1800.0
    assert len(_dir_names(out)) == 3


def test_a_restart_keeps_the_schedule_of_the_newest_backup(tmp_path: Path) -> None:
    clock = Clock()
    _touch_backups(tmp_path, "20261124-050000", "20261123-090000")
    loop = BackupLoop(tmp_path / "k.sqlite3", tmp_path, every_hours=24, keep=7, now=clock)
    assert loop.due_at() == datetime.datetime(2026, 11, 25, 5, 0, 0, tzinfo=UTC)
    _touch_backups(tmp_path, "20271124-050000")  # from a clock that ran ahead: due one interval from now
    assert loop.due_at() == clock.now + datetime.timedelta(hours=24)


async def test_a_failed_backup_is_logged_retried_and_never_raised(tmp_path: Path, caplog) -> None:
    clock = Clock()
    loop = BackupLoop(tmp_path / "missing.sqlite3", tmp_path / "backups", every_hours=24, keep=7, now=clock)
    with caplog.at_level(logging.ERROR, logger="bot.table.backup_loop"):
        assert await loop.tick() == 3600.0
    assert "failed" in caplog.text and "There is no database at" in caplog.text
    assert loop.due_at() == clock.now + backup_loop.RETRY
    assert not (tmp_path / "backups").exists() or not _dir_names(tmp_path / "backups")


async def test_start_runs_a_backup_and_stop_ends_the_loop(database: Path, tmp_path: Path) -> None:
    slept: list[float] = []
    asleep = asyncio.Event()

    async def sleep(seconds: float) -> None:  # stands in for asyncio.sleep: the test ends the loop here
        slept.append(seconds)
        asleep.set()
        await asyncio.Event().wait()

    loop = BackupLoop(database, tmp_path / "backups", every_hours=24, keep=7, sleep=sleep)
    loop.start()
    assert loop.running
    await asleep.wait()
    assert slept == [3600.0] and len(backup_loop.backups(tmp_path / "backups")) == 1
    await loop.stop()
    assert not loop.running
