"""Refusals, answered in one place: ``refuse`` turns a ``TableError`` into the user's private answer, for the
command tree's error handler (``bot.discord.app.KontorTree``: every app command's refusal) and the buttons; and
``on_running_game``, the shared start of a button pressed on a running game (the vote and reclaim buttons)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord

from bot.discord.ui.text import NO_PING, clip, shown
from bot.table import TableError

T = TypeVar("T")


def refusal_text(error: TableError) -> str:
    """A refusal's text as Discord shows it: names and echoed input read literally (``shown``: no markdown, no
    mention), while a command the text quotes as `code` stays code (nothing renders inside a code span)."""
    parts = error.message.split("`")
    if len(parts) % 2 == 0:  # an unpaired backtick: no span to keep
        return clip(shown(error.message), 2000)
    return clip("`".join(part if i % 2 else shown(part) for i, part in enumerate(parts)), 2000)


async def refuse(interaction: discord.Interaction[Any], error: TableError) -> None:
    """Tell the user why nothing happened, privately: the refusal's text (made in the user's language, which the
    interaction speaks; ``refusal_text``). An interaction already acknowledged is followed up; after a deferral that
    fills its "thinking…" answer, keeping its visibility."""
    text = refusal_text(error)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PING)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PING)


async def on_running_game(interaction: discord.Interaction[Any], channel: int, game: int, over: str,
                          work: Callable[[], Awaitable[T]]) -> T | None:
    """Defer privately, refuse with ``over`` unless game ``game`` is the channel's running game, then ``work()``.
    A refusal (``TableError``) is answered (``refuse``) and gives None; the caller answers the success."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot: Any = interaction.client
    try:
        table = await bot.service.table(channel)
        if table.game_id != game or table.status != "active":
            raise TableError(over)
        return await work()
    except TableError as exc:
        await refuse(interaction, exc)
        return None
