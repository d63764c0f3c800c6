"""Persistent components: every ``custom_id`` carries what it needs (channel, game, version, page), so
the buttons on a board posted days ago still work after a restart (``DynamicItem``, registered in
``app``), and a button from an earlier game or an older version of the board is recognised as such.

The callbacks only hand over to the play controller (``interaction.client.play``); no rule lives here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import discord

from bot.discord.botcore import Player
from bot.discord.ui import menu
from bot.discord.ui.rematch import RematchButton, RematchJoinButton
from bot.discord.ui.seat_vote import SeatVoteButton
from bot.discord.ui.seek_ready import ReadyButton
from bot.discord.ui.text import clip
from bot.discord.ui.timeout_vote import ReclaimButton, TimeoutVoteButton
from bot.discord.ui.undo import UndoButton
from bot.discord.weblinks import link_button
from rules.words import translator

_, _n = translator("discord")

PREFIX = "kontor"
Inter = discord.Interaction[Any]
_BOARD = r"(?P<ch>[0-9]+):(?P<game>[0-9]+):(?P<ver>[0-9]+)"  # ASCII digits only, as the bot writes them


class Board(NamedTuple):
    """Which board a component belongs to: a channel's game at one version."""

    channel: int
    game_id: int
    version: int

    def key(self) -> str:
        return f"{self.channel}:{self.game_id}:{self.version}"

    @classmethod
    def parse(cls, match: re.Match[str]) -> Board:
        return cls(int(match["ch"]), int(match["game"]), int(match["ver"]))


def _play(interaction: Inter) -> Player:
    return interaction.client.play  # type: ignore[no-any-return]


def _in_private_menu(interaction: Inter) -> bool:
    """Whether the component sits on an ephemeral menu, the only message a menu may rewrite in place.

    The bot only ever puts selects and page buttons on ephemeral menus; an id forged onto any other message
    must be answered privately instead of replacing a public message's content.
    """
    message = interaction.message
    return message is not None and message.flags.ephemeral


class TurnButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:turn:{_BOARD}"):
    """"Take your turn" on a board message; opens the clicking player's menu."""

    def __init__(self, board: Board) -> None:
        super().__init__(
            discord.ui.Button(label=_("Take your turn"), style=discord.ButtonStyle.primary, emoji="🎲",
                              custom_id=f"{PREFIX}:turn:{board.key()}")
        )
        self.board = board

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> TurnButton:
        return cls(Board.parse(match))

    async def callback(self, interaction: Inter) -> None:
        await _play(interaction).open_menu(interaction, self.board)


class ScreenButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:screen:(?P<ch>[0-9]+)"):
    """"My screen": the clicking player's private view, ephemeral (works with closed DMs)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(
            discord.ui.Button(label=_("My screen"), style=discord.ButtonStyle.secondary, emoji="🂠",
                              custom_id=f"{PREFIX}:screen:{channel_id}")
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> ScreenButton:
        return cls(int(match["ch"]))

    async def callback(self, interaction: Inter) -> None:
        await _play(interaction).show_screen(interaction, self.channel_id)


class DescribeButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                     template=rf"{PREFIX}:describe:(?P<ch>[0-9]+)"):
    """"Describe": the whole board in words, ephemeral (for screen readers; ``/game status text:True``)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(
            discord.ui.Button(label=_("Describe"), style=discord.ButtonStyle.secondary, emoji="📝",
                              custom_id=f"{PREFIX}:describe:{channel_id}")
        )
        self.channel_id = channel_id

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> DescribeButton:
        return cls(int(match["ch"]))

    async def callback(self, interaction: Inter) -> None:
        await _play(interaction).describe_board(interaction, self.channel_id)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:act:{_BOARD}:(?P<page>[0-9]+):(?P<sim>[01])",
):
    """One page of a player's legal actions (values are the canonical action strings).

    ``simultaneous`` marks a menu opened during a simultaneous step (secret or public), where other players'
    choices move the version without changing this player's decision.
    """

    def __init__(self, board: Board, page: int, choices: Sequence[menu.Choice] = (), placeholder: str | None = None,
                 row: int | None = None, simultaneous: bool = False, marks: Mapping[str, Any] | None = None) -> None:
        marks = marks or {}
        options = [
            discord.SelectOption(label=clip(label or action, 100), value=action, emoji=marks.get(action),
                                 description=clip(action, 100) if label and label != action else None)
            for action, label in choices
        ] or [discord.SelectOption(label=_("(nothing)"), value="-")]
        super().__init__(
            discord.ui.Select(custom_id=f"{PREFIX}:act:{board.key()}:{page}:{int(simultaneous)}",
                              placeholder=placeholder or _("Choose…"), options=options, min_values=1, max_values=1),
            row=row,
        )
        self.board, self.simultaneous = board, simultaneous

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> ActionSelect:
        return cls(Board.parse(match), int(match["page"]), simultaneous=match["sim"] == "1")

    async def callback(self, interaction: Inter) -> None:
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        action = str(values[0]) if values else ""
        await _play(interaction).perform(interaction, self.board.channel, action, self.board,
                                         from_menu=_in_private_menu(interaction), simultaneous=self.simultaneous)


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=rf"{PREFIX}:page:{_BOARD}:(?P<start>[0-9]+)"):
    """Shows another window of pages of the action menu (for decisions beyond 100 options)."""

    def __init__(self, board: Board, start: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(label=label or _("More…"), style=discord.ButtonStyle.secondary,
                              custom_id=f"{PREFIX}:page:{board.key()}:{start}"),
            row=4,
        )
        self.board, self.start = board, start

    @classmethod
    async def from_custom_id(cls, interaction: Inter, item: Any, match: re.Match[str]) -> PageButton:
        return cls(Board.parse(match), int(match["start"]))

    async def callback(self, interaction: Inter) -> None:
        await _play(interaction).open_menu(interaction, self.board, start=self.start,
                                           edit=_in_private_menu(interaction))


DYNAMIC_ITEMS = (TurnButton, ScreenButton, DescribeButton, ActionSelect, PageButton, SeatVoteButton, TimeoutVoteButton,
                 ReclaimButton, RematchButton, RematchJoinButton, UndoButton, ReadyButton)


def board_buttons(board: Board, *, active: bool = True, finished: bool = False, link: str | None = None
                  ) -> list[discord.ui.Item[Any]]:
    """The buttons under a board message: the turn, the screen and the board in words while the game runs; Rematch
    under a finished game's final board (none under an abandoned one); and "View on the web" when the table has a
    page (``link``: bot/discord/weblinks.py). The same for the embed form and the turn card
    (bot/discord/ui/turn_card.py): the same persistent ids, so either form's buttons work after a restart."""
    items: list[discord.ui.Item[Any]] = []
    if active:
        items += [TurnButton(board), ScreenButton(board.channel), DescribeButton(board.channel)]
    elif finished:
        items.append(RematchButton(board.game_id))
    if link is not None:
        items.append(link_button(link))
    return items


def board_view(board: Board, *, active: bool = True, finished: bool = False, link: str | None = None
               ) -> discord.ui.View:
    """``board_buttons`` as the view under an embed board."""
    view = discord.ui.View(timeout=None)
    for item in board_buttons(board, active=active, finished=finished, link=link):
        view.add_item(item)
    return view


def menu_view(board: Board, choices: Sequence[menu.Choice], start: int = 0, *,
              simultaneous: bool = False, marks: Mapping[str, Any] | None = None) -> discord.ui.View:
    """An ephemeral menu: up to four selects (pages) and, if needed, buttons to the other pages; ``marks``: an
    action's emoji (its good, resource, building or coin: ``bot.discord.emojis``)."""
    pages = menu.paginate(choices)
    shown = menu.window(len(pages), start)
    view = discord.ui.View(timeout=None)
    for row, index in enumerate(shown):
        view.add_item(ActionSelect(board, index, pages[index], menu.placeholder(pages[index], index, len(pages)),
                                   row=row, simultaneous=simultaneous, marks=marks))
    if shown.start > 0:
        back = max(0, shown.start - menu.SELECTS_PER_MESSAGE)
        label = "◀ " + _("Pages {first}–{last}").format(first=back + 1, last=shown.start)
        view.add_item(PageButton(board, back, label=label))
    if shown.stop < len(pages):
        last = min(len(pages), shown.stop + menu.SELECTS_PER_MESSAGE)
        label = _("Pages {first}–{last}").format(first=shown.stop + 1, last=last) + " ▶"
        view.add_item(PageButton(board, shown.stop, label=label))
    return unkept(view)


def unkept(view: discord.ui.View) -> discord.ui.View:
    """``view`` stopped before it is sent: its items are all ``DynamicItem``s, answered by their custom id alone, so
    discord.py need not keep it. Kept, an ephemeral one (a menu) would carry a 15-minute timeout task that does nothing
    but drop it again: one task per menu opened, which also made long games on SimCord slow (each settle looks at every
    pending task)."""
    view.stop()
    return view
