"""The end of a game: **Rematch** under the final board, and **Join the rematch** under the new table it opens.

Both are persistent (``DynamicItem``, registered with the others in ``bot.discord.ui.items``): the custom id carries the
finished game (and the new table), so they work after a restart. Any player of the finished game may press
Rematch: a table opens in the same channel with the same game, options and settings, the presser hosting and the
old game's bots seated; the other players press Join the rematch, and the game starts (with a new seed) as soon as
every seat of the old game is taken again. The host may start earlier with ``/game start``. The table decides
everything (``TableService.rematch``, ``rematch_join``); refusals are answered privately (``answers.refuse``).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord import table_threads
from bot.discord.dms import DM_HELP
from bot.discord.ui import embeds
from bot.discord.ui.answers import refuse
from bot.discord.ui.text import NO_PING, clip, mentions, pings, shown, table_language
from bot.lang import speaking
from bot.table import Table, TableError, Update
from rules.words import translator

_, _n = translator("discord")
PREFIX = "kontor"
Inter = discord.Interaction[Any]


def begins_text(table: Table) -> str:
    """The public start of a game (the caller speaks the table's language)."""
    return "🎲 " + _("**{title}** begins! Fair dice: the seed's SHA-256 is `{digest}`; the seed itself is revealed at"
                    " the end so anyone can replay and check every shuffle.").format(
        title=_(table.title), digest=table.seed_digest or "")


async def _started(interaction: Inter, update: Update) -> None:
    """The rematch began: say so in the channel (the digest) and post its first board."""
    bot: Any = interaction.client
    with speaking(table_language(update.table)):
        text = begins_text(update.table)
    await interaction.followup.send(text, allowed_mentions=NO_PING)
    await bot.notifier.publish(update)
    await table_threads.started(bot, update.table)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:rematch:(?P<game>[0-9]+)"):
    """Under a finished game's final board: a new table with the same seats."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label=_("Rematch"), style=discord.ButtonStyle.success, emoji="🔁",
                                           custom_id=f"{PREFIX}:rematch:{game}"))
        self.game_id = game

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        user = interaction.user
        try:
            update: Update = await bot.service.rematch(self.game_id, user.id, user.display_name)
            old: Table = await bot.service.table_of_game(self.game_id)
        except TableError as exc:
            await refuse(interaction, exc)
            return
        table = update.table
        await table_threads.reopen(bot, table.channel)  # the finished game archived its own thread
        if table.status == "active":  # nobody else to wait for (the presser and bots): it began at once
            with speaking(table_language(table)):  # public: the channel's language
                text = "🔁 " + _("{name} started a rematch of game #{game} with the same seats.").format(
                    name=shown(user.display_name), game=self.game_id)
            await interaction.response.send_message(text, allowed_mentions=NO_PING)
            await _started(interaction, update)
            return
        others = [u for u in old.humans if u != user.id]
        with speaking(table_language(table)):
            text = "🔁 " + _("**Rematch!** {players}: press **Join the rematch** to take your seat again. The game "
                            "starts with a new seed as soon as everyone is back (or when the host runs "
                            "`/game start`).").format(players=mentions(others))
            embed = embeds.lobby_embed(table, update.public_events)
            view = rematch_view(self.game_id, table.game_id)
        await interaction.response.send_message(clip(text, 2000), embed=embed, view=view,
                                                allowed_mentions=pings(others))


class RematchJoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                        template=rf"{PREFIX}:rejoin:(?P<game>[0-9]+):(?P<lobby>[0-9]+)"):
    """Under a rematch's table: a player of the finished game takes their seat again."""

    def __init__(self, game: int, lobby: int) -> None:
        super().__init__(discord.ui.Button(label=_("Join the rematch"), style=discord.ButtonStyle.primary, emoji="✅",
                                           custom_id=f"{PREFIX}:rejoin:{game}:{lobby}"))
        self.game_id, self.lobby = game, lobby

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> RematchJoinButton:
        return cls(int(match["game"]), int(match["lobby"]))

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        user = interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)  # the last seat starts the game: bots move
        try:
            update: Update = await bot.service.rematch_join(self.game_id, self.lobby, user.id, user.display_name)
        except TableError as exc:
            await refuse(interaction, exc)
            return
        if update.table.status == "active":
            await interaction.edit_original_response(content="✅ " + _("You are back at the table, and so is "
                                                                      "everyone: the rematch begins."))
            await _started(interaction, update)
        else:
            await interaction.edit_original_response(content="✅ " + _("You took your seat at the rematch."))
            with speaking(table_language(update.table)):
                embed = embeds.lobby_embed(update.table, update.public_events, update.chances)
            await interaction.followup.send(embed=embed, allowed_mentions=NO_PING)
            if not await bot.notifier.check_dm(user, update.table):  # as /game join does
                await interaction.followup.send(_(DM_HELP), ephemeral=True)


def rematch_view(game: int, lobby: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchJoinButton(game, lobby))
    return view
