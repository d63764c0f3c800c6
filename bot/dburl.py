"""Which engine a database target names (``KONTOR_DB``, ``--db``): a ``postgresql://`` (or ``postgres://``) URL is a
PostgreSQL database, anything else an SQLite file's path. Standard library only, so configuration code can ask."""

from __future__ import annotations

from pathlib import Path

URL_SCHEMES = ("postgresql://", "postgres://")


def is_url(target: str | Path) -> bool:
    """Whether ``target`` names a PostgreSQL database (else it is an SQLite file's path)."""
    return str(target).startswith(URL_SCHEMES)
