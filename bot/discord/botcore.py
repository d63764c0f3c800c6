"""What the Discord layer's parts need of the running bot, as Protocols.

``bot.discord.app.KontorBot`` is the one implementation. The notifier, the scheduler, the command modules and the UI
type against these instead of importing ``bot.discord.app``, so the layer has no import circles: ``app``
imports its parts, never the other way round (a test parses the imports to keep it so).
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

import discord
from discord import app_commands

from bot.config import Config
from bot.table import BoardImages, Table, TableService, Update

Interaction = discord.Interaction[Any]


class Newsroom(Protocol):
    """Each player's private news not seen yet (``bot.discord.private_news.PrivateNews``): replies show it, then
    mark it."""

    async def pending(self, table: Table, user: int) -> Any: ...

    async def shown(self, news: Any, *, screen: bool = False) -> None: ...


class Mailer(Protocol):
    """Direct messages (``bot.discord.dms.DirectMessages``), as far as commands ask about them."""

    async def known_closed(self, user_id: int) -> bool: ...


class Publisher(Protocol):
    """Turns service updates into messages (``bot.discord.notify.Notifier``)."""

    @property
    def dms(self) -> Mailer: ...

    @property
    def news(self) -> Newsroom: ...

    async def publish(self, update: Update, *, from_scheduler: bool = False,
                      actor: int | None = None) -> discord.Message | None: ...

    async def check_dm(self, user: discord.User | discord.Member, table: Table) -> bool: ...

    def post_problem(self, channel_id: int) -> str | None: ...

    async def channel(self, channel_id: int) -> Any: ...

    def newest_board(self, channel_id: int) -> int | None: ...


class Clock(Protocol):
    """The loop that posts reminders and deadlines (``bot.discord.scheduler.Scheduler``)."""

    def poke(self) -> None: ...


class Player(Protocol):
    """The one path every action takes (``bot.discord.commands.play.PlayController``)."""

    async def open_menu(self, interaction: Interaction, board: Any, *, start: int = 0, edit: bool = False) -> None: ...

    async def perform(self, interaction: Interaction, channel_id: int, action: str, board: Any, *,
                      from_menu: bool = False, simultaneous: bool = False) -> None: ...

    async def perform_typed(self, interaction: Interaction, action: str, game: str | None = None) -> None: ...

    async def legal_for(self, interaction: Interaction) -> list[tuple[str, str]]: ...

    async def said_for(self, interaction: Interaction) -> Callable[[str], str]: ...

    async def show_screen(self, interaction: Interaction, channel_id: int, *, in_words: bool = False) -> None: ...

    async def describe_board(self, interaction: Interaction, channel_id: int) -> None: ...


class Tourneys(Protocol):
    """The tournaments' runner (bot/discord/tournaments.py), as the commands use it."""

    async def advance(self, channel: int) -> Any: ...

    async def after(self, channel: int, done: Any) -> None: ...

    async def post_changes(self, channel: int, change: Any) -> None: ...

    def language(self, channel: int) -> str: ...


class Seekers(Protocol):
    """The seek queue's runner (bot/discord/seeking.py), as the commands and the scheduler use it."""

    async def run(self) -> None: ...

    async def tell(self, change: Any) -> None: ...

    async def tick(self, now: float | None = None) -> Any: ...


class Marks(Protocol):
    """The marks of goods, resources, buildings and coins (``bot.discord.emojis.AppEmojis``)."""

    def options(self, game: str, actions: Sequence[tuple[str, str]]) -> dict[str, discord.Emoji | str]: ...

    def mark(self, game: str, action: str | None) -> str: ...


class BotCore(Protocol):
    """The running bot as its parts see it: the table service, its helpers, and the discord.py calls they use."""

    config: Config
    images: BoardImages  # the one image pipeline, shared with the service (bot/table/images.py)

    @property
    def service(self) -> TableService: ...

    @property
    def app_emojis(self) -> Marks: ...

    @property
    def notifier(self) -> Publisher: ...

    @property
    def scheduler(self) -> Clock: ...

    @property
    def play(self) -> Player: ...

    @property
    def tournaments(self) -> Tourneys: ...

    @property
    def seeking(self) -> Seekers: ...

    @property
    def tree(self) -> app_commands.CommandTree[Any]: ...

    def get_channel(self, id: int, /) -> Any: ...

    def get_guild(self, id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: discord.ChannelType | None = None) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    def add_listener(self, func: Callable[..., Coroutine[Any, Any, Any]], /, name: str = ...) -> None: ...

    async def wait_until_ready(self) -> None: ...
