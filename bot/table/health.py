"""Start-up checks of the SQLite file, for ``kontor run`` and ``kontor play``.

A file that cannot serve the tables at all — not a database, written by a newer build, an upgrade that failed, a
file that cannot be written — becomes a ``StartupError``: one plain paragraph, and the command exits with status 2
(no traceback). A file that opens is checked by ``check_store``: SQLite's quick check of its pages, a real write, and
every open game's saved data; it also dates the actions earlier builds logged without a rules version (the version that
replays each game, ``bot/table/replaying.py``). What it finds is reported in plain words, damaged games and games
whose log no rules version replays by channel and id; the healthy games keep working.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.table import store as store_module
from bot.table.model import DamagedGame, TableError
from bot.table.service import TableService
from bot.table.store import Store, StoreError
from bot.table.store.writer_lock import LockUnavailable

log = logging.getLogger("kontor.health")

EXIT_CODE = 2  # what kontor run and kontor play return when the file cannot be used

NOT_A_DATABASE = (
    "Kontor cannot use {path}: it is not an SQLite database (its header is not SQLite's: it may be another kind of "
    "file, or its first page is damaged). Kontor has not changed it. Point Kontor at the right file (KONTOR_DB for "
    "kontor run, --db for kontor play) or restore it from a backup; a path where no file exists yet starts a new, "
    "empty database."
)
NEWER_SCHEMA = (
    "Kontor cannot use {path}: a newer version of Kontor wrote it (schema version {found}; this build knows versions "
    "up to {known}). Kontor has not changed it. Run the newer version, or restore a backup made with this one."
)
MIGRATION_FAILED = (
    "Kontor could not upgrade {path} from schema version {found} to {known}: SQLite said \"{error}\". The upgrade "
    "was rolled back, so the file is as it was and no game was lost. Run the version of Kontor that last used the "
    "file and report the error; do not delete the file, it holds every game."
)
READ_ONLY = (
    "Kontor cannot write to {path} (SQLite said \"{error}\"), so every move would fail: it does not start. Give the "
    "user that runs Kontor write access to the file, to its -wal and -shm companions and to their folder (or mount "
    "the volume read-write), then start it again."
)
UNWRITABLE = (
    "Kontor could not write to {path} (SQLite said \"{error}\"), so every move would fail: it does not start. If "
    "another program holds the file (a second Kontor, a backup tool), stop it and start Kontor again."
)
DAMAGED_FILE = (
    "Kontor cannot open {path}: SQLite reports the file as damaged (\"{error}\"). Kontor has not changed it. Restore "
    "it from a backup, or recover what is readable into a new file with the sqlite3 shell's .recover command."
)
CANNOT_OPEN = (
    "Kontor cannot open {path} (SQLite said \"{error}\"). Check that its folder exists and that the user that runs "
    "Kontor may read and write there."
)
RUN_ADVICE = "A moderator can end a damaged game with /game abandon in its channel; the other games are not affected."
PLAY_ADVICE = "Run kontor play with that game and --new to abandon it and start over; the other games are not affected."


class StartupError(Exception):
    """The file cannot serve the tables; ``str(err)`` is one plain paragraph for the operator."""


@dataclass(frozen=True)
class DamagedTable:
    game_id: int
    channel: int
    game: str
    status: str
    part: str  # what cannot be read, e.g. "snapshot", "options", "seats"


@dataclass(frozen=True)
class Health:
    """What ``check_store`` found. ``fatal`` is set when the bot must not start (the file takes no writes)."""

    path: str
    open_games: int = 0
    pages: tuple[str, ...] = ()  # PRAGMA quick_check's findings
    damaged: tuple[DamagedTable, ...] = ()
    unreadable: str | None = None  # the open games could not even be listed
    fatal: str | None = None
    unreplayable: tuple[DamagedTable, ...] = ()  # games whose log no version of the rules replays

    @property
    def ok(self) -> bool:
        return not (self.pages or self.damaged or self.unreadable or self.fatal or self.unreplayable)

    def lines(self) -> list[str]:
        """The problems in plain words (an empty list when there are none)."""
        out: list[str] = []
        if self.fatal:
            out.append(self.fatal)
        if self.pages:
            more = f" (and {len(self.pages) - 1} more)" if len(self.pages) > 1 else ""
            out.append(f"SQLite's quick check found damage in {self.path}: {self.pages[0]}{more}. Games whose data "
                       "reads fine keep working; back up the file with its -wal companion now, then restore it from "
                       "a backup or recover it with the sqlite3 shell's .recover command.")
        if self.unreadable:
            out.append(f"The open games in {self.path} could not be listed (SQLite said \"{self.unreadable}\").")
        if self.unreplayable:
            count = len(self.unreplayable)
            games = "1 game was" if count == 1 else f"{count} games were"
            out.append(f"{games} logged by an earlier version of Kontor whose rules this version cannot replay. A "
                       "running one plays on from its saved state, but its moves so far cannot be taken back or shown "
                       "as boards, and a finished one's record cannot be checked:")
            out += [f"  game {d.game_id} ({d.game}, {d.status}) in channel {d.channel}." for d in self.unreplayable]
        if self.damaged:
            out.append(f"{len(self.damaged)} of {self.open_games} open games cannot be played: their saved data is "
                       "damaged.")
            out += [f"  game {d.game_id} ({d.game}, {d.status}) in channel {d.channel}: its {d.part} cannot be read."
                    for d in self.damaged]
        return out


def _schema_of(path: str) -> int | None:
    """The file's ``user_version``, read without writing anything; None if it cannot be read."""
    try:
        con = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        return int(con.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.Error:
        return None
    finally:
        con.close()


def _errorname(exc: BaseException) -> str:
    return str(getattr(exc, "sqlite_errorname", ""))


def _open_problem(path: str, exc: sqlite3.Error) -> str:
    name, error = _errorname(exc), str(exc)
    if name == "SQLITE_NOTADB" or "not a database" in error:
        return NOT_A_DATABASE.format(path=path)
    if name.startswith("SQLITE_READONLY") or "readonly" in error:
        return READ_ONLY.format(path=path, error=error)
    if name.startswith("SQLITE_CANTOPEN"):
        return CANNOT_OPEN.format(path=path, error=error)
    found, known = _schema_of(path), len(store_module.MIGRATIONS)
    if found is not None and found < known:  # Store.open got as far as upgrading it
        return MIGRATION_FAILED.format(path=path, found=found, known=known, error=error)
    if name.startswith("SQLITE_CORRUPT"):
        return DAMAGED_FILE.format(path=path, error=error)
    return CANNOT_OPEN.format(path=path, error=error)


def _write_problem(path: str, exc: sqlite3.Error) -> str:
    error = str(exc)
    if _errorname(exc).startswith("SQLITE_READONLY") or "readonly" in error:
        return READ_ONLY.format(path=path, error=error)
    return UNWRITABLE.format(path=path, error=error)


async def open_store(path: str) -> Store:
    """``Store.open`` (which migrates), with every way it can fail said in plain words (``StartupError``)."""
    try:
        return await Store.open(path)
    except StoreError:  # Store.open refuses only a newer schema
        raise StartupError(NEWER_SCHEMA.format(path=path, found=_schema_of(path),
                                               known=len(store_module.MIGRATIONS))) from None
    except sqlite3.Error as exc:
        raise StartupError(_open_problem(path, exc)) from None
    except LockUnavailable as exc:  # the writer lock's file cannot be opened (bot/table/store/writer_lock.py)
        raise StartupError(str(exc)) from None


async def preflight(path: str) -> None:
    """Can the file serve at all (it opens, is migrated and takes a write)? ``StartupError`` if not. ``kontor run``
    asks before it connects to Discord; the full check runs when the bot opens its service."""
    store = await open_store(path)
    try:
        await store.write_test()
    except sqlite3.Error as exc:
        raise StartupError(_write_problem(path, exc)) from None
    finally:
        await store.close()


async def check_store(service: TableService) -> Health:
    """SQLite's quick check of the pages, a real write (rolled back), and every open game's saved data."""
    store = service.store
    try:
        pages: list[str] = await store.quick_check()
    except sqlite3.DatabaseError as exc:
        pages = [f"the check itself failed ({exc})"]
    fatal = None
    try:
        await store.write_test()
    except sqlite3.Error as exc:
        fatal = _write_problem(store.path, exc)
    try:
        rows = await store.open_games()
    except sqlite3.DatabaseError as exc:
        return Health(store.path, pages=tuple(pages), unreadable=str(exc), fatal=fatal)
    damaged = [d for row in rows if (d := await _damage(service, row)) is not None]
    unreplayable: list[DamagedTable] = []
    if fatal is None:  # dating the logs writes
        unreplayable = [DamagedTable(r.id, r.channel_id, r.game, r.status, "log") for r in await service.date_logs()]
    return Health(store.path, open_games=len(rows), pages=tuple(pages), damaged=tuple(damaged), fatal=fatal,
                  unreplayable=tuple(unreplayable))


async def _damage(service: TableService, row: Any) -> DamagedTable | None:
    """Why an open game cannot be played, or None. Building its Table loads its snapshot and checks its seats."""
    try:
        await service.table(row.channel_id)
    except DamagedGame as exc:
        part = exc.part
    except TableError:  # the row reads, but names a game this build does not have
        part = "game (not in this build)"
    except sqlite3.DatabaseError as exc:
        part = f"rows ({exc})"
    else:
        return None
    return DamagedTable(row.id, row.channel_id, row.game, row.status, part)


async def open_service(path: str, **options: Any) -> tuple[TableService, Health]:
    """Open (and migrate) the file and check it. ``StartupError`` when it cannot serve; else the open service and
    what the check found (damaged games stay refused one by one, the others play)."""
    service = TableService(await open_store(path), **options)
    try:
        health = await check_store(service)
        if not health.fatal:
            await service.load()  # paused tables, departures, the downtime given back (it writes: after the check)
    except BaseException:
        await service.close()
        raise
    if health.fatal:
        await service.close()
        raise StartupError(health.fatal)
    return service, health


def log_health(health: Health, advice: str = RUN_ADVICE, logger: logging.Logger = log) -> None:
    """For ``kontor run``: problems as warnings (with what to do), else one line that the file checked out."""
    problems = health.lines()
    if not problems:
        logger.info("%s checked: pages, a test write and %d open games are fine", health.path, health.open_games)
        return
    for line in problems:
        logger.warning("%s", line)
    if health.damaged:
        logger.warning("%s", advice)
