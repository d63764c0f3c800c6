"""Fixtures for every suite: the throwaway PostgreSQL server (tests/support/pgserver.py) and the store backends.

A test (or a fixture it uses) that asks for ``backend`` runs once per backend, ``sqlite`` and ``postgres``, unless
it is about the SQLite file itself (WAL, the writer lock, permissions, backups, upgrades from older builds): marked
``sqlite_only``, or asking for the file's path ``db_path``. ``db_target`` is what ``Store.open`` and
``TableService.open`` take for that backend.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.support import disks
from tests.support.pgserver import PgServer, PgUnavailable, disabled, fresh_schema

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only(reason): about the SQLite file itself; not run on PostgreSQL")
    config.addinivalue_line("markers", "postgres: needs the throwaway PostgreSQL server (KONTOR_PG=off skips it)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        # A test that names the SQLite file (``db_path``: it reads it raw, reopens it, checks its WAL) is about
        # that file, as is one marked ``sqlite_only``.
        only = metafunc.definition.get_closest_marker("sqlite_only") or "db_path" in metafunc.fixturenames
        metafunc.parametrize("backend", [BACKENDS[0]] if only else list(BACKENDS))


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    if disabled():
        pytest.skip("KONTOR_PG=off: the PostgreSQL tests are skipped")
    try:
        server = PgServer()
    except PgUnavailable as exc:
        pytest.fail(f"No PostgreSQL server for the tests: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def pg_url(pg_server: PgServer) -> AsyncIterator[str]:
    """A fresh, empty database (a schema of its own) on the throwaway server."""
    async with fresh_schema(pg_server) as url:
        yield url


@pytest.fixture
def db_target(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "postgres":
        return str(request.getfixturevalue("pg_url"))
    return str(tmp_path / "kontor.sqlite3")


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MB file system of its own, to fill for real (``tests/support/disks.py``; skipped where root is not)."""
    yield from disks.small_disk(tmp_path)


@pytest.fixture
def plugin_games() -> Iterator[None]:
    """The plugin test games (tests/support/games.py: Secret Nim) registered for the test, beside the shipped ones."""
    from tests.support.games import plugins_registered

    with plugins_registered():
        yield
