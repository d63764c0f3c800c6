"""The vote on a departed player's seat: two persistent buttons under the announcement ("A bot plays Ben's seat",
"End the game"). Each press is one vote of a player still at the table (the table counts them)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.ui.answers import on_running_game
from bot.discord.ui.text import NO_PING, clip, shown, shown_lines, table_language
from bot.lang import speaking
from bot.table import Update
from rules.words import N_, translator

_, _n = translator("discord")

PREFIX = "kontor"
Inter = discord.Interaction[Any]
LABELS = {"bot": N_("A bot plays {name}'s seat"), "end": N_("End the game")}


class SeatVoteButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=rf"{PREFIX}:seatvote:(?P<ch>[0-9]+):(?P<game>[0-9]+):(?P<seat>[0-9]+):(?P<choice>bot|end)"):
    def __init__(self, channel: int, game: int, seat: int, choice: str, name: str = "?") -> None:
        super().__init__(
            discord.ui.Button(label=clip(_(LABELS[choice]).format(name=name), 80),
                              style=discord.ButtonStyle.danger if choice == "end" else discord.ButtonStyle.primary,
                              custom_id=f"{PREFIX}:seatvote:{channel}:{game}:{seat}:{choice}")
        )
        self.channel, self.game_id, self.seat, self.choice = channel, game, seat, choice

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> SeatVoteButton:
        return cls(int(match["ch"]), int(match["game"]), int(match["seat"]), match["choice"])

    async def callback(self, interaction: Inter) -> None:
        bot: Any = interaction.client
        update: Update | None = await on_running_game(
            interaction, self.channel, self.game_id, _("That vote belongs to a game that is over."),
            lambda: bot.service.vote_seat(self.channel, interaction.user.id, self.seat, self.choice))
        if update is None:
            return
        await interaction.edit_original_response(content=clip("🗳️ " + "\n".join(shown_lines(update.public_events)),
                                                              2000))
        await bot.notifier.publish(update)


def seat_vote_view(channel: int, game: int, seat: int, name: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in ("bot", "end"):
        view.add_item(SeatVoteButton(channel, game, seat, choice, shown(name)))
    return view


def announcement(update: Update, seat: int) -> dict[str, Any]:
    """The public post when a seated player left: what happened, and the two vote buttons."""
    name = update.table.seats[seat].name
    with speaking(table_language(update.table)):  # the channel's language, buttons included
        view = seat_vote_view(update.channel, update.table.game_id, seat, name)
    return {"content": clip("👋 " + "\n".join(shown_lines(update.public_events)), 2000),
            "view": view, "allowed_mentions": NO_PING}
