"""Private news: what a player's own screen gained through other people's moves, told once per turn, not per step.

A *turn* is the stretch during which the table waits for the same set of players (the channel shows it as one board
post, edited in place). Each change's private part (``Update.private``) is kept as the player's pending news (its
lines; a change without lines marks that their screen changed) in the database (``private_news``, so a restart
neither loses it nor repeats what was delivered), and delivered:

- **by one DM when the player's turn begins** (they became awaited), with their current screen: the news of the
  whole stretch since their last look in one message, together with the turn notice (a ``dm`` preference makes it
  *the* turn notice; ``digest`` keeps it for their next look instead, see bot/discord/notify_prefs.py);
- **by one DM when the game ends** (the last news and the final screen);
- **in the reply to their next interaction with the table** (the menu, a move, My screen: "Since your last look"),
  which is how a player whose DMs are closed gets it. Shown once: what a DM or a reply showed is deleted.

The mover's own news from their own step is not kept at all: the reply to their move shows it
(bot/discord/commands/play.py).
Secrets go only to their owner: the lines are stored per player, shown only in that player's DM or ephemeral reply,
and never logged.
"""

from __future__ import annotations

import logging
from typing import Any

from bot.discord.botcore import BotCore
from bot.discord.dms import DirectMessages
from bot.discord.ui.embeds import fitting_lines
from bot.discord.ui.since import since_text
from bot.discord.ui.text import shown
from bot.lang import speaking
from bot.table import (
    PendingNews,
    PrivateUpdate,
    Reader,
    Table,
    TableError,
    Update,
    channel_speaking,
)
from rules.words import N_, translator

_, _n = translator("bot")

log = logging.getLogger(__name__)

SINCE = N_("Since your last look")


def jump_link(table: Table) -> str:
    return f"https://discord.com/channels/{table.guild or '@me'}/{table.channel}"


def news_text(news: PendingNews | None, room: int = 1200) -> str:
    """The lines of ``news`` for an ephemeral reply ("" when there are none), the newest that fit in ``room``."""
    if news is None or not news.lines:
        return ""
    return f"📬 **{_(SINCE)}:**\n" + "\n".join(f"• {line}" for line in fitting_lines(news.lines, room - 30))


class PrivateNews:
    """Keeps each player's pending news and delivers it at the start of their turn, at the end, or in a reply."""

    def __init__(self, bot: BotCore, dms: DirectMessages) -> None:
        self.bot = bot
        self.dms = dms

    @property
    def svc(self) -> Any:
        return self.bot.service

    async def publish(self, update: Update, *, actor: int | None = None) -> None:
        """Deliver what the change calls for: the table kept its news (bot/table/news.py) and says whose is due
        (``Update.news``) and whose turn begins (``Update.begins``); the mover reads theirs in the reply to their
        move."""
        table = update.table
        if update.reminder or table.status == "lobby":
            return
        if table.status != "active":  # the end: everyone's last news, with their final screen
            for user in sorted(update.news):
                await self._deliver(update, user, turn=False)
            return
        for user in update.begins:
            if user != actor and user in update.awaited:  # never to someone who left or is away
                await self._deliver(update, user, turn=True)

    async def _deliver(self, update: Update, user: int, *, turn: bool) -> None:
        """One DM: the player's pending news and current screen (and, for the ``dm`` preference, the turn notice), in
        the player's own language (their news was written in it when it happened: bot/table/moves.py). What the
        Update read of them (``Update.readers``, ``Update.screens``); of a player no longer seated (replaced, news
        still pending) the table is asked."""
        reader = update.readers.get(user)
        try:
            language = reader.language if reader else await self.svc.user_language(user)
            pref = reader.notify if reader else await self.svc.notify_pref(user)
        except Exception:
            language, pref = "en", "mention"
        with speaking(language):
            await self._deliver_in_language(update, user, pref, reader, turn=turn)

    async def _deliver_in_language(self, update: Update, user: int, pref: str, reader: Reader | None, *,
                                   turn: bool) -> None:
        table = update.table
        try:
            if turn and pref == "digest":
                return  # no message per turn: the news waits for their next look
            news = update.news.get(user)
            # the turn notice itself, unless DMs to them are known to fail (then the board pinged them instead)
            notice = turn and pref == "dm" and not await self.dms.known_closed(user, reader)
            if news is None and not notice:
                return
            view = update.screens.get(user)
            if view is None:
                view = await self.svc.screen(table.game_id, user)
            content = None
            if notice:
                content = _("🎲 It's your move in **{game}**: {link}").format(game=shown(_(table.title)),
                                                                            link=jump_link(table))
                digest = update.since.get(user)  # their turn began with this change: what they missed
                since = since_text(digest, room=1500, mark=self.bot.app_emojis.mark) if digest is not None else ""
                if since:
                    content += "\n" + since
            private = PrivateUpdate(view, news.lines if news else [])
            delivered = await self.dms.send_screen(table, user, private, content=content, heading=_(SINCE),
                                                   reader=reader)
            if delivered and news:
                await self.svc.news_delivered(news)
            elif not delivered and notice:  # the board named them without a ping: the notice must reach them
                with channel_speaking(table.settings):  # a ping in the channel
                    await self.dms.ping(table, user, _("Your move:"))
        except TableError:
            log.info("no screen for %s in game %s any more", user, table.game_id)
        except Exception:  # the change is made and posted: one player's DM must not turn it into an error
            log.exception("the private news for %s in game %s failed", user, table.game_id)

    # ---- in replies ------------------------------------------------------------------------------
    async def pending(self, table: Table, user: int) -> PendingNews | None:
        """The player's undelivered news of this table (None when there is none or it cannot be read)."""
        if table.seat_of(user) is None:
            return None
        try:
            news: PendingNews | None = await self.svc.pending_news(table.game_id, user)
            return news
        except Exception:
            log.exception("reading the private news of %s in game %s failed", user, table.game_id)
            return None

    async def shown(self, news: PendingNews | None, *, screen: bool = False) -> None:
        """After a reply showed ``news`` (its lines, or with ``screen`` the current screen too): it is delivered."""
        if news is not None and (news.lines or screen):
            try:
                await self.svc.news_delivered(news)
            except Exception:
                log.exception("marking the private news of %s in game %s as seen failed", news.user_id, news.game_id)
