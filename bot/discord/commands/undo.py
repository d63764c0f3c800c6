"""``/game undo``: take back your latest move in this channel's game, while nothing was drawn or revealed since and no
other player has acted (the table decides: ``TableService.undo``). Added to the ``/game`` group that
``commands.lobby`` builds (call ``setup`` after ``lobby.setup``); the flow is the Undo button's
(``bot.discord.ui.undo.take_back``).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.ui.undo import take_back
from rules.words import translator

_, _n = translator("discord")


def setup(bot: BotCore) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds to the /game group: run bot.discord.commands.lobby.setup first")

    @app_commands.command(name="undo", description="Take back your latest move (before anything is drawn or revealed,"
                                                   " and before another player acts)")
    async def undo(interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            await reply(interaction, _("Use this in the game's channel."))
            return
        await take_back(interaction, interaction.channel_id)

    group.add_command(undo)
