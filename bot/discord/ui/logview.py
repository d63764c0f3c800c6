"""``/game log`` as pages: each entry with its time as a Discord timestamp (every reader sees their own time zone),
a mark for moves nobody chose by hand (``KIND_MARKS``) and for undone ones, and Previous/Next buttons.

The reply is ephemeral, so the buttons are a plain View with a timeout over the log as it was when asked (not
persistent: after a restart, or ten minutes, run ``/game log`` again)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.discord.ui.pager import Pager
from bot.discord.ui.text import clip, shown
from bot.table import LogEntry
from rules.words import N_, translator

_, _n = translator("discord")

# The actions row's ``kind`` -> how the log marks it; a new kind of move is one line here.
KIND_MARKS: dict[str, str] = {
    "caretaker": "🤖 " + N_("caretaker"),
    "auto": "⚙️ " + N_("automatic"),
}
UNDONE_MARK = "↩️ " + N_("undone")  # an entry an undo took back (LogEntry.undone): shown struck through
PAGE_CHARS = 1800  # the entries of one page; the header fits in the rest of Discord's 2,000
PAGE_ENTRIES = 15
LOG_VIEW_SECONDS = 600.0
Interaction = discord.Interaction[Any]


def entry_text(entry: LogEntry, thing: str = "") -> str:
    """``<t:…:f> · 🤖 caretaker — Anna passes.``; an entry of several lines continues on ``↳`` lines. ``thing``: the
    mark of the good, resource, building or coin the move was about (``bot.discord.emojis``), before its lines."""
    marks = [_mark(KIND_MARKS[entry.kind])] if entry.kind in KIND_MARKS else []
    if entry.undone:
        marks.append(_mark(UNDONE_MARK))
    lines = [shown(line) for line in entry.lines]
    if entry.undone:
        lines = [f"~~{line}~~" for line in lines]
    head = " · ".join([f"<t:{int(entry.at)}:f>", *marks])
    first = f"{thing} {lines[0]}" if thing else lines[0]
    return clip("\n↳ ".join([f"{head} — {first}", *lines[1:]]), PAGE_CHARS)


def _mark(mark: str) -> str:
    """A mark ("🤖 caretaker") with its word in the reader's language."""
    emoji, _sep, word = mark.partition(" ")
    return f"{emoji} {_(word)}"


def pages(entries: Sequence[LogEntry], thing: Callable[[str | None], str] | None = None) -> list[str]:
    """The log in pages, the first the newest; each page oldest entry first, within ``PAGE_CHARS`` and
    ``PAGE_ENTRIES`` (an entry is never split across pages). ``thing``: an action's mark ("" for none)."""
    out: list[str] = []
    page: list[str] = []
    size = 0
    for entry in reversed(entries):
        text = entry_text(entry, thing(entry.action) if thing is not None else "")
        if page and (size + 1 + len(text) > PAGE_CHARS or len(page) == PAGE_ENTRIES):
            out.append("\n".join(reversed(page)))
            page, size = [], 0
        page.append(text)
        size += len(text) + 1
    if page:
        out.append("\n".join(reversed(page)))
    return out


def page_text(title: str, texts: Sequence[str], index: int) -> str:
    where = _("the newest events") if index == 0 else _("earlier events")
    if index == len(texts) - 1:
        where = _("the game's first events") if index else _("the whole game so far")
    head = "📜 " + _("**Log of {title}**, page {page} of {pages} ({where}; times in your time zone)").format(
        title=shown(title), page=index + 1, pages=len(texts), where=where)
    return clip(f"{head}\n{texts[index]}", 2000)


class LogPager(Pager):
    """◀ Previous (earlier events) and Next ▶ (newer ones) under an ephemeral log page; page 0 is the newest."""

    previous_step = 1

    def __init__(self, question: Interaction, title: str, texts: Sequence[str], index: int = 0, *,
                 timeout: float = LOG_VIEW_SECONDS) -> None:
        self.title, self.texts = title, list(texts)
        super().__init__(question, len(self.texts), index, timeout=timeout)

    def text(self) -> str:
        return page_text(self.title, self.texts, self.index)

    async def page(self) -> dict[str, Any]:
        return {"content": self.text()}
