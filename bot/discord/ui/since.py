"""Since your last move, for people: the compact digest a turn notice carries (the channel's "Your move" post, a
``dm`` player's DM, the daily digest), and ``/game since``'s pages — one board per move since, with Previous/Next.

The digest is public (the service builds it from the log's public lines only), clipped politely to the room a
message has left: whole lines, oldest first, then "…and N more — `/game since`". The pages' reply is ephemeral, so
its buttons are a plain View with a timeout over the digest as it was when asked (like ``bot.discord.ui.logview``).
A line of a move starts with the mark of the good, coin or building it was about (``Mark``: the bot's
``app_emojis.mark``, the application emoji or its Unicode mark), read from the move's public action as ``/game log``
reads it; a secret move's line has none (the table gives no action for it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.ui.files import describe, image_file
from bot.discord.ui.pager import Pager
from bot.discord.ui.text import clip, shown
from bot.table import SinceDigest
from rules.words import N_, translator

_, _n = translator("discord")

Mark = Callable[[str, str | None], str]  # (game, public action) -> its thing's mark, "" for none
MORE = N_("/game since")  # the command as the reader's client names it (bot.discord.command_translator)
SINCE_VIEW_SECONDS = 600.0
Interaction = discord.Interaction[Any]


def _names(names: tuple[str, ...]) -> str:
    shown_names = [shown(n) for n in names]
    if len(shown_names) <= 1:
        return "".join(shown_names)
    return _("{names} and {last}").format(names=", ".join(shown_names[:-1]), last=shown_names[-1])


def heading(digest: SinceDigest, who: str | None = None) -> str:
    """"Since your last move (3 moves by Bo and Cy)"; ``who`` names the player when a post speaks to several."""
    if who:
        text = (_("{name}, since the game began") if digest.first else _("{name}, since your last move")).format(
            name=shown(who))
    else:
        text = _("Since the game began") if digest.first else _("Since your last move")
    if digest.moves:
        text = _n("{heading} ({n} move by {names})", "{heading} ({n} moves by {names})", digest.moves).format(
            heading=text, n=digest.moves, names=_names(digest.moves_by))
    return text


def marked(line: str, thing: str) -> str:
    """A line with its thing's mark before it ("🪙 Bo bought a card.")."""
    return f"{thing} {line}" if thing else line


def since_text(digest: SinceDigest, room: int = 700, who: str | None = None, mark: Mark | None = None) -> str:
    """One paragraph of at most ``room`` characters: "📰 Since your last move (…): a; b; …and N more — `/game
    since`"; ``mark``: each move's thing before its line. "" when nothing happened since."""
    if digest.empty:
        return ""
    head = "📰 " + _("{heading}:").format(heading=heading(digest, who)) + " "
    items = [marked(shown(line).rstrip(". "), mark(digest.game, action) if mark and action else "")
             for action, line in digest.items()]
    out: list[str] = []
    size = len(head)
    for i, item in enumerate(items):
        left = len(items) - i - 1
        tail = "; " + _and_more(left) if left else "."
        if size + len(item) + 2 + len(tail) > room:
            return clip(head + "; ".join(out) + ("; " if out else "") + _and_more(len(items) - i), room)
        out.append(item)
        size += len(item) + 2
    return clip(head + "; ".join(out) + ".", room)


def _and_more(n: int) -> str:
    return _n("…and {n} more — {command}", "…and {n} more — {command}", n).format(n=n, command=f"`{_(MORE)}`")


def page_label(digest: SinceDigest, index: int, mark: Mark | None = None) -> str:
    """"Board 2 of 5 — after move 14: 🏛️ Bo built a church." (the move's public action, ``SinceBoard.last``, marked)"""
    board = digest.boards[index]
    action = board.last.get("action") if board.last else None
    thing = mark(digest.game, action) if mark and action else ""
    return clip("🖼️ " + _("Board {board} of {boards} — after move {move}:").format(
        board=index + 1, boards=len(digest.boards), move=board.version) + " "
                + marked(" ".join(shown(line) for line in board.lines), thing), 600)


def page_text(digest: SinceDigest, index: int, mark: Mark | None = None) -> str:
    top = (since_text(digest, room=1300, mark=mark)
           or "📰 " + _("{heading}: nothing new.").format(heading=heading(digest)))
    title = _("**{title}** (game #{game})").format(title=shown(_(digest.title)), game=digest.game_id)
    return clip(f"{title}\n{top}\n{page_label(digest, index, mark)}", 2000)


Render = Callable[[SinceDigest, int], Awaitable[bytes | None]]


async def page_files(digest: SinceDigest, index: int, render: Render, game: Any) -> list[discord.File]:
    """The board after move ``index`` with its alt text (``game``: the rules, for their words)."""
    image = await render(digest, index)
    board = digest.boards[index]
    last = board.lines[-1] if board.lines else None
    return image_file(image, f"since-{index + 1}.png", describe(game, board.view, digest.names, last))


class SincePager(Pager):
    """◀ Previous (an earlier board) and Next ▶ (a later one) under ``/game since``; the first page is the board
    after the first move since the player's own."""

    def __init__(self, question: Interaction, digest: SinceDigest, render: Render, index: int = 0, *,
                 game: Any = None, mark: Mark | None = None, timeout: float = SINCE_VIEW_SECONDS) -> None:
        self.digest, self.render, self.game, self.mark = digest, render, game, mark
        super().__init__(question, len(digest.boards), index, timeout=timeout)

    def text(self) -> str:
        return page_text(self.digest, self.index, self.mark)

    async def files(self) -> list[discord.File]:
        return await page_files(self.digest, self.index, self.render, self.game)

    async def page(self) -> dict[str, Any]:
        return {"content": self.text(), "attachments": await self.files()}
