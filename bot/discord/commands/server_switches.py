"""The server's switches in ``/game settings`` (Manage Server, checked before anything changes): ``web:``, whether the
server's web pages are served (docs/web.md), and ``card:``, how its boards are posted — the turn card (``v2``) or the
embed form for clients that cannot show the card (docs/discord.md, "The turn card"). Both are the server's, not the
table's: they apply to every table of the server, from its next post."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.commands.seasons import is_manager
from bot.table import TableError, TableService
from rules.words import translator

_, _n = translator("bot")

CARD_CHOICES = ("v2", "embed")


def check_setter(interaction: discord.Interaction[Any], *, web: bool) -> None:
    """Refuse, before anything changes, a switch set outside a server or by someone who cannot manage it."""
    if interaction.guild_id is None:
        raise TableError(_("Use this in a server: its web pages are the server's.") if web else
                         _("Use this in a server: how boards are posted is the server's choice."))
    if not is_manager(interaction):
        raise TableError(_("Only members who can manage this server (Manage Server) can turn its web pages on or "
                           "off.") if web else
                         _("Only members who can manage this server (Manage Server) can choose how its boards are "
                           "posted."))


async def web_setting(svc: TableService, interaction: discord.Interaction[Any], web: str) -> str:
    """Turn the server's web pages on or off; the line saying so. A server's pages off: every page of it is the web's
    plain 404, and no post links to one."""
    check_setter(interaction, web=True)
    assert interaction.guild_id is not None
    on = await svc.set_web_pages(interaction.guild_id, web == "on")
    return (_("🌐 This server's web pages are on: `/watch web` gives their links.") if on else
            _("🌐 This server's web pages are off: every page of its tables is gone, and no post links to one."))


async def card_setting(svc: TableService, interaction: discord.Interaction[Any], card: str) -> str:
    """Choose how the server's boards are posted; the line saying so."""
    check_setter(interaction, web=False)
    assert interaction.guild_id is not None
    form = await svc.set_card_form(interaction.guild_id, card)
    return (_("🃏 This server's boards are now posted as one turn card (from the next post).") if form == "v2" else
            _("🃏 This server's boards are now posted as embeds, for clients that cannot show the turn card (from "
              "the next post)."))
