"""Start-up checks (bot/table/health.py): a file that cannot serve is refused in one plain paragraph with exit status 2
(``kontor run`` and ``kontor play``); a file that can is checked, and what is damaged in it is reported."""

from __future__ import annotations

import asyncio
import logging
import signal
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.table import TableService, health
from bot.table import store as store_module
from bot.table.health import DamagedTable, StartupError
from bot.table.store import MIGRATIONS
from bot.terminal import table as terminal
from bot.tools.cli import main
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_damaged import CH, CH2, corrupt, move, two_tables
from tests.terminal.test_terminal import session

KNOWN = len(MIGRATIONS)


def header_garbage(path: Path) -> None:
    """Overwrite the first 100 bytes (SQLite's header) with something else."""
    with open(path, "r+b") as f:
        f.write(b"These bytes are not an SQLite header at all. " * 3)


def newer_schema(path: Path) -> None:
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {KNOWN + 5}")
    con.close()


def can_write(path: Path) -> bool:
    con = sqlite3.connect(path, isolation_level=None)
    try:
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT OR IGNORE INTO users(user_id) VALUES (-1)")
        con.execute("ROLLBACK")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        con.close()


def read_only(path: Path) -> None:
    """Make the file unwritable. chmod does that for a normal user; root writes through it, so then the header's
    write-version byte is set to 3, which makes SQLite itself treat the file as read-only (for every user)."""
    path.chmod(0o444)
    if can_write(path):  # running as root
        path.chmod(0o644)
        with open(path, "r+b") as f:
            f.seek(18)
            f.write(bytes([3]))
    assert not can_write(path)


def contents(path: Path) -> bytes:
    return path.read_bytes()


def break_a_page(path: Path, table: str) -> None:
    """Point the first two cells of ``table``'s (leaf) root page off the page: damage only that table's page."""
    con = sqlite3.connect(path)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size + 8)  # a leaf page's cell pointers follow its 8-byte header
        f.write(b"\x0f\xff\x0f\xff")


def broken_migration(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = "CREATE TABLE half(id INTEGER PRIMARY KEY) STRICT; ALTER TABLE games ADD COLUMN bogus NOPE;"
    monkeypatch.setattr(store_module, "MIGRATIONS", [*MIGRATIONS, broken])


# name -> (spoil the file, what the message must say)
FATAL: dict[str, tuple[Callable[..., None], str]] = {
    "not a database": (header_garbage, "is not an SQLite database"),
    "newer schema": (newer_schema, f"schema version {KNOWN + 5}; this build knows versions up to {KNOWN}"),
    "failed migration": (lambda path, mp: broken_migration(mp),
                         f"from schema version {KNOWN} to {KNOWN + 1}: SQLite said"),
    "read-only": (read_only, "SQLite said \"attempt to write a readonly database\""),
}


def spoil(name: str, path: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Spoil the file as ``name`` says; returns its bytes afterwards (Kontor must not change them)."""
    action = FATAL[name][0]
    if name == "failed migration":
        action(path, monkeypatch)
    else:
        action(path)
    return contents(path)


@pytest.fixture
async def made(db_path: Path, clock: FakeClock) -> tuple[int, int]:
    return await two_tables(db_path, clock)


@pytest.mark.parametrize("name", FATAL)
async def test_a_file_that_cannot_serve_is_refused_plainly_and_left_as_it_was(
    db_path: Path, made: tuple[int, int], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    before = spoil(name, db_path, monkeypatch)
    with pytest.raises(StartupError) as err:
        await health.open_service(str(db_path), games=TEST_GAMES)
    text = str(err.value)
    assert FATAL[name][1] in text and str(db_path) in text and "\n" not in text
    with pytest.raises(StartupError):
        await health.preflight(str(db_path))
    assert contents(db_path) == before


@pytest.fixture
def restore_process_state() -> Iterator[None]:
    """``kontor play`` installs its Ctrl-C handler and log file for the process: put both back afterwards."""
    handler, root = signal.getsignal(signal.SIGINT), logging.getLogger()
    handlers = list(root.handlers)
    yield
    signal.signal(signal.SIGINT, handler)
    for extra in [h for h in root.handlers if h not in handlers]:
        root.removeHandler(extra)
        extra.close()


@pytest.mark.parametrize("command", ["run", "play"])
@pytest.mark.parametrize("name", FATAL)
def test_kontor_run_and_play_exit_2_with_the_message_and_no_traceback(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    restore_process_state: None, name: str, command: str,
) -> None:
    # A plain test: both commands run their own event loop, and kontor play sets its Ctrl-C handler (main thread).
    asyncio.run(two_tables(db_path, FakeClock()))
    spoil(name, db_path, monkeypatch)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")  # kontor run checks the file before connecting
    monkeypatch.setenv("KONTOR_DB", str(db_path))
    argv = ["run"] if command == "run" else ["play", "speicherstadt", "--db", str(db_path)]
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2
    assert err.startswith(f"kontor {command}: ") and FATAL[name][1] in err
    assert err.count("\n") == 1 and "Traceback" not in out + err


async def test_a_healthy_file_checks_out(db_path: Path, made: tuple[int, int], caplog) -> None:
    service, report = await health.open_service(str(db_path), games=TEST_GAMES)
    async with service:
        assert report.ok and report.lines() == [] and report.open_games == 2
        with caplog.at_level(logging.INFO, logger="kontor.health"):
            health.log_health(report)
        assert [r.levelno for r in caplog.records] == [logging.INFO]


async def test_damaged_games_are_listed_by_channel_and_id_and_the_others_play(
    db_path: Path, made: tuple[int, int], caplog
) -> None:
    bad, _ = made
    corrupt(db_path, "UPDATE games SET options = 'variant=plain' WHERE id = ?", bad)
    service, report = await health.open_service(str(db_path), games=TEST_GAMES)
    async with service:
        assert report.damaged == (DamagedTable(bad, CH, "tiny", "active", "options"),)
        assert report.lines() == [
            "1 of 2 open games cannot be played: their saved data is damaged.",
            f"  game {bad} (tiny, active) in channel {CH}: its options cannot be read.",
        ]
        with caplog.at_level(logging.WARNING, logger="kontor.health"):
            health.log_health(report)
        assert [r.getMessage() for r in caplog.records if r.name == "kontor.health"] == [
            *report.lines(), health.RUN_ADVICE]
        before = (await service.table(CH2)).version
        assert await move(service, CH2) == before + 1


async def test_damaged_pages_are_reported_and_the_games_keep_working(
    db_path: Path, made: tuple[int, int], clock: FakeClock
) -> None:
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        for user in (101, 102, 103):
            await svc.set_dm_ok(user, False)
    break_a_page(db_path, "users")
    service, report = await health.open_service(str(db_path), games=TEST_GAMES, clock=clock)
    async with service:
        assert report.pages and report.damaged == ()
        assert report.lines()[0].startswith(f"SQLite's quick check found damage in {db_path}: ")
        for channel in (CH, CH2):
            before = (await service.table(channel)).version
            assert await move(service, channel) == before + 1


async def test_the_write_test_runs_on_the_connection_the_service_will_use(
    db_path: Path, made: tuple[int, int]
) -> None:
    service, report = await health.open_service(str(db_path), games=TEST_GAMES)
    async with service:
        assert report.fatal is None
        await service.store._db.execute_fetchall("PRAGMA query_only = ON")  # this connection may no longer write
        report = await health.check_store(service)
        assert report.fatal is not None and "attempt to write a readonly database" in report.fatal
        assert not report.ok and report.lines()[0] == report.fatal


async def test_kontor_play_reports_a_damaged_game_and_plays_another(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    await session(db, "q\n", "--seats", "me,bot", "--seed", "5", game="tiny_noskip")
    corrupt(db, "UPDATE games SET snapshot = '[]' WHERE channel_id = ?", terminal.channel_for("tiny_noskip"))
    bad = sqlite3.connect(db).execute("SELECT id FROM games").fetchone()[0]

    code, text = await session(db, "1\nq\n", "--seats", "me,bot", "--seed", "5")
    assert code == 0
    channel = terminal.channel_for("tiny_noskip")
    assert f"  game {bad} (tiny_noskip, active) in channel {channel}: its snapshot (TypeError) cannot be read." in text
    assert health.PLAY_ADVICE in text and "A new game of Tiny Auction" in text and "(private) You bid" in text

    code, text = await session(db, "q\n", "--seats", "me,bot", game="tiny_noskip")
    assert code == 2 and "Your saved Tiny Auction game is damaged and cannot be resumed." in text
    code, text = await session(db, "q\n", "--seats", "me,bot", "--new", game="tiny_noskip")
    assert code == 0 and "The damaged game was abandoned; starting a new one." in text
    assert "A new game of Tiny Auction" in text


async def test_the_bot_refuses_a_read_only_file_in_setup_hook_and_serve_says_so_plainly(
    db_path: Path, made: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    from bot.config import Config
    from bot.discord import app

    read_only(db_path)
    bot = app.build_bot(Config(token="", db_path=str(db_path)), service_options={"render": False}, sync=False)
    with pytest.raises(StartupError) as err:
        await bot.setup_hook()  # what login() runs when kontor run starts
    assert "attempt to write a readonly database" in str(err.value)
    with pytest.raises(RuntimeError):
        bot.service  # noqa: B018 - it never opened

    class RefusedAtLogin:
        """Stands in for the bot in ``serve``: its login (setup_hook) meets that file."""

        async def start(self, token: str) -> None:
            raise err.value

        async def close(self) -> None:
            pass

    assert await app.serve(RefusedAtLogin(), "token") == 2  # type: ignore[arg-type]
    out, text = capsys.readouterr()
    assert text == f"kontor run: {err.value}\n" and "Traceback" not in out + text
