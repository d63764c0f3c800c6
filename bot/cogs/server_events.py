"""What the server does to a table: a channel or thread deleted, a thread locked, Kontor removed from the server.

The table's clocks pause (the service keeps the game and gives the paused time back later), its players are told
once by DM, and ``/game mygames`` shows it as paused. A game whose channel is gone continues elsewhere with
``/game move-here``; a locked thread resumes as soon as Kontor can post there again. Lobbies in a deleted channel
are simply closed: nothing was played yet.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.service import Table, TableError, pause_text

log = logging.getLogger(__name__)

CANNOT_DM = 50007
NO_PING = discord.AllowedMentions.none()


def paused_message(table: Table) -> str:
    """The one DM a player gets when their table pauses (no secret in it: it goes to every seated player)."""
    where = f"<#{table.channel}>"
    head = f"⏸️ Your game of **{table.title}** (game #{table.game_id}, in {where}) is paused. {pause_text(table)}"
    clocks = " Its clocks are stopped: nobody's time runs out while it waits."
    if table.paused == "post":
        return (f"{head}{clocks} A moderator can give Kontor back View Channel, Send Messages, Embed Links and Attach"
                f" Files there (or unlock the thread); the clocks run again with Kontor's next post.")
    return (f"{head}{clocks} The host or a moderator can continue it in another channel or thread with"
            f" `/game move-here game:{table.game_id}`, or end it with `/game abandon game:{table.game_id}`.")


class ServerEvents(commands.Cog):
    """Listens for channel, thread and server removal; receives the bot, imports nothing of ``bot.app``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    async def tell_players(self, table: Table) -> None:
        """One DM per seated player; a closed DM is remembered as the rest of the bot does."""
        text = paused_message(table)
        for user_id in table.humans:
            if not await self.bot.service.dm_ok(user_id):
                continue
            try:
                dm = await self.bot.create_dm(discord.Object(user_id))
                await dm.send(text, allowed_mentions=NO_PING)
            except discord.Forbidden as exc:
                if exc.code == CANNOT_DM:
                    await self.bot.service.set_dm_ok(user_id, False)
            except discord.HTTPException:
                log.warning("could not tell player %s that game %s paused", user_id, table.game_id)

    async def lost(self, channel_id: int, reason: str) -> Table | None:
        """The channel is gone (or unusable for good): pause its running game and tell its players; close a lobby."""
        svc = self.bot.service
        try:
            table = await svc.table(channel_id)
        except TableError:
            return None  # no game was ever played there
        if table.status == "lobby":
            await svc.abandon(channel_id, table.creator, force=True)
            return None
        paused = await svc.pause(channel_id, reason)
        if paused is not None:
            log.info("game %s paused: %s", paused.game_id, reason)
            await self.tell_players(paused)
        return paused

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.lost(channel.id, "channel")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.lost(payload.thread_id, "channel")

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        # The raw event: an archived thread may no longer be in discord.py's cache, so on_thread_update can miss it.
        meta = payload.data.get("thread_metadata") or {}
        if meta.get("archived") and meta.get("locked"):
            await self.lost(payload.thread_id, "post")  # a locked, archived thread takes no posts from Kontor
        elif not meta.get("locked") and not meta.get("archived"):
            resumed = await self.bot.service.resume(payload.thread_id, reason="post")
            if resumed is not None:
                log.info("game %s resumed: its thread is open again", resumed.game_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        svc = self.bot.service
        for table in await svc.pause_server(guild.id):
            log.info("game %s paused: Kontor left server %s", table.game_id, guild.id)
            await self.tell_players(table)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerEvents(bot))
