"""The clock of the tables: a loop that asks the service what fell due (reminders, deadlines) and posts it.

Deadlines live in SQLite, so nothing needs rescheduling after a restart: the first tick after start
handles whatever fell due while the bot was down, and the loop then sleeps until the next due time
(at most ``max_sleep``, an hour). Each tick also records that the service is alive, so the next start knows how long
it was down and gives the running clocks that time back (exactly after a clean shutdown; after a crash, counted from
the last tick, so players may get up to an hour more, never less). A change that may start an earlier clock
(a move, new settings) calls ``poke()``, which wakes a sleeping loop so it can re-read the next due time.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.background import BackgroundTask
from bot.discord.botcore import BotCore
from bot.discord.departures import still_there
from bot.discord.ui.timeout_vote import post_question

log = logging.getLogger(__name__)


class Scheduler(BackgroundTask):
    task_name = "kontor-scheduler"

    def __init__(self, bot: BotCore, *, max_sleep: float = 3600.0, min_sleep: float = 1.0) -> None:
        super().__init__()
        self.bot = bot
        self.max_sleep = max_sleep
        self.min_sleep = min_sleep
        self._sleeping = False

    def poke(self) -> None:
        """Re-read the next due time now. Only a loop asleep is restarted, never one in the middle of a tick."""
        if self.running and self._sleeping and self._task is not None:
            self._task.cancel()
            self._task = asyncio.create_task(self._run(), name=self.task_name)

    async def tick(self, now: float | None = None) -> list[Any]:
        """Handle everything due at ``now`` (the service's clock by default); returns the posted updates. A
        tournament round's deadline too (docs/tournaments.md): the late tables' Updates are posted here, and posting one
        that ends a table advances its tournament (``Notifier.on_end``)."""
        updates = await self.bot.service.due(now)
        updates += await self.bot.service.round_deadlines_due(now)
        for update in updates:
            try:
                if update.reminder and not await still_there(self.bot, update):
                    continue  # they left the server: the table was told and votes on the seat instead
                await self.bot.notifier.publish(update, from_scheduler=True)
                if update.question is not None:  # a spent bank's question, a caretaker seat's button
                    await post_question(self.bot, update)
            except Exception:
                log.exception("posting a due update in channel %s failed", update.channel)
        try:  # the seek queue: expired seeks, seats not taken within their day (bot/discord/seeking.py)
            await self.bot.seeking.tick(now)
        except Exception:
            log.exception("the seek queue's tick failed")
        return updates

    async def _delay(self) -> float:
        times = [t for t in (await self.bot.service.next_due(), await self.bot.service.next_round_deadline(),
                             await self.bot.service.next_seek_due())
                 if t is not None]
        nxt = min(times, default=None)
        if nxt is None:
            return self.max_sleep
        return max(self.min_sleep, min(self.max_sleep, nxt - self.bot.service.clock()))

    async def _run(self) -> None:
        self._sleeping = False
        while True:
            try:
                await self.tick()
                delay = await self._delay()
            except Exception:
                log.exception("scheduler tick failed")
                delay = self.max_sleep
            self._sleeping = True
            try:
                await asyncio.sleep(delay)  # a plain sleep: SimCord's virtual clock can fast-forward it
            finally:
                self._sleeping = False
