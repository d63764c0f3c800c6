"""A thread per table (docs/discord.md, "A thread per table"), through SimCord: the server's managers turn it on with
``/game settings threads:on``; ``/game new`` in the channel then opens the table in a new thread of it (a pointer in
the channel, the lobby and every post in the thread), the start names the thread after its players, the end archives
it, and a rematch opens it again. Without Create Public Threads, or at the server's limit of active threads
(Discord's error 160006, modelled by ``tests/support/simcord_threads.py``), the table opens in the channel itself
with one notice, and no thread is left behind. ``/watch follow`` and ``/watch unfollow`` add and remove spectators."""

from __future__ import annotations

import dataclasses
from typing import Any

import discord
from simcord import ChannelHandle
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.table import TableError
from tests.discord.conftest import set_server_locale
from tests.discord.helpers import actor_of, play_by_button, table
from tests.support.simcord_threads import limit_active_threads


async def threads_on(w: Any) -> Any:
    """A server manager turns a thread per table on; returns them."""
    admin = w.guild.add_member(w.env.create_user("ada"), roles=[
        w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))])
    r = await admin.slash(w.channel, "game settings", threads="on")
    assert not r.ephemeral and "opens each table in its own thread" in r.response.content
    return admin


def thread_of(w: Any, thread_id: int) -> Any:
    return next(t for t in w.channel.threads if t.id == thread_id)


def archived(w: Any, thread_id: int) -> bool:
    return bool(w.env.backend.get_channel(thread_id).thread_metadata.archived)


def members(w: Any, thread_id: int) -> set[int]:
    return set(w.env.backend.get_channel(thread_id).thread_members)


def deny_bot(w: Any, **permissions: bool) -> None:
    bot_id = w.env.backend.bot_user.id
    w.env.backend.set_overwrite(w.channel.id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER,
                                                        deny=discord.Permissions(**permissions).value))


async def no_table_in(w: Any, channel: int) -> bool:
    try:
        await w.bot.service.table(channel)
    except TableError:
        return True
    return False


async def test_only_server_managers_choose_threads_and_it_is_off_by_default(world: Any) -> None:
    w = world
    r = await w.mod.slash(w.channel, "game settings", threads="on")  # Manage Channel is not Manage Server
    assert r.ephemeral and "Only members who can manage this server" in r.response.content
    assert not await w.bot.service.threads_on(w.guild.id)
    r = await w.alice.slash(w.channel, "game new", game="tally")
    assert "Table open" in r.response.content and w.channel.threads == []  # off: the table opens in the channel
    admin = await threads_on(w)
    assert await w.bot.service.threads_on(w.guild.id)
    r = await admin.slash(w.channel, "game settings", threads="off")
    assert "opens the table in the channel where it is run" in r.response.content
    assert not await w.bot.service.threads_on(w.guild.id)


async def test_a_table_opens_in_its_own_thread_named_after_its_players_and_is_archived_at_the_end(world: Any) -> None:
    w = world
    await threads_on(w)
    r = await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    (thread,) = w.channel.threads
    assert not r.ephemeral and r.response.content == f"🧵 Table opened in <#{thread.id}>: join it there."
    assert thread.name == "Tally (test game) · alice"
    assert await no_table_in(w, w.channel.id)  # the channel holds no table: it can open another one
    lobby = thread.history()[-1]
    assert "Table open: `/game join`" in lobby.content and lobby.embeds  # the lobby is in the thread
    assert w.alice.id in members(w, thread.id)  # the host follows the thread

    here = dataclasses.replace(w, channel=thread)
    await w.bob.slash(thread, "game join")
    await w.alice.slash(thread, "game settings", auto_forced="off")
    r = await w.alice.slash(thread, "game start")
    assert "begins" in r.response.content
    t = await table(here)
    assert thread_of(w, thread.id).name == "Tally (test game) · " + ", ".join(s.name for s in t.seats)
    assert t.channel == thread.id and not archived(w, thread.id)
    posts = len(w.channel.history())
    for _ in range(60):  # the whole game, in the thread
        t = await table(here)
        if t.status != "active":
            break
        await play_by_button(here, actor_of(w, t.awaited[0]))
    assert t.status == "finished"
    assert len(w.channel.history()) == posts  # nothing of the game in the channel
    assert "🔓 Seed" in (thread.history()[-1].content or "")  # the final board first, then the archive
    assert archived(w, thread.id)

    # the rematch opens in the same thread, which is opened again
    r = await w.bob.click(thread.history()[-1], label="Rematch")
    assert not r.ephemeral and "Rematch!" in r.response.content
    assert not archived(w, thread.id) and (await table(here)).status == "lobby"
    assert len(w.channel.threads) == 1


async def test_an_abandoned_table_s_thread_is_archived_and_a_thread_of_people_is_left_alone(world: Any) -> None:
    w = world
    await threads_on(w)
    await w.alice.slash(w.channel, "game new", game="tally")
    (thread,) = w.channel.threads
    r = await w.alice.slash(thread, "game abandon")
    await w.alice.click(r.response, label="Abandon")
    assert (await w.bot.service.table(thread.id)).status == "abandoned" and archived(w, thread.id)

    # a thread people made: /game new in it opens the table there (no thread in a thread), and its end archives nothing
    made = ChannelHandle(w.env, w.guild, w.env.backend.create_thread(w.channel.id, "our corner", w.bob.id))
    r = await w.bob.slash(made, "game new", game="tally")
    assert "Table open" in r.response.content and len(w.channel.threads) == 2
    assert (await w.bot.service.table(made.id)).status == "lobby"
    r = await w.bob.slash(made, "game abandon")
    await w.bob.click(r.response, label="Abandon")
    assert not archived(w, made.id) and thread_of(w, made.id).name == "our corner"


async def test_without_create_public_threads_the_table_opens_in_the_channel_with_one_notice(world: Any) -> None:
    w = world
    await threads_on(w)
    deny_bot(w, create_public_threads=True)
    r = await w.alice.slash(w.channel, "game new", game="tally")
    assert not r.ephemeral and r.response.content.startswith(
        "ℹ️ This server opens each table in its own thread, but not this time (I'm missing Create Public Threads in "
        "this channel): the table opens in this channel.\nTable open:")
    assert w.channel.threads == [] and (await table(w)).status == "lobby"


async def test_at_the_servers_thread_limit_the_table_opens_in_the_channel_and_no_thread_is_left(world: Any) -> None:
    w = world
    limit_active_threads(w.env, 2)
    await threads_on(w)
    await w.alice.slash(w.channel, "game new", game="tally")
    await w.bob.slash(w.channel, "game new", game="tally")
    assert len(w.channel.threads) == 2
    r = await w.carol.slash(w.channel, "game new", game="tally")
    assert "not this time (this server has reached Discord's limit of active threads)" in r.response.content
    assert len(w.channel.threads) == 2 and (await table(w)).creator == w.carol.id
    assert await w.bot.service.thread_parent(w.channel.id) is None


async def test_a_refused_table_leaves_no_thread(world: Any) -> None:
    w = world
    await threads_on(w)
    r = await w.alice.slash(w.channel, "game new", game="tally", options="colour=blue")
    assert r.ephemeral and "Unknown option" in r.response.content
    assert w.channel.threads == []


async def test_spectators_follow_and_unfollow_a_tables_thread(world: Any) -> None:
    w = world
    await threads_on(w)
    await w.alice.slash(w.channel, "game new", game="tally")
    (first,) = w.channel.threads
    game = (await w.bot.service.table(first.id)).game_id
    r = await w.carol.slash(w.channel, "watch follow")  # the channel's one table in a thread
    assert r.ephemeral and r.response.content == (f"🧵 You now follow **Tally (test game)** (game #{game}) in "
                                                  f"<#{first.id}>: its posts reach you.")
    assert w.carol.id in members(w, first.id)
    r = await w.carol.slash(w.channel, "watch follow")
    assert r.ephemeral and r.response.content == f"You already follow <#{first.id}>."

    await w.bob.slash(w.channel, "game new", game="tally")
    second = next(t for t in w.channel.threads if t.id != first.id)
    other = (await w.bot.service.table(second.id)).game_id
    r = await w.carol.slash(w.channel, "watch unfollow")
    assert r.ephemeral and "several tables in threads: name one with `table:`" in r.response.content
    choices = await w.carol.autocomplete(w.channel, "watch unfollow", "table", "")
    assert [(c["name"], c["value"]) for c in choices] == [(f"#{game} Tally (test game) · alice", game),
                                                         (f"#{other} Tally (test game) · bob", other)]
    r = await w.carol.slash(w.channel, "watch unfollow", table=game)
    assert r.ephemeral and r.response.content.startswith("🧵 You no longer follow")
    assert w.carol.id not in members(w, first.id)
    r = await w.carol.slash(w.channel, "watch unfollow", table=game)
    assert r.ephemeral and r.response.content == f"You do not follow <#{first.id}>."
    r = await w.carol.slash(second, "watch follow")  # inside the thread: its own table
    assert r.ephemeral and w.carol.id in members(w, second.id)
    r = await w.carol.slash(w.channel, "watch follow", table=999)
    assert r.ephemeral and r.response.content == "There is no open table #999 in a thread of this channel."


async def test_following_a_table_whose_thread_is_gone_is_refused(world: Any) -> None:
    w = world
    await threads_on(w)
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    (thread,) = w.channel.threads
    await w.bob.slash(thread, "game join")
    await w.alice.slash(thread, "game start")
    game = (await w.bot.service.table(thread.id)).game_id
    w.env.backend.delete_channel(thread.id)  # the running game pauses; its thread is gone
    await w.env.settle()
    r = await w.carol.slash(w.channel, "watch follow", table=game)
    assert r.ephemeral and r.response.content == "That table's thread is gone."


async def test_unfollow_without_manage_threads_says_how_to_leave(world: Any) -> None:
    w = world
    await threads_on(w)
    await w.alice.slash(w.channel, "game new", game="tally")
    (thread,) = w.channel.threads
    await w.carol.slash(w.channel, "watch follow")
    deny_bot(w, manage_threads=True)
    r = await w.carol.slash(w.channel, "watch unfollow")
    assert r.ephemeral and "leave it from the thread's menu (Leave Thread)" in r.response.content
    assert w.carol.id in members(w, thread.id)


async def test_the_pointer_and_the_notice_read_the_servers_language(world: Any, locales: Any) -> None:
    w = world
    await threads_on(w)
    set_server_locale(w, "fr")
    await w.alice.slash(w.channel, "game new", game="tally")
    (thread,) = w.channel.threads
    assert w.channel.history()[-1].content == f"🧵 Table ouverte dans <#{thread.id}> : rejoignez-la là-bas."
    set_server_locale(w, "de")
    deny_bot(w, send_messages_in_threads=True)
    r = await w.bob.slash(w.channel, "game new", game="tally")
    assert r.response.content.startswith("ℹ️ Dieser Server öffnet jeden Tisch in einem eigenen Thread, diesmal aber "
                                         "nicht (mir fehlt in diesem Kanal Send Messages in Threads)")
    assert len(w.channel.threads) == 1
