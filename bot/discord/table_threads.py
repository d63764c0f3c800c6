"""A thread per table (docs/discord.md, "A thread per table"): on a server whose managers turned it on
(``/game settings threads:on``), ``/game new`` in a text channel opens the table in a new public thread of it, named
after the game and its host; the start names it after all its players (one rename per game, and none when the name
stays: Discord allows two renames of a channel in ten minutes), the end archives it after the final board, and a
rematch from it opens the same thread again. The table records the thread (``TableService.note_thread``), so only
the threads opened this way are renamed and archived, never one people made or a tournament's.

When the thread cannot be made (Kontor lacks Create Public Threads or Send Messages in Threads, or the server has
reached Discord's limit of active threads) the table opens in the channel itself, with one plain notice saying why;
a table that cannot open after all takes its new thread with it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord.botcore import BotCore
from bot.discord.threads import missing_thread_permissions, new_thread, thread_refusal
from bot.discord.ui import embeds
from bot.discord.ui.text import NO_PING, clip, table_language
from bot.lang import speaking
from bot.table import Table, TableError, Update
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Place:
    """Where ``/game new`` opens its table: ``channel`` (the new thread's id when ``thread`` is set), and, when it
    meant to open a thread and could not, why (in the table's language)."""

    channel: int
    thread: discord.Thread | None = None
    notice: str | None = None


async def place_new_table(bot: BotCore, interaction: discord.Interaction[Any], name: str, language: str) -> Place:
    """Make the new table's thread when the server wants one and ``/game new`` ran in a text channel (inside a thread
    the table opens in that thread, as everywhere); ``name`` is the thread's. Else, or when the thread cannot be made,
    the channel itself, with the notice why."""
    channel, guild = interaction.channel, interaction.guild_id
    assert interaction.channel_id is not None
    here = Place(interaction.channel_id)
    if guild is None or not isinstance(channel, discord.TextChannel) or not await bot.service.threads_on(guild):
        return here
    missing = missing_thread_permissions(interaction.app_permissions)
    with speaking(language):  # public, in the channel: the table's language
        if missing:
            why = _("I'm missing {permissions} in this channel").format(permissions=", ".join(missing))
            return Place(here.channel, notice=_notice(why))
        try:
            thread = await new_thread(channel, name)
        except discord.HTTPException as exc:
            log.warning("could not open a table's thread in channel %s: %s", channel.id, exc)
            return Place(here.channel, notice=_notice(_(thread_refusal(exc))))
    try:
        await bot.service.note_thread(thread.id, channel.id, guild)
    except Exception:  # a refusal, or the disk full: the thread goes, and the command's handler says why
        await discard(bot, thread)
        raise
    return Place(thread.id, thread)


async def open_table(bot: BotCore, place: Place, create: Callable[[], Awaitable[Update]]) -> Update:
    """Open the table where ``place`` says (``create`` does); when it cannot open after all, its new thread goes too:
    nothing half-made, no empty thread without its table. The refusal goes on to the command's handler."""
    try:
        return await create()
    except Exception:
        if place.thread is not None:
            await discard(bot, place.thread)
        raise


def _notice(why: str) -> str:
    return "ℹ️ " + _("This server opens each table in its own thread, but not this time ({why}): the table opens in "
                    "this channel.").format(why=why)


async def discard(bot: BotCore, thread: discord.Thread) -> None:
    """The table could not open in its new thread: the thread goes (deleted; archived when Kontor may not delete it),
    and the table forgets it. Never raises."""
    try:
        await thread.delete()
    except discord.HTTPException:
        try:
            await thread.edit(archived=True, locked=True)
        except discord.HTTPException:
            log.warning("could not remove the unused thread %s", thread.id, exc_info=True)
    try:
        await bot.service.forget_thread(thread.id)
    except Exception:  # the disk that refused the table may refuse this too: nothing refers to a deleted thread
        log.warning("could not forget the unused thread %s", thread.id, exc_info=True)


def thread_name(table: Table) -> str:
    """"Colonia · Anna, Ben, Clara": the game and its players, in the table's language (the caller clips it)."""
    with speaking(table_language(table)):
        return _("{game} · {players}").format(game=_(table.title), players=", ".join(s.name for s in table.seats))


async def _own_thread(bot: BotCore, channel: int) -> discord.Thread | None:
    """The thread Kontor opened for the table in ``channel``, fetched when Discord's cache let it go (archived);
    None for any other channel, or a thread that is gone."""
    try:
        if await bot.service.thread_parent(channel) is None:
            return None
        found = bot.get_channel(channel)
        if not isinstance(found, discord.Thread):
            found = await bot.fetch_channel(channel)
    except (TableError, discord.HTTPException):
        log.warning("could not look up the table thread %s", channel, exc_info=True)
        return None
    return found if isinstance(found, discord.Thread) else None


async def started(bot: BotCore, table: Table) -> None:
    """The game began: its thread takes the players' names (once per game, only when they differ). Never raises."""
    thread = await _own_thread(bot, table.channel)
    name = clip(thread_name(table), 100)
    if thread is None or thread.name == name:
        return
    try:
        await thread.edit(name=name)
    except discord.HTTPException:
        log.warning("could not rename the table thread %s", thread.id, exc_info=True)


async def ended(bot: BotCore, update: Update) -> None:
    """After the post that ends a game (finished or abandoned): its own thread is archived. Never raises."""
    if update.table.status not in ("finished", "abandoned"):
        return
    thread = await _own_thread(bot, update.channel)
    if thread is None or thread.archived:
        return
    try:
        await thread.edit(archived=True)
    except discord.HTTPException:
        log.warning("could not archive the table thread %s", thread.id, exc_info=True)


async def reopen(bot: BotCore, channel: int) -> None:
    """A rematch opens in the archived thread of its game: it is unarchived first. Never raises."""
    thread = await _own_thread(bot, channel)
    if thread is None or not thread.archived:
        return
    try:
        await thread.edit(archived=False)
    except discord.HTTPException:
        log.warning("could not reopen the table thread %s", thread.id, exc_info=True)


async def post_lobby(bot: BotCore, thread: discord.Thread, update: Update, extra: str, host: discord.abc.User) -> None:
    """The new table's lobby, in its thread (in the table's language), and its host in the thread's members, so that
    it shows in their list. Never raises: the table is open, ``/game join`` works in the thread all the same."""
    with speaking(table_language(update.table)):
        embed = embeds.lobby_embed(update.table, update.public_events, update.chances)
    try:
        await thread.send(extra, embed=embed, allowed_mentions=NO_PING)
        await thread.add_user(host)
    except discord.HTTPException:
        log.warning("could not post the lobby in the table thread %s", thread.id, exc_info=True)


# ---- following a table's thread (/watch follow, /watch unfollow) ----------------------------------------------------
async def tables_in_threads(bot: BotCore, interaction: discord.Interaction[Any]) -> list[Table]:
    """The open tables in the active threads of the channel the command runs in (its own threads, a tournament's,
    the seek queue's: any thread a table lives in), oldest first."""
    channel = interaction.channel
    if interaction.guild_id is None or not isinstance(channel, discord.TextChannel):
        return []
    threads: list[Table] = await bot.service.open_tables_in(interaction.guild_id, [t.id for t in channel.threads])
    return threads


async def followed_table(bot: BotCore, interaction: discord.Interaction[Any], game: int | None
                         ) -> tuple[Table, discord.Thread]:
    """The table ``/watch follow`` means, with its thread: game number ``game`` in a thread of this channel, else the
    one table in this channel's threads, else (run inside a thread) the thread's own table. Refusals: no such table,
    several to choose from, a game over, a thread gone."""
    here = interaction.channel_id
    if game is not None:
        try:
            table: Table = await bot.service.table_of_game(game)
        except TableError:
            raise TableError(_("There is no open table #{game} in a thread of this channel.").format(game=game)) \
                from None
    elif isinstance(interaction.channel, discord.Thread):
        try:
            table = await bot.service.table(interaction.channel.id)
        except TableError:
            raise TableError(_("There is no table in this thread.")) from None
    else:
        tables = await tables_in_threads(bot, interaction)
        if not tables:
            raise TableError(_("No table of this channel is open in a thread."))
        if len(tables) > 1:
            raise TableError(_("This channel has several tables in threads: name one with `table:`."))
        table = tables[0]
    if table.guild != interaction.guild_id or table.status not in ("lobby", "active"):
        raise TableError(_("There is no open table #{game} in a thread of this channel.").format(game=table.game_id))
    thread = bot.get_channel(table.channel)
    if not isinstance(thread, discord.Thread):
        try:
            thread = await bot.fetch_channel(table.channel)
        except discord.NotFound:
            raise TableError(_("That table's thread is gone.")) from None
        except discord.HTTPException:
            raise TableError(_("Discord did not answer just now; try again in a moment.")) from None
    if not isinstance(thread, discord.Thread):
        raise TableError(_("That table is not in a thread: everyone in its channel sees it already."))
    if here not in (thread.id, thread.parent_id):
        raise TableError(_("There is no open table #{game} in a thread of this channel.").format(game=table.game_id))
    return table, thread


async def follows(thread: discord.Thread, user: int) -> bool:
    """Whether ``user`` is a member of ``thread`` (asked of Discord: Kontor has no member lists)."""
    try:
        await thread.fetch_member(user)
    except discord.NotFound:
        return False
    return True
