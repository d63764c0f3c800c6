"""Seated players who left the server. Kontor runs without the privileged Server Members intent, so Discord does
not always say when someone leaves: a departure is noticed from the member-removed event when a server grants the
intent, and otherwise when a reminder is due and the awaited player is no longer a member (checked then, one REST
call, never per move). Either way the table is told once and the players still there vote on the seat."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.ui.seat_vote import announcement
from bot.table import TableError, Update

log = logging.getLogger(__name__)

UNKNOWN_MEMBER = 10007


async def member_left(bot: Any, guild_id: int, user_id: int) -> list[Update]:
    """``user_id`` left ``guild_id``: announce it (with the vote) at each of their open tables on that server."""
    announced = []
    for table in await bot.service.my_games(user_id, awaiting_only=False):
        if table.guild != guild_id:
            continue
        try:
            update = await bot.service.member_left(table.channel, user_id)
        except TableError:
            continue
        if update is None:
            continue
        announced.append(update)
        seat = update.table.seat_of(user_id)
        try:
            channel = bot.get_channel(update.channel) or bot.get_partial_messageable(update.channel)
            if seat is not None and update.table.status == "active":
                await channel.send(**announcement(update, seat))
            else:  # a lobby: they simply left it
                await bot.notifier.publish(update)
        except discord.HTTPException as exc:
            log.warning("could not announce a departure in channel %s (HTTP %s)", update.channel, exc.status)
    return announced


async def still_there(bot: Any, update: Update) -> bool:
    """Before a reminder pings a player: are they still a member of the table's server? If not, the departure is
    announced instead (and False returned). Any other answer from Discord counts as "still there"."""
    guild_id = update.table.guild
    if guild_id is None or not update.awaited:
        return True
    for user_id in update.awaited:
        try:
            await bot.http.get_member(guild_id, user_id)
        except discord.NotFound as exc:
            if exc.code == UNKNOWN_MEMBER:
                await member_left(bot, guild_id, user_id)
                return False
        except discord.HTTPException:
            continue
    return True
