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
    # A fixed 4 h per move, the reminder at 3 h left (after 1 h); both bid now.
    await new_table(w, w.alice, w.bob, deadline_hours=4, remind_hours=3)
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
    await w.env.advance_time(3 * HOUR)  # 4.25 h of uptime: the banks ran out, each is asked about the other's
    assert len(notices(w, "time bank ran out")) == 2 and notices(w, "caretaker plays this turn for") == []
    await w.env.advance_time(4 * HOUR)  # no answer within the table's day (4 h): now the caretaker bids for them
    assert len(notices(w, "the caretaker plays this turn for")) == 2


async def test_a_settings_change_never_shortens_the_wait_that_is_running(world):
    w = world
    await new_table(w, w.alice, w.bob)  # daily: the bids' banks run out in 72 h
    version = (await table(w)).version
    r = await w.alice.slash(w.channel, "game settings", deadline_hours=0.01)
    assert r.ephemeral and r"deadline\_hours must be 0 (off) or between 0.25 and 720 hours" in r.response.content
    r = await w.alice.slash(w.channel, "game settings", remind_hours=0, deadline_hours=0.25)
    assert "a time bank of 15 min" in r.response.content
    await w.env.advance_time(2 * HOUR)  # the old code re-timed the running clocks: the caretaker played at once
    assert notices(w, "caretaker") == [] and (await table(w)).version == version
    await w.env.advance_time(69.9 * HOUR)
    assert notices(w, "caretaker") == [] and notices(w, "time bank ran out") == []
    await w.env.advance_time(0.2 * HOUR)  # the promised 72 h are over: each is asked about the other's bank
    assert len(notices(w, "time bank ran out")) == 2
    await w.env.advance_time(0.3 * HOUR)  # no answer within the table's new day (15 min): the caretaker bids
    assert len(notices(w, "the caretaker plays this turn for")) == 2
