"""Channels, threads and servers that go away: the table pauses, its players are told once, nothing is played for
them, and the game can move to another channel."""

from __future__ import annotations

from tests.discord.helpers import new_table, table

HOUR = 3600
DAY = 24 * HOUR


def dms(w, actor) -> list[str]:
    return [m.content or "" for m in actor.user.dm_channel.history()]


async def test_a_deleted_channel_pauses_the_game_which_moves_to_another_channel(world):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")
    game_id = (await table(w)).game_id
    dms_before = {a.id: len(dms(w, a)) for a in (w.alice, w.bob)}
    w.env.backend.delete_channel(w.channel.id)
    for _ in range(7):  # two weeks, two days at a time
        await w.env.advance_time(2 * DAY)

    svc = w.bot.service
    paused = await svc.table(w.channel.id)
    assert paused.status == "active" and paused.paused == "channel"
    assert (await svc.table(w.channel.id)).version == paused.version  # no caretaker moves for two weeks
    for actor in (w.alice, w.bob):  # told once, not 28–38 "Your screen in <#deleted>" DMs
        new = dms(w, actor)[dms_before[actor.id]:]
        assert len(new) == 1 and "is paused" in new[0] and f"/game move-here game:{game_id}" in new[0], new
    r = await w.alice.slash(w.guild.create_text_channel("games-2"), "game mygames")
    assert "paused" in r.response.content.lower() and f"#{game_id}" in r.response.content

    other = w.guild.create_text_channel("games-2b")
    r = await w.bob.slash(other, "game move-here", game=game_id)  # not the host
    assert r.ephemeral and "Only the table's host or a moderator" in r.response.content
    r = await w.alice.slash(other, "game move-here", game=game_id)
    assert r.ephemeral and "continues here" in r.response.content
    moved = await svc.table(other.id)
    assert moved.game_id == game_id and moved.paused is None
    assert any(m.components for m in other.history())  # the board (with its buttons) is posted there


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
