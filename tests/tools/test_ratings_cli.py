"""``kontor ratings rebuild``: recomputes every rating from the stored results, says whether any changed, and refuses
a database that is not there (status 2, nothing made)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.table import TableService
from bot.tools.cli import main
from tests.table.conftest import FakeClock
from tests.table.test_ratings import ANNA, BEN, CARL, SERVICE_GAMES, game


async def _played(db: Path) -> list[tuple[Any, ...]]:
    async with await TableService.open(str(db), games=SERVICE_GAMES, clock=FakeClock()) as svc:
        await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
        await game(svc, {ANNA: 2, BEN: 5, CARL: 5})
        return await svc.stored_ratings()


async def _stored(db: Path) -> list[tuple[Any, ...]]:
    async with await TableService.open(str(db), games=SERVICE_GAMES, clock=FakeClock()) as svc:
        return await svc.stored_ratings()


def test_rebuild_reproduces_then_repairs_the_ratings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "kontor.sqlite3"
    stored = asyncio.run(_played(db))
    assert main(["ratings", "rebuild", "--db", str(db)]) == 0
    assert "from 2 rated games: every rating was already exact." in capsys.readouterr().out
    con = sqlite3.connect(db)
    with con:
        con.execute("UPDATE ratings SET mu = 1, sigma = 1 WHERE user_id = ?", (BEN,))
    con.close()
    assert main(["ratings", "rebuild", "--db", str(db)]) == 0
    assert "some ratings changed" in capsys.readouterr().out
    assert asyncio.run(_stored(db)) == stored


def test_a_missing_database_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["ratings", "rebuild", "--db", str(missing)]) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()
