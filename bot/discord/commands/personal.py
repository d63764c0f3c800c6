"""``/kontor …``: a player's own commands, everywhere — in a server, in a DM with the bot, in a group DM and on servers
without Kontor (a user install): ``mygames``, ``profile``, ``notify`` and ``privacy``.

Discord sets where a command may be used (``allowed_contexts``) and how it is installed (``allowed_installs``) per
top-level command, never per subcommand. ``/game`` holds the table commands, which only mean something in a table's
channel on a server with Kontor, so it stays guild-installed and guild-only: Discord never offers ``/game join`` in a
DM. The personal commands need no table, so they are offered again in their own group, installable by a user and
usable anywhere (docs/discord.md, "Your commands everywhere"); ``/game``'s copies stay for those who know them. Both
run the same code (``mygames_command``, ``notify_command``, ``privacy_command``, ``show_profile``).

A profile is kept per server. Outside a server with Kontor, ``/kontor profile`` reads it on the server named by
``server:`` (autocompleted with the servers the reader played on, the latest first), or on the only one they played
on; a server the reader never played on is refused, so nobody learns of a server through it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.club import games_matching, show_profile
from bot.discord.commands.preferences import notify_command
from bot.discord.commands.records import mygames_command
from bot.discord.commands.seasons import privacy_command
from bot.discord.ui.text import clip
from bot.table import TableError
from rules.words import translator

_, _n = translator("discord")

GROUP = "kontor"
#: A user install: the commands follow the user to every server and DM, wherever the bot itself is.
EVERYWHERE = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
MAX_CHOICES = 25


def kontor_server(bot: BotCore, interaction: discord.Interaction[Any]) -> int | None:
    """The server the interaction comes from, when Kontor is on it (its tables and profiles live there); None in a
    DM, a group DM, or a server that only has the user's install."""
    guild = interaction.guild_id
    if guild is None or bot.get_guild(guild) is None:
        return None
    return guild


def server_name(bot: BotCore, guild: int) -> str:
    found = bot.get_guild(guild)
    return str(found.name) if found is not None else _("server {id}").format(id=guild)


async def profile_server(bot: BotCore, interaction: discord.Interaction[Any], server: str | None) -> tuple[int, bool]:
    """Which server's profile is asked for, and whether the reader is elsewhere (the answer names the server)."""
    here = kontor_server(bot, interaction)
    if server is None and here is not None:
        return here, False
    played = await bot.service.profile_servers(interaction.user.id)
    if server is not None:
        guild = int(server) if server.isdecimal() and len(server) <= 20 else None
        if guild is None or guild not in played:
            raise TableError(_("Pick one of the servers you played on from the suggestions of `server:`."))
        return guild, guild != here
    if len(played) == 1:
        return played[0], True
    if not played:
        raise TableError(_("Profiles are kept per server, and you have not played on one yet."))
    raise TableError(_("Profiles are kept per server: name one with `server:` (the suggestions are the servers you"
                       " played on)."))


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name=GROUP, description="Your games, profile and notices, anywhere (also in DMs)",
                               allowed_contexts=EVERYWHERE, allowed_installs=INSTALLS)

    @app_commands.command(name="profile",
                          description="A player's games, wins and ratings on a server (only you see it)")
    @app_commands.describe(user="Whose profile (default: yours)", game="Only this game",
                           server="Which server (default: this one, or the one you played on)")
    async def profile(interaction: discord.Interaction[Any], user: discord.User | None = None,
                      game: str | None = None, server: str | None = None) -> None:
        guild, elsewhere = await profile_server(bot, interaction, server)
        await show_profile(bot, interaction, guild, user or interaction.user, game,
                           server_name(bot, guild) if elsewhere else None)

    @profile.autocomplete("game")
    async def profile_game(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        return games_matching(bot, current)

    @profile.autocomplete("server")
    async def profile_servers(interaction: discord.Interaction[Any],
                              current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold()
        choices = [(server_name(bot, g), g) for g in await bot.service.profile_servers(interaction.user.id)]
        return [app_commands.Choice(name=clip(name, 100), value=str(g)) for name, g in choices
                if typed in name.casefold() or typed == str(g)][:MAX_CHOICES]

    for command in (mygames_command(bot), profile, notify_command(bot), privacy_command(bot)):
        group.add_command(command)
    bot.tree.add_command(group)
