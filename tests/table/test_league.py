"""Leagues on both backends (bot/table/club/league.py, docs/seeking.md "Leagues"): points by place over every rated
game of a season, by table size or the server's own points, unrated and other servers' games left out, hidden players
off the lines, a closed season's table and its podium; bad input changes nothing."""

from __future__ import annotations

import pytest

from bot.table import TableError, TableService
from bot.table.club.league import league_lines, parse_league_points
from bot.table.store.league_rows import LeagueResult
from tests.table.test_ratings import ANNA, BEN, CARL, DORA, GUILD, SERVICE_GAMES, finish, game, rows, table

__all__ = ["SERVICE_GAMES"]  # the service fixture plays Podium


def r(game: int, user: int, place: int, players: int) -> LeagueResult:
    return LeagueResult(game, user, {ANNA: "Anna", BEN: "Ben", CARL: "Carl", DORA: "Dora"}[user], place, players)


def test_points_by_place_then_wins_then_fewer_games_and_equal_lines_share_a_place() -> None:
    results = [r(1, ANNA, 1, 4), r(1, BEN, 2, 4), r(1, CARL, 3, 4), r(1, DORA, 4, 4),  # 4/2/1/0
               r(2, BEN, 1, 3), r(2, CARL, 1, 3), r(2, DORA, 3, 3)]  # 3/1/0: Ben and Carl share the first place
    assert [(x.place, x.name, x.points, x.wins, x.games) for x in league_lines(results, None)] == [
        (1, "Ben", 5, 1, 2), (2, "Anna", 4, 1, 1), (3, "Carl", 4, 1, 2), (4, "Dora", 0, 0, 2)]
    # the server's own points (a smaller table keeps the top places' and gives its last place the list's last)
    assert [(x.place, x.name, x.points) for x in league_lines(results, [10, 5, 2, 1])] == [
        (1, "Ben", 15), (2, "Carl", 12), (3, "Anna", 10), (4, "Dora", 2)]
    same = [r(1, ANNA, 1, 2), r(1, BEN, 2, 2), r(2, BEN, 1, 2), r(2, ANNA, 2, 2)]
    assert [(x.place, x.name) for x in league_lines(same, None)] == [(1, "Anna"), (1, "Ben")]
    assert [x.name for x in league_lines(same, None, hidden={ANNA})] == ["Ben"]
    assert parse_league_points("5/3/1/0") == [5, 3, 1, 0] and parse_league_points("default") is None
    for bad in ("1/2", "4", "a/b", "-1/0"):
        with pytest.raises(TableError, match="from the first place down"):
            parse_league_points(bad)


async def test_the_league_counts_the_rated_games_of_the_season_and_names_the_podium(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await game(svc, {ANNA: 2, BEN: 7})
    await finish(svc, await table(svc, CARL, DORA, settings={"rated": "off"}), {CARL: 9, DORA: 1})  # not rated
    await game(svc, {DORA: 9, BEN: 1}, guild=78)  # another server
    league = await svc.league(GUILD, "podium")
    assert (league.season, league.current) == (1, True)
    # 3/1/0, then 2/0: Anna and Ben have the same points, wins and games, and share the first place
    assert [(x.place, x.name, x.points, x.games) for x in league.lines] == [
        (1, "Anna", 3, 2), (1, "Ben", 3, 2), (3, "Carl", 0, 1)]
    assert await svc.set_league_points(GUILD, "10/4/0") == [10, 4, 0]
    # the server's points apply at once; the table of two keeps 10 and gives its last place the list's last (0)
    assert [(x.name, x.points) for x in (await svc.league(GUILD, "podium")).lines] == [
        ("Ben", 14), ("Anna", 10), ("Carl", 0)]
    await svc.close_season(GUILD, ANNA)
    await game(svc, {CARL: 9, DORA: 1})
    closed = await svc.league(GUILD, "podium", season=1)
    assert not closed.current and closed.lines[0].name == "Ben"
    [podium] = await svc.league_podium(GUILD, 1)
    assert [(x.place, x.name) for x in podium.lines] == [(1, "Ben"), (2, "Anna"), (3, "Carl")]
    assert [x.name for x in (await svc.league(GUILD, "podium")).lines] == ["Carl", "Dora"]  # season 2 starts afresh
    await svc.set_privacy(BEN, "private")  # hidden from leaderboards, and so from the league
    assert [x.name for x in (await svc.league(GUILD, "podium", season=1)).lines] == ["Anna", "Carl"]


async def test_bad_input_is_one_sentence_and_changes_nothing(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5})
    before = await rows(svc, "SELECT * FROM club_servers")
    with pytest.raises(TableError, match="from the first place down"):
        await svc.set_league_points(GUILD, "1/5")
    with pytest.raises(TableError, match="There is no season 2"):
        await svc.league(GUILD, "podium", season=2)
    with pytest.raises(TableError, match="Nobody has played a rated game of Podium"):
        await svc.league(GUILD + 5, "podium")
    assert await rows(svc, "SELECT * FROM club_servers") == before
