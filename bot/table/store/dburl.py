"""Which engine a database target names (``KONTOR_DB``, ``--db``): a ``postgresql://`` (or ``postgres://``) URL is a
PostgreSQL database, anything else an SQLite file's path. Standard library only, so configuration code can ask."""

from __future__ import annotations

from pathlib import Path

URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database (else it is an SQLite file's path)."""
    return str(target).startswith(URL_SCHEMES)


def sqlite_only(command: str, target: str | Path | None) -> str | None:
    """The refusal of a tool that works on an SQLite file when given a PostgreSQL URL (None: a file, go on)."""
    if target is None or not is_url(target):
        return None
    return (f"kontor {command}: --db takes an SQLite file; this tool runs on SQLite only. A PostgreSQL database is "
            "for kontor run, kontor soak and kontor backup (docs/scaling.md).")
