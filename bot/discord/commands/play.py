"""Playing: the "Take your turn" menu, ``/move``, "My screen", and the one path every action takes.

Every action — a select in the menu, ``/move``, ``/<game> <word>`` — ends in ``perform``:
acknowledge at once (defer), let the table validate and apply it, then confirm privately to the
player and post the new board publicly. Refusals are ephemeral and change nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.private_news import news_text
from bot.discord.ui import embeds
from bot.discord.ui.embeds import fitting_lines
from bot.discord.ui.files import describe, image_file
from bot.discord.ui.items import Board, board_view, menu_view, unkept
from bot.discord.ui.text import NO_PING, clip, input_problem, shown
from bot.discord.ui.undo import undo_button
from bot.table import MoverReply, StaleVersion, Table, TableError, Update, named_summary, storage_failure
from rules.words import N_, translator

_, _n = translator("discord")

MAX_CHOICES = 25
POST_PROBLEM = N_("⚠️ Your move was saved, but I could not post the board in this channel (I am missing permissions"
                " here, or the thread is locked). The table's clocks are paused, so nobody's time runs out. A"
                " moderator can give me View Channel, Send Messages, Embed Links and Attach Files here; the clocks"
                " run again with my next post.")


async def reply(interaction: discord.Interaction[Any], text: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    kwargs.setdefault("allowed_mentions", NO_PING)
    text = clip(text, 2000)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, **kwargs)


def board_of(table: Table) -> Board:
    return Board(table.channel, table.game_id, table.version)


def with_news(news: Any, text: str, *, after: bool = False) -> str:
    """``text`` with the player's news since their last look above it (``after``: below it), within 2000 characters."""
    block = news_text(news, 1700 - len(text))
    if not block:
        return text
    return f"{text}\n{block}" if after else f"{block}\n\n{text}"


def with_undo(view: discord.ui.View | None, undo: discord.ui.Item[Any] | None) -> discord.ui.View | None:
    """``view`` (or a new one) with the Undo button added, when there is one."""
    if undo is None:
        return view
    view = view or unkept(discord.ui.View(timeout=None))
    with contextlib.suppress(ValueError):  # a menu using all five rows: /game undo still takes the move back
        view.add_item(undo)
    return view


def done_text(action: str, label: str | None) -> str:
    """The private confirmation: what was played in words, and the action string (for /move and bug reports)."""
    if label and label != action:
        return clip("✅ " + _("Done: {label} ({action})").format(label=shown(label), action=f"`{action}`"), 2000)
    return "✅ " + _("Done: {action}").format(action=f"`{action}`")


class PlayController:
    """Shared by the buttons (bot/discord/ui/items.py), ``/move`` and the per-game commands."""

    def __init__(self, bot: BotCore) -> None:
        self.bot = bot

    @property
    def svc(self) -> Any:
        return self.bot.service

    def _waiting_for(self, table: Table) -> str:
        return ", ".join(shown(table.seats[s].name) for s in table.awaited_seats) or _("nobody")

    async def _current_table(self, interaction: discord.Interaction[Any], channel_id: int) -> Table | None:
        try:
            table: Table = await self.svc.table(channel_id)
        except TableError as exc:
            await reply(interaction, shown(exc.message))
            return None
        if table.status != "active":
            await reply(interaction, _("This game is {status}; there is nothing to play here now.").format(
                status=embeds.status_word(table.status)))
            return None
        return table

    async def _refuse_idle(self, interaction: discord.Interaction[Any], table: Table) -> bool:
        """Polite refusals for spectators and players who are not awaited; True if refused."""
        user = interaction.user.id
        if table.seat_of(user) is None:
            await reply(interaction, _("You're not playing at this table — enjoy watching! "
                                       "Start your own with `/game new` (in a thread, to run several)."))
            return True
        if user not in table.awaited:
            news = await self.bot.notifier.news.pending(table, user)
            text = _("It's not your move right now — the table is waiting for {names}. I'll mention you when it's your"
                     " turn.").format(names=self._waiting_for(table))
            await reply(interaction, with_news(news, text))
            await self.bot.notifier.news.shown(news)
            return True
        return False

    # ---- the menu --------------------------------------------------------------------------
    async def open_menu(self, interaction: discord.Interaction[Any], board: Board, *,
                        start: int = 0, edit: bool = False) -> None:
        channel_id = board.channel
        table = await self._current_table(interaction, channel_id)
        if table is None:
            return
        stale = board != board_of(table)
        if stale and (edit or interaction.user.id not in table.awaited or board.game_id != table.game_id):
            await self.offer_current(interaction, table)
            return
        if await self._refuse_idle(interaction, table):
            return
        try:
            legal = await self.svc.legal(channel_id, interaction.user.id)
        except TableError as exc:
            await reply(interaction, shown(exc.message))
            return
        text = _("**{title}** — your options ({n}):").format(title=_(table.title), n=len(legal))
        if stale and not await self._newest(interaction, board):
            # an earlier board, but the player is awaited: the current menu, said plainly
            text = _("The board has moved on since that message (now move {n}).").format(n=table.moves) + " " + text
        text += self.together_note(table)
        view = menu_view(board_of(table), legal, start, simultaneous=table.simultaneous,
                         marks=self.bot.app_emojis.options(table.game, legal))
        news = await self.bot.notifier.news.pending(table, interaction.user.id)
        text = with_news(news, text)
        if edit:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await interaction.response.send_message(text, view=view, ephemeral=True)
        await self.bot.notifier.news.shown(news)

    async def _newest(self, interaction: discord.Interaction[Any], board: Board) -> bool:
        """Whether the player clicked the newest board: the channel's newest board message, or (when the notifier does
        not know it, e.g. after a restart) a board shown since the player's current wait began. A step nobody sees
        (another player's secret choice) bumps the version without a new board, and is no news to this player."""
        message = getattr(interaction, "message", None)
        newest = self.bot.notifier.newest_board(board.channel)
        if newest is not None and message is not None and not message.flags.ephemeral:
            return bool(message.id == newest)
        try:
            since = await self.svc.waiting_since(board.channel, interaction.user.id)
        except TableError:
            return False
        return since is not None and board.version >= since

    def together_note(self, table: Table) -> str:
        """The menu's line during a simultaneous step: secret choices, or a public step (the game's own words)."""
        if not table.simultaneous:
            return ""
        if table.secret:
            return "\n🤫 " + _("Everyone chooses at the same time; your choice stays secret until all have chosen.")
        return f"\n👥 {_(self.svc.game(table.game).together_text)}"

    async def offer_current(self, interaction: discord.Interaction[Any], table: Table) -> None:
        await reply(interaction, _("The board has moved on since then (it is now at move {n} of the current game)."
                                   " Here is the current one:").format(n=table.moves), view=board_view(board_of(table)))

    # ---- acting ----------------------------------------------------------------------------
    async def perform(self, interaction: discord.Interaction[Any], channel_id: int, action: str,
                      board: Board | None, *, from_menu: bool = False, simultaneous: bool = False) -> None:
        """Play ``action``; ``board`` (from a menu) is the board it was chosen on, None for typed actions."""
        problem = input_problem(action, what="action")
        if problem:
            await reply(interaction, problem + " " + _("Use the menu or the autocomplete choices."))
            return
        if from_menu:
            await interaction.response.defer()  # updates the ephemeral menu message later
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user.id
        game_id = board.game_id if board is not None else None
        try:
            try:
                update: Update = await self.svc.act(channel_id, user, action, game_id=game_id, reply=True,
                                                    expected_version=board.version if board else None)
            except StaleVersion:
                if not (simultaneous and board is not None):
                    raise
                # A simultaneous step: others' choices (secret or not) do not change mine, so the choice stands if I
                # have been awaited since that board (the service refuses a menu of an earlier step or game).
                update = await self.svc.act(channel_id, user, action, chosen_at=board.version, game_id=game_id,
                                            reply=True)
        except StaleVersion:
            table = await self.svc.table(channel_id)
            if board is not None and board.version > table.version:  # no such board yet: a forged menu
                text = _("That menu does not belong to any board here; nothing was played. Here is the current one:")
            else:
                text = _("The board moved on before your choice arrived (now at move {n}); nothing was played. Here is"
                         " the current one:").format(n=table.moves)
            await self._answer(interaction, from_menu, text, view=board_view(board_of(table)))
            return
        except TableError as exc:
            await self._answer(interaction, from_menu, shown(exc.message))
            return
        except Exception as exc:  # never leave the player looking at "thinking…"; the error is still raised and logged
            await self._answer(interaction, from_menu, storage_failure(exc) or _(
                "Sorry, something went wrong on my side; nothing was played."))
            raise
        # The news of the mover's own step (a card drawn) and whatever reached them since their last look: here,
        # not by DM. Marked as seen once the reply is out.
        news = update.mover.news if update.mover is not None else None  # read by the table with the move
        mine = update.private[user].events if user in update.private else []
        mover = update.mover or MoverReply(None, False, None)
        done = done_text(action, mover.label) + "".join(f"\n🔒 {line}" for line in fitting_lines(mine, 600))
        await self._answer_done(interaction, from_menu, update.table, mover, with_news(news, done, after=True))
        await self.bot.notifier.news.shown(news)
        await self.bot.notifier.publish(update, actor=user)
        problem = self.bot.notifier.post_problem(channel_id)
        if problem is not None:  # the move stands; say plainly what did not happen, and what pauses because of it
            await interaction.followup.send(_(POST_PROBLEM), ephemeral=True, allowed_mentions=NO_PING)

    async def _answer_done(self, interaction: discord.Interaction[Any], from_menu: bool, table: Table,
                           mover: MoverReply, done: str) -> None:
        """Confirm the move; while the same player is still awaited, the reply carries the next menu at once (one
        interaction per step instead of opening the menu again from the board). All of it comes with the move's
        Update (``act`` computes it), so answering reads nothing more."""
        # ↩️ Undo, when the table says the move can still be taken back (bot/discord/ui/undo.py)
        undo = undo_button(table) if table.status == "active" and mover.can_undo else None
        if table.status != "active" or mover.menu is None:
            await self._answer(interaction, from_menu, done, view=with_undo(None, undo))
            return
        text = done + "\n" + _n("**Your next step** ({n} option):", "**Your next step** ({n} options):",
                                 len(mover.menu)).format(n=len(mover.menu))
        text += self.together_note(table)
        await self._answer(interaction, from_menu, text, view=with_undo(
            menu_view(board_of(table), mover.menu, 0, simultaneous=table.simultaneous,
                      marks=self.bot.app_emojis.options(table.game, mover.menu)), undo))

    async def _answer(self, interaction: discord.Interaction[Any], from_menu: bool, text: str, **kwargs: Any) -> None:
        text = clip(text, 2000)
        if from_menu:
            await interaction.edit_original_response(content=text, view=kwargs.get("view"))
        else:
            await interaction.edit_original_response(content=text, **kwargs)

    async def perform_typed(self, interaction: discord.Interaction[Any], action: str, game: str | None = None) -> None:
        """A typed action (``/move``, or ``/<game> …`` naming its ``game``) in the channel it was typed in."""
        if interaction.channel_id is None:
            await reply(interaction, _("Use this in the game's channel."))
            return
        if game is not None:
            try:
                table: Table = await self.svc.table(interaction.channel_id)
            except TableError as exc:
                await reply(interaction, shown(exc.message))
                return
            if table.game != game:
                await reply(interaction, _("This channel's game is {title}: use `/move` or its own commands.").format(
                    title=_(table.title)))
                return
        await self.perform(interaction, interaction.channel_id, action, None)

    async def said_for(self, interaction: discord.Interaction[Any]) -> Callable[[str], str]:
        """How this channel's game writes an action in the reader's command words (as-is when there is no game)."""
        try:
            table: Table = await self.svc.table(interaction.channel_id or 0)
            said: Callable[[str], str] = self.svc.game(table.game).said
            return said
        except TableError:
            return str

    async def legal_for(self, interaction: discord.Interaction[Any]) -> list[tuple[str, str]]:
        """This player's legal actions here with labels naming players, or [] (autocomplete must never fail loudly)."""
        if interaction.channel_id is None:
            return []
        try:
            legal: list[tuple[str, str]] = await self.svc.legal(interaction.channel_id, interaction.user.id)
            return legal
        except TableError:
            return []

    # ---- private screen --------------------------------------------------------------------
    async def show_screen(self, interaction: discord.Interaction[Any], channel_id: int, *,
                          in_words: bool = False) -> None:
        """The player's own view, ephemeral: works with closed DMs and never reaches the channel. ``in_words``: the
        whole screen as text (the game's summary of the private view), for screen readers, instead of the image."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table: Table = await self.svc.table(channel_id)
            view = await self.svc.private_view(channel_id, interaction.user.id)
        except TableError as exc:
            await interaction.edit_original_response(content=shown(exc.message))
            return
        game = self.svc.game(table.game)
        if in_words:
            title = _("**Your screen — {title}**, move {n}:").format(title=shown(table.title), n=table.moves)
            await send_pages(interaction, in_words_pages(title, shown(named_summary(game, view, table.names))))
            return
        image = await self.bot.images.private(table.game, view, names=table.names)
        order = await self.svc.my_order(channel_id, interaction.user.id)
        embed = embeds.private_embed(table, named_summary(game, view, table.names), [], image=image is not None,
                                     order=order[1] if order else None)
        files = image_file(image, "screen.png", describe(game, view, table.names))
        news = await self.bot.notifier.news.pending(table, interaction.user.id)  # above the screen, then seen
        await interaction.edit_original_response(content=news_text(news, 1900) or None, embed=embed, attachments=files)
        await self.bot.notifier.news.shown(news, screen=True)

    async def describe_board(self, interaction: discord.Interaction[Any], channel_id: int) -> None:
        """The whole public board in words (the game's summary of the public view), ephemeral, in as many messages
        as it takes: ``/game status text:True`` and the **Describe** button."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table: Table = await self.svc.table(channel_id)
            if table.status == "lobby":
                raise TableError(_("This game has not started yet: there is no board to describe."))
            view = await self.svc.public_view(channel_id)
        except TableError as exc:
            await interaction.edit_original_response(content=shown(exc.message))
            return
        waiting = ", ".join(shown(table.seats[s].name) for s in table.awaited_seats)
        title = _("**{title}**, move {n}:").format(title=shown(table.title), n=table.moves)
        summary = shown(named_summary(self.svc.game(table.game), view, table.names))
        if waiting:
            summary += "\n" + _("Waiting for: {names}").format(names=waiting)
        await send_pages(interaction, in_words_pages(title, summary))


def in_words_pages(title: str, text: str, limit: int = 2000) -> list[str]:
    """``title`` and ``text`` as messages of at most ``limit`` characters, cut at line ends (a longer line is cut)."""
    pages: list[str] = []
    current = title
    for line in text.splitlines():
        line = clip(line, limit)
        if current and len(current) + 1 + len(line) > limit:
            pages.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    pages.append(current)
    return pages


async def send_pages(interaction: discord.Interaction[Any], pages: list[str]) -> None:
    """Texts as the deferred ephemeral answer and follow-ups (in order)."""
    await interaction.edit_original_response(content=pages[0], allowed_mentions=NO_PING)
    for page in pages[1:]:
        await interaction.followup.send(page, ephemeral=True, allowed_mentions=NO_PING)


def setup(bot: BotCore) -> None:
    """``/move action:`` — the generic command for every game, autocompleted from the legal actions."""

    @app_commands.command(name="move", description="Play an action in this channel's game (autocompleted)")
    @app_commands.describe(action="Start typing: your legal actions are suggested")
    @app_commands.guild_only()
    async def move(interaction: discord.Interaction[Any], action: str) -> None:
        await bot.play.perform_typed(interaction, action)

    @move.autocomplete("action")
    async def move_choices(interaction: discord.Interaction[Any], current: str) -> list[app_commands.Choice[str]]:
        typed = current.casefold().strip()
        out = []
        said = await bot.play.said_for(interaction)  # the action in the reader's command words; the value stays
        for action, label in await bot.play.legal_for(interaction):
            words = said(action)
            if typed and all(typed not in text.casefold() for text in (action, words, label)):
                continue
            out.append(app_commands.Choice(name=clip(f"{words} — {label}", 100), value=action))
            if len(out) == MAX_CHOICES:
                break
        return out

    bot.tree.add_command(move)
