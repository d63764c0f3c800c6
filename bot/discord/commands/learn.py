"""``/learn``: learning a game at the table (docs/learning.md). Its own top-level group: ``/game`` is full (Discord
allows 25 subcommands). The guided first game's commands are in ``learn_guide.py``, the hints and the review in
``learn_advice.py``."""

from __future__ import annotations

from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.learn_advice import add_advice
from bot.discord.commands.learn_guide import add_guide


def setup(bot: BotCore) -> None:
    group = app_commands.Group(name="learn", description="Learn a game at the table: a guided first game",
                               guild_only=True)
    add_guide(group, bot)
    add_advice(group, bot)
    bot.tree.add_command(group)
