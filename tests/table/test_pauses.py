"""Clocks and outages: the service's downtime is given back, paused tables keep their time, a game whose channel
is gone moves elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table import TableError, TableService, pause_text
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CARL, CH, GUILD, lobby, raw_row

# A fixed 4-hour deadline per move (bank = refill = 4 h), the reminder at 3 h left (1 h after a wait began).
TIMED = {"remind_hours": 3, "deadline_hours": 4, "caretaker": "bot"}
HOUR = 3600


async def timed_duel(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), settings=TIMED)
    await svc.start(CH, ANNA, seed=17)


@pytest.mark.parametrize("clean", [True, False], ids=["shutdown", "crash"])
async def test_the_time_the_service_was_down_is_given_back(db_path: Path, clock: FakeClock, clean: bool) -> None:
    start = clock.now
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    await timed_duel(svc)
    await svc.due(clock.advance(0.5))  # a scheduler tick: the service is alive at 0.5 h
    if clean:
        await svc.close()
    else:  # killed: no shutdown time is written, the last heartbeat counts
        await svc.store.close()
    clock.advance(30)  # down for 30 h: the restart must not play for both players at once
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        assert await svc.due() == []
        assert await svc.next_due() == start + HOUR + 30 * HOUR  # the reminder comes after 1 h of uptime
        reminders = await svc.due(clock.advance(0.6))
        assert len(reminders) == 2 and all("Reminder" in (u.notice or "") for u in reminders)
        assert await svc.due(clock.advance(2.8)) == []  # 4 h of uptime are not over yet
        asked = await svc.due(clock.advance(0.3))  # the banks ran out: each player is asked about the other's
        assert len(asked) == 2 and all(u.question is not None for u in asked)
        assert await svc.due(clock.advance(3.9)) == []
        timeouts = await svc.due(clock.advance(0.2))  # nobody answered within the table's day (4 h here)
        assert len(timeouts) == 2 and all("caretaker" in (u.notice or "") for u in timeouts)
    finally:
        await svc.close()


async def test_a_reminder_always_goes_out_before_anyone_is_played_for(svc: TableService, clock: FakeClock) -> None:
    await timed_duel(svc)
    first = await svc.due(clock.advance(10))  # reminder and deadline both long past (e.g. a paused table)
    assert sorted(u.notice or "" for u in first) == [
        "Reminder: the table is waiting for Anna (their time bank runs out in 3 h).",
        "Reminder: the table is waiting for Ben (their time bank runs out in 3 h).",
    ]
    assert all(u.awaited for u in first)  # each pings its player
    assert await svc.due(clock.advance(2.9)) == []
    assert len(await svc.due(clock.advance(0.2))) == 2


async def test_a_paused_table_keeps_its_time_and_reminds_again_after_failed_posts(
    svc: TableService, clock: FakeClock, db_path: Path
) -> None:
    start = clock.now
    await timed_duel(svc)
    clock.advance(0.5)
    table = await svc.pause(CH, "post")
    assert table is not None and table.paused == "post" and table.paused_since == clock.now
    assert pause_text(table) == "Paused: Kontor cannot post in the game's channel."
    assert await svc.pause(CH, "post") is None  # said once
    assert await svc.next_due() is None
    assert await svc.due(clock.advance(50)) == []  # nothing fires while paused
    assert (await svc.table(CH)).paused == "post"
    resumed = await svc.resume(CH, reason="post")
    assert resumed is not None and resumed.paused is None
    # Reminders may have been lost with the posts: each player is reminded again first, then has the usual time.
    reminders = await svc.due(clock.now)
    assert len(reminders) == 2 and all("Reminder" in (u.notice or "") for u in reminders)
    dues = [raw_row(db_path, "SELECT due_at FROM deadlines WHERE seat = ?", s)[0] for s in (0, 1)]
    assert all(d >= start + 4 * HOUR + 50 * HOUR for d in dues)
    assert await svc.resume(CH) is None


async def test_reopen_resumes_a_post_pause_and_gives_the_board_to_post_afresh(svc: TableService,
                                                                              clock: FakeClock) -> None:
    await timed_duel(svc)
    assert await svc.reopen(CH) is None  # not paused: nothing to reopen
    await svc.pause(CH, "post")
    assert await svc.paused_channels(GUILD) == [CH] and await svc.paused_channels(GUILD, "channel") == []
    clock.advance(50)
    update = await svc.reopen(CH)
    assert update is not None and update.table.paused is None
    assert update.public_events == ["Kontor can post here again: the game goes on, and its clocks run again."]
    assert set(update.awaited) == {ANNA, BEN} and set(update.begins) == {ANNA, BEN}  # everyone is told again
    assert update.private == {}  # the screens by DM were not what failed
    assert await svc.due(clock.now) == []  # the fresh board is the reminder: none at once on top of it
    assert await svc.reopen(CH) is None and await svc.paused_channels(GUILD) == []


async def test_a_game_whose_channel_is_gone_moves_to_another_channel(svc: TableService, clock: FakeClock) -> None:
    await timed_duel(svc)
    await svc.pause(CH, "channel")
    assert await svc.pause(CH, "post") is None  # a lost channel stays the reason
    (mine,) = await svc.my_games(ANNA, awaiting_only=False)
    assert mine.paused == "channel"
    assert await svc.due(clock.advance(50)) == []  # no caretaker moves and no DMs for a deleted channel
    with pytest.raises(TableError, match="Only the table's host or a moderator"):
        await svc.move_here(CH + 5, GUILD, BEN)
    with pytest.raises(TableError, match="None of your games has lost its channel"):
        await svc.move_here(CH + 5, GUILD, CARL)
    await svc.create(CH + 6, GUILD, "tiny", CARL, "Carl")
    with pytest.raises(TableError, match="already has an open game"):
        await svc.move_here(CH + 6, GUILD, ANNA)
    update = await svc.move_here(CH + 5, GUILD, ANNA)
    assert update.channel == CH + 5 and update.table.paused is None and update.public_view is not None
    assert {ANNA, BEN} <= set(update.private)  # everyone gets their screen again
    assert (await svc.table(CH + 5)).game_id == mine.game_id
    with pytest.raises(TableError, match="no open game"):
        await svc.act(CH, ANNA, "play 1")
    reminders = await svc.due(clock.advance(0.01))  # the clocks run again, with the paused time given back
    assert reminders == []
    assert await svc.next_due() is not None
