"""``/kontor``: a player's own commands in a DM with the bot (docs/discord.md, "Your commands everywhere"), while the
table commands stay where the tables are; and the profile read from a DM, on the server named or the only one."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

from tests.discord.helpers import new_table
from tests.discord.test_club import play_game

PERSONAL = {"kontor mygames", "kontor profile", "kontor notify", "kontor privacy"}


async def test_personal_commands_are_offered_in_a_dm_and_table_commands_are_not(world: Any) -> None:
    w = world
    in_dm = set(w.alice.user.available_commands())
    assert in_dm >= PERSONAL
    assert not [c for c in in_dm if not c.startswith("kontor ")]  # no /game, /move, /tally, /tournament in a DM
    in_channel = set(w.alice.available_commands(w.channel))
    assert in_channel >= PERSONAL and {"game mygames", "game join", "move"} <= in_channel
    # Discord, as SimCord, refuses a command whose contexts leave out the DM: a real client does not offer it there.
    with pytest.raises(simcord.SetupError, match="not visible"):
        await w.alice.user.slash("game join")
    with pytest.raises(simcord.SetupError, match="not visible"):
        await w.alice.user.slash("move", action="bid 1")
    payloads = {c["name"]: c for c in (c.to_dict(w.bot.tree) for c in w.bot.tree.get_commands())}
    assert payloads["kontor"]["contexts"] == [0, 1, 2] and payloads["kontor"]["integration_types"] == [0, 1]
    for name in ("game", "move"):  # guild_only: the server only, as before
        assert payloads[name]["dm_permission"] is False and payloads[name].get("contexts") in (None, [0])


async def test_mygames_notify_and_privacy_answer_in_a_dm(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    r = await w.alice.user.slash("kontor mygames")
    assert r.response is not None
    assert f"https://discord.com/channels/{w.guild.id}/{w.channel.id}" in r.response.content
    assert "**your move**" in r.response.content
    r = await w.bob.user.slash("kontor notify", choice="digest")
    assert r.response.content.startswith("✅ From now on, on every server: **digest**")
    assert await w.bot.service.notify_pref(w.bob.id) == "digest"  # the same setting /game notify shows on a server
    r = await w.bob.slash(w.channel, "game notify")
    assert "digest" in r.response.content and r.ephemeral
    r = await w.carol.user.slash("kontor privacy", profile="private")
    assert r.response.content.startswith("✅ 🔒 Your profile is private")
    assert (await w.bot.service.privacy(w.carol.id)).private


async def test_a_profile_from_a_dm_reads_the_server_played_on(world: Any) -> None:
    w = world
    await play_game(w, w.alice, w.bob)
    r = await w.alice.user.slash("kontor profile")  # one server played on: that one, named
    assert r.response.content.startswith("📇 **alice** on **Hanse**\n**Tally (test game)**: 1 game played")
    r = await w.alice.slash(w.channel, "kontor profile")  # on the server itself: as /game profile
    assert r.response.content.startswith("📇 **alice** on this server")
    r = await w.carol.user.slash("kontor profile")  # never played
    assert r.response.content == "Profiles are kept per server, and you have not played on one yet."

    other = w.env.create_guild(name="Zunft")
    tische = other.create_text_channel("tische")
    alice_there, dave = other.add_member(w.alice.user), other.add_member(w.env.create_user("dave"))
    await alice_there.slash(tische, "game new", game="tally", options="length=short")
    await dave.slash(tische, "game join")
    r = await w.alice.user.slash("kontor profile")  # two servers: which one?
    assert r.response.content.startswith("Profiles are kept per server: name one with `server:`")
    choices = await w.alice.user.autocomplete("kontor profile", "server", "")
    assert [c["name"] for c in choices] == ["Zunft", "Hanse"]  # the latest first
    hanse = next(c["value"] for c in choices if c["name"] == "Hanse")
    r = await w.alice.user.slash("kontor profile", server=hanse, user=w.bob.user)
    assert r.response.content.startswith("📇 **bob** on **Hanse**")
    r = await dave.user.slash("kontor profile", server=hanse)  # dave never played on Hanse: not his to name
    assert r.response.content == "Pick one of the servers you played on from the suggestions of `server:`."
