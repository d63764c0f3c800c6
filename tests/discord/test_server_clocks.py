"""Clocks on a real server: the bot's downtime is never charged to the players, and a settings change never
shortens a wait that is already running."""

from __future__ import annotations

from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import new_table, table

HOUR = 3600


def notices(w, marker: str) -> list[str]:
    return [m.content for m in w.channel.history() if marker in (m.content or "")]


async def test_thirty_hours_of_downtime_are_not_charged_and_a_reminder_comes_first(world, db_path):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")  # reminder after 1 h, deadline after 4 h; both bid now
    version = (await table(w)).version
    await w.env.advance_time(0.5 * HOUR)
    await shut_down(w.bot)
    await w.env.advance_time(30 * HOUR)  # the bot is down for 30 h
    await w.env.restart_bot(make_bot(db_path))
    await w.env.advance_time(60)

    # The old code had the caretaker play for both at once, without a reminder.
    assert notices(w, "caretaker") == [] and notices(w, "Reminder") == []
    assert (await table(w)).version == version
    await w.env.advance_time(0.75 * HOUR)  # 1.25 h of the bot's uptime: the reminders, on their usual time
    assert len(notices(w, "Reminder")) == 2 and notices(w, "caretaker") == []
    await w.env.advance_time(3 * HOUR)  # 4.25 h of uptime: now the caretaker bids for them
    assert len(notices(w, "caretaker bot played for them")) == 2


async def test_a_settings_change_never_shortens_the_wait_that_is_running(world):
    w = world
    await new_table(w, w.alice, w.bob)  # daily: the bids' deadline is 24 h away
    version = (await table(w)).version
    r = await w.alice.slash(w.channel, "game settings", deadline_hours=0.01)
    assert r.ephemeral and "deadline_hours must be 0 (off) or between 0.25 and 720 hours" in r.response.content
    r = await w.alice.slash(w.channel, "game settings", remind_hours=0, deadline_hours=0.25)
    assert "deadline after 15 min" in r.response.content
    await w.env.advance_time(2 * HOUR)  # the old code re-timed the running clocks: the caretaker played at once
    assert notices(w, "caretaker") == [] and (await table(w)).version == version
    await w.env.advance_time(21.9 * HOUR)
    assert notices(w, "caretaker") == []
    await w.env.advance_time(0.2 * HOUR)  # the promised 24 h are over; the next waits have the new 15 minutes
    assert len(notices(w, "caretaker bot played for them")) == 2
