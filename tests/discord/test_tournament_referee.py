"""``/tournament forfeit``, ``drop`` and ``adjudicate`` on SimCord: the table's thread gets the fresh board (and the
end, when the bots or the organiser ended the game) and the tournament runs on at once; a round's deadline handled by
the bot's scheduler on SimCord's clock; the role a server names may create tournaments
(bot/discord/commands/tournament.py, bot/discord/tournaments.py, bot/discord/scheduler.py)."""

from __future__ import annotations

from typing import Any

import discord

from tests.discord.test_tournament import play_table, posts

HOUR = 3600.0


async def four_at_tables_of_two(w: Any, **terms: Any) -> list[Any]:
    dana = w.guild.add_member(w.env.create_user("dana"))
    field = [w.alice, w.bob, w.carol, dana]
    r = await w.mod.slash(w.channel, "tournament create", game="tally", size="2", rounds=2, name="Duel cup",
                          options="length=short", **terms)
    assert "Duel cup" in r.response.content and not r.ephemeral, r.response.content
    for p in field:
        await p.slash(w.channel, "tournament join")
    r = await w.mod.slash(w.channel, "tournament start")
    assert "begins" in r.response.content
    return field


def thread_of(w: Any, channel: int) -> Any:
    return next(th for th in w.channel.threads if th.id == channel)


def thread_texts(w: Any, channel: int) -> list[str]:
    return [m.content or "" for m in thread_of(w, channel).history()] + [
        str(e.to_dict()) for m in thread_of(w, channel).history() for e in m.embeds]


async def test_forfeit_and_drop_post_in_the_thread_and_the_bots_end_runs_the_tournament_on(world):
    w = world
    field = await four_at_tables_of_two(w)
    t = await w.bot.service.tournament(w.channel.id)
    first, second = t.round_tables()
    await play_table(w, second.channel)  # the other table has ended: this one decides the round
    by_id = {p.id: p for p in field}
    before = len(thread_of(w, first.channel).history())
    r = await w.mod.slash(w.channel, "tournament forfeit", player=by_id[first.players[0]])
    assert "forfeits" in r.response.content
    await w.env.settle()
    assert len(thread_of(w, first.channel).history()) > before  # the players see the bot take the seat
    assert any("is now played by" in text for text in thread_texts(w, first.channel))
    assert (await w.bot.service.tournament(w.channel.id)).round == 1
    r = await by_id[first.players[1]].slash(thread_of(w, first.channel), "tournament drop")  # from the table's thread
    assert "dropped out" in r.response.content
    await w.env.settle()
    assert (await w.bot.service.table(first.channel)).status == "finished"  # the bots played it to its end ...
    assert any("Seed:" in text for text in thread_texts(w, first.channel))  # ... and the thread shows the end
    t = await w.bot.service.tournament(w.channel.id)
    assert t.round == 2 and all(d.status == "active" for d in t.round_tables())  # advanced at once
    assert any("after round 1 of 2" in p for p in posts(w)) and len(w.channel.threads) == 3


async def test_adjudicate_posts_the_end_in_the_tables_thread(world):
    w = world
    await four_at_tables_of_two(w)
    first, second = (await w.bot.service.tournament(w.channel.id)).round_tables()
    await play_table(w, second.channel)
    r = await w.mod.slash(w.channel, "tournament adjudicate", table=first.table)
    assert "adjudicated" in r.response.content
    await w.env.settle()
    assert any("adjudicated" in text for text in thread_texts(w, first.channel))
    assert (await w.bot.service.tournament(w.channel.id)).round == 2


async def test_at_a_rounds_deadline_the_scheduler_adjudicates_the_late_table_and_pairs_the_next(world):
    w = world
    await four_at_tables_of_two(w, deadline_days=0.5, late="adjudicate")
    assert any("adjudicated by its current scores" in p for p in posts(w))  # the terms, at creation
    assert any("This round's deadline: <t:" in p for p in posts(w))  # announced with the pairings
    first, second = (await w.bot.service.tournament(w.channel.id)).round_tables()
    # ended through the service alone: a post from the test's own task would restart the scheduler's loop outside
    # the bot, where SimCord's clock does not reach it
    await play_table(w, second.channel, post=False)
    await w.env.advance_time(11 * HOUR)
    assert (await w.bot.service.table(first.channel)).status == "active"
    await w.env.advance_time(2 * HOUR)
    await w.env.settle()
    assert (await w.bot.service.table(first.channel)).status == "abandoned"
    assert any("deadline has passed" in text for text in thread_texts(w, first.channel))
    t = await w.bot.service.tournament(w.channel.id)
    assert t.round == 2 and all(d.status == "active" for d in t.round_tables())
    assert sum("round 2 of 2 is paired" in p for p in posts(w)) == 1
    assert any("after round 1 of 2" in p for p in posts(w))


async def test_a_bad_deadline_is_one_private_sentence(world):
    w = world
    r = await w.mod.slash(w.channel, "tournament create", game="tally", size="2", rounds=2, deadline_days=0)
    assert r.ephemeral and "from one hour to 60 days" in r.response.content
    assert w.channel.history() == []


async def test_a_role_the_server_names_may_create_tournaments(world):
    w = world
    hosts = w.guild.create_role("Hosts", permissions=discord.Permissions.none())
    r = await w.alice.slash(w.channel, "tournament settings", role=hosts)
    assert r.ephemeral and "Manage Server" in r.response.content  # only managers name it
    admin = w.guild.add_member(w.env.create_user("ada"), roles=[w.guild.create_role(
        "Admins", permissions=discord.Permissions(manage_guild=True))])
    r = await admin.slash(w.channel, "tournament settings", role=hosts)
    assert r.ephemeral and f"<@&{hosts.id}>" in r.response.content
    r = await w.alice.slash(w.channel, "tournament create", game="tally", size="2", rounds=2)
    assert r.ephemeral and "@Hosts" in r.response.content  # refused, naming the role
    hal = w.guild.add_member(w.env.create_user("hal"), roles=[hosts])
    r = await hal.slash(w.channel, "tournament create", game="tally", size="2", rounds=2, name="Hal's cup")
    assert not r.ephemeral and "Hal's cup" in r.response.content
    r = await admin.slash(w.channel, "tournament settings", clear=True)
    assert "<@&" not in r.response.content
    assert await w.bot.service.organiser_role(w.guild.id) is None
