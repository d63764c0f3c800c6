"""``/game away``, ``/game back`` and ``/game seat reclaim``: a player's time away from all their games, and taking a
seat back from the caretaker.

Added to the ``/game`` group that ``commands.lobby`` builds (call ``setup`` after ``lobby.setup``). Translation only:
the table (``TableService.away``, ``back``, ``reclaim``) decides; each table's announcement goes to its channel. A
refusal (``TableError``) is raised, and the command tree answers it privately (``bot.discord.app.KontorTree``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.ui.text import clip
from bot.table import MAX_AWAY_DAYS, TableError
from rules.words import translator

_, _n = translator("discord")


def setup(bot: BotCore) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds to the /game group: run bot.discord.commands.lobby.setup first")

    async def announce(updates: list[Any]) -> None:
        for update in updates:
            await bot.notifier.publish(update)

    @app_commands.command(name="away", description="Pause your clocks in all your running games (up to 14 days)")
    @app_commands.describe(days=f"How many days you are away (1–{MAX_AWAY_DAYS}; each game allows 14 days in all)")
    async def away(interaction: discord.Interaction[Any],
                   days: app_commands.Range[int, 1, 14]) -> None:  # 14: MAX_AWAY_DAYS (a literal for discord.py)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, updates = await bot.service.away(interaction.user.id, days)
        await interaction.edit_original_response(
            content=clip("🏖️ " + _("Your clocks are paused; nobody plays for you and you are not pinged.") + "\n" + text
                         + "\n" + _("`/game back` ends it early."), 2000))
        await announce(updates)

    @app_commands.command(name="back", description="End your time away early: your clocks run again")
    async def back(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        updates = await bot.service.back(interaction.user.id)
        await interaction.edit_original_response(content="👋 " + _n(
            "Welcome back: your clocks run again in {n} game.", "Welcome back: your clocks run again in {n} games.",
            len(updates)).format(n=len(updates)))
        await announce(updates)

    seat_group = group.get_command("seat")
    if not isinstance(seat_group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds /game seat reclaim to lobby's /game seat group")

    @app_commands.command(name="reclaim", description="Take your seat back from the caretaker")
    async def reclaim(interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise TableError(_("Use this in the game's channel or thread."))
        await interaction.response.defer(ephemeral=True, thinking=True)
        update = await bot.service.reclaim(interaction.channel_id, interaction.user.id)
        await interaction.edit_original_response(content="✅ " + _("The seat is yours again."))
        await bot.notifier.publish(update)

    commands: tuple[app_commands.Command[Any, ..., Any], ...] = (away, back)
    for command in commands:
        group.add_command(command)
    seat_group.add_command(reclaim)  # /game seat reclaim
