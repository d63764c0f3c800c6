"""``kontor backup PATH`` replaces only its own: PATH may be new, a directory, or an earlier Kontor backup (an SQLite
file with Kontor's tables, or a pg_dump dump). Anything else — another file, a link, a device node, a pipe — is
refused with one plain line and status 2, and left as it was (as root the backup once replaced /dev/full)."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from bot.table import TableService
from bot.tools.cli import main
from tests.support.toygame import TEST_GAMES


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    path = tmp_path / "kontor.sqlite3"
    svc = await TableService.open(str(path), games=TEST_GAMES)
    await svc.close()
    return path


def refused(target: Path, database: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["backup", str(target), "--db", str(database)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kontor backup: ") and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
    return err


def test_another_file_is_left_alone(database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    assert "not a Kontor backup" in refused(notes, database, capsys)
    assert notes.read_text() == "my notes"


def test_another_sqlite_database_is_left_alone(database: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.sqlite3"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE photos(id INTEGER)")
    con.commit()
    con.close()
    before = other.read_bytes()
    assert "not a Kontor backup" in refused(other, database, capsys)
    assert other.read_bytes() == before


def test_a_symbolic_link_is_refused_even_to_a_backup(database: Path, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real.sqlite3"
    assert main(["backup", str(real), "--db", str(database)]) == 0
    link = tmp_path / "link.sqlite3"
    link.symlink_to(real)
    before = real.read_bytes()
    assert "a symbolic link" in refused(link, database, capsys)
    assert link.is_symlink() and real.read_bytes() == before


def test_a_named_pipe_is_refused(database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert "a named pipe" in refused(pipe, database, capsys)
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_node_is_refused(database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    device = tmp_path / "full"  # a node of /dev/full's kind (char 1,7), made here rather than risking the real one
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    assert "a character device" in refused(device, database, capsys)
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_an_earlier_backup_is_replaced(database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "nightly.sqlite3"
    assert main(["backup", str(target), "--db", str(database)]) == 0
    first = target.stat().st_ino
    assert main(["backup", str(target), "--db", str(database)]) == 0
    assert target.stat().st_ino != first  # a new, whole copy renamed over the old one
    assert "quick_check ok" in capsys.readouterr().out


def test_a_link_to_a_directory_is_a_directory(database: Path, tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()
    (tmp_path / "backups").symlink_to(tmp_path / "store")
    assert main(["backup", str(tmp_path / "backups"), "--db", str(database)]) == 0
    assert [p.suffix for p in (tmp_path / "store").iterdir()] == [".sqlite3"]


def test_a_pg_dump_is_a_backup_too(tmp_path: Path) -> None:
    from bot.table.backup import backup_target

    dump = tmp_path / "kontor.pgdump"
    dump.write_bytes(b"PGDMP\x01\x0e\x00" + b"\x00" * 64)
    assert backup_target(dump, "unused") == dump
    assert backup_target(tmp_path, "kontor-1.pgdump") == tmp_path / "kontor-1.pgdump"


def test_the_postgresql_backup_refuses_before_dumping(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    # no server at this address: the refusal comes before pg_dump would try to reach it
    assert main(["backup", str(notes), "--db", "postgresql://kontor@127.0.0.1:1/kontor"]) == 2
    err = capsys.readouterr().err
    assert "not a Kontor backup" in err and notes.read_text() == "my notes"
