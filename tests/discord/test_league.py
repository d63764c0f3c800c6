"""``/league`` on SimCord (bot/discord/commands/league.py): the league table of a season's rated games, the points
per place for server managers only, and the podium named in the post that closes the season."""

from __future__ import annotations

from typing import Any

import discord

from tests.discord.test_club import play_game


async def test_the_league_table_its_settings_and_the_podium_at_the_seasons_close(world: Any) -> None:
    w = world
    for _ in range(2):
        assert (await play_game(w, w.alice, w.bob)).status == "finished"
    r = await w.carol.slash(w.channel, "league standings", game="tally")
    assert r.ephemeral and r.response.content.startswith(
        "🏅 League of Tally (test game), season 1 (points per place: by table size (4/2/1/0 at four)):")
    lines = [line for line in r.response.content.splitlines() if line.startswith("`")]
    assert len(lines) == 2 and all("2 games" in line for line in lines)
    everything = await w.carol.slash(w.channel, "league standings")
    assert everything.response.content == r.response.content  # one game played: the same table
    r = await w.mod.slash(w.channel, "league settings", points="5/1")  # a channel moderator: not a manager
    assert r.ephemeral and "Manage Server" in r.response.content
    boss = w.guild.add_member(w.env.create_user("hanna"),
                              roles=[w.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))])
    r = await boss.slash(w.channel, "league settings", points="1/2")
    assert r.ephemeral and "from the first place down" in r.response.content
    r = await boss.slash(w.channel, "league settings", points="5/1")
    assert r.response.content == "League points per place here: 5/1."
    r = await w.carol.slash(w.channel, "league standings", game="tally")
    assert "points per place: 5/1" in r.response.content
    asked = await boss.slash(w.channel, "game season close")
    done = await boss.click(asked.response, label="Close the season")
    (announcement,) = done.followups
    assert "🏆 The season's podiums:" in announcement.content and "Tally (test game): 🥇" in announcement.content
    r = await w.carol.slash(w.channel, "league standings", game="tally", season=1)
    assert "season 1, closed" in r.response.content
    r = await w.carol.slash(w.channel, "league standings", game="tally")
    assert r.ephemeral and r.response.content == "Nobody has played a rated game of Tally (test game) in season 2 on" \
                                                 " this server."
