"""The "I'm in" button of a table the seek queue formed (docs/seeking.md). Persistent: its ``custom_id`` names the
table, so a button posted days ago still works after a restart; the table decides whether the presser is seated
there and starts the game once every seated player is in."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.ui.answers import refuse
from bot.discord.ui.text import clip, mentions, pings, shown
from bot.lang import speaking
from bot.table import SeekTable, TableError
from rules.words import translator

_, _n = translator("discord")

PREFIX = "kontor"
Inter = discord.Interaction[Any]


class ReadyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:seekin:(?P<table>[0-9]+)"):
    def __init__(self, table: int) -> None:
        super().__init__(discord.ui.Button(label=clip(_("I'm in"), 80), style=discord.ButtonStyle.success,
                                           emoji="✅", custom_id=f"{PREFIX}:seekin:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> ReadyButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            change = await bot.service.seek_ready(self.table, interaction.user.id)
        except TableError as exc:
            await refuse(interaction, exc)
            return
        table = change.table
        await interaction.followup.send(clip("✅ " + (_("You are in: the game starts now.") if change.started else _(
            "You are in. The game starts once everyone at the table is.")), 2000), ephemeral=True)
        if change.started is not None:
            await bot.notifier.publish(change.started)
            return
        if interaction.channel is not None:
            with speaking(table.language):
                text = _("{name} is in ({ready} of {seats}).").format(
                    name=shown(interaction.user.display_name), ready=sum(s.ready for s in table.seats),
                    seats=len(table.seats))
            await interaction.followup.send(clip(text, 2000), allowed_mentions=discord.AllowedMentions.none())


def ask_message(table: SeekTable, ping: list[int]) -> dict[str, Any]:
    """The post that asks a table's players (pinging those asked for the first time): who sits there, and the
    button."""
    with speaking(table.language):
        view = discord.ui.View(timeout=None)
        view.add_item(ReadyButton(table.id))
        seats = ", ".join(("✅ " if s.ready else "⏳ ") + shown(s.name) for s in table.seats)
        rated = _("rated") if table.rated else _("not rated")
        text = _("{who} the queue found you a table of {game} ({n} players, pace {pace}, {rated}): {seats}.").format(
            who=mentions(ping), game=_(table.title), n=len(table.seats), pace=table.pace, rated=rated, seats=seats)
        text += "\n" + _("Press **I'm in** within a day: the game starts once everyone is in. A seat not taken by"
                         " then goes to the next player in the queue.")
    return {"content": clip(text.strip(), 2000), "view": view, "allowed_mentions": pings(ping)}
