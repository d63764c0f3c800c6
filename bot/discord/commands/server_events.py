"""What the server does to a table: a channel or thread deleted, a thread locked, Kontor removed from the server.

The table's clocks pause (the service keeps the game and gives the paused time back later), its players are told
once by DM (``bot.discord.pausing``), and ``/game mygames`` shows it as paused. A game whose channel is gone continues
elsewhere with ``/game move-here``; a locked thread, or a channel where Kontor got its permissions back, resumes.
A seated member who leaves the server (seen when Discord sends it: with the Server Members intent, or when a
reminder finds them gone) opens the vote on their seat.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.discord import departures, pausing

log = logging.getLogger(__name__)


class ServerEvents(commands.Cog):
    """Listens for channel, thread, server and member changes; receives the bot, imports nothing of
    ``bot.discord.app``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await pausing.unreachable(self.bot, channel.id, "channel")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await pausing.unreachable(self.bot, payload.thread_id, "channel")

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        # The raw event: an archived thread may no longer be in discord.py's cache, so on_thread_update can miss it.
        meta = payload.data.get("thread_metadata") or {}
        if meta.get("archived") and meta.get("locked"):
            await pausing.unreachable(self.bot, payload.thread_id, "post")  # a locked, archived thread takes no posts
        elif not meta.get("locked") and not meta.get("archived"):
            await self._resume(payload.thread_id, "its thread is open again")

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        """Permissions changed: a table paused because Kontor could not post there resumes once it can."""
        me = after.guild.me
        if me is not None and not pausing.missing_permissions(after.permissions_for(me), thread=False):
            await self._resume(after.id, "Kontor may post there again")

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        """A role's permissions changed (e.g. Kontor's own role, or @everyone): the server's tables paused because
        Kontor could not post may be reachable again."""
        if before.permissions != after.permissions:
            await self._resume_server(after.guild)

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        """Kontor was given a role (with the permissions it lacked)."""
        if after.id == self.bot.user.id and before.roles != after.roles:
            await self._resume_server(after.guild)

    async def _resume_server(self, guild: discord.Guild) -> None:
        me = guild.me
        if me is None:
            return
        for channel_id in await self.bot.service.paused_channels(guild.id, "post"):
            channel = guild.get_channel_or_thread(channel_id)
            thread = isinstance(channel, discord.Thread)
            if channel is not None and not pausing.missing_permissions(channel.permissions_for(me), thread=thread):
                await self._resume(channel_id, "Kontor may post there again")

    async def _resume(self, channel_id: int, why: str) -> None:
        """The table paused because Kontor could not post here resumes, and its current board is posted afresh at the
        bottom of the channel (the refused posts told nobody whose move it is)."""
        update = await self.bot.service.reopen(channel_id, "post")
        if update is not None:
            log.info("game %s resumed: %s", update.table.game_id, why)
            await self.bot.notifier.reopened(update)
            self.bot.scheduler.poke()  # its reminders are due again at once

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """Only sent with the Server Members intent; without it, a reminder finds the departure
        (bot.discord.departures)."""
        await departures.member_left(self.bot, payload.guild_id, payload.user.id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        for table in await self.bot.service.pause_server(guild.id):
            log.info("game %s paused: Kontor left server %s", table.game_id, guild.id)
            await pausing.tell_players(self.bot, table)
