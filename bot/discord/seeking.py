"""Running the seek queue on Discord (docs/seeking.md): the table decides who sits where (``bot/table/seek``); this
makes each formed table's thread, asks its players "I'm in" there, says what the scheduler's pass changed (seats
dropped and offered to the queue, a table dissolved) and posts each table's first board when it starts.

Each table opens in a public thread of the server's games channel (``/seek settings channel:``), else of the channel
where its oldest seek was posted (its parent when that was a thread): a channel holds one open game, and threads are
the only channels Kontor may make without Manage Channels. Every step is safe to run again (``open_seek_tables`` does
only what is missing), so a restart, or a failure to post, is made good at the next pass: after any seek, at the
scheduler's ticks, and once at every start."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.discord.botcore import BotCore
from bot.discord.threads import new_thread, thread_home
from bot.discord.ui.seek_ready import ask_message
from bot.discord.ui.text import NO_PING, clip, shown
from bot.lang import speaking
from bot.table import SeekChange, SeekTable, TableError
from rules.words import translator

_, _n = translator("discord")

log = logging.getLogger(__name__)


class SeekRunner:
    def __init__(self, bot: BotCore) -> None:
        self.bot = bot
        self._resume: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # one pass at a time: a thread is made once per table

    def start(self) -> None:
        if self._resume is None:
            self._resume = asyncio.create_task(self.resume(), name="kontor-seeks")

    async def stop(self) -> None:
        if self._resume is not None:
            self._resume.cancel()
            await asyncio.gather(self._resume, return_exceptions=True)
            self._resume = None

    async def resume(self) -> None:
        await self.bot.wait_until_ready()
        await self.run()

    async def tick(self, now: float | None = None) -> list[SeekChange]:
        """The scheduler's part: expired seeks, seats whose day is up; then the pass that asks and opens."""
        changes = await self.bot.service.seek_due(now)
        for change in changes:
            await self.tell(change)
        if changes:
            await self.run()
        return changes

    async def run(self) -> None:
        """Make the threads of the formed tables, ask their players, start what a restart left opened. Never raises:
        what fails is logged and done at the next pass."""
        async with self._lock:
            try:
                asks, started = await self.bot.service.open_seek_tables(self._thread)
            except (TableError, discord.HTTPException):
                log.warning("the seek tables could not open", exc_info=True)
                return
            for update in started:
                await self.bot.notifier.publish(update)
            for table in asks:
                try:
                    await self.ask(table)
                except (TableError, discord.HTTPException):
                    log.warning("could not ask the players of seek table %s", table.id, exc_info=True)

    async def ask(self, table: SeekTable) -> None:
        assert table.channel is not None
        target: Any = await self.bot.notifier.channel(table.channel)
        fresh = [s.user for s in table.seats if not s.ready and s.due_at is None]
        message = await target.send(**ask_message(table, fresh))
        await self.bot.service.seek_asked(table.id, message.id)

    async def tell(self, change: SeekChange) -> None:
        """Say in the table's thread what the scheduler (or a player leaving) changed; post a started game's board."""
        table = change.table
        if change.started is not None:
            await self.bot.notifier.publish(change.started)
        if table.channel is None or not (change.dropped or change.dissolved):
            return
        with speaking(table.language):
            names = ", ".join(shown(n) for n in change.dropped)
            lines = []
            if change.dropped:
                lines.append(_("No longer at this table: {names}.").format(names=names))
            if change.dissolved:
                lines.append(_("Not enough players are left for this table, and nobody waiting in the queue fits: it"
                               " is dissolved. Those who were in are back in the queue, at their old place."))
            elif change.added:
                lines.append(_("The free seats go to the next players in the queue."))
        try:
            target: Any = await self.bot.notifier.channel(table.channel)
            await target.send(clip("\n".join(lines), 2000), allowed_mentions=NO_PING)
        except discord.HTTPException:
            log.warning("could not post in the seek table's thread %s", table.channel, exc_info=True)

    async def _thread(self, table: SeekTable) -> int:
        home = thread_home(self.bot, table.home)
        if home is None:
            raise TableError(_("I cannot find the channel to open the table in."))
        with speaking(table.language):  # the thread's name: everyone reads it in the channel list
            name = _("{game} · a table of the queue ({n})").format(game=_(table.title), n=table.id)
        return (await new_thread(home, name)).id
