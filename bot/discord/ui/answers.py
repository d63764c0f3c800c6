"""The shared start of a button pressed on a running game (the vote and reclaim buttons): answer privately, check
that the button's game is still the channel's running one, and turn a refusal into the private answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.discord.ui.text import clip, shown
from bot.table import TableError

T = TypeVar("T")


async def on_running_game(interaction: discord.Interaction[Any], channel: int, game: int, over: str,
                          work: Callable[[], Awaitable[T]]) -> T | None:
    """Defer privately, refuse with ``over`` unless game ``game`` is the channel's running game, then ``work()``.
    A refusal (``TableError``) is answered and gives None; the caller answers the success."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot: Any = interaction.client
    try:
        table = await bot.service.table(channel)
        if table.game_id != game or table.status != "active":
            raise TableError(over)
        return await work()
    except TableError as exc:
        await interaction.edit_original_response(content=clip(shown(exc.message), 2000))
        return None
