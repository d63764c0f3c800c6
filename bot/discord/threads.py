"""Making a table's thread, shared by the three places that open tables in threads: ``/game new`` on a server that
chose a thread per table (``bot/discord/table_threads.py``), each table of a tournament (``tournaments.py``) and each
table the seek queue forms (``seeking.py``). A thread goes in a text channel (a thread's parent when asked from inside
a thread: threads have no threads); threads are the only channels Kontor may make without Manage Channels."""

from __future__ import annotations

from typing import Any, Literal

import discord

from bot.discord.ui.text import clip
from rules.words import N_

# A week, Discord's longest: games are slow, and a post in the thread wakes it anyway.
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
# Discord's error code when a server has as many active threads as it may (1,000; archived ones do not count).
TOO_MANY_THREADS = 160006
# What Kontor needs to open a table in a thread of a channel: (discord.Permissions attribute, the setting's name).
NEEDED = (("create_public_threads", "Create Public Threads"), ("send_messages_in_threads", "Send Messages in Threads"))


def thread_home(bot: Any, channel_id: int) -> discord.TextChannel | None:
    """The text channel a new thread for ``channel_id`` goes in: itself, or its parent when it is a thread; None when
    it is neither (a voice channel's chat, a forum, a channel gone from the cache)."""
    found = bot.get_channel(channel_id)
    if isinstance(found, discord.Thread):
        found = found.parent
    return found if isinstance(found, discord.TextChannel) else None


async def new_thread(home: discord.TextChannel, name: str) -> discord.Thread:
    """A public thread of ``home`` named ``name`` (clipped to Discord's 100 characters)."""
    return await home.create_thread(name=clip(name, 100), type=discord.ChannelType.public_thread,
                                    auto_archive_duration=THREAD_ARCHIVE_MINUTES)


def missing_thread_permissions(permissions: discord.Permissions) -> list[str]:
    """The permissions Kontor lacks to open a table in a thread of a channel, in the words of Discord's settings."""
    return [words for attr, words in NEEDED if not getattr(permissions, attr)]


def thread_refusal(error: discord.HTTPException) -> str:
    """Why Discord refused to make a thread, as a translatable text (the caller translates it)."""
    if error.code == TOO_MANY_THREADS:
        return N_("this server has reached Discord's limit of active threads")
    if isinstance(error, discord.Forbidden):
        return N_("I may not create threads in this channel")
    return N_("Discord could not create the thread just now")
