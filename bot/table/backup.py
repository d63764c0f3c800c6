"""``kontor backup PATH``: a consistent copy of the database, safe while the bot runs and writes.

The copy uses SQLite's online backup API in one step, so it is one read transaction: a snapshot of the
file as of some commit, never a half-written move. The source is opened read-only (``mode=ro``): the backup
takes no write lock and needs nothing the running bot holds. The copy is written to a temporary file next to
the target, checked with ``PRAGMA quick_check``, synced and only then renamed into place, so PATH is either
the old file or a complete, checked copy. The copy is a single file (rollback journal, not WAL): restore it by
stopping the bot and copying it over the database (docs/discord.md, "Backups and restoring").
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import re
import sqlite3
import stat
import sys
import tempfile
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.config import db_target
from bot.table.store.dburl import is_url

#: Names of the files ``kontor backup DIR`` and the periodic backup write; retention deletes only these.
NAME_FORMAT = "kontor-%Y%m%d-%H%M%S.sqlite3"
NAME_PATTERN = re.compile(r"kontor-\d{8}-\d{6}\.sqlite3")


class BackupError(Exception):
    """Why a backup could not be made; the message tells the operator what to do."""


@dataclass(frozen=True)
class Backup:
    path: Path
    size: int  # bytes


def backup_name(when: datetime.datetime) -> str:
    """The file name of a backup made at ``when`` (UTC): sorting the names sorts the backups by age."""
    return when.astimezone(datetime.UTC).strftime(NAME_FORMAT)


def open_read_only(path: Path) -> sqlite3.Connection:
    # A URI so that mode=ro applies; quote() keeps '?' and '#' in a file name from being read as URI syntax.
    uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=5.0)


def _fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable (best effort: not every platform can open a directory)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def written_beside(target: Path) -> Iterator[Path]:
    """A temporary file next to ``target`` for a backup to be written to (SQLite's copy, ``pg_dump``'s). When the
    block ends without an error the file is synced and renamed over ``target`` in one step, so no reader ever sees
    half a backup and an older backup is replaced only by a whole one; otherwise it is removed."""
    try:
        fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise BackupError(f"Cannot write a backup into {target.parent}: {exc.strerror or exc}. "
                          "Choose a directory that exists and that this user may write to.") from exc
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        with open(tmp, "rb+") as written:  # the writer synced its own steps; this makes the whole file durable
            os.fsync(written.fileno())
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)  # a failed copy's leftovers (after the rename there is none)
    _fsync_dir(target.parent)


#: the first bytes of an SQLite file, and of a pg_dump custom-format dump
SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"
#: tables every Kontor database has had since its first schema
KONTOR_TABLES = {"games", "seats", "actions"}


def is_kontor_backup(path: Path) -> bool:
    """Whether the regular file at ``path`` is a Kontor backup: an SQLite file with Kontor's tables, or a pg_dump
    custom-format dump (what ``kontor backup`` writes for PostgreSQL)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError:
        return False
    if head.startswith(PGDUMP_MAGIC):
        return True
    if head != SQLITE_MAGIC:
        return False
    try:
        con = open_read_only(path)
        try:
            tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            con.close()
    except sqlite3.Error:
        return False
    return tables >= KONTOR_TABLES


def _kind(mode: int) -> str:
    for test, word in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return word
    return "a file that is not a Kontor backup"


def backup_target(target: str | Path, name: str) -> Path:
    """Where a backup asked for at ``target`` goes: ``target`` itself when nothing is there or it is already a Kontor
    backup (a regular file, not a link), a new file ``name`` in it when it is a directory (or a link to one).
    Anything else (another file, a device node, a link to a file) is refused: the backup replaces only its own."""
    target = Path(target)
    if target.is_dir():
        target = target / name
    try:
        mode = os.lstat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return target  # a new file (a missing folder is said when the temporary file cannot be made)
    except OSError as exc:
        raise BackupError(f"Cannot look at {target}: {exc.strerror or exc}.") from exc
    if stat.S_ISREG(mode) and is_kontor_backup(target):
        return target
    raise BackupError(f"{target} is {_kind(mode)}; a backup is written only to a new file, into a directory, or over "
                      "an earlier Kontor backup. Nothing was written: choose another path.")


def make_backup(source: str | Path, target: str | Path) -> Backup:
    """Copy the database at ``source`` to ``target`` (a file, or a directory to put a dated file in)."""
    source = Path(source)
    if not source.is_file():
        raise BackupError(f"There is no database at {source}. Point KONTOR_DB or --db at the bot's SQLite file.")
    target = backup_target(target, backup_name(datetime.datetime.now(datetime.UTC)))
    if target.exists() and target.resolve() == source.resolve():
        raise BackupError(f"{target} is the database itself; choose another file or a directory for the backup.")
    try:
        with written_beside(target) as tmp:
            _copy(source, tmp)
    except (sqlite3.Error, OSError) as exc:
        raise BackupError(f"The backup of {source} to {target} failed: {exc}. Nothing was replaced.") from exc
    return Backup(target, target.stat().st_size)


def _copy(source: Path, tmp: Path) -> None:
    try:
        src = open_read_only(source)
    except sqlite3.Error as exc:
        raise BackupError(f"Cannot open {source} to read it: {exc}.") from exc
    try:
        dst = sqlite3.connect(tmp)
        try:
            try:
                # pages=-1: the whole file in one step, one read transaction: a consistent snapshot. (Stepwise
                # copies restart whenever the bot commits, and a busy bot could keep one from ever finishing.)
                src.backup(dst)
            except sqlite3.DatabaseError as exc:
                hint = " Is it Kontor's SQLite file?" if "not a database" in str(exc) else ""
                raise BackupError(f"Cannot back up {source}: {exc}.{hint}") from exc
            # The copy carries the source's WAL flag; a rollback journal makes it one self-contained file.
            dst.execute("PRAGMA journal_mode=DELETE").fetchall()
            problems = [row[0] for row in dst.execute("PRAGMA quick_check").fetchall()]
            if problems != ["ok"]:
                raise BackupError(f"The copy of {source} failed its check ({'; '.join(problems[:3])}); "
                                  "nothing was written. Check the database with `PRAGMA integrity_check`.")
        finally:
            dst.close()
    finally:
        src.close()


def _size(n: int) -> str:
    if n < 1024:
        return f"{n:,} bytes"
    return f"{n / 1024:,.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.1f} MB"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="the backup file to write, or a directory to write a dated copy into")
    parser.add_argument("--db", default=None, help="the database to copy: an SQLite file, or a postgresql:// URL "
                        "(pg_dump) (default: $KONTOR_DB, else kontor.sqlite3)")


def backup_main(args: argparse.Namespace) -> int:
    source = args.db or db_target()
    if is_url(source):  # PostgreSQL: pg_dump (bot/table/pg_backup.py)
        from bot.table.pg_backup import make_pg_backup
        from bot.table.store.postgres import redacted

        try:
            made = make_pg_backup(source, args.path)
        except BackupError as exc:
            print(f"kontor backup: {exc}", file=sys.stderr)
            return 2
        print(f"Backed up {redacted(source)} to {made.path} ({_size(made.size)}, pg_dump custom format; "
              "restore with pg_restore).")
        return 0
    try:
        made = make_backup(source, args.path)
    except BackupError as exc:
        print(f"kontor backup: {exc}", file=sys.stderr)
        return 2
    print(f"Backed up {source} to {made.path} ({_size(made.size)}, quick_check ok).")
    return 0
