"""The club's phase 2 on both backends (docs/ratings.md): seasons closed and begun (ratings start again, a closed
season's standings and the all-time view stay, a rebuild reproduces every season exactly), privacy (a private profile
is its owner's, a hidden player is off the leaderboards), the server's listing minimum, statistics, the end report in
the Update that ends a game, and the lobby's forecast. Every refusal is one sentence and writes nothing."""

from __future__ import annotations

import re

import pytest

from bot.table import TableError, TableService
from bot.table.club.ratings import ALL_TIME
from bot.table.club.report import seat_times
from bot.table.club.stats import game_stats
from bot.table.store.club_seasons import EndedGame, SeatResult
from tests.table.conftest import FakeClock
from tests.table.test_ratings import ANNA, BEN, CARL, CH, DORA, GUILD, SERVICE_GAMES, finish, game, rows, table

__all__ = ["SERVICE_GAMES"]  # the service fixture plays Podium


async def everything(svc: TableService) -> tuple:
    """Every row the club keeps (what a refusal must leave as it was)."""
    return (await svc.stored_ratings(), await rows(svc, "SELECT * FROM results ORDER BY game_id, seat, departed"),
            await rows(svc, "SELECT * FROM club_servers"), await rows(svc, "SELECT * FROM seasons"),
            await rows(svc, "SELECT * FROM club_privacy"))


async def season_ratings(svc: TableService, season: int) -> dict[int, tuple[float, float, int]]:
    found = await rows(svc, "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = 'podium'"
                       " AND season = ?", GUILD, season)
    return {int(u): (float(mu), float(sg), int(n)) for u, mu, sg, n in found}


# ---- seasons ------------------------------------------------------------------------------------------------------
async def test_closing_a_season_starts_ratings_again_and_keeps_its_standings_and_the_all_time_view(
        svc: TableService) -> None:
    for _ in range(3):
        await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    first = await season_ratings(svc, 1)
    assert await season_ratings(svc, ALL_TIME) == first  # one season so far: all-time is the same
    done = await svc.close_season(GUILD, ANNA)
    assert (done.closed, done.current, done.ratings) == (1, 2, 3)
    assert await svc.seasons(GUILD) == (2, [(await svc.store.closed_seasons(GUILD))[0]])
    # the new season is empty: nobody is rated in it yet, and the closed one still reads
    with pytest.raises(TableError, match="Nobody has played a rated game of Podium"):
        await svc.leaderboard(GUILD, "podium")
    closed = await svc.leaderboard(GUILD, "podium", season=1, viewer=CARL)
    assert [line.name for line in closed.lines] == ["Anna", "Ben", "Carl"] and (closed.season, closed.current) == (1, 2)
    last = await game(svc, {ANNA: 1, BEN: 5, CARL: 9})
    season2 = await rows(svc, "SELECT user_id, mu_before, sigma_before, season FROM rating_changes WHERE game_id = ?"
                         " ORDER BY user_id", last.table.game_id)
    assert [(u, mu, season) for u, mu, _sg, season in season2] == [(ANNA, 25.0, 2), (BEN, 25.0, 2), (CARL, 25.0, 2)]
    assert await season_ratings(svc, 1) == first  # the closed season's ratings are kept as they were
    assert {n for _mu, _sg, n in (await season_ratings(svc, 2)).values()} == {1}  # season 2 starts again
    board = await svc.leaderboard(GUILD, "podium", min_games=1)
    assert board.season == 2 and [line.name for line in board.lines] == ["Carl", "Ben", "Anna"]
    all_time = await svc.leaderboard(GUILD, "podium", season=ALL_TIME)
    assert sorted((line.name, line.games) for line in all_time.lines) == [("Anna", 4), ("Ben", 4), ("Carl", 4)]
    assert last.report is not None and last.report.season == 2


async def test_a_rebuild_reproduces_every_season_and_the_all_time_ratings_exactly(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await game(svc, {ANNA: 2, BEN: 5, DORA: 7})
    await svc.close_season(GUILD, ANNA)
    await game(svc, {ANNA: 9, CARL: 5, DORA: 1})
    await game(svc, {BEN: 3, CARL: 4}, guild=78)
    stored = await svc.stored_ratings()
    seasons = {r[3] for r in stored if r[0] == "rating"}
    assert seasons == {0, 1, 2}
    assert await svc.rebuild_ratings() == 4
    assert await svc.stored_ratings() == stored  # every float, bit for bit


async def test_an_empty_season_cannot_be_closed_and_nothing_is_written(svc: TableService) -> None:
    before = await everything(svc)
    with pytest.raises(TableError, match=r"^Season 1 has no rated game yet, so there is nothing to close\.$"):
        await svc.close_season(GUILD, ANNA)
    await game(svc, {ANNA: 9, BEN: 5})
    await svc.close_season(GUILD, ANNA)
    middle = await everything(svc)
    with pytest.raises(TableError, match=r"^Season 2 has no rated game yet"):
        await svc.close_season(GUILD, ANNA)
    assert await everything(svc) == middle and middle != before


@pytest.mark.parametrize(("season", "said"), [(3, "There is no season 3: this server is in season 2."),
                                              (-1, "There is no season -1: this server is in season 2.")])
async def test_a_season_that_does_not_exist_is_refused(svc: TableService, season: int, said: str) -> None:
    await game(svc, {ANNA: 9, BEN: 5})
    await svc.close_season(GUILD, ANNA)
    with pytest.raises(TableError, match=said):
        await svc.leaderboard(GUILD, "podium", season=season)


# ---- the listing minimum ---------------------------------------------------------------------------------------------
async def test_the_server_sets_how_many_games_list_a_player(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5})
    assert await svc.min_games(GUILD) == 3
    with pytest.raises(TableError, match="at least 3 rated games"):
        await svc.leaderboard(GUILD, "podium")
    assert await svc.set_min_games(GUILD, 1) == 1
    assert [line.name for line in (await svc.leaderboard(GUILD, "podium")).lines] == ["Anna", "Ben"]
    assert await svc.min_games(78) == 3  # another server keeps the default
    before = await everything(svc)
    for bad in (0, 101, True, "2"):
        with pytest.raises(TableError, match=r"^The minimum must be a number of games from 1 to 100\.$"):
            await svc.set_min_games(GUILD, bad)  # type: ignore[arg-type]
    assert await everything(svc) == before


# ---- privacy ---------------------------------------------------------------------------------------------------------
async def test_a_private_profile_is_read_only_by_its_owner(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5})
    assert (await svc.privacy(ANNA)).private is False
    choice = await svc.set_privacy(ANNA, "private")
    assert (choice.private, choice.listed) == (True, False)  # private: off the leaderboards unless she says so
    with pytest.raises(TableError, match=r"^That player keeps their profile private\.$"):
        await svc.profile(GUILD, ANNA, viewer=BEN)
    mine = await svc.profile(GUILD, ANNA, viewer=ANNA)
    assert mine.private and mine.games[0].played == 1
    await svc.set_privacy(ANNA, "public")
    assert not (await svc.profile(GUILD, ANNA, viewer=BEN)).private


async def test_leaderboards_list_a_private_player_only_if_they_chose_so(svc: TableService) -> None:
    await svc.set_min_games(GUILD, 1)
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await svc.set_privacy(ANNA, "private")
    board = await svc.leaderboard(GUILD, "podium", viewer=ANNA)
    assert [(line.place, line.name) for line in board.lines] == [(1, "Ben"), (2, "Carl")] and board.listed == 2
    assert board.hidden and board.mine is not None and board.mine.place is None  # her own line, for her
    seen_by_ben = await svc.leaderboard(GUILD, "podium", viewer=BEN)
    assert not seen_by_ben.hidden and seen_by_ben.mine is not None and seen_by_ben.mine.place == 1
    await svc.set_privacy(ANNA, "private", "listed")
    assert [line.name for line in (await svc.leaderboard(GUILD, "podium")).lines] == ["Anna", "Ben", "Carl"]
    with pytest.raises(TableError, match="keeps their profile private"):
        await svc.profile(GUILD, ANNA, viewer=CARL)


async def test_bad_privacy_choices_are_refused_and_write_nothing(svc: TableService) -> None:
    before = await everything(svc)
    for profile, listing, said in (("secret", None, "Choose public or private for your profile."),
                                   ("private", "maybe", "Choose listed or hidden for the leaderboards.")):
        with pytest.raises(TableError, match=f"^{re.escape(said)}$"):
            await svc.set_privacy(ANNA, profile, listing)
    assert await everything(svc) == before


# ---- the end report --------------------------------------------------------------------------------------------------
async def test_the_update_that_ends_a_game_carries_its_report(svc: TableService, clock: FakeClock) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    scores = {ANNA: 9, BEN: 5, CARL: 1}
    hours = {ANNA: 2, BEN: 30, CARL: 1}
    while update.table.status == "active":
        user = update.awaited[0]
        clock.advance(hours[user])
        update = await svc.act(CH, user, f"score {scores[user]}")
    report = update.report
    assert report is not None and report.rated and report.moves == 3 and report.season == 1
    assert report.days == pytest.approx(33 / 24)
    assert [(s.name, s.rank, s.score, s.breakdown) for s in sorted(report.seats, key=lambda s: s.rank)] == [
        ("Anna", 1, 9, {"points": 9}), ("Ben", 2, 5, {"points": 5}), ("Carl", 3, 1, {"points": 1})]
    ben = next(s for s in report.seats if s.name == "Ben")
    assert (ben.moves, ben.used, ben.longest) == (1, 30 * 3600, 30 * 3600)
    assert report.labels == [("points", "Points")]
    moves = {m.name: m for m in report.ratings}
    assert moves["Anna"].before == 1000 and moves["Anna"].after > moves["Ben"].after > moves["Carl"].after
    assert all(m.provisional and not m.left for m in moves.values())
    # a move that does not end the game carries none; an unrated table's report has no rating
    update = await table(svc, ANNA, BEN, settings={"rated": "off"})
    update = await svc.act(CH, update.awaited[0], "score 3")
    assert update.report is None
    update = await svc.act(CH, update.awaited[0], "score 4")
    assert update.report is not None and not update.report.rated and update.report.ratings == []


async def test_a_player_who_left_is_in_the_report_ranked_last(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    seat = update.table.seat_of(ANNA)
    assert seat is not None
    update = await svc.replace(CH, seat, None, None, ANNA)
    last = await finish(svc, update, {BEN: 2, CARL: 5})
    report = last.report
    assert report is not None
    bot_seat = next(s for s in report.seats if s.seat == seat)
    assert bot_seat.user_id is None and bot_seat.rank == 1
    anna = next(m for m in report.ratings if m.user_id == ANNA)
    assert anna.left and anna.after < anna.before


def test_waits_run_from_the_move_before() -> None:
    log = [("note", None, 100.0), ("player", 0, 160.0), ("bot", 1, 161.0), ("note", None, 500.0),
           ("player", 0, 1161.0), ("caretaker", 2, 1200.0)]
    times, moves, started = seat_times(log)
    assert (moves, started) == (4, 100.0)
    assert (times[0].moves, times[0].used, times[0].longest) == (2, 60.0 + 1000.0, 1000.0)
    assert (times[1].used, times[2].used) == (1.0, 39.0)
    assert seat_times([]) == ({}, 0, None)


# ---- statistics ------------------------------------------------------------------------------------------------------
async def test_statistics_count_games_lengths_seats_and_categories(svc: TableService, clock: FakeClock) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    clock.advance(24)
    await game(svc, {ANNA: 4, BEN: 4, CARL: 8})
    await game(svc, {ANNA: 3, BEN: 6})
    update = await table(svc, ANNA, BEN, CARL)
    await svc.abandon(CH, ANNA)
    assert update.table.status == "active"
    stats = await svc.game_stats(GUILD, "podium")
    assert (stats.total.started, stats.total.finished) == (4, 3)
    three, = (c for c in stats.by_count if c.players == 3)
    assert (three.started, three.finished, three.mean_moves) == (3, 2, 3.0)
    assert sum(three.seat_wins) == pytest.approx(1.0) and three.fair_share == pytest.approx(1 / 3)
    assert three.mean_score == pytest.approx((9 + 5 + 1 + 4 + 4 + 8) / 6)
    assert three.mean_by_category == [("points", pytest.approx(31 / 6))]
    assert three.winning == [("points", 2)]
    with pytest.raises(TableError, match=r"^No game of Tiny Auction has finished on this server yet\.$"):
        await svc.game_stats(GUILD, "tiny")
    with pytest.raises(TableError, match=r"^No game of Podium \(test game\) has finished on this server yet.$"):
        await svc.game_stats(999, "podium")
    everywhere = await svc.game_stats(None, "podium", everywhere=True)
    assert everywhere.everywhere and everywhere.total.finished == 3


def test_the_statistics_split_a_shared_win_and_name_each_winners_biggest_category() -> None:
    ended = [EndedGame(1, 2, 10, 0.0, 86400.0), EndedGame(2, 2, 20, 0.0, 3 * 86400.0)]
    seats = [SeatResult(1, 2, 0, 1, 10, {"a": 7, "b": 3}), SeatResult(1, 2, 1, 2, 8, {"a": 2, "b": 6}),
             SeatResult(2, 2, 0, 1, 9, {"a": 1, "b": 8}), SeatResult(2, 2, 1, 1, 9, {"a": 5, "b": 4})]
    stats = game_stats("g", "G", {"a": "A", "b": "B"}, ("b", "a"), {2: (3, 2)}, ended, seats)
    (two,) = stats.by_count
    assert two.seat_wins == [0.75, 0.25] and (two.mean_days, two.mean_moves) == (2.0, 15.0)
    assert two.mean_by_category == [("b", 5.25), ("a", 3.75)]  # the game's order
    assert two.winning == [("a", 2), ("b", 1)]


# ---- the lobby's forecast --------------------------------------------------------------------------------------------
async def test_the_lobby_shows_each_seats_chance_on_a_rated_table_of_humans(svc: TableService) -> None:
    for _ in range(3):
        await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await svc.create(CH, GUILD, "podium", ANNA, "Anna")
    joined = await svc.join(CH, BEN, "Ben")
    assert len(joined.chances) == 2 and joined.chances[0] > joined.chances[1]
    assert sum(joined.chances) == pytest.approx(1.0)
    joined = await svc.join(CH, DORA, "Dora")  # a newcomer: the model's default
    assert len(joined.chances) == 3 and joined.chances[0] > joined.chances[2] > joined.chances[1] * 0
    with_bot = await svc.add_bot(CH, ANNA)
    assert with_bot.chances == ()  # a bot seat: the table is not rated
    unrated = await svc.remove_bot(CH, ANNA)
    assert len(unrated.chances) == 3
    assert (await svc.update_settings(CH, ANNA, rated="off")).chances == ()
