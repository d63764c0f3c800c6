"""``kontor seeks`` and ``kontor league``: the seek queue and a game's league table read beside the writer without
writing, per server or every one, in the language asked for; bad input (an unknown game, a server without a league,
a season not reached, a bad server id, a missing database) is refused in one sentence with status 2."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.lang import speaking
from bot.table import TableService
from bot.tools.cli import main
from bot.tools.league import collect as league
from bot.tools.seeks import collect as seeks
from tests.table.conftest import FakeClock
from tests.table.test_ratings import ANNA, BEN, CARL, DORA, NAMES, SERVICE_GAMES, game

NOW = 1_800_000_000.0  # FakeClock's start: 2027-01-15 08:00 UTC


async def _filled(db: Path) -> None:
    clock = FakeClock(NOW)
    async with await TableService.open(str(db), games=SERVICE_GAMES, clock=clock) as svc:
        await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
        await game(svc, {ANNA: 2, BEN: 5, CARL: 5})
        await game(svc, {ANNA: 2, BEN: 5}, guild=78)
        for user in (ANNA, BEN, CARL):  # a table of three forms
            await svc.seek(77, 500, user, NAMES[user], "tiny", "3")

        async def thread(table: object) -> int:
            return 9001

        [asked], _started, _lost = await svc.open_seek_tables(thread)
        await svc.seek_asked(asked.id, 1)
        await svc.seek_ready(asked.id, ANNA)
        clock.advance(1)
        await svc.seek(77, 500, DORA, NAMES[DORA], "tiny", "2-4", pace="fast", rated=False)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "kontor.sqlite3"
    asyncio.run(_filled(path))
    return path


def test_the_queue_and_its_forming_tables_without_writing(db: Path) -> None:
    before = db.read_bytes()
    (block,) = asyncio.run(seeks(str(db), None, SERVICE_GAMES))
    assert block.splitlines() == [
        "Server 77 — the queue, oldest first:",
        "  1. Anna — Tiny Auction, 3 players, pace daily, rated · seated at table 1, being formed",
        "  2. Ben — Tiny Auction, 3 players, pace daily, rated · seated at table 1, being formed",
        "  3. Carl — Tiny Auction, 3 players, pace daily, rated · seated at table 1, being formed",
        "  4. Dora — Tiny Auction, 2–4 players, pace fast, not rated · since 2027-01-15 09:00 UTC, until"
        " 2027-01-18 09:00 UTC",
        "Tables being formed:",
        "  table 1: Tiny Auction, 3 seats, in thread 9001: Anna ✅, Ben ⏳ until 2027-01-16 08:00 UTC, Carl ⏳ until"
        " 2027-01-16 08:00 UTC",
    ]
    (empty,) = asyncio.run(seeks(str(db), 78, SERVICE_GAMES))
    assert empty == "Server 78 — the queue, oldest first:\n  nobody"
    with speaking("fr"):
        (french,) = asyncio.run(seeks(str(db), 77, SERVICE_GAMES))
    assert "Serveur 77 — la file d'attente, du plus ancien au plus récent :" in french
    assert db.read_bytes() == before  # a reader: nothing written


def test_a_league_table_per_server_or_one(db: Path) -> None:
    before = db.read_bytes()
    first, second = asyncio.run(league(str(db), "podium", None, None, SERVICE_GAMES))
    assert first.splitlines() == [
        "League of Podium (test game) on server 77, season 1 (points per place: by table size (4/2/1/0 at four)):",
        "  1. Ben — 4 points · 1 win · 2 games",
        "  2. Anna — 3 points · 1 win · 2 games",
        "  2. Carl — 3 points · 1 win · 2 games",  # tied with Anna: the same place
    ]
    assert second.startswith("League of Podium (test game) on server 78, season 1") and "Ben — 2 points" in second
    (only,) = asyncio.run(league(str(db), "podium", 78, 1, SERVICE_GAMES))
    assert only == second
    with speaking("de"):
        (german,) = asyncio.run(league(str(db), "podium", 78, None, SERVICE_GAMES))
    assert german.startswith("Liga von Podium") and "Saison 1" in german
    assert db.read_bytes() == before


@pytest.mark.parametrize(("argv", "said"), [
    (["league", "chess"], "kontor league: Unknown game 'chess'."),
    (["league", "tiny"], "kontor league: No server has a league table of Tiny Auction."),
    (["league", "podium", "--server", "99"], "kontor league: Nobody has played a rated game of Podium (test game) in"
                                             " season 1 on this server."),
    (["league", "podium", "--season", "3"], "kontor league: No server has a league table of Podium (test game) in"
                                            " season 3."),
    (["seeks", "--server", "-4"], "kontor seeks: "),
])
def test_bad_input_gets_one_sentence_and_status_2(db: Path, argv: list[str], said: str,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.tools.league
    import bot.tools.seeks
    for module in (bot.tools.league, bot.tools.seeks):  # the test registry (Podium is a test game)
        real = module.collect
        monkeypatch.setattr(module, "collect", lambda *a, _real=real: _real(*a, SERVICE_GAMES))
    assert main([*argv, "--db", str(db)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(said) and err.count("\n") == 1


def test_a_missing_database_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["seeks", "--db", str(missing)]) == 2 and main(["league", "tally", "--db", str(missing)]) == 2
    assert capsys.readouterr().err.count("no database at") == 2 and not missing.exists()
