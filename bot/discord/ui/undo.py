"""Undo: the "↩️ Undo" button in a move's private reply (``commands.play``), and the flow it shares with ``/game undo``
(``commands.undo``): ask the table to take the player's latest move back, answer privately (the menu again, since the
player is awaited again), and post the change through the notifier like any move. The table decides what can be taken
back (``TableService.undo``); a refusal is a private answer and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.ui.text import NO_PING, clip, shown
from bot.table import StaleVersion, Table, TableError, Update
from rules.words import N_, translator

_, _n = translator("discord")

PREFIX = "kontor"
Inter = discord.Interaction[Any]
DONE = N_("Taken back: your move is undone, and the table sees that you took back a move.")


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=rf"{PREFIX}:undo:(?P<ch>[0-9]+):(?P<game>[0-9]+):(?P<ver>[0-9]+)"):
    """"↩️ Undo" under the confirmation of a move: takes it back while the board is still the one it left."""

    def __init__(self, channel: int, game: int, version: int, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=_("Undo"), emoji="↩️", style=discord.ButtonStyle.secondary,
                              custom_id=f"{PREFIX}:undo:{channel}:{game}:{version}"),
            row=row,
        )
        self.channel, self.game_id, self.version = channel, game, version

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> UndoButton:
        return cls(int(match["ch"]), int(match["game"]), int(match["ver"]))

    async def callback(self, interaction: Inter) -> None:
        await take_back(interaction, self.channel, game=self.game_id, version=self.version)


async def take_back(interaction: Inter, channel: int, *, game: int | None = None, version: int | None = None) -> None:
    """Undo the clicking player's latest move in ``channel`` (``version``: only if the board is still that one)."""
    from bot.discord.ui.items import Board, menu_view  # items registers UndoButton: import it lazily, no import circle

    await interaction.response.defer(ephemeral=True, thinking=True)
    bot: Any = interaction.client
    user = interaction.user.id
    try:
        table: Table = await bot.service.table(channel)
        if game is not None and table.game_id != game:
            raise TableError(_("That move belongs to an earlier game in this channel: nothing to take back."))
        update: Update = await bot.service.undo(channel, user, expected_version=version)
    except (StaleVersion, TableError) as exc:
        await interaction.edit_original_response(content=clip("↩️ " + shown(exc.message), 2000),
                                                 allowed_mentions=NO_PING)
        return
    table = update.table
    kwargs: dict[str, Any] = {}
    text = "↩️ " + _(DONE)
    if user in table.awaited:
        try:
            legal = await bot.service.legal(channel, user)
        except TableError:
            legal = []
        if legal:
            text += "\n" + _n("**Your move again** ({n} option):", "**Your move again** ({n} options):",
                               len(legal)).format(n=len(legal))
            kwargs["view"] = menu_view(Board(table.channel, table.game_id, table.version), legal, 0,
                                       simultaneous=table.simultaneous,
                                       marks=bot.app_emojis.options(table.game, legal))
    await interaction.edit_original_response(content=clip(text, 2000), allowed_mentions=NO_PING, **kwargs)
    await bot.notifier.publish(update, actor=user)


def undo_button(table: Table) -> UndoButton:
    """The Undo button for a move that left the table at ``table`` (row 4: beside a menu's page buttons)."""
    return UndoButton(table.channel, table.game_id, table.version, row=4)
