"""``/watch``: following a table from outside Discord (docs/web.md). ``/watch web`` gives the channel's table's web
page and the server's pages, privately. Its own top-level group: ``/game`` is full (Discord allows 25 subcommands).
The links exist only when the bot is told the pages' address (``KONTOR_WEB_URL``) and the server has not turned its
pages off (``/game settings web:``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.weblinks import server_link, table_link
from bot.table import TableError
from rules.words import translator

_, _n = translator("discord")


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="watch", description="Follow a table from outside Discord", guild_only=True)

    @group.command(name="web", description="This table's web page, and this server's (only you see them)")
    async def web(interaction: discord.Interaction[Any]) -> None:
        if bot.config.web_links is None:
            raise TableError(_("This bot has no web pages: its host has not set KONTOR_WEB_URL."))
        if interaction.guild_id is not None and not await bot.service.web_pages(interaction.guild_id):
            raise TableError(_("This server's web pages are turned off (`/game settings web:on` turns them on)."))
        lines = []
        table = None
        if interaction.channel_id is not None:
            try:
                table = await bot.service.table(interaction.channel_id)
            except TableError:  # no game here: the server's pages are still worth giving
                table = None
        if table is not None and (link := await table_link(bot, table)) is not None:
            lines.append(_("🌐 {title} (game #{id}): <{url}>").format(title=_(table.title), id=table.game_id, url=link))
        else:
            lines.append(_("There is no table in this channel yet."))
        if (server := await server_link(bot, interaction.guild_id)) is not None:
            lines.append(_("🏛️ This server's tables, leaderboards and tournaments: <{url}>").format(url=server))
        await reply(interaction, "\n".join(lines))

    bot.tree.add_command(group)
