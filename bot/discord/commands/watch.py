"""``/watch``: following a table. ``/watch web`` gives the channel's table's web page and the server's pages, privately
(docs/web.md); the links exist only when the bot is told the pages' address (``KONTOR_WEB_URL``) and the server has
not turned its pages off (``/game settings web:``). ``/watch follow`` and ``/watch unfollow`` add you to a table's
thread or take you out of it (docs/discord.md, "A thread per table"). Its own top-level group: ``/game`` is full
(Discord allows 25 subcommands)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord import table_threads
from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.ui.text import clip
from bot.discord.weblinks import server_link, table_link
from bot.table import Table, TableError
from rules.words import translator

_, _n = translator("discord")


async def _table_here(bot: BotCore, channel: int | None) -> Table | None:
    """The channel's table, if it has one (none: the server's pages are still worth giving)."""
    if channel is None:
        return None
    try:
        table: Table = await bot.service.table(channel)
    except TableError:
        return None
    return table


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="watch", description="Follow a table from outside Discord", guild_only=True)

    @group.command(name="web", description="This table's web page, and this server's (only you see them)")
    async def web(interaction: discord.Interaction[Any]) -> None:
        if bot.config.web_links is None:
            raise TableError(_("This bot has no web pages: its host has not set KONTOR_WEB_URL."))
        if interaction.guild_id is not None and not await bot.service.web_pages(interaction.guild_id):
            raise TableError(_("This server's web pages are turned off (`/game settings web:on` turns them on)."))
        lines = []
        table = await _table_here(bot, interaction.channel_id)
        if table is not None and (link := await table_link(bot, table)) is not None:
            lines.append(_("🌐 {title} (game #{id}): <{url}>").format(title=_(table.title), id=table.game_id, url=link))
        else:
            lines.append(_("There is no table in this channel yet."))
        if (server := await server_link(bot, interaction.guild_id)) is not None:
            lines.append(_("🏛️ This server's tables, leaderboards and tournaments: <{url}>").format(url=server))
        await reply(interaction, "\n".join(lines))

    @group.command(name="follow", description="Join a table's thread: its posts reach you (only you see the answer)")
    @app_commands.describe(table="The table's game number, when this channel has several in threads")
    async def follow(interaction: discord.Interaction[Any], table: app_commands.Range[int, 1] | None = None) -> None:
        found, thread = await table_threads.followed_table(bot, interaction, table)
        user = interaction.user.id
        if await table_threads.follows(thread, user):
            raise TableError(_("You already follow {thread}.").format(thread=thread.mention))
        try:
            await thread.add_user(interaction.user)
        except discord.Forbidden:
            raise TableError(_("I may not add members to {thread} (I need Send Messages in Threads there).").format(
                thread=thread.mention)) from None
        except discord.NotFound:
            raise TableError(_("That table's thread is gone.")) from None
        await reply(interaction, "🧵 " + _("You now follow **{title}** (game #{id}) in {thread}: its posts reach "
                                          "you.").format(title=_(found.title), id=found.game_id, thread=thread.mention))

    @group.command(name="unfollow", description="Leave a table's thread (only you see the answer)")
    @app_commands.describe(table="The table's game number, when this channel has several in threads")
    async def unfollow(interaction: discord.Interaction[Any], table: app_commands.Range[int, 1] | None = None
                       ) -> None:
        found, thread = await table_threads.followed_table(bot, interaction, table)
        if not await table_threads.follows(thread, interaction.user.id):
            raise TableError(_("You do not follow {thread}.").format(thread=thread.mention))
        try:
            await thread.remove_user(interaction.user)
        except discord.Forbidden:
            raise TableError(_("I may not take members out of {thread} (that needs Manage Threads): leave it from the "
                               "thread's menu (Leave Thread).").format(thread=thread.mention)) from None
        except discord.NotFound:
            raise TableError(_("That table's thread is gone.")) from None
        await reply(interaction, "🧵 " + _("You no longer follow **{title}** (game #{id}) in {thread}.").format(
            title=_(found.title), id=found.game_id, thread=thread.mention))

    @follow.autocomplete("table")
    @unfollow.autocomplete("table")
    async def table_choices(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[int]]:
        """This channel's open tables in threads: "#12 Colonia · Anna, Ben"."""
        out = []
        for found in await table_threads.tables_in_threads(bot, interaction):
            name = clip(f"#{found.game_id} " + table_threads.thread_name(found), 100)
            if current.strip().casefold() in name.casefold():
                out.append(app_commands.Choice(name=name, value=found.game_id))
        return out[:25]

    bot.tree.add_command(group)
