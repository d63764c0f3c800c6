"""A "Really …?" question before a destructive host action (abandon, hand a seat over).

The question is ephemeral, so only the asker sees it, and only the asker may press its buttons. The action runs
on confirm, after the press is acknowledged (the action may take a while: a bot chain, a new board);
Cancel, or no answer within ``CONFIRM_SECONDS``, changes nothing and says so. The buttons are not
persistent: a question left open across a restart simply no longer answers.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.ui.text import NO_PING
from rules.words import translator

_, _n = translator("discord")

CONFIRM_SECONDS = 120.0
Interaction = discord.Interaction[Any]
Action = Callable[[Interaction], Awaitable[None]]


class Confirm(discord.ui.View):
    """Two buttons under the question: ``label`` runs ``action(press)``, Cancel does nothing."""

    def __init__(self, question: Interaction, label: str, action: Action, *, timeout: float = CONFIRM_SECONDS) -> None:
        super().__init__(timeout=timeout)
        self.question = question
        self.action = action
        self.answered = False
        go: discord.ui.Button[Confirm] = discord.ui.Button(label=label, style=discord.ButtonStyle.danger)
        go.callback = self._confirm  # type: ignore[method-assign]
        cancel: discord.ui.Button[Confirm] = discord.ui.Button(label=_("Cancel"), style=discord.ButtonStyle.secondary)
        cancel.callback = self._cancel  # type: ignore[method-assign]
        self.add_item(go)
        self.add_item(cancel)

    async def interaction_check(self, interaction: Interaction) -> bool:
        if interaction.user.id == self.question.user.id and not self.answered:
            return True
        text = _("This question has been answered.") if self.answered else _("Only the one who asked can answer this.")
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PING)
        return False

    async def _confirm(self, interaction: Interaction) -> None:
        self.answered = True
        self.stop()
        # acknowledge first (and take the buttons away): the action may outlast Discord's 3 seconds
        await interaction.response.edit_message(content=_("Working on it…"), view=None)
        await self.action(interaction)

    async def _cancel(self, interaction: Interaction) -> None:
        self.answered = True
        self.stop()
        await interaction.response.edit_message(content=_("Cancelled: nothing was changed."), view=None)

    async def on_timeout(self) -> None:
        if not self.answered:
            self.answered = True
            with contextlib.suppress(discord.HTTPException):  # the question may be gone already
                await self.question.edit_original_response(content=_("No answer in time: nothing was changed."),
                                                           view=None)


async def ask(interaction: Interaction, question: str, label: str, action: Action) -> None:
    """Ask ``question`` privately; ``action(press)`` runs only if the asker presses ``label``."""
    await interaction.response.send_message(question, view=Confirm(interaction, label, action), ephemeral=True,
                                            allowed_mentions=NO_PING)
