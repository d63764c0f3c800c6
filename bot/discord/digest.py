"""The daily digest: one DM a day, for each player who chose ``/game notify choice:digest``, listing every game on
every server that waits for them (with jump links), instead of a ping per turn.

A background task (``bot.background.BackgroundTask``) checks every ``CHECK_S`` (an hour): a user gets a digest when
their last one is at least ``EVERY_S`` (24 h) old and something waits for them; nothing waiting, no DM (they are
checked again at the next hour). When it went out is stored (``users.digest_at``), so a restart neither repeats one
nor skips one. A user whose DMs are known to be refused gets none: they are mentioned in the channel instead
(bot/discord/notify_prefs.py). The same hourly check forgets private news nobody will read any more (of games over for
``NEWS_KEPT_S``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Mapping
from typing import Any

from bot.background import BackgroundTask
from bot.discord.botcore import BotCore
from bot.discord.dms import DirectMessages
from bot.discord.ui.since import Mark, since_text
from bot.discord.ui.text import clip, shown
from bot.lang import speaking
from bot.table import SinceDigest, Table, pause_text
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger(__name__)

EVERY_S = 24 * 3600.0
CHECK_S = 3600.0
NEWS_KEPT_S = 30 * 24 * 3600.0


def digest_text(tables: list[Table], news: set[int], since: Mapping[int, SinceDigest] | None = None,
                mark: Mark | None = None) -> str:
    """The digest DM: each waiting game with its link; ``news`` are the game ids with private news not seen yet
    (said, never shown: the lines are in the game's My screen); ``since``: per game id, the public events since the
    player's last move there, each fitted into its share of the message, each move's line ``mark``ed."""
    since = since or {}
    lines = [_n("📋 **Your Kontor digest** — {n} game waiting for you:",
                "📋 **Your Kontor digest** — {n} games waiting for you:", len(tables)).format(n=len(tables))]
    room = max(120, min(600, 1500 // max(1, len(tables)) - 200))
    for t in tables:
        line = _("• **{game}** (game #{id}, move {move}) — {link}").format(
            game=shown(_(t.title)), id=t.game_id, move=t.version,
            link=f"https://discord.com/channels/{t.guild or '@me'}/{t.channel}")
        if t.game_id in news:
            line += " " + _("📬 news for you (My screen)")
        if t.paused is not None:
            line += f" ⏸️ {pause_text(t)}"
        lines.append(line)
        if t.game_id in since and not since[t.game_id].empty:
            lines.append("  " + since_text(since[t.game_id], room, mark=mark))
    lines.append(_("You get this once a day instead of a ping per turn. `/game notify` changes it."))
    return clip("\n".join(lines), 2000)


class DigestLoop(BackgroundTask):
    task_name = "kontor-digest"

    def __init__(self, bot: BotCore, dms: DirectMessages, *, every: float = EVERY_S, check: float = CHECK_S) -> None:
        super().__init__()
        self.bot = bot
        self.dms = dms
        self.every = every
        self.check = check

    @property
    def svc(self) -> Any:
        return self.bot.service

    async def tick(self, now: float | None = None) -> list[int]:
        """Send the digests due at ``now`` (the service's clock by default); returns who got one."""
        now = self.svc.clock() if now is None else now
        sent = []
        for user in await self.svc.digest_due(now, self.every):
            try:
                if await self.svc.notify_pref(user) != "digest" or await self.dms.known_closed(user):
                    continue
                tables = await self.svc.my_games(user)
                if not tables:
                    continue  # nothing waits: no DM, and the next check looks again
                news = set(await self.svc.news_games(user))
                since = {}
                for t in tables:
                    with contextlib.suppress(Exception):  # a digest without it rather than none
                        since[t.game_id] = await self.svc.since_last_move(t.channel, user, game_id=t.game_id)
                with speaking(await self.svc.user_language(user)):  # a DM: the player's own language
                    text = digest_text(tables, news, since, self.bot.app_emojis.mark)
                if await self.dms.send_text(user, text):
                    await self.svc.digest_sent(user, now)
                    sent.append(user)
            except Exception:  # one user's digest must not keep the others from theirs
                log.exception("the digest for %s failed", user)
        await self.svc.drop_old_news(now - NEWS_KEPT_S)
        return sent

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
            except Exception:
                log.exception("digest check failed")
            await asyncio.sleep(self.check)  # a plain sleep: SimCord's virtual clock can fast-forward it
