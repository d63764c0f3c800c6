"""``/learn``: learning the games at the table (docs/learning.md). Its own top-level group: ``/game`` is full at
Discord's 25 subcommands. ``hint`` and ``review`` come from ``learn_advice.add_advice``."""

from __future__ import annotations

from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.learn_advice import add_advice


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="learn", description="Learn the games at the table: hints and reviews")
    add_advice(group, bot)
    bot.tree.add_command(group)
