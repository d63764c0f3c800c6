"""``/game log`` as pages: each entry with its time as a Discord timestamp (every reader sees their own time zone),
a mark for moves nobody chose by hand (``KIND_MARKS``) and for undone ones, and Previous/Next buttons.

The reply is ephemeral, so the buttons are a plain View with a timeout over the log as it was when asked (not
persistent: after a restart, or ten minutes, run ``/game log`` again)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import discord

from bot.service import LogEntry
from bot.ui.text import clip, shown

# The actions row's ``kind`` -> how the log marks it; a new kind of move is one line here.
KIND_MARKS: dict[str, str] = {
    "caretaker": "🤖 caretaker",
    "auto": "⚙️ automatic",
}
UNDONE_MARK = "↩️ undone"  # an entry an undo took back (LogEntry.undone): shown struck through
PAGE_CHARS = 1800  # the entries of one page; the header fits in the rest of Discord's 2,000
PAGE_ENTRIES = 15
LOG_VIEW_SECONDS = 600.0
Interaction = discord.Interaction[Any]


def entry_text(entry: LogEntry) -> str:
    """``<t:…:f> · 🤖 caretaker — Anna passes.``; an entry of several lines continues on ``↳`` lines."""
    marks = [KIND_MARKS[entry.kind]] if entry.kind in KIND_MARKS else []
    if entry.undone:
        marks.append(UNDONE_MARK)
    lines = [shown(line) for line in entry.lines]
    if entry.undone:
        lines = [f"~~{line}~~" for line in lines]
    head = " · ".join([f"<t:{int(entry.at)}:f>", *marks])
    return clip("\n↳ ".join([f"{head} — {lines[0]}", *lines[1:]]), PAGE_CHARS)


def pages(entries: Sequence[LogEntry]) -> list[str]:
    """The log in pages, the first the newest; each page oldest entry first, within ``PAGE_CHARS`` and
    ``PAGE_ENTRIES`` (an entry is never split across pages)."""
    out: list[str] = []
    page: list[str] = []
    size = 0
    for entry in reversed(entries):
        text = entry_text(entry)
        if page and (size + 1 + len(text) > PAGE_CHARS or len(page) == PAGE_ENTRIES):
            out.append("\n".join(reversed(page)))
            page, size = [], 0
        page.append(text)
        size += len(text) + 1
    if page:
        out.append("\n".join(reversed(page)))
    return out


def page_text(title: str, texts: Sequence[str], index: int) -> str:
    where = "the newest events" if index == 0 else "earlier events"
    if index == len(texts) - 1:
        where = "the game's first events" if index else "the whole game so far"
    head = f"📜 **Log of {shown(title)}**, page {index + 1} of {len(texts)} ({where}; times in your time zone)"
    return clip(f"{head}\n{texts[index]}", 2000)


class LogPager(discord.ui.View):
    """◀ Previous (earlier events) and Next ▶ (newer ones) under an ephemeral log page."""

    def __init__(self, question: Interaction, title: str, texts: Sequence[str], index: int = 0, *,
                 timeout: float = LOG_VIEW_SECONDS) -> None:
        super().__init__(timeout=timeout)
        self.question, self.title, self.texts, self.index = question, title, list(texts), index
        self.previous: discord.ui.Button[LogPager] = discord.ui.Button(label="◀ Previous",
                                                                       style=discord.ButtonStyle.secondary)
        self.next: discord.ui.Button[LogPager] = discord.ui.Button(label="Next ▶", style=discord.ButtonStyle.secondary)
        self.previous.callback = self._older  # type: ignore[method-assign]
        self.next.callback = self._newer  # type: ignore[method-assign]
        self.add_item(self.previous)
        self.add_item(self.next)
        self._enable()

    def _enable(self) -> None:
        self.previous.disabled = self.index >= len(self.texts) - 1
        self.next.disabled = self.index <= 0

    def text(self) -> str:
        return page_text(self.title, self.texts, self.index)

    async def _turn(self, interaction: Interaction, index: int) -> None:
        self.index = max(0, min(len(self.texts) - 1, index))
        self._enable()
        await interaction.response.edit_message(content=self.text(), view=self)

    async def _older(self, interaction: Interaction) -> None:
        await self._turn(interaction, self.index + 1)

    async def _newer(self, interaction: Interaction) -> None:
        await self._turn(interaction, self.index - 1)

    async def on_timeout(self) -> None:
        with contextlib.suppress(discord.HTTPException):  # the reply may be gone already
            await self.question.edit_original_response(view=None)
