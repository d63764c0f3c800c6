"""Fixtures for the table service tests: a real SQLite file per test, the tiny test game, a fake clock."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import TableService
from tests.support.tinygame import TEST_GAMES


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
async def svc(db_path: Path, clock: FakeClock) -> AsyncIterator[TableService]:
    service = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        yield service
    finally:
        await service.close()
