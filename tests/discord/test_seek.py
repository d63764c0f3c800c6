"""``/seek`` on SimCord (bot/discord/commands/seek.py, bot/discord/seeking.py): three players seek Tally, a table forms
in a thread of the channel, each presses "I'm in" (one of them after a restart of the bot) and the game starts there;
a seat not taken within a day goes to the next seeker; the settings are for server managers only; the role is pinged
at most once an hour."""

from __future__ import annotations

from typing import Any

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.discord.conftest import make_bot, shut_down

HOUR = 3600.0


def button_labels(message: Any) -> list[str]:
    return [c.label for row in message.components for c in getattr(row, "children", [])]


def ask_post(thread: Any) -> Any:
    return next(m for m in reversed(thread.history()) if "I'm in" in button_labels(m))


async def seek_all(w: Any, players: list[Any], **kw: Any) -> list[Any]:
    out = []
    for p in players:
        r = await p.slash(w.channel, "seek game", game="tally", players="3", **kw)
        out.append(r)
    await w.env.settle()
    return out


async def test_a_seek_fills_a_table_that_starts_in_its_thread_once_everyone_is_in(world, db_path):
    w = world
    first, second, third = await seek_all(w, [w.alice, w.bob, w.carol])
    assert not first.ephemeral and "alice seeks a game of Tally (test game): 3 players, pace daily, rated" in \
        first.response.content and "1 player waits" in first.response.content
    assert "2 players wait for Tally" in second.response.content and "A table formed" in third.response.content
    r = await w.mod.slash(w.channel, "seek list")
    assert r.ephemeral and r.response.content.count("at a table being formed") == 3
    [thread] = w.channel.threads
    ask = ask_post(thread)
    assert all(f"<@{p.id}>" in ask.content for p in (w.alice, w.bob, w.carol))
    assert "Press **I'm in** within a day" in ask.content
    outsider = await w.mod.click(ask, label="I'm in")
    assert outsider.ephemeral and "players the queue seated" in outsider.response.content
    done = await w.alice.click(ask, label="I'm in")
    assert done.ephemeral and "You are in." in done.response.content
    assert [(f.content, f.ephemeral) for f in done.followups] == [("alice is in (1 of 3).", False)]
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))  # the button outlives the process
    await w.bob.click(ask, label="I'm in")
    done = await w.carol.click(ask, label="I'm in")
    assert "the game starts now" in done.response.content
    await w.env.settle()
    table = await w.bot.service.table(thread.id)
    assert table.status == "active" and sorted(s.user_id for s in table.seats) == sorted(
        p.id for p in (w.alice, w.bob, w.carol))
    assert any("begins" in (m.content or "") or m.embeds for m in thread.history())  # the first board, in the thread
    r = await w.alice.slash(w.channel, "seek list")
    assert "Nobody is in the queue" in r.response.content


async def test_a_seat_not_taken_within_a_day_goes_to_the_next_seeker(world):
    w = world
    dana = w.guild.add_member(w.env.create_user("dana"))
    await seek_all(w, [w.alice, w.bob, w.carol])
    [thread] = w.channel.threads
    ask = ask_post(thread)
    await w.alice.click(ask, label="I'm in")
    await w.bob.click(ask, label="I'm in")
    await seek_all(w, [dana])  # waits: nobody else seeks
    await w.env.advance_time(25 * HOUR)
    texts = [m.content or "" for m in thread.history()]
    assert any("No longer at this table: carol." in t for t in texts)
    again = ask_post(thread)
    assert again.id != ask.id and f"<@{dana.id}>" in again.content and f"<@{w.carol.id}>" not in again.content
    await dana.click(again, label="I'm in")
    await w.env.settle()
    table = await w.bot.service.table(thread.id)
    assert table.status == "active" and dana.id in [s.user_id for s in table.seats]
    r = await w.carol.slash(w.channel, "seek cancel")  # carol's seek ended with her seat
    assert r.ephemeral and r.response.content == "You are not in the queue."


async def test_settings_are_for_managers_and_the_role_is_pinged_once_an_hour(world):
    w = world
    role = w.guild.create_role("Players")
    r = await w.mod.slash(w.channel, "seek settings", expiry_days=1.0)  # a channel moderator: not a manager
    assert r.ephemeral and "Manage Server" in r.response.content
    assert (await w.bot.service.seek_settings(w.guild.id)).expiry_days == 3.0
    boss = w.guild.add_member(w.env.create_user("hanna"),
                              roles=[w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))])
    r = await boss.slash(w.channel, "seek settings", role=role, expiry_days=1.0)
    assert r.ephemeral and "A seek lasts 1 day." in r.response.content
    first = await w.alice.slash(w.channel, "seek game", game="tally", players="2-3", pace="fast")
    assert first.response.content.startswith(f"<@&{role.id}>")
    second = await w.bob.slash(w.channel, "seek game", game="tally", players="3")
    assert "<@&" not in second.response.content  # within the hour
    r = await w.carol.slash(w.channel, "seek game", game="tally", players="9")
    assert r.ephemeral and "2–4 players" in r.response.content
    await w.env.advance_time(25 * HOUR)  # the seeks expire after the server's one day
    r = await w.alice.slash(w.channel, "seek list")
    assert "Nobody is in the queue" in r.response.content


def deny_bot(w: Any, **permissions: bool) -> None:
    w.env.backend.set_overwrite(w.channel.id, Overwrite(target_id=w.env.backend.bot_user.id, type=OverwriteType.MEMBER,
                                                        deny=discord.Permissions(**permissions).value))


async def test_a_table_whose_thread_cannot_be_made_goes_back_to_the_queue_and_says_why(world, db_path):
    w = world
    w.env.inject_error("POST", f"/channels/{w.channel.id}/threads", status=500)  # once: the table waits for its thread
    await seek_all(w, [w.alice, w.bob, w.carol])
    assert w.channel.threads == []
    r = await w.alice.slash(w.channel, "seek list")
    assert r.response.content.count("at a table being formed") == 3
    deny_bot(w, create_public_threads=True)  # a manager takes the permission away before the next pass
    before = len(w.channel.history())
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))  # the start's pass finds the permission missing: no retry will mend it
    await w.env.settle()
    said = [m.content or "" for m in w.channel.history()[before:]]
    [told] = said
    assert all(f"<@{p.id}>" in told for p in (w.alice, w.bob, w.carol))
    assert ("the table of Tally (test game) the queue found you could not open: I'm missing Create Public Threads in"
            f" <#{w.channel.id}>. You are back in the queue, at your old place.") in told
    assert ("Server managers: the tables of the queue open in threads of" in told
            and "Give me Create Public Threads there, or choose another channel with `/seek settings channel:`" in told)
    r = await w.alice.slash(w.channel, "seek list")
    assert "at a table being formed" not in r.response.content and r.response.content.count("since") == 3
    assert [n for n in ("alice", "bob", "carol") if n in r.response.content] == ["alice", "bob", "carol"]
    await w.env.advance_time(2 * HOUR)  # the scheduler's passes tell nobody twice
    assert len(w.channel.history()) == before + 1 and w.channel.threads == []
    r = await w.alice.slash(w.channel, "seek game", game="tally", players="3")
    assert r.ephemeral and "Create Public Threads" in r.response.content  # new seeks are refused until it is back


async def test_the_games_channel_is_checked_before_a_seek_is_taken(world):
    w = world
    boss = w.guild.add_member(w.env.create_user("hanna"),
                              roles=[w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))])
    other = w.guild.create_text_channel("tables")
    await boss.slash(w.channel, "seek settings", channel=other)
    w.env.backend.set_overwrite(other.id, Overwrite(target_id=w.env.backend.bot_user.id, type=OverwriteType.MEMBER,
                                                    deny=discord.Permissions(send_messages_in_threads=True).value))
    r = await w.alice.slash(w.channel, "seek game", game="tally", players="3")
    assert r.ephemeral and r.response.content == (
        f"I need Send Messages in Threads in <#{other.id}>, where the tables of the queue open: a server manager can"
        " give them, or choose another channel with /seek settings channel:.")
    assert await w.bot.service.seek_list(w.guild.id) == []


async def test_no_one_opens_their_own_game_in_a_forming_tables_thread(world):
    w = world
    await seek_all(w, [w.alice, w.bob, w.carol])
    [thread] = w.channel.threads
    r = await w.bob.slash(thread, "game new", game="tally")
    assert r.ephemeral and r.response.content == (
        "This thread belongs to a table the seek queue is forming: its game opens here once its players are in, so"
        " open yours in another channel.")
    ask = ask_post(thread)
    for p in (w.alice, w.bob):
        await p.click(ask, label="I'm in")
    done = await w.carol.click(ask, label="I'm in")
    assert "the game starts now" in done.response.content
    await w.env.settle()
    assert (await w.bot.service.table(thread.id)).status == "active"
