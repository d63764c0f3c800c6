"""A storage failure in plain words: what a player is told when the database cannot take or give a change.

The table never commits half a change (one transaction per step), so every one of these says that nothing changed.
What the failure was — a full disk, a database server out of reach, a damaged page, a file that takes no writes —
is told plainly instead of "something went wrong"; the details stay in the bot's log for its admins.
"""

from __future__ import annotations

import errno
import sqlite3

from rules.words import N_, translator

_, _n = translator("bot")

FULL = N_("Kontor could not save this: the disk its database lives on is full. Nothing was changed and the game is as "
          "it was; the bot's admins can see it in its log. Please try again later.")
UNREACHABLE = N_("Kontor cannot reach its database just now. Nothing was changed and the game is as it was; please "
                 "try again in a few minutes.")
DAMAGED = N_("Kontor could not read this game's saved data: part of its database is damaged. Nothing was changed; "
             "the bot's admins can see in its log what was found, and restore it from a backup.")
READ_ONLY = N_("Kontor could not save this: its database takes no changes just now. Nothing was changed and the game "
               "is as it was; please try again later.")

TEXTS = {"full": FULL, "unreachable": UNREACHABLE, "damaged": DAMAGED, "read-only": READ_ONLY}


def storage_failure(exc: BaseException) -> str | None:
    """The plain words for a storage failure (in the reader's language), or None when ``exc`` is not one."""
    kind = _kind(exc)
    return None if kind is None else _(TEXTS[kind])


def _kind(exc: BaseException) -> str | None:
    if isinstance(exc, sqlite3.Error):
        name, text = str(getattr(exc, "sqlite_errorname", "")), str(exc).lower()
        if name == "SQLITE_FULL" or "disk is full" in text:
            return "full"
        if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
            return "damaged"
        if name.startswith("SQLITE_READONLY") or "readonly" in text:
            return "read-only"
        if name.startswith("SQLITE_IOERR") or "disk i/o error" in text:
            return "unreachable"
        return None
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return "full"
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg is a dependency; without it there is no PostgreSQL to fail
        return None
    if isinstance(exc, asyncpg.exceptions.DiskFullError):
        return "full"
    if isinstance(exc, asyncpg.exceptions.DataCorruptedError | asyncpg.exceptions.IndexCorruptedError):
        return "damaged"
    if isinstance(exc, asyncpg.exceptions.ReadOnlySQLTransactionError):
        return "read-only"
    # the server shut down or restarting, a connection lost, refused or reset
    lost = (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, asyncpg.exceptions.OperatorInterventionError,
            ConnectionError)
    return "unreachable" if isinstance(exc, lost) else None
