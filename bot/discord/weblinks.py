"""The links to the web pages (docs/web.md) in Discord's posts: a board post's "View on the web" button, the page
named by ``/game status`` and ``/game log``, and ``/watch web``. Only when the bot is told the pages' address
(``KONTOR_WEB_URL``, ``Config.web_links``) and the table's server has not turned its pages off (``/game settings
web:``); otherwise no link anywhere."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.botcore import BotCore
from bot.table import Table
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.discord")


async def table_link(bot: BotCore, table: Table) -> str | None:
    """The table's page, or None (no web configured, or its server turned its pages off)."""
    links = bot.config.web_links
    if links is None:
        return None
    try:
        served = await bot.service.web_pages(table.guild)
    except Exception:  # a link is never worth a post: without the answer, no link
        log.warning("could not read whether server %s serves its pages", table.guild, exc_info=True)
        return None
    return links.table(table.game_id) if served else None


async def server_link(bot: BotCore, guild: int | None) -> str | None:
    links = bot.config.web_links
    if links is None or guild is None or not await bot.service.web_pages(guild):
        return None
    return links.server(guild)


def link_button(url: str) -> discord.ui.Button[Any]:
    """The "View on the web" button: a link, which Discord opens itself (no interaction comes back)."""
    return discord.ui.Button(style=discord.ButtonStyle.link, label=_("View on the web"), url=url, emoji="🌐")


def page_line(url: str | None) -> str:
    """The line that names a table's page (empty without one)."""
    return "\n" + _("🌐 On the web: <{url}>").format(url=url) if url else ""
