"""``kontor stats``: each game's statistics on every server together (or one), read beside the writer without writing;
an unknown game or a missing database is refused in one line (status 2)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.table import TableService
from bot.tools.cli import main
from bot.tools.stats import collect
from tests.table.conftest import FakeClock
from tests.table.test_ratings import ANNA, BEN, CARL, SERVICE_GAMES, game


async def _played(db: Path) -> None:
    async with await TableService.open(str(db), games=SERVICE_GAMES, clock=FakeClock()) as svc:
        await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
        await game(svc, {ANNA: 2, BEN: 5, CARL: 5}, guild=78)
        await game(svc, {ANNA: 2, BEN: 5})


def test_the_statistics_of_every_server_and_of_one(tmp_path: Path) -> None:
    db = tmp_path / "kontor.sqlite3"
    asyncio.run(_played(db))
    before = db.read_bytes()
    (everywhere,) = asyncio.run(collect(str(db), None, None, SERVICE_GAMES))
    assert everywhere.startswith("Podium (test game) — every server: 3 of 3 games finished\n")
    assert "  3 players: 2 of 2 finished\n" in everywhere and "  2 players: 1 of 1 finished\n" in everywhere
    assert "wins by seat (1 = first to play): 1: " in everywhere and "(a fair share is 33%)" in everywhere
    assert "mean score " in everywhere and "Points " in everywhere and "winners scored most in: Points (" in everywhere
    (one,) = asyncio.run(collect(str(db), "podium", 78, SERVICE_GAMES))
    assert one.startswith("Podium (test game) — server 78: 1 of 1 games finished")
    assert db.read_bytes() == before  # a reader: nothing written


def test_unknown_games_and_missing_databases_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["stats", "--db", str(missing)]) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()
    db = tmp_path / "kontor.sqlite3"
    asyncio.run(_played(db))
    assert main(["stats", "--db", str(db), "--game", "chess"]) == 2
    assert capsys.readouterr().err.startswith("kontor stats: Unknown game 'chess'.")
    assert main(["stats", "--db", str(db), "--game", "colonia"]) == 2
    assert "No game of Colonia has finished yet." in capsys.readouterr().err
    assert main(["stats", "--db", str(db)]) == 0  # podium is not a game of this build: nothing it knows finished
    assert capsys.readouterr().out.strip() == "No game has finished yet."
