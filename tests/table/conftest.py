"""Fixtures for the table service tests: a real database per test (an SQLite file, and a PostgreSQL database), the
tiny test game, a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.table import TableService
from bot.table.core import TableCore
from bot.table.timebank import BankClocks
from tests.support.toygame import TEST_GAMES


class FakeClock:
    """A settable clock (seconds), injected into the service so deadlines can be tested without waiting."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> float:
        self.now += hours * 3600
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "kontor.sqlite3"


@pytest.fixture
async def svc(db_target: str, clock: FakeClock, request: pytest.FixtureRequest) -> AsyncIterator[TableService]:
    """A service on each backend (tests/conftest.py: ``backend``; on SQLite its file is ``db_path``), with the test
    games, or with the games a test module names in its ``SERVICE_GAMES``."""
    games = getattr(request.module, "SERVICE_GAMES", TEST_GAMES)
    service = await TableService.open(db_target, games=games, clock=clock)
    try:
        yield service
    finally:
        await service.close()


def as_build_before_banks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the service act as the builds before the time banks (migration 10) did on a file without their tables:
    each awaited human's wait is dated (no times: the tests that use this check the log and the boards' versions),
    nothing loads or reads banks."""

    async def load(self: TableService) -> None:
        return None

    async def sync(self: BankClocks, tx, row, seats, state, *, acted, now, version, clocks=None,  # type: ignore[no-untyped-def]
                   kind="player", windows=None):
        awaited = [s for s in state.to_act() if not seats[s].is_bot]
        await tx.drop_deadlines(row.id, keep=awaited)
        await tx.start_clocks(row.id, awaited, restart=acted, since=now, remind_at=None, due_at=None,
                              since_version=version)

    async def same(self: TableCore, row, table):  # type: ignore[no-untyped-def]
        return table

    monkeypatch.setattr(TableService, "load", load)
    monkeypatch.setattr(BankClocks, "sync_deadlines", sync)
    monkeypatch.setattr(TableCore, "with_banks", same)
