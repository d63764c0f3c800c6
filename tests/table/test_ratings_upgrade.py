"""Migration 18 on both backends: a database of a build before results were kept upgrades with every finished game
counted (its results derived from the stored outcome and seats, its humans rated), a game running at the upgrade
is rated when it ends, and the releases' own databases (tests/fixtures/releases) get their finished games' results.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

import bot.table.club.seasons as seasons_module
import bot.table.store as store_module
import bot.table.store.postgres as postgres_module
from bot.table import TableService, health
from bot.table.club import Club
from bot.table.store import MIGRATIONS
from bot.table.store.club_rows import ClubRows
from bot.table.store.schema_pg import PG_MIGRATIONS
from tests.table.conftest import FakeClock
from tests.table.test_ratings import ANNA, BEN, CARL, GUILD, SERVICE_GAMES, finish, rows, table
from tests.table.test_releases import NAMES, RELEASES

BEFORE = 17  # the migrations of the build before the club's tables


@pytest.fixture
def before_the_club(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """Code and schema as the build before migration 18 had them (no club tables, nothing written to them)."""
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:BEFORE])
    monkeypatch.setattr(postgres_module, "PG_MIGRATIONS", PG_MIGRATIONS[:BEFORE])

    async def nothing(*args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(Club, "record", nothing)
    monkeypatch.setattr(Club, "backfill", nothing)
    monkeypatch.setattr(ClubRows, "set_starting_seats", nothing)

    async def no_chances(*args: object, **kwargs: object) -> tuple[float, ...]:
        return ()

    monkeypatch.setattr(seasons_module, "lobby_chances", no_chances)  # nor any forecast in the lobby
    yield monkeypatch


async def test_an_earlier_database_upgrades_with_every_finished_game_counted(
        db_target: str, clock: FakeClock, before_the_club: pytest.MonkeyPatch) -> None:
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == BEFORE
        await finish(svc, await table(svc, ANNA, BEN, CARL), {ANNA: 9, BEN: 5, CARL: 1})
        await finish(svc, await table(svc, ANNA, BEN, bots=1), {ANNA: 1, BEN: 2})
        running = await table(svc, ANNA, BEN, CARL)
        moved = await svc.act(running.table.channel, running.awaited[0], "score 4")
    finally:
        await svc.close()
    before_the_club.undo()
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == len(MIGRATIONS)
        found = await rows(svc, "SELECT game_id, user_id, rank, rated FROM results ORDER BY game_id, rank")
        assert [(u, rank, rated) for _g, u, rank, rated in found] == [
            (ANNA, 1, 1), (BEN, 2, 1), (CARL, 3, 1),  # the humans' game: rated
            (None, 1, 0), (BEN, 2, 0), (ANNA, 3, 0),  # the bot's: kept, not rated
        ]
        first = {u: mu for u, mu in await rows(svc, "SELECT user_id, mu FROM ratings WHERE guild_id = ?", GUILD)}
        assert first[ANNA] > first[BEN] > first[CARL]
        # the game running at the upgrade took its seating as its start, and counts when it ends
        assert len(await rows(svc, "SELECT * FROM starting_seats WHERE game_id = ?", running.table.game_id)) == 3
        scores = {ANNA: 1, BEN: 9, CARL: 0}
        await finish(svc, await svc.act(moved.table.channel, moved.awaited[0], f"score {scores[moved.awaited[0]]}"),
                     scores)
        assert {n for (n,) in await rows(svc, "SELECT games FROM ratings")} == {2}
        stored = await svc.stored_ratings()
        await svc.rebuild_ratings()
        assert await svc.stored_ratings() == stored
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)  # a second start adds nothing
    try:
        assert len(await rows(svc, "SELECT * FROM results")) == 9
    finally:
        await svc.close()


@pytest.mark.parametrize("release", NAMES)
async def test_the_finished_games_of_every_release_get_their_results(release: str, tmp_path: Path) -> None:
    db = tmp_path / "kontor.sqlite3"
    shutil.copy(RELEASES / release / "kontor.sqlite3", db)
    svc, _report = await health.open_service(str(db))
    try:
        finished = await rows(svc, "SELECT id FROM games WHERE status = 'finished'")
        assert finished
        for (game_id,) in finished:
            seats = await svc.store.seats(game_id)
            found = await svc.store.results(game_id)
            assert [r.seat for r in found if not r.departed] == [s.seat for s in seats]
            assert sorted(r.rank for r in found) == sorted((await svc.store.game(game_id)).outcome["ranks"])
        ended = await rows(svc, "SELECT game_id, players, moves FROM ended_games ORDER BY game_id")
        assert [g for g, _p, _m in ended] == sorted(g for (g,) in finished)  # each one's length, from its log
        assert all(moves > 0 for _g, _p, moves in ended)
    finally:
        await svc.close()


BEFORE_SEASONS = 19  # the migrations before seasons: phase 1 of issue 38 (18), then tournaments (19)


async def test_a_database_of_the_first_ratings_upgrades_to_seasons(db_target: str, clock: FakeClock,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Migration 20 on a database phase 1 wrote: its ratings become season 1's and the all-time view alike, its
    results season 1's, and its finished games get their lengths at the first start; a rebuild reproduces them."""
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:BEFORE_SEASONS])
    monkeypatch.setattr(postgres_module, "PG_MIGRATIONS", PG_MIGRATIONS[:BEFORE_SEASONS])

    async def nothing(*args: object, **kwargs: object) -> None:
        return None

    async def no_chances(*args: object, **kwargs: object) -> tuple[float, ...]:
        return ()

    monkeypatch.setattr(Club, "record", nothing)  # this build's record writes columns schema 18 lacks
    monkeypatch.setattr(Club, "backfill", nothing)
    monkeypatch.setattr(seasons_module, "lobby_chances", no_chances)
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == BEFORE_SEASONS
        last = await finish(svc, await table(svc, ANNA, BEN, CARL), {ANNA: 9, BEN: 5, CARL: 1})
        async with svc.store.transaction() as tx:  # what phase 1 wrote at that end
            for seat, user, rank in ((0, ANNA, 1), (1, BEN, 2), (2, CARL, 3)):
                await tx._write("INSERT INTO results(game_id, seat, departed, user_id, name, rank, score, breakdown,"
                                " players, rated, seq) VALUES (?, ?, 0, ?, 'x', ?, 0, '{}', 3, 1, 1)",
                                (last.table.game_id, seat, user, rank))
            await tx._write("INSERT INTO ratings(guild_id, game, season, user_id, mu, sigma, games, updated_at)"
                            " VALUES (?, 'podium', 1, ?, 27.5, 7.0, 1, 0)", (GUILD, ANNA))
    finally:
        await svc.close()
    monkeypatch.undo()
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == len(MIGRATIONS)
        assert await rows(svc, "SELECT season, mu, sigma, games FROM ratings WHERE user_id = ? ORDER BY season",
                          ANNA) == [(0, 27.5, 7.0, 1), (1, 27.5, 7.0, 1)]
        assert {s for (s,) in await rows(svc, "SELECT season FROM results")} == {1}
        assert await rows(svc, "SELECT game_id, players, moves FROM ended_games") == [(last.table.game_id, 3, 3)]
        assert (await svc.seasons(GUILD))[0] == 1
        await svc.rebuild_ratings()  # the hand-written rating was not the model's: the rebuild puts the model's
        rebuilt = await svc.stored_ratings()
        await svc.rebuild_ratings()
        assert await svc.stored_ratings() == rebuilt
    finally:
        await svc.close()
