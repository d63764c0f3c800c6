"""Open pages learn of a move by the cheapest means the store has (bot/table/spectate_feed.py, bot/web/live.py): the
store's own commits (the web inside the bot's process), PostgreSQL's notifications, SQLite's change counter beside
the bot. Each test sets the watchers' own look at the versions to an hour, so an event that arrives came through
the mechanism named, not through a poll of the game's version."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest
from aiohttp import ClientResponse
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebConfig
from bot.table import Spectators, TableService, spectate_feed
from bot.table.store.pg_notify import install_sql
from bot.web.addresses import token
from bot.web.app import WATCHERS, make_app
from tests.web.conftest import ANA, CHANNEL, GUILD, SECRET

HOUR = 3600.0
HANG_GUARD_S = 120.0  # not a measurement: only how long a broken mechanism may keep the test waiting


async def new_game(svc: TableService) -> int:
    await svc.create(CHANNEL, GUILD, "speicherstadt", ANA, "Ana")
    await svc.add_bot(CHANNEL, ANA)
    await svc.add_bot(CHANNEL, ANA)
    await svc.start(CHANNEL, ANA, seed=20261207)
    return (await svc.table(CHANNEL)).game_id


async def move(svc: TableService) -> None:
    legal = await svc.legal(CHANNEL, ANA)
    assert legal, "Ana is not awaited"
    await svc.act(CHANNEL, ANA, legal[0][0])


async def next_key(stream: ClientResponse, other_than: str = "") -> str:
    """The next ``key`` event of an open stream other than ``other_than`` (the watcher's first look repeats the key
    the stream opened with; the page ignores a key it shows already)."""
    while True:
        block = (await asyncio.wait_for(stream.content.readuntil(b"\n\n"), HANG_GUARD_S)).decode()
        data = [line[6:] for line in block.splitlines() if line.startswith("data: ")]
        if "event: key" in block and data and data[0] != other_than:
            return data[0]


@asynccontextmanager
async def watching(spectators: Spectators, *, poll_s: float) -> AsyncIterator[TestClient]:
    app = make_app(spectators, WebConfig(secret=SECRET))
    app[WATCHERS].poll_s, app[WATCHERS].backstop_s = poll_s, HOUR
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        yield client


async def a_move_reaches_the_stream(svc: TableService, spectators: Spectators, game_id: int, *, poll_s: float,
                                    mode: str) -> None:
    async with watching(spectators, poll_s=poll_s) as client:
        assert client.app is not None
        watchers = client.app[WATCHERS]
        assert watchers.feed is not None and watchers.feed.mode == mode
        async with client.get(f"/t/{token(SECRET, game_id)}/events") as stream:
            first = await next_key(stream)
            await move(svc)
            second = await next_key(stream, first)  # (the bots' answers may follow: each is a key of its own)
        assert len(second) == 20 and second != first


async def test_the_bots_own_commits_reach_the_open_pages_at_once(tmp_path: Path) -> None:
    """The web inside ``kontor run``: it reads through the bot's store, whose commits tell it."""
    svc = await TableService.open(str(tmp_path / "kontor.sqlite3"))
    try:
        game_id = await new_game(svc)
        await a_move_reaches_the_stream(svc, Spectators.beside(svc), game_id, poll_s=HOUR, mode="commits")
    finally:
        await svc.close()


async def test_beside_the_bot_on_sqlite_the_change_counter_tells(tmp_path: Path) -> None:
    path = str(tmp_path / "kontor.sqlite3")
    svc = await TableService.open(path)
    spectators = await Spectators.open(path)
    try:
        game_id = await new_game(svc)
        # the counter is read every 50 ms; each game's own version, never (an hour)
        await a_move_reaches_the_stream(svc, spectators, game_id, poll_s=0.05, mode="counter")
    finally:
        await spectators.close()
        await svc.close()


@pytest.mark.postgres
async def test_on_postgresql_a_notification_wakes_the_open_pages(pg_url: str) -> None:
    svc = await TableService.open(pg_url)  # the bot: a process of its own on the database
    spectators = await Spectators.open(pg_url)  # `kontor web`, another reader
    try:
        game_id = await new_game(svc)
        await a_move_reaches_the_stream(svc, spectators, game_id, poll_s=HOUR, mode="notify")
    finally:
        await spectators.close()
        await svc.close()


@pytest.mark.postgres
async def test_a_database_whose_writers_do_not_notify_yet_is_polled_until_they_do(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before a writer of this build started on it, nothing tells: the versions are looked at every poll, and the
    trigger is looked for again (compose starts the web with the bots), then notifications take over."""
    monkeypatch.setattr(spectate_feed, "RELISTEN_S", 0.05)
    svc = await TableService.open(pg_url)
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("DROP TRIGGER kontor_games ON games")  # as an older build left the database
        spectators = await Spectators.open(pg_url)
        try:
            game_id = await new_game(svc)
            async with watching(spectators, poll_s=0.05) as client:
                assert client.app is not None
                watchers = client.app[WATCHERS]
                assert watchers.feed is not None and watchers.feed.mode == "poll" and watchers.interval == 0.05
                base = f"/t/{token(SECRET, game_id)}"
                async with client.get(f"{base}/events") as stream:
                    first = await next_key(stream)
                    await move(svc)
                    second = await next_key(stream, first)  # found by looking at the version
                    for statement in install_sql():  # a writer of this build starts
                        await conn.execute(statement)
                    await asyncio.wait_for(until(lambda: watchers.feed.mode == "notify"), HANG_GUARD_S)
                    watchers.poll_s = HOUR  # from now on only a notification can tell
                    current, seen = (await spectators.now(game_id)).key, second
                    while seen != current:  # what the first move caused has all arrived
                        seen = await next_key(stream, seen)
                    await move(svc)
                    assert await next_key(stream, seen) != seen
        finally:
            await spectators.close()
    finally:
        await conn.close()
        await svc.close()


async def until(condition: Callable[[], bool]) -> None:
    while not condition():  # noqa: ASYNC110 - the feed sets no event when it switches; a test may look
        await asyncio.sleep(0.01)


async def test_a_commit_tells_only_the_games_it_moved_and_a_rollback_nothing(tmp_path: Path) -> None:
    svc = await TableService.open(str(tmp_path / "kontor.sqlite3"))
    told: list[frozenset[int]] = []
    stop = svc.store.on_commit(told.append)
    try:
        game_id = await new_game(svc)
        told.clear()
        await move(svc)
        assert told and set().union(*told) == {game_id}
        told.clear()
        row = await svc.store.game(game_id)
        assert row is not None
        with pytest.raises(RuntimeError):
            async with svc.store.transaction() as tx:
                await tx.bump(game_id, row.version, 0.0)
                raise RuntimeError("rolled back")
        assert told == []
        stop()
        await move(svc)
        assert told == []
    finally:
        await svc.close()
