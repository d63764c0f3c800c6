"""``kontor profile``: a player's profile read beside the writer without writing, per server or one, by name or id,
in the language asked for; an unknown name, a game they never played, a name two players share or a missing
database are refused in one line (status 2)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.lang import speaking
from bot.table import TableService
from bot.tools.cli import main
from bot.tools.profile import Refused, collect
from tests.table.conftest import FakeClock
from tests.table.test_ratings import ANNA, BEN, CARL, SERVICE_GAMES, game


async def _played(db: Path) -> None:
    async with await TableService.open(str(db), games=SERVICE_GAMES, clock=FakeClock()) as svc:
        await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
        await game(svc, {ANNA: 2, BEN: 5, CARL: 5}, guild=78)
        await game(svc, {ANNA: 2, BEN: 5})
        await svc.set_privacy(CARL, profile="private")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "kontor.sqlite3"
    asyncio.run(_played(path))
    return path


def test_a_profile_per_server_by_name_or_id_without_writing(db: Path) -> None:
    before = db.read_bytes()
    first, second = asyncio.run(collect(str(db), "anna", None, None, SERVICE_GAMES))
    assert first.startswith("Anna on server 77\nPodium (test game): 2 games played, 2 finished, 1 win (50%; a fair"
                            " share is 42%), rating 1,")
    assert "\n  reliability: never left a game, no caretaker move, no spent time bank\n" in first
    assert "(Away time and outages stop the clock: they never count.)" in first
    assert "Last games:\n  • " in first and "(game #1): place 1 of 3, 9 points" in first
    assert second.startswith("Anna on server 78\n")
    (only,) = asyncio.run(collect(str(db), str(ANNA), "podium", 78, SERVICE_GAMES))
    assert only == second
    (private,) = asyncio.run(collect(str(db), "Carl", None, 78, SERVICE_GAMES))
    assert "Private: only they see it on Discord (/game privacy)." in private  # the host reads it, and is told
    with speaking("fr"):
        (french,) = asyncio.run(collect(str(db), "Ben", None, 78, SERVICE_GAMES))
    assert "fiabilité : jamais quitté de partie" in french and "Dernières parties :" in french
    assert db.read_bytes() == before  # a reader: nothing written


@pytest.mark.parametrize(("name", "game", "server", "said"), [
    ("Zoe", None, None, "Nobody called Zoe has played a game here."),
    ("Anna", "tiny", None, "That player has not played Tiny Auction on this server yet."),
    ("Anna", "chess", None, "Unknown game 'chess'."),
    ("Anna", None, 99, "That player has not played a game on this server yet."),
])
def test_bad_questions_get_one_sentence(db: Path, name: str, game: str | None, server: int | None,
                                        said: str) -> None:
    with pytest.raises(Refused) as refused:
        asyncio.run(collect(str(db), name, game, server, SERVICE_GAMES))
    assert str(refused.value).startswith(said) and "\n" not in str(refused.value)


def test_the_command_line(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "none.sqlite3"
    assert main(["profile", "Anna", "--db", str(missing)]) == 2
    assert "no database at" in capsys.readouterr().err and not missing.exists()
    assert main(["profile", "Zoe", "--db", str(db)]) == 2
    assert capsys.readouterr().err == "kontor profile: Nobody called Zoe has played a game here.\n"
    assert main(["profile", "Anna", "--db", str(db), "--game", "colonia"]) == 2  # a game of this build she never played
    assert capsys.readouterr().err == "kontor profile: That player has not played Colonia on this server yet.\n"
