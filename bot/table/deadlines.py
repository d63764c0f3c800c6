"""The scheduler's side of the table: reminders that fell due and banks that ran out (the question to the others
is in ``timeouts.py``, which also ends the away periods)."""

from __future__ import annotations

import logging
from typing import Any

from bot.table.clocks import duration, reminder_grace, window_seconds
from bot.table.core import Part, TableCore, channel_speaking
from bot.table.downtime import Downtime
from bot.table.model import DamagedGame, Seat, TableError, Update, _Changes
from bot.table.moves import Moves
from bot.table.store import GameRow
from bot.table.timebank import BankClocks
from bot.table.timeouts import Timeouts
from bot.table.users import Users
from rules.core import State
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")


class Deadlines(Part):
    """The scheduler's side of the table: what fell due (``due``) and when next (``next_due``)."""

    def __init__(self, core: TableCore, banks: BankClocks, moves: Moves, users: Users, timeouts: Timeouts,
                 downtime: Downtime) -> None:
        super().__init__(core)
        self.banks, self.moves, self.users, self.timeouts, self.downtime = banks, moves, users, timeouts, downtime

    async def next_due(self) -> float | None:
        """When ``due`` next has something to do (None: nothing pending): lets a scheduler sleep. Includes the
        retry of bots whose chain failed."""
        first = await self.store.next_deadline(self.core.shards)
        times = [t for t in (first, await self.timeouts.next_due(), *self.caches.wake_after.values()) if t is not None]
        return min(times, default=None)

    # ---- deadlines -------------------------------------------------------------------------
    async def due(self, now: float | None = None) -> list[Update]:
        """Wake bots left waiting (``wake_bots``), send reminders and handle the seats whose bank ran out; then end
        the away periods and decide the questions whose time is up (bot/table/timeouts.py)."""
        now = self.core.clock() if now is None else now
        await self.downtime.heartbeat(now)
        updates = await self.moves.wake_bots(now)
        for dl in await self.store.due_deadlines(now, self.core.shards):
            try:
                async with self.core.serial(dl.channel_id):
                    update = await self._handle_deadline(dl.game_id, dl.seat, now)
            except DamagedGame:  # its clock would fire again at every tick: stop it (abandoning drops it)
                async with self.store.transaction() as tx:
                    await tx.clear_due(dl.game_id, dl.seat)
                continue
            except TableError:  # closing
                continue
            except Exception:  # one broken table must not keep the others' deadlines from firing
                log.exception("deadline of game %s seat %s failed", dl.game_id, dl.seat)
                continue
            if update is not None:
                updates.append(update)
        return updates + await self.timeouts.due(now)

    async def _handle_deadline(self, game_id: int, seat: int, now: float) -> Update | None:
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return None
        current = next((d for d in await self.store.deadlines(game_id) if d.seat == seat), None)
        if current is None:
            return None  # handled meanwhile
        seats = await self.store.seats(game_id)
        state = self.core.state(row)
        assert state is not None
        self.core.check_seats(row, seats, state)
        # A wait that answers itself (a standing order, an only option: e.g. one left over from a chain a crash cut
        # short, or from before auto_forced) is played now instead of reminding anyone.
        changes = self.core.begin(row, state, seats)
        before = row.version
        row, state = await self.moves.run_auto(row, seats, state, changes, now)
        if row.version != before:
            return await self.core.update(row, seats, state, changes, notice=changes.notice)
        who = seats[seat]
        clocks = self.banks.clock_seats(game_id, state, seats)
        if seat not in clocks:
            async with self.store.transaction() as tx:
                await tx.drop_deadlines(game_id, keep=clocks)
            return None
        due = current.due_at is not None and current.due_at <= now
        if due and seat in self.banks.windows(row, state, seats):  # a response window closed: silence answers
            return await self._lapse(row, seats, state, seat, now)
        if due and current.remind_at is None:  # reminded (or reminders off): the bank is spent
            return await self.timeouts.bank_out(row, seats, state, seat, now)
        if not due and (current.remind_at is None or current.remind_at > now):
            return None
        if not due and who.user_id is not None:
            # Quiet hours (bot/table/quiet.py): the reminder waits for the player's morning, while the bank keeps
            # running. When the night outlasts the bank, it goes out now (the notifier names them without a ping).
            end = await self.users.quiet_until(who.user_id, now)
            if end is not None and (current.due_at is None or end < current.due_at):
                async with self.store.transaction() as tx:
                    await tx.defer_reminder(game_id, seat, end)
                return None
        due_at = current.due_at
        async with self.store.transaction() as tx:
            if due:
                # Due, but the reminder never went out (the clocks of a paused table, a reminder that fell due
                # together with the deadline): nobody plays for a player who was not reminded. Remind now, play later.
                late_due = now + reminder_grace(row.settings)
                await tx.remind_late(game_id, seat, late_due)
                due_at = late_due
            else:
                await tx.clear_reminder(game_id, seat)
        with channel_speaking(row.settings):
            notice = (_("Reminder: the table is waiting for {name} (their time bank runs out in {time}).").format(
                name=who.name, time=duration(due_at - now)) if due_at is not None
                else _("Reminder: the table is waiting for {name}.").format(name=who.name))
        unchanged = _Changes(before={}, awaited_before=frozenset(state.to_act()))  # a reminder begins no turn
        update = await self.core.update(row, seats, state, unchanged, notice=notice, told=False)
        gone = who.user_id in self.caches.departed.get(game_id, set())  # left the server: named, never pinged
        update.awaited = [who.user_id] if who.user_id is not None and not gone else []
        update.reminder = True
        return update

    async def _lapse(self, row: GameRow, seats: list[Seat], state: State[Any], seat: int, now: float) -> Update:
        """``seat`` let a response window pass (``Game.lapse_action``, e.g. a trade offer): its silence answers, at
        no cost to anyone's time bank; the table goes on (the automatic moves after it included)."""
        game = self.core.game(row.game)
        legal = state.legal_actions(seat)
        action = game.lapse_action(state.view(seat), legal, seat)
        assert action is not None and action in legal
        with channel_speaking(row.settings):
            hours = duration(window_seconds(row.settings))
            # TRANSLATORS: {action} is the action as players type it (e.g. "decline"), left in English
            note = _("{name} did not answer within {time}: the game played '{action}' for them.").format(
                name=seats[seat].name, time=hours, action=action)
        changes = self.core.begin(row, state, seats)
        row = await self.moves.step(row, seats, state, seat, action, "auto", None, changes, now, public_note=note)
        row, state = await self.moves.run_auto(row, seats, state, changes, now)
        return await self.core.update(row, seats, state, changes, notice=changes.notice)
