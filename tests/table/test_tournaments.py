"""Tournaments through the table service (bot/table/tourney/part.py): sign-up, pairing, tables opened through the
lobby, results, the next round, drops, forfeits, adjudication; bad input refused with nothing changed; and restarts
between pairing and opening the tables, and between a game's end and the standings, losing and doubling nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table import TableDraw, TableError, TableService
from bot.tools.tournament import play_out
from tests.support.toygame import TALLY

SERVICE_GAMES = {"tally": TALLY}
HALL = 500  # the tournament's channel
ORG = 77


class Threads:
    """Channel numbers for the tables, as the Discord front end makes threads; counts what it was asked."""

    def __init__(self, start: int = 10_000) -> None:
        self.next = start
        self.asked: list[tuple[int, int]] = []

    async def __call__(self, draw: TableDraw) -> int:
        self.asked.append((draw.round, draw.table))
        self.next += 1
        return self.next


async def signed_up(svc: TableService, n: int = 9, **terms) -> None:
    await svc.create_tournament(HALL, 1, "tally", ORG, "Spring cup", rounds=terms.pop("rounds", 3),
                                size=terms.pop("size", "3"), seed=11, game_seed=5, **terms)
    for user in range(1, n + 1):
        await svc.join_tournament(HALL, user, f"P{user}")


async def play_round(svc: TableService) -> None:
    t = await svc.tournament(HALL)
    for draw in t.round_tables():
        assert draw.channel is not None
        await play_out(svc, draw.channel, 3)


@pytest.fixture
def sqlite_only(backend: str) -> None:
    if backend != "sqlite":
        pytest.skip("reopens the SQLite file")


async def test_a_nine_player_swiss_runs_three_rounds_to_the_end(svc):
    await signed_up(svc)
    threads = Threads()
    await svc.start_tournament(HALL, ORG)
    seen_pairs: dict[frozenset[int], int] = {}
    for round_no in (1, 2, 3):
        updates = await svc.open_tournament_tables(HALL, threads)
        assert len(updates) == 3 and all(u.table.status == "active" for u in updates)
        t = await svc.tournament(HALL)
        assert t.round == round_no and sorted(p for d in t.round_tables() for p in d.players) == list(range(1, 10))
        for d in t.round_tables():
            for a in d.players:
                for b in d.players:
                    if a < b:
                        seen_pairs[frozenset((a, b))] = seen_pairs.get(frozenset((a, b)), 0) + 1
        await play_round(svc)
        advance = await svc.advance_tournament(HALL)
        assert advance.round_over and sorted(advance.settled) == [1, 2, 3]
    assert advance.finished
    t = await svc.tournament(HALL)
    assert t.status == "finished" and len(threads.asked) == 9
    assert all(line.games == 3 for line in t.standings)
    assert max(seen_pairs.values()) == 1  # nine at tables of three: three rounds without meeting anyone twice
    points = sorted((line.points for line in t.standings), reverse=True)
    assert points == [line.points for line in t.standings]  # best first
    assert sum(points) >= 3 * 3 * (3 + 1 + 0)  # every table gave 3/1/0 (players tied share the better place)


async def test_bad_input_is_one_sentence_and_changes_nothing(svc, clock):
    with pytest.raises(TableError, match="tables of 2–4"):
        await svc.create_tournament(HALL, 1, "tally", ORG, "Cup", rounds=3, size="3-5")
    with pytest.raises(TableError, match="There is no tournament"):
        await svc.tournament(HALL)
    await svc.create_tournament(HALL, 1, "tally", ORG, "Cup", rounds=2, size="3", signup_hours=24, seed=1)
    await svc.join_tournament(HALL, 1, "P1")
    with pytest.raises(TableError, match="already signed up"):
        await svc.join_tournament(HALL, 1, "P1")
    with pytest.raises(TableError, match="Sign-up is open until"):
        await svc.start_tournament(HALL, ORG)
    with pytest.raises(TableError, match="organiser"):
        await svc.start_tournament(HALL, 1)
    t = await svc.tournament(HALL)
    assert (t.status, t.round, t.entrants) == ("signup", 0, ["P1"])
    clock.advance(25)
    with pytest.raises(TableError, match="1 player cannot make a table"):
        await svc.start_tournament(HALL, ORG)
    assert (await svc.tournament(HALL)).status == "signup"


async def test_a_drop_mid_tournament_forfeits_the_game_and_is_not_paired_again(svc):
    await signed_up(svc, 10, size="3-4")
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    t = await svc.tournament(HALL)
    table = t.round_tables()[0]
    quitter = table.players[0]
    await svc.drop_tournament(HALL, quitter)
    with pytest.raises(TableError, match="already dropped"):
        await svc.drop_tournament(HALL, quitter)
    seats = (await svc.table(table.channel)).seats
    assert quitter not in [s.user_id for s in seats]  # a bot plays the seat on
    await play_round(svc)
    await svc.advance_tournament(HALL)
    t = await svc.tournament(HALL)
    mine = next(line for line in t.standings if line.player == quitter)
    assert mine.dropped and mine.points == 0 and mine.games == 1
    assert quitter not in [p for d in t.round_tables(2) for p in d.players]
    assert sorted(len(d.players) for d in t.round_tables(2)) == [3, 3, 3]  # nine left: three tables of three


async def test_adjudication_ends_a_table_by_its_scores(svc):
    await signed_up(svc, 6, rounds=1)
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    with pytest.raises(TableError, match="organiser"):
        await svc.adjudicate_tournament(HALL, 1, 1)
    t = await svc.tournament(HALL)
    first, second = t.round_tables()
    await play_out(svc, second.channel, 1)
    await svc.adjudicate_tournament(HALL, ORG, first.table)
    advance = await svc.advance_tournament(HALL)
    assert advance.finished and sorted(advance.settled) == [1, 2]
    assert (await svc.table(first.channel)).status == "abandoned"


async def test_a_restart_between_pairing_and_the_tables_opens_each_table_once(sqlite_only, db_path, clock):
    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    await signed_up(svc)
    await svc.start_tournament(HALL, ORG)  # round 1 paired ...
    drawn = [d.players for d in (await svc.tournament(HALL)).round_tables()]
    await svc.close()  # ... and the process gone before a table opened

    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    threads = Threads()
    first = threads.asked

    async def dies_after_one(draw: TableDraw) -> int:
        if first:
            raise RuntimeError("killed")
        return await threads(draw)

    with pytest.raises(RuntimeError):
        await svc.open_tournament_tables(HALL, dies_after_one)  # one table opened, then the process died
    await svc.close()

    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.running_tournaments() == [HALL]
        updates = await svc.open_tournament_tables(HALL, threads)
        assert len(updates) == 2  # the first table was open and started already
        assert await svc.open_tournament_tables(HALL, threads) == []  # nothing opened twice
        t = await svc.tournament(HALL)
        assert [d.players for d in t.round_tables()] == drawn  # the pairing stayed as it was
        assert all(d.status == "active" for d in t.round_tables()) and len(threads.asked) == 3
    finally:
        await svc.close()


async def test_a_restart_between_a_games_end_and_the_standings_loses_nothing(sqlite_only, db_path, clock):
    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    await signed_up(svc, 6, rounds=2)
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    await play_round(svc)  # both games end ...
    await svc.close()  # ... and the process is gone before the standings

    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    try:
        t = await svc.tournament(HALL)
        assert all(line.games == 0 for line in t.standings) and t.round == 1
        advance = await svc.advance_tournament(HALL)
        assert advance.round == 2 and sorted(advance.settled) == [1, 2]
        again = await svc.advance_tournament(HALL)
        assert again.settled == [] and again.round == 2  # settled once, round 2 paired once
        t = await svc.tournament(HALL)
        assert all(line.games == 1 for line in t.standings)
        assert len(t.round_tables(2)) == 2 and all(d.channel is None for d in t.round_tables(2))
    finally:
        await svc.close()


async def test_the_pairing_is_the_same_from_the_same_seed(tmp_path: Path, clock):
    drawn = []
    for run in range(2):
        async with await TableService.open(str(tmp_path / f"t{run}.sqlite3"), games=SERVICE_GAMES,
                                           clock=clock) as svc:
            await signed_up(svc, 8, size="4", rounds=2)
            await svc.start_tournament(HALL, ORG)
            await svc.open_tournament_tables(HALL, Threads())
            await play_round(svc)
            await svc.advance_tournament(HALL)
            drawn.append([d.players for d in (await svc.tournament(HALL)).tables])
    assert drawn[0] == drawn[1] and len(drawn[0]) == 4
