"""◀ Previous / Next ▶ under an ephemeral reply (the log's pages, the boards since one's last move): a short-lived
View, since an ephemeral reply cannot outlive its interaction anyway; the buttons go when it times out."""

from __future__ import annotations

import contextlib
from typing import Any, ClassVar

import discord

from rules.words import translator

_, _n = translator("discord")

Interaction = discord.Interaction[Any]
PAGER_SECONDS = 600.0


class Pager(discord.ui.View):
    """Pages ``0 .. count - 1``, the current one ``index``. ``previous_step``: which way "◀ Previous" turns (+1 when
    page 0 is the newest, as in the log; -1 when it is the oldest). Subclasses say what a page shows (``page``)."""

    previous_step: ClassVar[int] = -1

    def __init__(self, question: Interaction, count: int, index: int = 0, *, timeout: float = PAGER_SECONDS) -> None:
        super().__init__(timeout=timeout)
        self.question, self.count, self.index = question, count, index
        self.previous: discord.ui.Button[Pager] = discord.ui.Button(label="◀ " + _("Previous"),
                                                                    style=discord.ButtonStyle.secondary)
        self.next: discord.ui.Button[Pager] = discord.ui.Button(label=_("Next") + " ▶",
                                                                style=discord.ButtonStyle.secondary)
        self.previous.callback = self._previous  # type: ignore[method-assign]
        self.next.callback = self._next  # type: ignore[method-assign]
        self.add_item(self.previous)
        self.add_item(self.next)
        self._enable()

    def _enable(self) -> None:
        self.previous.disabled = not 0 <= self.index + self.previous_step < self.count
        self.next.disabled = not 0 <= self.index - self.previous_step < self.count

    async def page(self) -> dict[str, Any]:
        """The message fields of the current page (``content``, and ``attachments`` when it has images)."""
        raise NotImplementedError

    async def _turn(self, interaction: Interaction, index: int) -> None:
        self.index = max(0, min(self.count - 1, index))
        self._enable()
        await interaction.response.edit_message(**await self.page(), view=self)

    async def _previous(self, interaction: Interaction) -> None:
        await self._turn(interaction, self.index + self.previous_step)

    async def _next(self, interaction: Interaction) -> None:
        await self._turn(interaction, self.index - self.previous_step)

    async def on_timeout(self) -> None:
        with contextlib.suppress(discord.HTTPException):  # the reply may be gone already
            await self.question.edit_original_response(view=None)
