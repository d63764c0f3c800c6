"""Two services on one PostgreSQL database (two processes' worth: each its own store, pool and caches): what one
changes in the rows the service caches — a pause, an away period, a notification preference, quiet hours — the other
sees (bot/table/coherence.py, through the triggers and the listener of bot/table/store/pg_notify.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable

import asyncpg
import pytest

from bot.table import TableService
from bot.table.store.pg_notify import parse
from tests.support.toygame import TEST_GAMES

CH, GUILD = 4401, 77
ANNA, BEN = 11, 12
HANG_GUARD_S = 120.0  # not a measurement: how long to wait for a notification before calling it never delivered


async def eventually(check: Callable[[], Awaitable[bool]]) -> bool:
    """Whether ``check`` comes true before the hang guard (the other process's change arrives asynchronously)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + HANG_GUARD_S
    while loop.time() < end:
        if await check():
            return True
        await asyncio.sleep(0.02)
    return await check()


@pytest.fixture
async def pair(pg_url: str) -> AsyncIterator[tuple[TableService, TableService]]:
    first = await TableService.open(pg_url, games=TEST_GAMES)
    second = await TableService.open(pg_url, games=TEST_GAMES)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def _duel(svc: TableService) -> None:
    await svc.create(CH, GUILD, "tiny", ANNA, "Anna", settings={"remind_hours": 3, "deadline_hours": 4})
    await svc.join(CH, BEN, "Ben")
    await svc.start(CH, ANNA, seed=5)


async def test_a_pause_in_one_process_is_seen_by_the_other(pair: tuple[TableService, TableService]) -> None:
    one, other = pair
    await _duel(one)
    assert (await other.table(CH)).paused is None
    await one.pause(CH, "channel")

    async def paused() -> bool:
        return (await other.table(CH)).paused == "channel"

    assert await eventually(paused)
    await one.resume(CH)

    async def running() -> bool:
        return (await other.table(CH)).paused is None

    assert await eventually(running)


async def test_an_away_period_started_in_one_process_ends_in_the_other(
        pair: tuple[TableService, TableService]) -> None:
    one, other = pair
    await _duel(one)
    await one.away(BEN, 3)

    async def away() -> bool:
        return any(user == BEN for _game, user in other.core.caches.aways)

    assert await eventually(away)
    updates = await other.back(BEN)  # the other process knows Ben is away, so it can end it
    assert [u.notice for u in updates] == ["Ben is back; their clock runs again."]

    async def back() -> bool:
        return not any(user == BEN for _game, user in one.core.caches.aways)

    assert await eventually(back)


async def test_preferences_changed_in_one_process_apply_in_the_other(
        pair: tuple[TableService, TableService]) -> None:
    one, other = pair
    assert await other.notify_pref(ANNA) == "mention"  # now cached there
    assert await other.quiet_hours(ANNA) is None
    await one.set_notify_pref(ANNA, "digest")
    await one.set_quiet_hours(ANNA, "Europe/Berlin", "22-07")

    async def digest() -> bool:
        return await other.notify_pref(ANNA) == "digest" and await other.quiet_hours(ANNA) is not None

    assert await eventually(digest)


async def test_a_process_skips_its_own_changes_and_other_schemas() -> None:
    assert parse("pauses 12 test_3 kontor-1-ab") == ("pauses", 12, "test_3", "kontor-1-ab")
    assert parse("games 12 test_3 kontor-1-ab") is None  # not a cached table
    assert parse("pauses x test_3 kontor") is None


async def test_after_its_listener_was_cut_off_a_process_catches_up(pair: tuple[TableService, TableService],
                                                                    pg_url: str) -> None:
    one, other = pair
    await _duel(one)
    listener = other.store._listener  # type: ignore[attr-defined]
    admin = await asyncpg.connect(pg_url)
    try:  # the server drops the other process's listening connection (a restart, a network cut)
        assert await admin.fetchval("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                                    " WHERE application_name = $1", f"{listener.tag}-listen") == 1
    finally:
        await admin.close()
    await one.pause(CH, "channel")  # perhaps while it was away: the re-read after reconnecting catches it

    async def paused() -> bool:
        return (await other.table(CH)).paused == "channel"

    assert await eventually(paused)
    await one.resume(CH)  # and it listens again

    async def running() -> bool:
        return (await other.table(CH)).paused is None

    assert await eventually(running)
