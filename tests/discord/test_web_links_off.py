"""Without ``KONTOR_WEB_URL`` Discord links to no web page: no button under the board, no address in ``/game
status``, and ``/watch web`` says why in one sentence."""

from __future__ import annotations

from typing import Any

import discord

from tests.discord.helpers import new_table


async def test_no_web_no_links(world: Any) -> None:
    w = world
    assert w.bot.config.web_links is None
    await new_table(w, w.alice, w.bob)
    assert not [c for row in w.board().components for c in getattr(row, "children", [])
                if getattr(c, "style", None) == discord.ButtonStyle.link]
    assert "https://" not in ((await w.carol.slash(w.channel, "game status")).response.content or "")
    watch = await w.carol.slash(w.channel, "watch web")
    assert watch.ephemeral and watch.response.content.startswith("This bot has no web pages: its host has not set")
