"""No string forgotten through the Discord layer: a whole Speicherstadt game on SimCord (no images) under the
pseudo-locale ``qps`` (the terminal side, all four games: ``tests/i18n/test_whole_games.py``)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import rules
from tests.discord.conftest import set_server_locale
from tests.i18n.test_whole_games import BOTS
from tests.support.pseudo import untranslated


@pytest.mark.skipif("speicherstadt" not in rules.GAMES, reason="Speicherstadt not registered")
async def test_a_whole_speicherstadt_game_through_discord_in_the_pseudo_locale(world: Any, locales: dict[int, str]) \
        -> None:
    """Alice (her client in ``qps``) against two bots at a table whose channel reads ``qps``: her menus, replies and
    DMs and everything posted to the channel come through the catalogs."""
    from tests.discord.helpers import actor_of, choose, menu_actions, table
    from tests.discord.test_languages import click_turn

    w = world
    locales[w.alice.id] = "qps"
    set_server_locale(w, "qps")  # a new table reads the server's locale: the channel speaks qps from the lobby on
    await w.alice.slash(w.channel, "game new", game="speicherstadt")
    assert (await table(w)).settings["language"] == "qps"
    for _ in range(2):
        await w.alice.slash(w.channel, "game bot add")
    await w.alice.slash(w.channel, "game start")
    said: list[str] = []
    values: set[str] = set()
    for _ in range(1500):  # an unseeded game, Alice always taking her first option: its length varies a lot
        t = await table(w)
        if t.status != "active":
            break
        assert t.awaited, t
        actor = actor_of(w, t.awaited[0])
        menu = await click_turn(w, actor)
        actions = menu_actions(menu)
        values |= {word for action in actions for word in action.split()}
        said.append(menu.response.content or "")
        said += [str(embed.to_dict()) for embed in menu.response.embeds]
        said += _component_texts(menu)
        done = await choose(actor, menu, actions[0])
        if done.response is not None:
            said.append(done.response.content or "")
            said += _component_texts(done)
    assert (await table(w)).status == "finished"
    for message in w.channel.history():
        said.append(message.content or "")
        said += [str(embed.to_dict()) for embed in message.embeds]
        said += [str(getattr(c, "label", "") or "") for row in message.components for c in getattr(row, "children", [])]
    dm = w.alice.user.dm_channel
    for message in dm.history() if dm is not None else []:
        said.append(message.content or "")
        said += [str(embed.to_dict()) for embed in message.embeds]
    names = {"Alice", "alice", *BOTS, *(t.names or ())}
    names |= {"daily", "qps"}  # the pace is typed (a setting's value), the language's own name
    left = [(text, found) for text in said if (found := untranslated(_plain(text), allowed=names | values))]
    assert left == []
    assert len(said) > 100


def _component_texts(result: Any) -> list[str]:
    """Button labels, select placeholders and option labels (an option's value is the action string: typed)."""
    out: list[str] = []
    for row in result.response.components or []:
        for component in row.get("components", []):
            out += [str(component.get("label") or ""), str(component.get("placeholder") or "")]
            out += [str(option.get("label") or "") + " " + str(option.get("description") or "")
                    for option in component.get("options", [])]
    return out


_DICT_KEYS = re.compile(r"'(title|description|fields|name|value|inline|footer|text|color|type|author|url|image|"
                        r"thumbnail|timestamp|icon_url|proxy_url|height|width|flags)':")
_NOISE = re.compile(r"`[^`]*`|<[@#:!&][^>]*>|https?://\S+|attachment://\S+|\bTrue\b|\bFalse\b|\bNone\b|'rich'")


def _plain(text: str) -> str:
    """What a reader sees: embed dicts without their keys, no code spans (typed actions), mentions or links."""
    return _NOISE.sub(" ", _DICT_KEYS.sub(" ", text.replace("\\n", " ")))
