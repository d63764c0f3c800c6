"""Private screens by direct message, and what the bot remembers when Discord refuses one.

- A DM refused with 50007 (DMs closed for the server, no shared server, the bot blocked) is remembered with
  its time (the store's ``dm_failed_at``), and the player is told once in the table's channel — never the secret.
- While remembered, DMs to that player are skipped until ``RETRY_AFTER`` has passed since the last refusal; then
  the next one is tried. Any interaction of that player (a button, a command) also makes the next DM try again:
  they may have opened their DMs meanwhile. A refusal again is remembered again, without a second notice.
- Any other error (a 403 with another code, a 5xx, a network error) says nothing about the player's settings:
  it is logged and forgotten. A DM that did not arrive never undoes a move, nor makes its reply say it did.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.botcore import BotCore
from bot.discord.ui import embeds
from bot.discord.ui.files import describe, image_file
from bot.discord.ui.text import NO_PING, pings, table_language
from bot.lang import speaking
from bot.table import PrivateUpdate, Reader, Table, named_summary
from rules.words import N_, translator

log = logging.getLogger(__name__)
_, _n = translator("discord")

CANNOT_DM = 50007
RETRY_AFTER = 6 * 3600.0  # seconds after a refused DM before the next one is tried
DM_HELP = N_(
    "I can't send you direct messages, so your private screen can't reach you by DM. "
    "Use `/game hand` or the **My screen** button under the board (only you see it), or allow DMs: "
    "right-click the server → Privacy Settings → Direct Messages."
)


class DirectMessages:
    """Sends private screens; ``channel`` finds a table's channel (to tell a player once that DMs fail)."""

    def __init__(self, bot: BotCore, channel: Callable[[int], Awaitable[discord.abc.Messageable]]) -> None:
        self.bot = bot
        self._channel = channel
        self._closed: set[int] = set()  # players whose DMs were refused, as far as this run has seen
        self._recheck: set[int] = set()  # of those, who interacted since: their next DM is tried at once
        # what this run learnt since an Update read the store (``Reader``): a DM refused (False) or delivered (True)
        self._learnt: dict[int, tuple[bool, float | None]] = {}
        bot.add_listener(self.on_interaction, "on_interaction")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Every interaction: a player with refused DMs is back, so the next DM to them is tried again."""
        user = interaction.user.id
        if user in self._closed:
            self._closed.discard(user)
            self._recheck.add(user)

    async def _status(self, user_id: int, reader: Reader | None) -> tuple[bool, float | None]:
        """Whether DMs to the player work, and when the last one was refused: as the Update read it (``reader``),
        corrected by what this run learnt since; without a reader (no Update at hand), from the table."""
        if reader is None:
            ok, failed_at = await self.bot.service.dm_status(user_id)
            return ok, failed_at
        return self._learnt.get(user_id, (reader.dm_ok, reader.dm_failed_at))

    async def send_screen(self, table: Table, user_id: int, private: PrivateUpdate, *, content: str | None = None,
                          heading: str | None = None, reader: Reader | None = None) -> bool:
        """DM one player their screen (``private.events`` under ``heading``); False if it was not delivered (or not
        tried: DMs known to be refused). ``content`` replaces the "Your screen in #channel" line. Written in the
        player's language as last seen in an interaction (a DM has no locale of its own). ``reader``: what the
        Update being posted read of the player (else the table is asked)."""
        ok, failed_at = await self._status(user_id, reader)
        if not ok and not self._try_again(user_id, failed_at):
            return False
        language = reader.language if reader is not None else await self.bot.service.user_language(user_id)
        with speaking(language):
            return await self._send_screen(table, user_id, private, ok, content, heading)

    async def _send_screen(self, table: Table, user_id: int, private: PrivateUpdate, ok: bool, content: str | None,
                           heading: str | None) -> bool:
        svc = self.bot.service
        heading = heading or _("Just now")
        image = await self.bot.images.private(table.game, private.view, names=table.names)
        summary = named_summary(svc.game(table.game), private.view, table.names)
        embed = embeds.private_embed(table, summary, private.events, image=image is not None, heading=heading)
        if content is None:
            if table.status == "active" and user_id in table.awaited:
                content = _("Your screen in {channel} — it's your move").format(channel=f"<#{table.channel}>")
            else:
                content = _("Your screen in {channel}").format(channel=f"<#{table.channel}>")
        files = image_file(image, "screen.png", describe(svc.game(table.game), private.view, table.names))
        try:
            await self._deliver(user_id, ok, content=content, embed=embed, files=files)
        except discord.HTTPException as exc:
            if await self._refused(user_id, exc) and ok:
                await self._tell_closed(table, user_id)
            return False
        return True

    async def known_closed(self, user_id: int, reader: Reader | None = None) -> bool:
        """Whether this player's last DM was refused (until one is delivered again): turn notices then go to the
        channel, whatever their preference, because a DM may never arrive. ``reader``: as ``send_screen``."""
        return not (await self._status(user_id, reader))[0]

    async def send_text(self, user_id: int, text: str, reader: Reader | None = None) -> bool:
        """A plain notice by DM (e.g. a table paused), under the same rules as a screen: not while DMs are known
        to be refused (until the cool-off or the player's next interaction); False if not delivered. ``reader``: as
        ``send_screen``."""
        ok, failed_at = await self._status(user_id, reader)
        if not ok and not self._try_again(user_id, failed_at):
            return False
        try:
            await self._deliver(user_id, ok, content=text)
        except discord.HTTPException as exc:
            await self._refused(user_id, exc)
            return False
        return True

    async def _deliver(self, user_id: int, was_ok: bool, **message: Any) -> None:
        dm = await self.bot.create_dm(discord.Object(user_id))
        await dm.send(allowed_mentions=NO_PING, **message)
        await self._delivered(user_id, was_ok=was_ok)

    async def hello(self, user: discord.User | discord.Member, table: Table) -> bool:
        """At join: a short hello by DM proves DMs work; False only when Discord says they are closed."""
        try:
            await user.send(_("You joined **{title}** in {channel}. Your private screen will come here.").format(
                title=_(table.title), channel=f"<#{table.channel}>"), allowed_mentions=NO_PING)
        except discord.HTTPException as exc:
            return not await self._refused(user.id, exc)
        await self._delivered(user.id, was_ok=False)
        return True

    def _try_again(self, user_id: int, failed_at: float | None) -> bool:
        """Whether to try a DM to a player whose DMs were refused: after they interacted, or after the cool-off."""
        if user_id in self._recheck:
            return True
        self._closed.add(user_id)
        return failed_at is None or self.bot.service.clock() - failed_at >= RETRY_AFTER

    async def _refused(self, user_id: int, exc: discord.HTTPException) -> bool:
        """Remember a refusal that means "DMs closed" (True); log any other error and remember nothing (False)."""
        if isinstance(exc, discord.Forbidden) and exc.code == CANNOT_DM:
            await self.bot.service.set_dm_ok(user_id, False)  # with its time: the cool-off starts again
            self._learnt[user_id] = (False, self.bot.service.clock())
            self._closed.add(user_id)
            self._recheck.discard(user_id)
            return True
        log.warning("DM to %s failed (HTTP %s, code %s); will try again next time", user_id, exc.status, exc.code)
        return False

    async def _delivered(self, user_id: int, *, was_ok: bool) -> None:
        self._closed.discard(user_id)
        self._recheck.discard(user_id)
        self._learnt[user_id] = (True, None)
        if not was_ok:
            await self.bot.service.set_dm_ok(user_id, True)

    async def ping(self, table: Table, user_id: int, text: str) -> None:
        """``text`` and a mention of the player in the table's channel: the fallback for a turn notice or a reminder
        that should have come by DM but did not arrive."""
        channel = await self._channel(table.channel)
        try:
            await channel.send(f"{text} <@{user_id}>", allowed_mentions=pings([user_id]))
        except discord.HTTPException:
            log.warning("could not ping %s in channel %s", user_id, table.channel, exc_info=True)

    async def _tell_closed(self, table: Table, user_id: int) -> None:
        channel = await self._channel(table.channel)
        with speaking(table_language(table)):  # said in the channel: the table's language
            text = f"<@{user_id}> {_(DM_HELP)}"
        try:
            await channel.send(text, allowed_mentions=pings([user_id]))
        except discord.HTTPException:
            log.warning("could not tell %s about closed DMs", user_id, exc_info=True)
