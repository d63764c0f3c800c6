"""``/seek`` on SimCord (bot/discord/commands/seek.py, bot/discord/seeking.py): three players seek Tally, a table forms
in a thread of the channel, each presses "I'm in" (one of them after a restart of the bot) and the game starts there;
a seat not taken within a day goes to the next seeker; the settings are for server managers only; the role is pinged
at most once an hour."""

from __future__ import annotations

from typing import Any

import discord

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
