"""Channels, threads and servers that go away: the table pauses, its players are told once, nothing is played for
them, and the game can move to another channel."""

from __future__ import annotations

from tests.discord.helpers import new_table, table

HOUR = 3600
DAY = 24 * HOUR


def dms(w, actor) -> list[str]:
    return [m.content or "" for m in actor.dm_channel.history()]


async def test_kontor_removed_from_the_server_pauses_every_game_there(world):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")
    before = (await table(w)).version
    w.env.backend.remove_guild(w.guild.id)
    await w.env.advance_time(3 * DAY)
    t = await w.bot.service.table(w.channel.id)
    assert t.paused == "server" and t.version == before
    assert await w.bot.service.next_due() is None


async def test_a_locked_thread_pauses_until_it_is_opened_again(world):
    w = world
    thread = w.env.backend.create_thread(w.channel.id, "Colonia night", w.alice.id)
    handle = next(t for t in w.channel.threads if t.id == thread.id)
    await w.alice.slash(handle, "game new", game="tally", options="length=short")
    await w.bob.slash(handle, "game join")
    await w.alice.slash(handle, "game start")
    w.env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": True, "locked": True})
    await w.env.advance_time(60)
    assert (await w.bot.service.table(thread.id)).paused == "post"
    await w.env.advance_time(3 * DAY)
    assert "caretaker" not in "\n".join(m.content or "" for m in handle.history())
    w.env.backend.edit_channel(thread.id, {}, thread_metadata={"archived": False, "locked": False})
    await w.env.advance_time(60)
    assert (await w.bot.service.table(thread.id)).paused is None
