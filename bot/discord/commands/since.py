"""``/game since``: what happened in this channel's game since your own latest move — the digest, then the board after
each move since (replayed from the log, public views only), one per page with Previous/Next (bot/discord/ui/since.py).

Added to the ``/game`` group that ``commands.lobby`` builds (call ``setup`` after ``lobby.setup``). Translation only:
the table (``TableService.since_last_move``, ``since_image``) decides; a refusal (``TableError``) is raised, and the
command tree answers it privately (``bot.discord.app.KontorTree``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.ui import since as sinceview
from bot.discord.ui.text import NO_PING
from bot.table import SinceDigest, TableError
from rules.words import translator

_, _n = translator("discord")


def setup(bot: BotCore) -> None:
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"{__name__} adds to the /game group: run bot.discord.commands.lobby.setup first")

    async def render(digest: SinceDigest, index: int) -> bytes | None:
        image: bytes | None = await bot.service.since_image(digest, index)
        return image

    @app_commands.command(name="since", description="Since your last move, board by board")
    async def since(interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise TableError(_("Use this in the game's channel or thread."))
        await interaction.response.defer(ephemeral=True, thinking=True)  # the replay and an image take a moment
        digest: SinceDigest = await bot.service.since_last_move(interaction.channel_id, interaction.user.id,
                                                                boards=True)
        if not digest.boards:
            text = (sinceview.since_text(digest, room=1900, mark=bot.app_emojis.mark)
                    or _("Nothing has happened here since your last move."))
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PING)
            return
        pager = sinceview.SincePager(interaction, digest, render, game=bot.service.game(digest.game),
                                     mark=bot.app_emojis.mark)
        await interaction.followup.send(pager.text(), files=await pager.files(), view=pager, ephemeral=True,
                                        allowed_mentions=NO_PING)

    group.add_command(since)
