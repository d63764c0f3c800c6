"""Stepping into a running tournament (bot/table/tourney/referee.py): drops and forfeits serialised against the round's
advance, the tables' Updates handed back, round deadlines handled by the organiser's rule (also after a restart), and
the final table of the top players (bot/table/tourney/part.py)."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

import pytest

from bot.table import TableError, TableService
from bot.table.tourney.part import Tournaments
from bot.table.tourney.referee import Referee
from bot.tools.tournament import play_out
from tests.support.toygame import TALLY
from tests.table.test_tournaments import HALL, ORG, Threads, play_round, signed_up

SERVICE_GAMES = {"tally": TALLY}
DAY = 24.0  # hours


@pytest.fixture
def sqlite_only(backend: str) -> None:
    if backend != "sqlite":
        pytest.skip("reopens the SQLite file")


async def until_turns(svc: TableService, channel: int) -> list[int]:
    """Play the table's first (simultaneous) step: afterwards one seat at a time is awaited. Returns who is."""
    table = await svc.table(channel)
    for user in list(table.awaited):
        legal = [a for a, _label in await svc.legal(channel, user)]
        await svc.act(channel, user, legal[0])
    return (await svc.table(channel)).awaited


async def test_a_drop_racing_the_advance_neither_pairs_the_player_nor_loses_a_result(svc, monkeypatch):
    await signed_up(svc, 6, rounds=2)
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    await play_round(svc)  # both games ended; the advance that settles them and pairs round 2 is about to run
    quitter = (await svc.tournament(HALL)).round_tables()[0].players[0]
    entered, release = asyncio.Event(), asyncio.Event()
    forfeit = Referee._forfeit

    async def slow_forfeit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        entered.set()
        await release.wait()
        return await forfeit(self, *args, **kwargs)

    serial = Tournaments.serial
    asked: list[int] = []  # each call for the tournament's lock
    second = asyncio.Event()  # the advance asked for it while the drop holds it

    @asynccontextmanager
    async def counted(self, channel):  # type: ignore[no-untyped-def]
        asked.append(channel)
        if len(asked) == 2:
            second.set()
        async with serial(self, channel):
            yield

    monkeypatch.setattr(Referee, "_forfeit", slow_forfeit)
    monkeypatch.setattr(Tournaments, "serial", counted)
    drop = asyncio.create_task(svc.drop_tournament(HALL, quitter))
    await entered.wait()  # the drop is under way ...
    advance = asyncio.create_task(svc.advance_tournament(HALL))  # ... when the advance comes
    waiting = asyncio.create_task(second.wait())
    # it runs through, or waits for the drop's lock
    await asyncio.wait({advance, waiting}, return_when=asyncio.FIRST_COMPLETED)
    waiting.cancel()
    release.set()
    await asyncio.gather(drop, advance)
    await svc.advance_tournament(HALL)
    t = await svc.tournament(HALL)
    assert t.round == 2 and quitter not in [p for d in t.round_tables() for p in d.players]
    assert sorted(len(d.players) for d in t.round_tables()) == [2, 3]  # five left, nobody sits out
    mine = next(line for line in t.standings if line.player == quitter)
    assert mine.dropped and mine.games == 1
    # the game they had finished keeps its result: no forfeit for a game that ended before the drop
    assert await svc.store.forfeits(t.id, 1) == set()


async def test_a_forfeit_hands_back_the_tables_update_and_bots_may_finish_the_game(svc):
    await signed_up(svc, 4, size="2", rounds=2)
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    table = (await svc.tournament(HALL)).round_tables()[0]
    first, second = table.players
    change = await svc.forfeit_tournament(HALL, ORG, first)
    [update] = change.updates
    assert update.channel == table.channel and update.table.status == "active"  # a bot took the seat
    assert first not in [s.user_id for s in update.table.seats]
    change = await svc.drop_tournament(HALL, second)  # now only bots are left: they play the game to its end
    assert change.updates[-1].channel == table.channel and change.updates[-1].finished is not None
    advance = await svc.advance_tournament(HALL)
    assert advance.settled == [table.table]
    with pytest.raises(TableError, match="no game being played"):
        await svc.forfeit_tournament(HALL, ORG, first)


async def test_adjudication_hands_back_the_ended_tables_update(svc):
    await signed_up(svc, 6, rounds=1)
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    first, second = (await svc.tournament(HALL)).round_tables()
    await play_out(svc, second.channel, 1)
    change = await svc.adjudicate_tournament(HALL, ORG, first.table)
    [update] = change.updates
    assert update.channel == first.channel and update.table.status == "abandoned"
    assert any("adjudicated" in line for line in update.public_events)
    advance = await svc.advance_tournament(HALL)
    assert advance.finished and sorted(advance.settled) == [1, 2]


async def test_bad_deadline_final_or_late_rule_is_one_sentence_and_creates_nothing(svc):
    for terms, words in (({"deadline_days": 0}, "from one hour to 60 days"),
                         ({"deadline_days": 61}, "from one hour to 60 days"),
                         ({"deadline_days": -2}, "from one hour to 60 days"),
                         ({"late": "wait"}, "played on \\(playon\\) or adjudicated"),
                         ({"final": 5}, "final table of Tally .* seats 2–4")):
        with pytest.raises(TableError, match=words):
            await svc.create_tournament(HALL, 1, "tally", ORG, "Cup", rounds=2, size="3", **terms)
        with pytest.raises(TableError, match="There is no tournament"):
            await svc.tournament(HALL)


async def test_at_the_deadline_late_tables_are_adjudicated_and_the_next_round_gets_its_own(svc, clock):
    await signed_up(svc, 6, rounds=2, deadline_days=2, late="adjudicate")
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    t = await svc.tournament(HALL)
    assert t.deadline == clock.now + 2 * 86400 and await svc.next_round_deadline() == t.deadline
    first, second = t.round_tables()
    await play_out(svc, second.channel, 1)
    clock.advance(2 * DAY - 1)
    assert await svc.round_deadlines_due() == []  # not yet
    clock.advance(2)
    [update] = await svc.round_deadlines_due()
    assert update.channel == first.channel and update.table.status == "abandoned"
    assert await svc.round_deadlines_due() == []  # handled once
    advance = await svc.advance_tournament(HALL)
    assert advance.round == 2 and sorted(advance.settled) == [1, 2]
    t = await svc.tournament(HALL)
    assert t.deadline == clock.now + 2 * 86400
    results = await svc.store.tourney_results(t.id)
    assert {r.how for r in results if r.table_no == first.table} == {"adjudicated"}


async def test_at_the_deadline_play_on_gives_the_late_seats_to_the_caretaker_and_the_round_waits(svc, clock):
    await signed_up(svc, 6, rounds=2, deadline_days=1)
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    first, second = (await svc.tournament(HALL)).round_tables()
    await play_out(svc, second.channel, 1)
    late = await until_turns(svc, first.channel)
    assert len(late) == 1
    clock.advance(DAY + 1)
    updates = await svc.round_deadlines_due()
    assert updates and all(u.channel == first.channel for u in updates)
    assert updates[0].question is not None and updates[0].question.kind == "reclaim"
    table = await svc.table(first.channel)
    late_seat = next(s.seat for s in table.seats if s.user_id == late[0])
    assert table.status == "active" and late_seat in table.caretaken  # the caretaker plays it; the others play on
    assert late[0] not in table.awaited
    advance = await svc.advance_tournament(HALL)
    assert not advance.round_over and advance.settled == [second.table]  # the round waits for the late table
    await play_out(svc, first.channel, 1)
    assert (await svc.advance_tournament(HALL)).round == 2


async def test_a_deadline_passed_while_the_service_was_down_is_handled_at_the_next_start(sqlite_only, db_path, clock):
    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    await signed_up(svc, 6, rounds=2, deadline_days=1, late="adjudicate")
    await svc.start_tournament(HALL, ORG)
    await svc.open_tournament_tables(HALL, Threads())
    await svc.close()
    clock.advance(3 * DAY)  # the process was gone when the deadline passed
    svc = await TableService.open(str(db_path), games=SERVICE_GAMES, clock=clock)
    try:
        assert await svc.next_round_deadline() is not None
        updates = await svc.round_deadlines_due()
        assert sorted(u.table.status for u in updates) == ["abandoned", "abandoned"]
        assert (await svc.advance_tournament(HALL)).round == 2
    finally:
        await svc.close()


async def test_a_final_table_of_the_top_players_decides_the_podium(svc):
    await signed_up(svc, 6, rounds=2, final=3)
    await svc.start_tournament(HALL, ORG)
    for _round in (1, 2):
        await svc.open_tournament_tables(HALL, Threads())
        await play_round(svc)
        await svc.advance_tournament(HALL)
    t = await svc.tournament(HALL)
    assert t.round == 3 and t.in_final and t.status == "running"
    [final] = t.round_tables()
    assert final.players == [line.player for line in t.standings[:3]]  # the top three of the standings, best first
    await svc.open_tournament_tables(HALL, Threads(20_000))
    [final] = (await svc.tournament(HALL)).round_tables()
    assert final.channel is not None
    await play_out(svc, final.channel, 3)
    advance = await svc.advance_tournament(HALL)
    assert advance.finished
    t = await svc.tournament(HALL)
    places = {r.user_id: r.place for r in await svc.store.tourney_results(t.id) if r.round == 3}
    top = t.standings[:3]
    assert {line.player for line in top} == set(places)  # the finalists first, by their place at the final
    assert [line.place for line in top] == [places[line.player] for line in top] == sorted(places.values())
    assert all(line.games == 2 for line in t.standings)  # the final decides the podium, not the points
    rest = [line.place for line in t.standings[3:]]
    assert rest[0] == 4 and rest == sorted(rest)  # the others after them, in standings order
