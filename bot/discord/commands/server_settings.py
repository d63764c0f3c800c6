"""The server's own settings that ``/game settings`` also takes (Manage Server, checked before anything): ``web``
(its web pages, docs/web.md), ``threads`` (a thread per table, docs/discord.md "A thread per table") and ``card`` (how
its boards are posted: the turn card, ``v2``, or the embed form for clients that cannot show it; docs/discord.md "The
turn card"). A game's settings are its table's; these hold for every table of the server, from its next post."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.botcore import BotCore
from bot.discord.commands.seasons import is_manager
from bot.table import TableError
from rules.words import translator

_, _n = translator("discord")

CARD_CHOICES = ("v2", "embed")


def check_server_setter(interaction: discord.Interaction[Any], *, web: str | None, threads: str | None,
                        card: str | None = None) -> None:
    """Refuse a server setting to anyone who may not change it, before anything changes."""
    if web is None and threads is None and card is None:
        return
    if interaction.guild_id is None:
        raise TableError(_("Use this in a server: its web pages are the server's.") if web is not None else
                         _("Use this in a server: a thread per table is the server's choice.") if threads is not None
                         else _("Use this in a server: how boards are posted is the server's choice."))
    if not is_manager(interaction):
        if web is not None:
            raise TableError(_("Only members who can manage this server (Manage Server) can turn its web pages on or "
                               "off."))
        if threads is not None:
            raise TableError(_("Only members who can manage this server (Manage Server) can choose whether tables "
                               "open in threads."))
        raise TableError(_("Only members who can manage this server (Manage Server) can choose how its boards are "
                           "posted."))


async def server_settings(bot: BotCore, interaction: discord.Interaction[Any], *, web: str | None,
                          threads: str | None, card: str | None = None) -> str:
    """Set the server settings given (``check_server_setter`` says who may); the lines saying what they are now, ""
    when none was given. Web pages off: every page of the server is the web's plain 404, and no post links to one."""
    check_server_setter(interaction, web=web, threads=threads, card=card)
    lines = []
    guild = interaction.guild_id
    if web is not None and guild is not None:
        on = await bot.service.set_web_pages(guild, web == "on")
        lines.append(_("🌐 This server's web pages are on: `/watch web` gives their links.") if on else
                     _("🌐 This server's web pages are off: every page of its tables is gone, and no post links to "
                       "one."))
    if threads is not None and guild is not None:
        on = await bot.service.set_threads(guild, threads == "on")
        lines.append(_("🧵 From now on `/game new` in a channel opens each table in its own thread of it.") if on else
                     _("🧵 From now on `/game new` opens the table in the channel where it is run."))
    if card is not None and guild is not None:
        form = await bot.service.set_card_form(guild, card)
        lines.append(_("🃏 This server's boards are now posted as one turn card (from the next post).") if form == "v2"
                     else _("🃏 This server's boards are now posted as embeds, for clients that cannot show the turn "
                            "card (from the next post)."))
    return "\n".join(lines)
