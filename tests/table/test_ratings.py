"""The club's memory on both backends (docs/ratings.md): results and ratings written with the move that ends a game,
which tables are rated, who ranks where (ties, bots, a player who left, a game abandoned by vote), leaderboards and
profiles with their refusals, and a rebuild that reproduces the stored ratings exactly."""

from __future__ import annotations

import pytest

from bot.table import TableError, TableService, Update
from bot.table.club.ratings import MODEL, SIGMA0, Skill, places, rate
from tests.support.toygame import TEST_GAMES
from tests.table.podium import PODIUM

SERVICE_GAMES = {PODIUM.name: PODIUM, **TEST_GAMES}
CH, GUILD = 2001, 77
ANNA, BEN, CARL, DORA = 11, 12, 13, 14
NAMES = {ANNA: "Anna", BEN: "Ben", CARL: "Carl", DORA: "Dora"}


async def table(svc: TableService, *users: int, bots: int = 0, channel: int = CH, guild: int = GUILD,
                settings: dict | None = None) -> Update:
    """A podium table of ``users`` (the first hosts) and ``bots``, started."""
    first, *others = users
    await svc.create(channel, guild, "podium", first, NAMES[first], settings=settings)
    for user in others:
        await svc.join(channel, user, NAMES[user])
    for _ in range(bots):
        await svc.add_bot(channel, first)
    return await svc.start(channel, first, seed=5)


async def finish(svc: TableService, update: Update, scores: dict[int, int], channel: int = CH) -> Update:
    """Each awaited human names the score ``scores`` gives them, until the game ends."""
    while update.table.status == "active":
        user = update.awaited[0]
        update = await svc.act(channel, user, f"score {scores[user]}")
    return update


async def game(svc: TableService, scores: dict[int, int], channel: int = CH, guild: int = GUILD) -> Update:
    return await finish(svc, await table(svc, *scores, channel=channel, guild=guild), scores, channel)


async def rows(svc: TableService, sql: str, *params: object) -> list[tuple]:
    return [tuple(r) for r in await svc.store._fetchall(sql, params)]


async def ratings(svc: TableService, game: str = "podium", guild: int = GUILD) -> dict[int, tuple[float, float, int]]:
    found = await rows(svc, "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?",
                       guild, game)
    return {int(u): (float(mu), float(sg), int(n)) for u, mu, sg, n in found}


# ---- the model, pure ------------------------------------------------------------------------------------------------
def test_places_keep_ties_and_put_leavers_after_everyone() -> None:
    assert places({1: 1, 2: 1, 3: 3}, [4, 5]) == {1: 1, 2: 1, 3: 3, 4: 4, 5: 4}


def test_rating_follows_the_places_and_ties_move_alike() -> None:
    new = rate({}, {1: 1, 2: 1, 3: 3})
    assert new[1] == new[2] and new[1].mu > new[3].mu
    assert all(s.games == 1 and s.sigma < SIGMA0 for s in new.values())
    assert rate({}, {1: 1}) == {}  # one player rates nothing
    # the very model openskill computes (Plackett-Luce on ranks)
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]], ranks=[1.0, 1.0, 3.0])
    assert new[3].mu == expected[2][0].mu


def test_the_shown_figure_starts_at_1000_and_is_provisional_for_five_games() -> None:
    assert Skill().shown == 1000 and Skill().provisional
    assert not Skill(games=5).provisional


# ---- written with the end --------------------------------------------------------------------------------
async def test_a_game_of_humans_is_rated_in_the_transaction_that_ends_it(svc: TableService) -> None:
    last = await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    assert last.table.status == "finished"
    found = await rows(svc, "SELECT user_id, rank, score, departed, rated, players FROM results WHERE game_id = ?"
                       " ORDER BY rank", last.table.game_id)
    assert found == [(ANNA, 1, 9, 0, 1, 3), (BEN, 2, 5, 0, 1, 3), (CARL, 3, 1, 0, 1, 3)]
    now = await ratings(svc)
    assert now[ANNA][0] > now[BEN][0] > now[CARL][0] and {n for _mu, _sg, n in now.values()} == {1}
    changes = await rows(svc, "SELECT user_id, mu_before, mu FROM rating_changes WHERE game_id = ? ORDER BY user_id",
                         last.table.game_id)
    assert [(u, before) for u, before, _mu in changes] == [(ANNA, 25.0), (BEN, 25.0), (CARL, 25.0)]
    assert {u: mu for u, _b, mu in changes} == {u: r[0] for u, r in now.items()}


async def test_a_second_game_starts_from_the_first_ones_ratings(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    first = await ratings(svc)
    second = await game(svc, {ANNA: 1, BEN: 5, CARL: 9})
    before = await rows(svc, "SELECT user_id, mu_before FROM rating_changes WHERE game_id = ? ORDER BY user_id",
                        second.table.game_id)
    assert {u: mu for u, mu in before} == {u: r[0] for u, r in first.items()}
    assert {n for _mu, _sg, n in (await ratings(svc)).values()} == {2}


async def test_tied_players_share_a_rank_and_move_alike(svc: TableService) -> None:
    last = await game(svc, {ANNA: 7, BEN: 7, CARL: 2})
    assert await rows(svc, "SELECT user_id, rank FROM results WHERE game_id = ? ORDER BY user_id",
                      last.table.game_id) == [(ANNA, 1), (BEN, 1), (CARL, 3)]
    now = await ratings(svc)
    assert now[ANNA] == now[BEN] and now[ANNA][0] > now[CARL][0]


async def test_a_table_with_a_bot_is_not_rated_and_the_bot_gets_no_rating(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, bots=1)
    last = await finish(svc, update, {ANNA: 3, BEN: 2})
    found = await rows(svc, "SELECT user_id, rank, rated FROM results WHERE game_id = ? ORDER BY rank",
                       last.table.game_id)
    assert found == [(None, 1, 0), (ANNA, 2, 0), (BEN, 3, 0)]  # kept for the profiles, counted nowhere
    assert await ratings(svc) == {}
    assert await rows(svc, "SELECT COUNT(*) FROM rating_changes") == [(0,)]


async def test_a_table_set_unrated_before_the_start_stays_unrated_and_cannot_be_switched_later(
        svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, settings={"rated": "off"})
    with pytest.raises(TableError, match="decided before it starts"):
        await svc.update_settings(CH, ANNA, rated="on")
    await finish(svc, update, {ANNA: 3, BEN: 2})
    assert await ratings(svc) == {}
    update = await table(svc, ANNA, BEN)
    with pytest.raises(TableError, match="decided before it starts"):
        await svc.update_settings(CH, ANNA, rated="off")


async def test_a_player_replaced_by_a_bot_ranks_last_and_the_table_stays_rated(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    seat = update.table.seat_of(ANNA)
    assert seat is not None
    update = await svc.replace(CH, seat, None, None, ANNA)  # Anna hands her seat to a bot, which scores 9 for it
    last = await finish(svc, update, {BEN: 2, CARL: 5})
    found = await rows(svc, "SELECT user_id, departed, rated FROM results WHERE game_id = ? ORDER BY seat, departed",
                       last.table.game_id)
    assert sorted(found, key=str) == sorted([(None, 0, 0), (ANNA, 1, 1), (BEN, 0, 1), (CARL, 0, 1)], key=str)
    now = await ratings(svc)
    assert set(now) == {ANNA, BEN, CARL}
    assert now[CARL][0] > now[BEN][0] > now[ANNA][0]  # the bot's first place is nobody's: Anna ranks after Ben


async def test_a_newcomer_who_took_a_seat_over_is_not_rated(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    seat = update.table.seat_of(CARL)
    assert seat is not None
    update = await svc.replace(CH, seat, DORA, "Dora", ANNA)
    last = await finish(svc, update, {ANNA: 9, BEN: 5, DORA: 7})
    found = await rows(svc, "SELECT user_id, departed, rated FROM results WHERE game_id = ? AND user_id IN (?, ?)",
                       last.table.game_id, CARL, DORA)
    assert sorted(found) == [(CARL, 1, 1), (DORA, 0, 0)]
    assert set(await ratings(svc)) == {ANNA, BEN, CARL}


async def test_a_game_abandoned_by_vote_is_not_rated(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    await svc.act(CH, update.awaited[0], "score 9")
    await svc.vote_abandon(CH, ANNA)
    await svc.vote_abandon(CH, BEN)
    assert (await svc.table(CH)).status == "abandoned"
    assert await rows(svc, "SELECT COUNT(*) FROM results") == [(0,)]
    assert await ratings(svc) == {}


async def test_a_caretaker_seat_at_the_end_counts_as_left(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    seat = update.table.seat_of(CARL)
    assert seat is not None
    svc.core.caches.caretaken.setdefault(update.table.game_id, {})[seat] = CARL  # the table gave it away for good
    last = await finish(svc, update, {ANNA: 1, BEN: 2, CARL: 9})
    assert await rows(svc, "SELECT departed, rated FROM results WHERE game_id = ? AND user_id = ?",
                      last.table.game_id, CARL) == [(1, 1)]
    now = await ratings(svc)
    assert now[BEN][0] > now[ANNA][0] > now[CARL][0]


# ---- rebuild ------------------------------------------------------------------------------------------------------
async def club_history(svc: TableService) -> None:
    """Games of every kind the ratings meet, on two servers and in one unrated table."""
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await game(svc, {ANNA: 4, BEN: 4, DORA: 8})
    await game(svc, {BEN: 2, CARL: 3}, guild=78)
    update = await table(svc, ANNA, BEN, CARL, DORA)
    seat = update.table.seat_of(DORA)
    assert seat is not None
    await finish(svc, await svc.replace(CH, seat, None, None, DORA), {ANNA: 1, BEN: 6, CARL: 6})
    await finish(svc, await table(svc, ANNA, CARL, bots=1), {ANNA: 1, CARL: 2})
    await game(svc, {CARL: 9, DORA: 0, ANNA: 3})


async def test_a_rebuild_reproduces_the_stored_ratings_exactly(svc: TableService) -> None:
    await club_history(svc)
    stored = await svc.stored_ratings()
    assert len([r for r in stored if r[0] == "change"]) == 15
    assert await svc.rebuild_ratings() == 5
    assert await svc.stored_ratings() == stored  # every float, bit for bit


async def test_a_rebuild_repairs_ratings_that_drifted_from_the_results(svc: TableService) -> None:
    await club_history(svc)
    stored = await svc.stored_ratings()
    async with svc.store.transaction() as tx:
        await tx._write("UPDATE ratings SET mu = 40, games = 99 WHERE user_id = ?", (ANNA,))
        await tx._write("DELETE FROM rating_changes WHERE user_id = ?", (BEN,))
    assert await svc.stored_ratings() != stored
    await svc.rebuild_ratings()
    assert await svc.stored_ratings() == stored


# ---- leaderboards and profiles ----------------------------------------------------------------------------------
async def test_the_leaderboard_lists_players_with_enough_games_best_first_with_the_viewers_line(
        svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1, DORA: 0})
    board = await svc.leaderboard(GUILD, "podium", viewer=DORA, min_games=2)
    assert [(line.place, line.name, line.games) for line in board.lines] == [(1, "Anna", 2), (2, "Ben", 2),
                                                                               (3, "Carl", 2)]
    assert board.lines[0].rating > board.lines[1].rating and all(line.provisional for line in board.lines)
    assert (board.page, board.pages, board.listed) == (1, 1, 3)
    assert board.mine is not None and board.mine.place is None and board.mine.games == 1  # Dora: not listed yet
    mine = (await svc.leaderboard(GUILD, "podium", viewer=BEN, min_games=2)).mine
    assert mine is not None and mine.place == 2


async def test_leaderboard_pages_hold_ten_lines(svc: TableService) -> None:
    for n in range(4):  # 12 players, one game of 3 each... and 4 tables
        players = {100 + 3 * n + i: 9 - i for i in range(3)}
        for user in players:
            NAMES[user] = f"P{user}"
        await game(svc, players)
    first = await svc.leaderboard(GUILD, "podium", min_games=1)
    second = await svc.leaderboard(GUILD, "podium", page=2, min_games=1)
    assert (len(first.lines), len(second.lines), first.pages) == (10, 2, 2)
    assert [line.place for line in second.lines] == [11, 12]
    with pytest.raises(TableError, match="only 2 pages"):
        await svc.leaderboard(GUILD, "podium", page=3, min_games=1)


async def test_a_profile_counts_each_game_played_finished_won_and_its_scores(svc: TableService) -> None:
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    await game(svc, {ANNA: 2, BEN: 5})
    update = await table(svc, ANNA, BEN)
    await svc.abandon(CH, ANNA)
    assert update.table.status == "active"
    profile = await svc.profile(GUILD, ANNA)
    (podium,) = profile.games
    assert (profile.name, podium.played, podium.finished, podium.wins) == ("Anna", 3, 2, 1)
    assert (podium.mean_score, podium.best_score, podium.win_share) == (5.5, 9, 0.5)
    assert podium.fair_share == pytest.approx((1 / 3 + 1 / 2) / 2)
    assert podium.rating is not None and podium.rating.games == 2
    assert [(g.rank, g.players, g.score) for g in profile.last] == [(2, 2, 2), (1, 3, 9)]  # newest first
    assert (await svc.profile(GUILD, ANNA, "podium")).games == profile.games


@pytest.mark.parametrize(("call", "message"), [
    (lambda svc: svc.leaderboard(GUILD, "chess"), "Unknown game"),
    (lambda svc: svc.leaderboard(GUILD, "tiny"), "Nobody has played a rated game of Tiny Auction on this server"),
    (lambda svc: svc.leaderboard(GUILD, "podium"), "at least 3 rated games"),
    (lambda svc: svc.leaderboard(GUILD, "podium", min_games=1, page=2), "only 1 page"),
    (lambda svc: svc.leaderboard(GUILD, "podium", min_games=1, page=0), "page must be a number"),
    (lambda svc: svc.leaderboard(GUILD, "podium", season=2), "There is no season 2"),
    (lambda svc: svc.leaderboard(999, "podium", min_games=1), "Nobody has played a rated game"),
    (lambda svc: svc.profile(GUILD, 4242), "has not played a game on this server"),
    (lambda svc: svc.profile(999, ANNA), "has not played a game on this server"),
    (lambda svc: svc.profile(GUILD, ANNA, "tiny"), "has not played Tiny Auction on this server"),
    (lambda svc: svc.profile(GUILD, -1), "Unknown user"),
])
async def test_bad_questions_get_one_sentence_and_write_nothing(svc: TableService, call, message: str) -> None:
    await game(svc, {ANNA: 9, BEN: 5})
    before = await svc.stored_ratings(), await rows(svc, "SELECT * FROM results ORDER BY game_id, seat, departed")
    with pytest.raises(TableError, match=message) as refused:
        await call(svc)
    said = str(refused.value)
    assert "\n" not in said and said.endswith(".") and (message == "Unknown game" or said.count(". ") == 0)
    assert (await svc.stored_ratings(), await rows(svc, "SELECT * FROM results ORDER BY game_id, seat, departed")) \
        == before
