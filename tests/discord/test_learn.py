"""``/learn start`` on SimCord: a guided first game in a private thread, its first round in French, the guide turned
off, the rules by topic, and the clear refusal where no private thread can be opened (docs/learning.md)."""

from __future__ import annotations

import dataclasses
import types
from typing import Any

import discord
import pytest
from simcord.backend.errors import BackendError

from bot.lang import speaking
from bot.table import TableError
from rules.speicherstadt import guide
from rules.words import translator
from tests.discord.conftest import World
from tests.discord.helpers import choose, menu_actions
from tests.discord.test_languages import click_turn, embed_text

_, _n = translator("speicherstadt")


def french(key: str) -> str:
    with speaking("fr"):
        return _(guide.STEPS[key])


async def test_a_guided_first_round_in_french_explains_each_new_decision_once_then_the_guide_can_leave(
        world: World, locales: dict[int, str]) -> None:
    w, svc = world, world.bot.service
    locales[w.alice.id] = "fr"
    started = await w.alice.slash(w.channel, "learn start", game="speicherstadt")
    [thread] = w.channel.threads
    assert f"<#{thread.id}>" in started.response.content and "partie guidée" in started.response.content
    assert thread._channel.type == discord.ChannelType.private_thread.value  # SimCord's record of the thread
    table = await svc.table(thread.id)
    assert table.settings["guide"] == "on" and table.settings["language"] == "fr"
    assert [s.user_id for s in table.seats].count(w.alice.id) == 1 and len(table.seats) == 3
    assert all(s.is_bot and s.level == "basic" for s in table.seats if s.user_id != w.alice.id)
    assert not any(thread.id == m.channel.id for m in w.channel.history())  # nothing of it in the channel itself
    here = dataclasses.replace(w, channel=thread)
    said: list[str] = []
    met: list[str] = []
    while (await svc.public_view(thread.id))["round"] == 1:
        table = await svc.table(thread.id)
        assert list(table.awaited) == [w.alice.id]
        key = guide.guide_for(await svc.private_view(thread.id, w.alice.id))
        assert key is not None
        met.append(key)
        menu = await click_turn(here, w.alice)
        said.append(menu.response.content)
        done = await choose(w.alice, menu, menu_actions(menu)[0])
        said.append(done.response.content if done.response is not None else "")
    everything = "\n".join(said)
    assert "demand" in met
    for key in set(met):  # each kind Alice met this round was explained once, in French, before its menu
        assert everything.count(french(key)) == 1, key
    first = said[0]
    assert first.index(french("demand")) < first.index("tes choix")
    assert "/apprendre arrêter" in first
    stopped = await w.alice.slash(thread, "learn stop")
    assert "Le guide est désactivé" in stopped.response.content
    assert (await svc.table(thread.id)).settings["guide"] == "off"
    later = await click_turn(here, w.alice)
    assert "📖" not in later.response.content  # the game goes on, unexplained
    rules = await w.alice.slash(thread, "game rules", topic="purchase")
    text = embed_text(rules)
    assert "Achat" in text and french("purchase")[:60] in text


async def test_a_guide_refuses_an_unknown_topic_and_only_its_player_turns_it_off(world: World) -> None:
    w = world
    await w.alice.slash(w.channel, "learn start", game="strasbourg")
    [thread] = w.channel.threads
    refused = await w.alice.slash(thread, "game rules", game="strasbourg", topic="dragons")
    assert "No topic 'dragons' in the rules of Strasbourg. Topics: setup, round, planning" in refused.response.content
    with pytest.raises(BackendError, match="Missing Access"):  # a private thread: Bob cannot even reach it
        await w.bob.slash(thread, "learn stop")
    for user in (w.bob.id, w.carol.id):  # nor turn its guide off from elsewhere
        with pytest.raises(TableError, match="You are not playing at this table"):
            await w.bot.service.set_guide(thread.id, user, False)
    assert (await w.bot.service.table(thread.id)).settings["guide"] == "on"


async def test_where_no_private_thread_can_be_opened_nothing_starts_and_the_player_is_told_why(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    w = world

    async def refused(*args: Any, **kwargs: Any) -> Any:
        raise discord.Forbidden(types.SimpleNamespace(status=403, reason="Forbidden"), "Missing Permissions")

    monkeypatch.setattr(discord.TextChannel, "create_thread", refused)
    said = await w.alice.slash(w.channel, "learn start", game="speicherstadt")
    assert "I could not open a private thread in this channel" in said.response.content
    assert w.channel.threads == []
    with pytest.raises(TableError, match="No game has been played in this channel yet"):
        await w.bot.service.table(w.channel.id)
