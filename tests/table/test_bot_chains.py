"""Bot chains that are cut short (a failed write, a full disk, a crash, a shutdown) never leave a game stuck,
and the player whose move was saved is told so."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.table import TableError, TableService
from bot.table.core import SHUTTING_DOWN
from bot.table.moves import BOTS_DELAYED, Moves
from bot.table.store import Store
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, CH, GUILD, lobby, raw_row

SEED = 1  # seats: bot, bot, Anna — after Anna's bid the bots draw first


def log_rows(db_path: Path) -> list[tuple[Any, ...]]:
    con = sqlite3.connect(db_path)
    try:
        sql = "SELECT kind, version, seat, action FROM actions WHERE action IS NOT NULL ORDER BY id"
        return con.execute(sql).fetchall()
    finally:
        con.close()


async def anna_bids(svc: TableService) -> Any:
    legal = await svc.legal(CH, ANNA)
    return await svc.act(CH, ANNA, legal[0][0])


async def test_a_bot_move_that_cannot_be_saved_keeps_the_players_move_says_so_and_is_retried(
    svc: TableService, db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=2)
    started = await svc.start(CH, ANNA, seed=SEED)
    assert [s.is_bot for s in started.table.seats] == [True, True, False]
    real_append = Store.append
    failed: list[int] = []

    async def append(self: Store, game_id: int, *, kind: str, **kw: Any) -> None:
        if kind == "bot" and not failed:  # the first bot commit after Anna's move: the disk is full
            failed.append(game_id)
            raise sqlite3.OperationalError("database or disk is full")
        await real_append(self, game_id, kind=kind, **kw)

    monkeypatch.setattr(Store, "append", append)
    update = await anna_bids(svc)  # Anna's bid is committed: her move must not raise for the bot's failure

    assert failed and update.version == started.version + 1
    assert raw_row(db_path, "SELECT version FROM games") == (update.version,)
    assert log_rows(db_path)[-1][0] == "player"  # her bid is saved, nothing of the failed bot step is
    assert update.notice == BOTS_DELAYED and "saved" in update.notice
    assert any("Anna" in line for line in update.public_events)
    assert update.table.awaited == () and update.table.awaited_seats == (0,)  # the bots are next
    assert update.public_view is not None and update.public_view["phase"] == "draw"

    # The retry waits a little (no hot loop on a broken disk), then the bots move on by themselves.
    nxt = await svc.next_due()
    assert nxt is not None and clock.now < nxt <= clock.now + 10
    assert await svc.due() == []
    clock.advance(10 / 3600)
    woken = await svc.due()
    assert len(woken) == 1 and woken[0].notice is None
    assert woken[0].table.awaited == (ANNA,) and woken[0].version == update.version + 2
    assert [r[0] for r in log_rows(db_path)[-2:]] == ["bot", "bot"]
    await svc.rebuild(CH)  # the log still replays to the snapshot


async def test_a_full_disk_never_loses_an_acknowledged_move_and_never_strands_a_game(
    db_path: Path, clock: FakeClock
) -> None:
    """A real full disk (SQLite's page limit) while one human plays against bots in several games: every act either
    fails and changes nothing, or returns with all it reports saved; once space is back, no game waits on a bot."""
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        channels = [CH + i for i in range(4)]
        for ch in channels:
            await lobby(svc, (ANNA, "Anna"), bots=2, channel=ch)
            await svc.start(ch, ANNA, seed=SEED + ch)
        db: Any = svc.store._db  # the store's own connection: the limit applies to its writes
        pages = (await db.execute_fetchall("PRAGMA page_count"))[0][0]
        limit = pages + 1
        await db.execute_fetchall(f"PRAGMA max_page_count = {limit}")
        refused = saved = delayed = 0
        for turn in range(3000):
            if refused >= 20 and delayed >= 2:
                break
            ch = channels[turn % len(channels)]
            table = await svc.table(ch)
            if table.status != "active":  # over (or a lobby the full disk cut short): a new game
                try:
                    if table.status == "lobby":
                        await svc.abandon(ch, ANNA)
                    await lobby(svc, (ANNA, "Anna"), bots=2, channel=ch)
                    await svc.start(ch, ANNA, seed=turn)
                except sqlite3.OperationalError:
                    refused += 1
                continue
            if ANNA not in table.awaited:
                continue
            before = (table.version, log_rows(db_path))
            legal = await svc.legal(ch, ANNA)
            try:
                update = await svc.act(ch, ANNA, legal[0][0])
            except sqlite3.OperationalError as exc:
                assert "full" in str(exc)
                refused += 1
                assert ((await svc.table(ch)).version, log_rows(db_path)) == before  # nothing changed
                limit += 1  # a little space frees up: the next writes may get partway through a bot chain
                await db.execute_fetchall(f"PRAGMA max_page_count = {limit}")
                continue
            saved += 1
            delayed += update.notice == BOTS_DELAYED
            stored = raw_row(db_path, "SELECT version FROM games WHERE channel_id = ? ORDER BY id DESC", ch)
            assert stored == (update.version,)  # what the answer reports is on disk
        # Both ways a full disk meets a move happened: the move itself refused, and saved with its bots delayed.
        assert refused > 0 and delayed > 0, (saved, delayed, refused)
        await db.execute_fetchall("PRAGMA max_page_count = 1073741823")
        clock.advance(1)
        await svc.due()
        for ch in channels:
            table = await svc.table(ch)
            assert table.status != "active" or ANNA in table.awaited, f"channel {ch} waits on its bots"
            if table.status in ("active", "finished"):
                await svc.rebuild(ch)
    finally:
        await svc.close()


async def test_a_restart_wakes_the_bots_a_crash_left_waiting(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    await lobby(svc, (ANNA, "Anna"), bots=2)
    await svc.start(CH, ANNA, seed=SEED)
    with monkeypatch.context() as patch:  # the process dies right after Anna's move is committed
        async def crash(self: Moves, row: Any, seats: Any, state: Any, *a: Any) -> Any:
            return row, state

        patch.setattr(Moves, "run_auto", crash)
        await anna_bids(svc)
    await svc.close()

    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        stuck = await svc.table(CH)
        assert stuck.awaited == () and stuck.awaited_seats == (0,)
        with pytest.raises(TableError, match="waiting for Bot"):  # what the humans saw, forever, before
            await svc.act(CH, ANNA, "draw")
        assert await svc.next_due() is None  # nothing is timed, yet the first tick after start finds it
        woken = await svc.due()
        assert [u.channel for u in woken] == [CH] and woken[0].table.awaited == (ANNA,)
        assert any("Bot" in line for line in woken[0].public_events)
        assert await svc.due() == []  # found once
    finally:
        await svc.close()


async def test_close_lets_the_move_in_flight_finish_and_the_bots_resume_at_the_next_start(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    await lobby(svc, (ANNA, "Anna"), bots=3)
    started = await svc.start(CH, ANNA, seed=SEED)
    assert [s.is_bot for s in started.table.seats] == [True, True, True, False]
    real_append = Store.append
    first_bot_saved = asyncio.Event()
    closing: list[asyncio.Task[None]] = []

    async def append(self: Store, game_id: int, *, kind: str, **kw: Any) -> None:
        await real_append(self, game_id, kind=kind, **kw)
        if kind == "bot" and not first_bot_saved.is_set():
            first_bot_saved.set()
            closing.append(asyncio.create_task(svc.close()))  # SIGTERM arrives in the middle of the chain
            await asyncio.sleep(0)

    monkeypatch.setattr(Store, "append", append)
    update = await anna_bids(svc)  # the store must not close under the bot chain
    await closing[0]
    assert update.version > started.version + 1 and update.notice is None
    with pytest.raises(TableError, match="restarting"):
        await svc.act(CH, ANNA, "draw")
    assert SHUTTING_DOWN.endswith("nothing was played.")
    monkeypatch.setattr(Store, "append", real_append)

    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        table = await svc.table(CH)
        assert table.version == update.version  # every step the answer reported is saved
        assert table.awaited == ()  # the chain stopped at a step boundary: bots are next
        await svc.due()
        table = await svc.table(CH)
        assert table.awaited == (ANNA,)
        await svc.rebuild(CH)
        assert {r[0] for r in log_rows(db_path)} <= {"player", "bot"}
        assert raw_row(db_path, "SELECT COUNT(*) FROM games WHERE guild_id = ?", GUILD) == (1,)
    finally:
        await svc.close()
