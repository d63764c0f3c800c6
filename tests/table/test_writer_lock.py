"""One writer per SQLite file: a second writing Store (or process) is refused while the first one holds the file."""

from __future__ import annotations

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.table import TableService
from bot.table.store import SeatRow, Store
from bot.table.store.writer_lock import StoreLocked
from tests.support.toygame import TEST_GAMES

ROOT = Path(__file__).resolve().parents[2]
NOW = 1_800_000_000.0


def message(path: Path | str, pid: int, option: str = "KONTOR_DB") -> str:
    return (f"Another Kontor process is already using {path} (pid {pid}). "
            f"Stop it first, or give this one its own {option}.")


async def _new_game(store: Store, channel: int) -> int:
    async with store.transaction() as tx:
        gid = await tx.insert_game(channel_id=channel, guild_id=5, game="tiny", options={}, settings={},
                                   creator_id=1, now=NOW)
        await tx.set_seats(gid, [SeatRow(0, 1, "Anna")])
    return gid


async def test_a_second_store_on_a_locked_file_is_refused_and_the_first_keeps_working(db_path: Path) -> None:
    first = await Store.open(db_path)
    try:
        with pytest.raises(StoreLocked) as refused:
            await Store.open(db_path)  # the same process counts too: its caches would lie just the same
        assert str(refused.value) == message(db_path, os.getpid())
        assert str(pickle.loads(pickle.dumps(refused.value))) == str(refused.value)  # soak --jobs: from a worker
        with pytest.raises(StoreLocked):  # a whole service on the file is refused the same way
            await TableService.open(str(db_path), games=TEST_GAMES)
        gid = await _new_game(first, channel=10)  # the refusals took nothing from the holder
        assert (await first.game(gid)) is not None
    finally:
        await first.close()
    second = await Store.open(db_path)  # closing released the file
    try:
        assert [s.name for s in await second.seats(gid)] == ["Anna"]
    finally:
        await second.close()


async def test_a_reader_needs_no_lock_and_cannot_write(db_path: Path) -> None:
    writer = await Store.open(db_path)
    try:
        gid = await _new_game(writer, channel=10)
        reader = await Store.open(db_path, read_only=True)
        try:
            assert (await reader.game(gid)) is not None
            with pytest.raises(sqlite3.OperationalError, match="readonly"):
                await _new_game(reader, channel=11)
        finally:
            await reader.close()
        gid2 = await _new_game(writer, channel=12)  # the writer still writes
        assert (await writer.game(gid2)) is not None
    finally:
        await writer.close()
    raw = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)  # a plain sqlite3 reader, as a backup tool opens it
    try:
        assert raw.execute("SELECT COUNT(*) FROM games").fetchone() == (2,)
    finally:
        raw.close()


def _play(db: Path, **kwargs: object) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "bot", "play", "speicherstadt", "--db", str(db), "--seats", "me,bot",
           "--name", "Ada"]
    return subprocess.Popen(cmd, cwd=ROOT, text=True, **kwargs)  # type: ignore[call-overload, no-any-return]


def test_a_second_process_is_refused_until_the_first_is_killed(tmp_path: Path) -> None:
    db = tmp_path / "kontor.sqlite3"
    holder = _play(db, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        assert holder.stdout is not None
        for line in holder.stdout:  # the table is open (and the file held) once the game is announced
            if line.startswith("A new game of"):
                break
        else:
            pytest.fail("the first terminal table never opened its game")
        second = _play(db, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = second.communicate(timeout=120)
        assert second.returncode == 2
        assert err.strip() == message(db, holder.pid, "--db")  # a clear message, no traceback
        assert out == ""
    finally:
        holder.send_signal(signal.SIGKILL)  # no clean close: the kernel drops the lock with the process
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    after = _play(db, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = after.communicate(timeout=120)
    assert after.returncode == 0, err
    assert "Another Kontor process" not in err
    assert "Ada, your choice" in out  # it resumed the killed process's game and offered Ada her move
