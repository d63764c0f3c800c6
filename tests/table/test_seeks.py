"""The seek queue in the table service (bot/table/seek/, docs/seeking.md): matching, re-seeking, expiry, "I'm in" and
the start, drop-and-refill, dissolving, a restart between the steps, and concurrent seeks never seating anyone twice."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.table import NoThread, TableError, TableService
from bot.table.seek.matching import Seeker, form, form_all, refill
from bot.table.store import StoreError

GUILD, HOME = 77, 500
A, B, C, D, E = 1, 2, 3, 4, 5
NAMES = {A: "Ann", B: "Ben", C: "Cy", D: "Dot", E: "Eve"}


def s(user: int, low: int, high: int, pace: str = "daily", rated: bool = True, rating: int = 1000) -> Seeker:
    return Seeker(user, low, high, pace, rated, rating)


# ---- pure matching ----------------------------------------------------------------------------------------------
def test_the_oldest_seek_anchors_the_largest_table_the_queue_can_seat() -> None:
    queue = [s(A, 3, 4), s(B, 2, 4), s(C, 4, 4), s(D, 3, 3), s(E, 3, 4)]
    found = form(queue)
    assert found is not None
    # a table of 4 for A: B, C and E accept 4 (D does not), the oldest first
    assert [p.user for p in found.players] == [A, B, C, E] and (found.low, found.size) == (4, 4)
    assert form([s(A, 3, 4), s(B, 3, 3)]) is None  # two cannot make a table of 3


def test_pace_and_rated_split_the_queue_and_the_band_keeps_ratings_close() -> None:
    queue = [s(A, 2, 2), s(B, 2, 2, pace="fast"), s(C, 2, 2, rated=False), s(D, 2, 2)]
    assert [[p.user for p in f.players] for f in form_all(queue)] == [[A, D]]
    rated = [s(A, 2, 2, rating=1500), s(B, 2, 2, rating=1000), s(C, 2, 2, rating=1450)]
    assert [p.user for p in form(rated, band=100).players] == [A, C]  # type: ignore[union-attr]
    assert [p.user for p in form(rated).players] == [A, B]  # type: ignore[union-attr]
    assert [p.user for p in refill([s(D, 3, 4), s(E, 3, 3)], [s(A, 3, 3)], 3, "daily", True, 2)] == [D, E]


# ---- the service --------------------------------------------------------------------------------------------------
async def seek(svc: TableService, user: int, players: str | None = "3", **kw: Any) -> Any:
    return await svc.seek(GUILD, HOME, user, NAMES[user], "tiny", players, **kw)


async def open_tables(svc: TableService) -> tuple[list[Any], list[Any]]:
    async def thread(table: Any) -> int:
        return 9000 + table.id

    asks, started, lost = await svc.open_seek_tables(thread)
    assert lost == []
    for t in asks:
        await svc.seek_asked(t.id, 100 + t.id)
    return asks, started


async def test_a_full_queue_forms_a_table_that_starts_once_everyone_is_in(svc, clock) -> None:
    first = await seek(svc, A)
    assert first.formed == [] and first.waiting == 1 and not first.updated
    again = await seek(svc, A, "3", pace="fast")  # seeking again changes the terms, keeps the place
    assert again.updated and (await svc.seek_list(GUILD))[0].pace == "fast"
    await seek(svc, A)
    clock.advance(1)
    await seek(svc, B)
    made = await seek(svc, C)
    assert len(made.formed) == 1 and made.waiting == 0
    table = made.formed[0]
    assert [x.user for x in table.seats] == [A, B, C] and table.channel is None
    asks, _started = await open_tables(svc)
    assert [t.id for t in asks] == [table.id]
    assert (await open_tables(svc))[0] == []  # asked once: nothing more to do
    asked = await svc.seek_table(table.id)
    assert asked.channel == 9000 + table.id and all(x.due_at == clock.now + 24 * 3600 for x in asked.seats)
    assert (await svc.seek_ready(table.id, A)).started is None
    with pytest.raises(TableError, match="players the queue seated"):
        await svc.seek_ready(table.id, D)
    assert (await svc.seek_ready(table.id, B)).started is None
    done = await svc.seek_ready(table.id, C)
    assert done.started is not None and done.started.table.status == "active"
    game = await svc.table(asked.channel)
    assert sorted(x.user_id for x in game.seats) == [A, B, C] and game.settings["pace"] == "daily"
    assert await svc.seek_list(GUILD) == []  # the seeks are fulfilled
    with pytest.raises(TableError, match="already started"):
        await svc.seek_ready(table.id, A)


async def test_a_seek_expires_after_the_servers_days(svc, clock) -> None:
    await svc.set_seek_settings(GUILD, expiry_days=1)
    await seek(svc, A)
    assert await svc.next_seek_due() == clock.now + 86400
    clock.advance(23)
    await svc.seek_due()
    assert [e.user for e in await svc.seek_list(GUILD)] == [A]
    clock.advance(1)
    await svc.seek_due()
    assert await svc.seek_list(GUILD) == []
    with pytest.raises(TableError):
        await svc.set_seek_settings(GUILD, expiry_days=31)


async def test_a_seat_not_taken_within_a_day_goes_to_the_next_seeker(svc, clock) -> None:
    for u in (A, B, C):
        await seek(svc, u)
    await open_tables(svc)
    table = (await svc.seek_list(GUILD))[0].table
    assert table is not None
    await svc.seek_ready(table, A)
    await svc.seek_ready(table, B)
    clock.advance(2)
    await seek(svc, D)  # waits: nobody else seeks
    clock.advance(21)
    assert await svc.seek_due() == []  # C still has their day
    clock.advance(1)
    [change] = await svc.seek_due()
    assert change.dropped == ["Cy"] and change.added == [D] and not change.dissolved
    assert [x.user for x in change.table.seats] == [A, B, D]
    assert [e.user for e in await svc.seek_list(GUILD)] == [A, B, D]  # C's seek ended with the seat
    asks, _ = await open_tables(svc)
    assert [t.id for t in asks] == [table]
    done = await svc.seek_ready(table, D)
    assert done.started is not None and sorted(x.user_id for x in done.started.table.seats) == [A, B, D]


async def test_a_table_nobody_can_complete_dissolves_and_its_players_keep_their_place(svc, clock) -> None:
    for u in (A, B, C):
        await seek(svc, u, "3")
    await open_tables(svc)
    table = (await svc.seek_list(GUILD))[0].table
    assert table is not None and (await svc.seek_table(table)).size == 3
    await svc.seek_ready(table, A)
    clock.advance(25)
    [change] = await svc.seek_due()  # B and C never answered: A alone cannot play
    assert change.dissolved and sorted(change.dropped) == ["Ben", "Cy"]
    assert [(e.user, e.table) for e in await svc.seek_list(GUILD)] == [(A, None)]
    with pytest.raises(TableError, match="did not come together"):
        await svc.seek_ready(table, A)


async def test_a_table_short_of_a_seat_starts_smaller_when_everyone_accepts_it(svc, clock) -> None:
    for u in (A, B, C, D):
        await seek(svc, u, "4" if u == C else "3-4")  # C wants four: the table forms at four
    await open_tables(svc)
    [t] = {e.table for e in await svc.seek_list(GUILD)}
    assert t is not None and (await svc.seek_table(t)).low == 4
    for u in (A, B, D):
        await svc.seek_ready(t, u)
    changes = await svc.unseek(GUILD, C)  # C gives the seat up: nobody waits, and 3 is fine for everyone left
    assert changes.games == ["tiny"] and changes.changes[0].started is not None
    assert len(changes.changes[0].started.table.seats) == 3


async def test_a_seated_player_is_not_matched_twice(svc) -> None:
    for u in (A, B, C):
        await seek(svc, u)
    with pytest.raises(TableError, match="already seated you"):
        await seek(svc, A)
    made = await seek(svc, D)
    assert made.formed == [] and made.waiting == 1
    table = (await svc.seek_list(GUILD))[0].table
    assert table is not None
    with pytest.raises(StoreError):  # the store's own guard: a seated seek cannot be seated again
        async with svc.store.transaction() as tx:
            await tx.seat_seeks(GUILD, "tiny", [A, D], table, None)
    assert [(e.user, e.table) for e in await svc.seek_list(GUILD) if e.user == D] == [(D, None)]  # rolled back


async def test_concurrent_seeks_completing_a_table_seat_everyone_once(svc) -> None:
    await seek(svc, A)
    await seek(svc, B)
    results = await asyncio.gather(seek(svc, C), seek(svc, D), seek(svc, E))
    tables = [t for r in results for t in r.formed]
    assert len(tables) == 1 and len({x.user for x in tables[0].seats}) == 3
    seated = [e for e in await svc.seek_list(GUILD) if e.table is not None]
    assert sorted(e.user for e in seated) == sorted(x.user for x in tables[0].seats)


async def test_a_restart_between_the_steps_loses_and_doubles_nothing(db_target, clock) -> None:
    from tests.support.toygame import TEST_GAMES
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        for u in (A, B, C):
            await seek(svc, u)
    finally:
        await svc.close()  # before the thread was made
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        asks, _ = await open_tables(svc)
        assert len(asks) == 1
        table = asks[0].id
        await svc.seek_ready(table, A)
        await svc.seek_ready(table, B)

        async def crash(*args: Any, **kw: Any) -> Any:
            raise RuntimeError("the process stopped here")

        svc.seeks.lobby.start = crash  # type: ignore[method-assign]
        with pytest.raises(RuntimeError):  # the last press opened the game, and the process stopped before it started
            await svc.seek_ready(table, C)
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        asks, started = await open_tables(svc)
        assert asks == [] and len(started) == 1 and started[0].table.status == "active"
        assert (await open_tables(svc)) == ([], [])  # once, never twice
    finally:
        await svc.close()


async def test_bad_input_changes_nothing(svc) -> None:
    with pytest.raises(TableError, match="2–4 players"):
        await seek(svc, A, "5")
    with pytest.raises(TableError, match="such as 4 or 3-4"):
        await seek(svc, A, "three")
    with pytest.raises(TableError, match="pace"):
        await seek(svc, A, pace="turbo")
    with pytest.raises(TableError, match="not in the queue"):
        await svc.unseek(GUILD, A)
    assert await svc.seek_list(GUILD) == []


# ---- a thread that cannot be made, a game opened in a forming table's thread, the role ping ------------------------
async def test_a_table_whose_thread_fails_for_an_hour_dissolves_once_and_its_players_keep_their_place(svc,
                                                                                                      clock) -> None:
    for u in (A, B):
        await seek(svc, u)
        clock.advance(0.1)
    await seek(svc, C)
    formed = clock.now

    async def down(table: Any) -> int:
        raise NoThread(lasting=False)  # Discord down, say: it may pass

    assert await svc.open_seek_tables(down) == ([], [], [])
    [table] = {e.table for e in await svc.seek_list(GUILD)}
    assert table is not None and (await svc.seek_table(table)).status == "forming"
    assert await svc.next_seek_due() == formed + 3600  # the scheduler wakes for the hour's end
    clock.advance(0.9)
    assert await svc.seek_due() == [] and await svc.open_seek_tables(down) == ([], [], [])  # still within the hour
    clock.advance(0.1)
    [change] = await svc.seek_due()
    assert change.dissolved and change.unopened and change.table.status == "dissolved"
    assert [(x.user, x.name, x.sought_in) for x in change.returned] == [(A, "Ann", HOME), (B, "Ben", HOME),
                                                                        (C, "Cy", HOME)]
    assert [(e.user, e.table) for e in await svc.seek_list(GUILD)] == [(A, None), (B, None), (C, None)]
    assert await svc.seek_due() == [] and await svc.open_seek_tables(down) == ([], [], [])  # told once, no new table
    made = await seek(svc, D)  # the next seek forms the table again, the old seeks first
    assert [[x.user for x in t.seats] for t in made.formed] == [[A, B, C]] and made.waiting == 1


async def test_a_thread_refused_for_good_dissolves_the_table_at_once_and_other_tables_still_open(svc, clock) -> None:
    for u in (A, B, C):
        await seek(svc, u)
    for u in (D, E):
        await seek(svc, u, "2", pace="fast")
    broken = {e.table for e in await svc.seek_list(GUILD) if e.user == A}

    async def thread(table: Any) -> int:
        if table.id in broken:
            raise NoThread(lasting=True)  # a permission is missing
        return 9000 + table.id

    asks, started, lost = await svc.open_seek_tables(thread)
    assert [t.channel for t in asks] == [9000 + t.id for t in asks] and len(asks) == 1 and started == []
    assert [c.table.id for c in lost] == list(broken) and [x.user for x in lost[0].returned] == [A, B, C]
    assert [(e.user, e.table is None) for e in await svc.seek_list(GUILD)] == [
        (A, True), (B, True), (C, True), (D, False), (E, False)]
    await svc.seek_asked(asks[0].id, 1)
    assert await svc.open_seek_tables(thread) == ([], [], [])  # nothing more, nobody told twice


async def test_a_failure_of_another_kind_is_tried_again_at_the_next_pass(svc, clock) -> None:
    for u in (A, B, C):
        await seek(svc, u)
    calls = []

    async def flaky(table: Any) -> int:
        calls.append(table.id)
        if len(calls) == 1:
            raise RuntimeError("the front end broke")
        return 9000 + table.id

    assert await svc.open_seek_tables(flaky) == ([], [], [])
    asks, _started, lost = await svc.open_seek_tables(flaky)
    assert len(asks) == 1 and asks[0].channel == 9000 + asks[0].id and lost == [] and calls == [asks[0].id] * 2


async def test_no_game_opens_in_the_thread_of_a_table_still_forming(svc) -> None:
    for u in (A, B, C):
        await seek(svc, u)
    [asked], _started = await open_tables(svc)
    assert asked.channel is not None
    with pytest.raises(TableError, match="table the seek queue is forming"):
        await svc.create(asked.channel, GUILD, "tiny", A, "Ann")
    for u in (A, B):
        await svc.seek_ready(asked.id, u)
    done = await svc.seek_ready(asked.id, C)  # the table's own game still opens there
    assert done.started is not None and done.started.table.channel == asked.channel


async def test_the_role_is_pinged_for_a_new_seek_at_most_once_an_hour(svc, clock) -> None:
    await svc.set_seek_settings(GUILD, role=42)
    assert (await seek(svc, A, "4")).ping_role == 42
    clock.advance(0.5)
    assert (await seek(svc, B, "4")).ping_role is None  # within the hour
    clock.advance(1)
    assert (await seek(svc, A, "3-4")).ping_role is None  # changing a seek's terms is no new seek
    assert (await seek(svc, C, "4")).ping_role == 42  # a new one, past the hour
