"""Plain refusals of the command line: arguments or files that make no run end with one plain line and the documented
exit status (2: usage, as argparse's), never a traceback or a hang, and nothing is written half-way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TIMEOUT = 120  # a refusal is immediate; the limit only turns a hang into a failure


def kontor(*args: str, cwd: Path, env: dict[str, str] | None = None,
           stdin: str = "") -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("KONTOR_", "DISCORD_"))}
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=TIMEOUT, input=stdin, env={**environ, **(env or {})})


def plain(done: subprocess.CompletedProcess[str], words: str) -> None:
    """One plain line on stderr, saying ``words``; no traceback."""
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert words in lines[0], lines[0]


def files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.parametrize(("args", "words"), [
    (("--concurrency", "0"), "--concurrency must be at least 1"),
    (("--games", "0"), "--games must be at least 1"),
    (("--games", "-3"), "--games must be at least 1"),
    (("--jobs", "0"), "--jobs must be at least 1"),
    (("--rebuild-every", "0"), "--rebuild-every must be at least 1"),
    (("--game", "chess"), "Unknown game 'chess'"),
    (("--db", "missing/soak.sqlite3"), "There is no folder"),
    (("--db", "."), "is a folder"),
])
def test_soak_refuses_arguments_that_make_no_soak(tmp_path: Path, args: tuple[str, ...], words: str) -> None:
    done = kontor("soak", "--game", "speicherstadt", *args, cwd=tmp_path)
    assert done.returncode == 2
    plain(done, words)
    assert files(tmp_path) == set()


def test_demo_refuses_an_images_folder_it_cannot_make_before_playing(tmp_path: Path) -> None:
    done = kontor("demo", "speicherstadt", "--out", "/proc/kontor-demo", "--db", "demo.sqlite3", cwd=tmp_path)
    assert done.returncode == 2
    plain(done, "cannot make the folder /proc/kontor-demo")
    assert done.stdout == ""  # no game was played
    assert files(tmp_path) == set()  # and no table file was started


@pytest.mark.parametrize("record", ["missing/game.json", "."])
def test_demo_refuses_a_record_it_cannot_write_before_playing(tmp_path: Path, record: str) -> None:
    done = kontor("demo", "speicherstadt", "--record", record, "--out", "out", cwd=tmp_path)
    assert done.returncode == 2
    plain(done, "record" if record == "." else "There is no folder")
    assert files(tmp_path) == set()


def test_demo_record_is_what_kontor_verify_accepts(tmp_path: Path) -> None:
    done = kontor("demo", "speicherstadt", "--players", "2", "--seed", "7", "--quiet", "--record", "game.json",
                  "--out", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["game"] == "speicherstadt" and record["seed"] == 7 and record["status"] == "finished"
    assert not [p for p in files(tmp_path) if p.endswith(".tmp")]
    verified = kontor("verify", "game.json", cwd=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr


@pytest.mark.parametrize("command", ["play", "run"])
def test_a_lock_file_that_cannot_be_opened_is_said_plainly(tmp_path: Path, command: str) -> None:
    """The lock file is a folder here (a read-only file fails the same way for a user who is not root)."""
    (tmp_path / "kontor.sqlite3.lock").mkdir()
    if command == "play":
        done = kontor("play", "speicherstadt", "--db", "kontor.sqlite3", cwd=tmp_path, stdin="q\n")
    else:
        done = kontor("run", cwd=tmp_path, env={"DISCORD_TOKEN": "x" * 60, "KONTOR_DB": "kontor.sqlite3"})
    assert done.returncode == 2
    assert "Traceback" not in done.stderr, done.stderr
    assert "Cannot lock" in done.stderr and "kontor.sqlite3.lock" in done.stderr
    assert not (tmp_path / "kontor.sqlite3").exists()  # no database was started without its lock


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write a read-only file: the folder case above covers root")
def test_a_read_only_lock_file_is_said_plainly(tmp_path: Path) -> None:
    lock = tmp_path / "kontor.sqlite3.lock"
    lock.write_text("")
    lock.chmod(0o444)
    done = kontor("play", "speicherstadt", "--db", "kontor.sqlite3", cwd=tmp_path, stdin="q\n")
    assert done.returncode == 2
    assert "Cannot lock" in done.stderr and "Traceback" not in done.stderr
