"""``/learn start`` for Colonia (in German) and Die Siedler von Nürnberg (in Italian) on SimCord: the guided game
starts, and each kind of decision the learner meets is explained once, in their language, above its menu
(docs/learning.md)."""

from __future__ import annotations

import dataclasses

import pytest

import rules
from bot.lang import speaking
from rules.words import translator
from tests.discord.conftest import World
from tests.discord.helpers import choose, menu_actions
from tests.discord.test_languages import click_turn

#: how many of the learner's decisions each game is followed for (a few kinds each)
DECISIONS = 8


@pytest.mark.parametrize(("name", "lang"), [("colonia", "de"), ("nuernberg", "it")])
async def test_a_guided_game_explains_each_kind_of_decision_once_in_the_learners_language(
        world: World, locales: dict[int, str], name: str, lang: str) -> None:
    w, svc = world, world.bot.service
    locales[w.alice.id] = lang
    started = await w.alice.slash(w.channel, "learn start", game=name)
    [thread] = w.channel.threads
    assert f"<#{thread.id}>" in started.response.content
    table = await svc.table(thread.id)
    assert table.settings["guide"] == "on" and table.settings["language"] == lang and table.game == name
    book = rules.GAMES[name].guide_book
    assert book is not None
    _, _n = translator(name)
    here = dataclasses.replace(w, channel=thread)
    said: list[str] = []
    met: list[str] = []
    for _turn in range(DECISIONS):
        table = await svc.table(thread.id)
        if w.alice.id not in table.awaited:
            break
        key = book.guide_for(await svc.private_view(thread.id, w.alice.id))
        assert key is not None
        met.append(key)
        menu = await click_turn(here, w.alice)
        said.append(menu.response.content)
        done = await choose(w.alice, menu, menu_actions(menu)[0])
        said.append(done.response.content if done.response is not None else "")
    everything = "\n".join(said)
    assert len(set(met)) >= 2, met
    for key in set(met):  # each kind met was explained once, translated, before the menu it explains
        with speaking(lang):
            text = _(book.steps()[key])
        assert text != book.steps()[key] and everything.count(text) == 1, key
    first = said[0]
    with speaking(lang):
        assert _(book.steps()[met[0]]) in first
