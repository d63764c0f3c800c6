"""``/learn hint`` and ``/learn review`` (docs/learning.md): the strong bot's two best options for your decision now,
and after a game what it would have done at your three costliest decisions, each with the board of that moment. Both
private. Added to the ``/learn`` group by ``add_advice`` (``bot/discord/commands/learn.py`` builds the group; ``/game``
is full at Discord's 25 subcommands, so the issue's ``/game hint`` and ``/game review`` live here).

Translation only: the table decides (``TableService.hint``, ``review``, ``review_image``); a refusal (``TableError``)
is raised, and the command tree answers it privately (``bot.discord.app.KontorTree``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.ui.files import describe, image_file
from bot.discord.ui.text import NO_PING, clip
from bot.table import Hint, Review, TableError, hint_lines, review_lines
from rules.words import translator

_, _n = translator("discord")


def add_advice(group: app_commands.Group, bot: BotCore) -> None:
    """Add ``hint`` and ``review`` to the ``/learn`` group."""

    @group.command(name="hint", description="The strong bot's two best options for your decision now (only you see it)")
    async def hint(interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise TableError(_("Use this in the game's channel or thread."))
        await interaction.response.defer(ephemeral=True, thinking=True)  # the search takes a few seconds
        given: Hint = await bot.service.hint(interaction.channel_id, interaction.user.id)
        await interaction.followup.send(clip("\n".join(hint_lines(given)), 2000), ephemeral=True,
                                        allowed_mentions=NO_PING)

    @group.command(name="review", description="After a game: what the strong bot would have done (only you see it)")
    @app_commands.describe(game="The game's number (default: your latest finished game in this channel)")
    async def review(interaction: discord.Interaction[Any], game: app_commands.Range[int, 1] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a replay and up to three boards
        done: Review = await bot.service.review(interaction.user.id, interaction.channel_id, game)
        files: list[discord.File] = []
        if done.items:
            rules_game, names = bot.service.game(done.game), list(done.names)
            for i, item in enumerate(done.items):
                png = await bot.service.review_image(done, i)
                files += image_file(png, f"review-{i + 1}.png", describe(rules_game, item.view, names))
        await interaction.followup.send(clip("\n".join(review_lines(done)), 2000), files=files, ephemeral=True,
                                        allowed_mentions=NO_PING)
