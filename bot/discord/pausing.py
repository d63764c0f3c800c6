"""A table Kontor cannot reach: pause its clocks and tell its players once (by DM), from wherever it is noticed
(a server event, or a post Discord refused). Resuming happens where reach comes back."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.lang import speaking
from bot.table import Table, TableError, pause_text
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger(__name__)

# Discord error codes on a post: the channel is gone, or Kontor may not post there (permissions, a locked thread).
GONE = {10003: "channel"}
BLOCKED = {50001: "post", 50013: "post", 50083: "post", 160005: "post"}
# What Kontor needs in a game's channel, as (discord.Permissions attribute, how a server admin reads it).
NEEDED = (("view_channel", "View Channel"), ("send_messages", "Send Messages"), ("embed_links", "Embed Links"),
          ("attach_files", "Attach Files"), ("read_message_history", "Read Message History"))
NEEDED_IN_THREADS = (("send_messages_in_threads", "Send Messages in Threads"),)


def missing_permissions(permissions: discord.Permissions, *, thread: bool) -> list[str]:
    """The permissions Kontor lacks to run a table in a channel (or thread), in the words of Discord's settings."""
    needed = NEEDED + NEEDED_IN_THREADS if thread else NEEDED
    return [words for attr, words in needed if not getattr(permissions, attr)]


def reason_for(error: discord.HTTPException) -> str | None:
    """The pause reason a refused post means, if any (None: a passing failure, e.g. a 500)."""
    return GONE.get(error.code) or BLOCKED.get(error.code)


def paused_message(table: Table) -> str:
    """The one DM a player gets when their table pauses (no secret in it: it goes to every seated player)."""
    where = f"<#{table.channel}>"
    head = _("⏸️ Your game of **{game}** (game #{id}, in {where}) is paused.").format(
        game=_(table.title), id=table.game_id, where=where) + f" {pause_text(table)}"
    clocks = " " + _("Its clocks are stopped: nobody's time runs out while it waits.")
    if table.paused == "post":
        # TRANSLATORS: View Channel, Send Messages, Embed Links, Attach Files: Discord's permission names as Discord
        # shows them in your language
        return head + clocks + " " + _("A moderator can give Kontor back View Channel, Send Messages, Embed Links "
                                       "and Attach Files there (or unlock the thread); the clocks run again with "
                                       "Kontor's next post.")
    return head + clocks + " " + _("The host or a moderator can continue it in another channel or thread with"
                                   " `/game move-here game:{id}`, or end it with `/game abandon game:{id}`.").format(
                                       id=table.game_id)


async def tell_players(bot: Any, table: Table) -> None:
    """One DM per seated player, sent as every DM is (``bot.discord.dms``: refused DMs remembered and retried later)."""
    for user_id in table.humans:
        try:
            language = await bot.service.user_language(user_id)
        except Exception:
            language = "en"
        with speaking(language):  # a DM: each player's own language
            text = paused_message(table)
        await bot.notifier.dms.send_text(user_id, text)


async def unreachable(bot: Any, channel_id: int, reason: str) -> Table | None:
    """Kontor cannot reach ``channel_id`` (``reason``: PAUSE_REASONS): pause its running game and tell the players
    once; a lobby in a channel that is gone is closed (nothing was played). The paused Table, if this paused it."""
    svc = bot.service
    try:
        table = await svc.table(channel_id)
    except TableError:
        return None  # no game was ever played there
    if table.status == "lobby" and reason == "channel":
        await svc.abandon(channel_id, table.creator, force=True)
        return None
    paused: Table | None = await svc.pause(channel_id, reason)
    if paused is not None:
        log.info("game %s paused: %s", paused.game_id, reason)
        await tell_players(bot, paused)
    return paused
