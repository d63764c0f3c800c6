"""A game a timeout vote ends is rated (docs/ratings.md, "Which games are rated"): the seat whose bank ran out ranks
last, the players who stayed share first place, in the transaction that ends it, with its end report and a rebuild
that reproduces it; a game abandoned by everyone's vote or by its host stays unrated. And the reliability record
(caretaker moves, spent banks, seats taken or games ended over them) that the profiles show, on both backends."""

from __future__ import annotations

import pytest

import bot.table.store as store_module
import bot.table.store.postgres as postgres_module
from bot.table import TableService, Update
from bot.table.store import MIGRATIONS
from bot.table.store.club_reliability import ReliabilityRows
from bot.table.store.schema_pg import PG_MIGRATIONS
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.podium import PODIUM
from tests.table.test_ratings import ANNA, BEN, CARL, CH, GUILD, finish, game, ratings, rows, table

SERVICE_GAMES = {PODIUM.name: PODIUM, **TEST_GAMES}
TIMED = {"deadline_hours": 4, "remind_hours": 3}


async def spend_bank(svc: TableService, clock: FakeClock) -> Update:
    """Let the awaited player's bank run out (the reminder first): the Update that asks the others about it."""
    for hours in (3.1, 1.1):
        for update in await svc.due(clock.advance(hours)):
            if update.question is not None:
                return update
    raise AssertionError("no question about a spent bank")


async def voted_out(svc: TableService, clock: FakeClock, choice: str = "end") -> tuple[int, Update]:
    """A rated table of Anna, Ben and Carl: the first awaited scores 7, the second's bank runs out and the two others
    answer ``choice``. Returns (the user whose bank ran out, the Update of the decision)."""
    update = await table(svc, ANNA, BEN, CARL, settings=TIMED)
    await svc.act(CH, update.awaited[0], "score 7")
    asked = await spend_bank(svc, clock)
    question = asked.question
    assert question is not None
    late = (await svc.table(CH)).seats[question.seat].user_id
    assert late is not None and late not in question.voters
    decided = None
    for voter in question.voters:
        _reply, decided = await svc.vote_timeout(CH, voter, question.seat, choice)
    assert decided is not None
    return late, decided


async def test_a_game_ended_by_a_timeout_vote_ranks_the_late_player_last_and_is_rated(
        svc: TableService, clock: FakeClock) -> None:
    late, ended = await voted_out(svc, clock)
    assert ended.table.status == "abandoned"
    gid = ended.table.game_id
    found = await rows(svc, "SELECT user_id, departed, rank, rated FROM results WHERE game_id = ? ORDER BY user_id",
                       gid)
    stayed = sorted({ANNA, BEN, CARL} - {late})
    assert found == sorted([(u, 0, 1, 1) for u in stayed] + [(late, 1, 3, 1)])
    now = await ratings(svc)
    assert now[stayed[0]][:2] == now[stayed[1]][:2]  # a shared first place moves alike
    assert now[stayed[0]][0] > now[late][0] and {n for _mu, _sg, n in now.values()} == {1}
    changes = await rows(svc, "SELECT user_id FROM rating_changes WHERE game_id = ? ORDER BY user_id", gid)
    assert changes == [(u,) for u in sorted((ANNA, BEN, CARL))]
    report = ended.report  # the report goes with the post that ends the game
    assert report is not None and report.early and report.rated
    assert {m.user_id: m.left for m in report.ratings} == {u: u == late for u in (ANNA, BEN, CARL)}
    assert sorted(s.rank for s in report.seats) == [1, 1, 3]
    assert [s.score for s in report.seats if s.user_id == late] == [0]
    assert max(s.score for s in report.seats) == 7  # the scores as they stood
    # not a finished game: the statistics, which count finished games, leave it out
    assert await rows(svc, "SELECT COUNT(*) FROM ended_games") == [(0,)]
    stored = await svc.stored_ratings()
    assert await svc.rebuild_ratings() == 1
    assert await svc.stored_ratings() == stored  # bit for bit


async def test_a_restart_gives_a_game_ended_by_a_timeout_vote_no_length(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        await voted_out(svc, clock)
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)  # the backfill of lengths runs
    try:
        assert await rows(svc, "SELECT COUNT(*) FROM ended_games") == [(0,)]
        assert len(await rows(svc, "SELECT * FROM results")) == 3
    finally:
        await svc.close()


async def test_a_timeout_vote_on_an_unrated_table_keeps_results_but_rates_nobody(
        svc: TableService, clock: FakeClock) -> None:
    update = await table(svc, ANNA, BEN, CARL, settings={**TIMED, "rated": "off"})
    await svc.act(CH, update.awaited[0], "score 7")
    question = (await spend_bank(svc, clock)).question
    assert question is not None
    for voter in question.voters:
        _reply, decided = await svc.vote_timeout(CH, voter, question.seat, "end")
    assert decided is not None and decided.report is not None and not decided.report.rated
    assert await ratings(svc) == {}
    assert {r for (r,) in await rows(svc, "SELECT rated FROM results")} == {0}


async def test_a_game_abandoned_by_its_host_or_by_everyones_vote_stays_unrated(svc: TableService) -> None:
    update = await table(svc, ANNA, BEN, CARL)
    await svc.act(CH, update.awaited[0], "score 9")
    ended = await svc.abandon(CH, ANNA)
    assert ended.table.status == "abandoned" and ended.report is None
    update = await table(svc, ANNA, BEN)
    await svc.vote_abandon(CH, ANNA)
    ended = await svc.vote_abandon(CH, BEN)
    assert ended.table.status == "abandoned" and ended.report is None
    assert await rows(svc, "SELECT COUNT(*) FROM results") == [(0,)]
    assert await ratings(svc) == {}


async def test_the_profile_counts_a_game_ended_over_a_spent_bank_as_left_for_its_player_only(
        svc: TableService, clock: FakeClock) -> None:
    late, _ended = await voted_out(svc, clock)
    other = min({ANNA, BEN, CARL} - {late})
    mine = (await svc.profile(GUILD, late)).games[0]
    assert (mine.played, mine.finished, mine.wins, mine.mean_score) == (1, 0, 0, None)
    assert mine.record is not None
    assert (mine.record.left, mine.record.abandoned, mine.record.clock_outs, mine.record.removed) == (1, 0, 1, 1)
    theirs = (await svc.profile(GUILD, other)).games[0]
    assert (theirs.played, theirs.finished, theirs.wins, theirs.win_share) == (1, 0, 0, None)  # a shared 1st: no win
    assert theirs.record is not None
    assert (theirs.record.left, theirs.record.abandoned, theirs.record.clock_outs) == (0, 1, 0)
    (last,) = (await svc.profile(GUILD, other)).last
    assert (last.rank, last.rated, last.finished) == (1, True, False)
    # the players' next finished game counts as before
    await game(svc, {ANNA: 9, BEN: 5, CARL: 1})
    anna = (await svc.profile(GUILD, ANNA)).games[0]
    assert (anna.played, anna.finished, anna.wins) == (2, 1, 1)


async def test_the_caretaker_moves_and_spent_banks_go_on_the_record_of_whose_seat_it_was(
        svc: TableService, clock: FakeClock) -> None:
    late, decided = await voted_out(svc, clock, choice="caretaker-seat")
    assert decided.table.status == "active"
    gid = decided.table.game_id
    kept = await svc.store.game_reliability(gid)
    assert set(kept) == {late}  # nobody else timed out, and nobody played for them
    assert (kept[late].clock_outs, kept[late].removed, kept[late].caretaker_moves) == (1, 1, 1)
    await finish(svc, decided, {ANNA: 3, BEN: 4, CARL: 5})
    mine = (await svc.profile(GUILD, late)).games[0]
    assert mine.record is not None
    assert (mine.played, mine.finished, mine.record.left, mine.record.caretaker_moves, mine.record.clock_outs,
            mine.record.removed) == (1, 0, 1, 1, 1, 1)
    other = (await svc.profile(GUILD, min({ANNA, BEN, CARL} - {late}))).games[0]
    assert other.record is not None and (other.finished, other.record.caretaker_moves) == (1, 0)
    # the overall record sums the games
    assert (await svc.profile(GUILD, late)).record.clock_outs == 1


async def test_a_spent_bank_the_table_waits_on_counts_as_a_timeout_but_takes_nothing(
        svc: TableService, clock: FakeClock) -> None:
    late, decided = await voted_out(svc, clock, choice="wait")
    kept = await svc.store.game_reliability(decided.table.game_id)
    assert (kept[late].clock_outs, kept[late].removed, kept[late].caretaker_moves) == (1, 0, 0)


async def test_away_time_never_runs_a_bank_out(svc: TableService, clock: FakeClock) -> None:
    update = await table(svc, ANNA, BEN, CARL, settings=TIMED)
    await svc.act(CH, update.awaited[0], "score 7")
    late = (await svc.table(CH)).awaited[0]
    await svc.away(late, 3)
    for _ in range(12):  # three days away: the 4-hour bank stands still
        await svc.due(clock.advance(6))
    assert await svc.store.game_reliability(update.table.game_id) == {}


BEFORE_RELIABILITY = 23  # the migrations before the reliability record


async def test_an_earlier_database_counts_the_caretakers_moves_from_its_log(
        db_target: str, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """Migration 21 on both backends: the caretaker's moves an earlier build logged go on the record of the seat's
    player; its spent banks were logged only as text, so none are counted for it."""
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:BEFORE_RELIABILITY])
    monkeypatch.setattr(postgres_module, "PG_MIGRATIONS", PG_MIGRATIONS[:BEFORE_RELIABILITY])

    async def nothing(*args: object, **kwargs: object) -> None:
        return None

    monkeypatch.setattr(ReliabilityRows, "count_reliability", nothing)  # that build kept no record
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == BEFORE_RELIABILITY
        late, decided = await voted_out(svc, clock, choice="caretaker-turn")
        assert decided.table.status == "active"
    finally:
        await svc.close()
    monkeypatch.undo()
    svc = await TableService.open(db_target, games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == len(MIGRATIONS)
        kept = await svc.store.game_reliability(decided.table.game_id)
        assert set(kept) == {late}
        assert (kept[late].caretaker_moves, kept[late].clock_outs, kept[late].removed) == (1, 0, 0)
    finally:
        await svc.close()
