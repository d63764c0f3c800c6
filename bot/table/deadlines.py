"""Reminders that fell due and banks that ran out (the question to the others is in ``timeouts.py``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bot.table.base import channel_speaking
from bot.table.clocks import duration, reminder_grace, window_seconds
from bot.table.model import DamagedGame, Seat, TableError, Update, _Changes
from bot.table.moves import MoveService
from bot.table.store import GameRow
from rules.core import State
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

MAX_CARETAKER_STEPS = 64  # atomic steps the caretaker may take to finish one turn


class DeadlineService(MoveService):
    if TYPE_CHECKING:  # bot/table/users.py
        async def quiet_until(self, user: int, now: float | None = None) -> float | None: ...

    async def next_due(self) -> float | None:
        """When ``due`` next has something to do (None: nothing pending): lets a scheduler sleep. Includes the
        retry of bots whose chain failed."""
        times = [t for t in (await self.store.next_deadline(self.shards), *self._wake_after.values()) if t is not None]
        return min(times, default=None)

    # ---- deadlines -------------------------------------------------------------------------
    async def due(self, now: float | None = None) -> list[Update]:
        """Wake bots left waiting (``wake_bots``), send reminders and handle the seats whose bank ran out."""
        now = self.clock() if now is None else now
        await self._heartbeat(now)
        updates = await self.wake_bots(now)
        for dl in await self.store.due_deadlines(now, self.shards):
            try:
                async with self._serial(dl.channel_id):
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
        return updates

    async def _handle_deadline(self, game_id: int, seat: int, now: float) -> Update | None:
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return None
        current = next((d for d in await self.store.deadlines(game_id) if d.seat == seat), None)
        if current is None:
            return None  # handled meanwhile
        seats = await self.store.seats(game_id)
        state = self._state(row)
        assert state is not None
        self._check_seats(row, seats, state)
        # A wait that answers itself (a standing order, an only option: e.g. one left over from a chain a crash cut
        # short, or from before auto_forced) is played now instead of reminding anyone.
        changes = self._begin(row, state, seats)
        before = row.version
        row, state = await self._run_auto(row, seats, state, changes, now)
        if row.version != before:
            return await self._update(row, seats, state, changes, notice=changes.notice)
        who = seats[seat]
        clocks = self._clock_seats(game_id, state, seats)
        if seat not in clocks:
            async with self.store.transaction() as tx:
                await tx.drop_deadlines(game_id, keep=clocks)
            return None
        due = current.due_at is not None and current.due_at <= now
        if due and seat in self._windows(row, state, seats):  # a response window closed: silence answers
            return await self._lapse(row, seats, state, seat, now)
        if due and current.remind_at is None:  # reminded (or reminders off): the bank is spent
            return await self._bank_out(row, seats, state, seat, now)
        if not due and (current.remind_at is None or current.remind_at > now):
            return None
        if not due and who.user_id is not None:
            # Quiet hours (bot/table/quiet.py): the reminder waits for the player's morning, while the bank keeps
            # running. When the night outlasts the bank, it goes out now (the notifier names them without a ping).
            end = await self.quiet_until(who.user_id, now)
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
        update = await self._update(row, seats, state, _Changes(before={}), notice=notice)
        update.awaited = [who.user_id] if who.user_id is not None else []
        update.private = {}
        update.reminder = True
        return update

    async def _lapse(self, row: GameRow, seats: list[Seat], state: State[Any], seat: int, now: float) -> Update:
        """``seat`` let a response window pass (``Game.lapse_action``, e.g. a trade offer): its silence answers, at
        no cost to anyone's time bank; the table goes on (the automatic moves after it included)."""
        game = self.game(row.game)
        legal = state.legal_actions(seat)
        action = game.lapse_action(state.view(seat), legal, seat)
        assert action is not None and action in legal
        with channel_speaking(row.settings):
            hours = duration(window_seconds(row.settings))
            # TRANSLATORS: {action} is the action as players type it (e.g. "decline"), left in English
            note = _("{name} did not answer within {time}: the game played '{action}' for them.").format(
                name=seats[seat].name, time=hours, action=action)
        changes = self._begin(row, state, seats)
        row = await self._step(row, seats, state, seat, action, "auto", None, changes, now, public_note=note)
        row, state = await self._run_auto(row, seats, state, changes, now)
        return await self._update(row, seats, state, changes, notice=changes.notice)

    async def _bank_out(self, row: GameRow, seats: list[Seat], state: State[Any], seat: int,
                        now: float) -> Update | None:
        """``seat``'s bank ran out (its reminder went out): ask the others, or apply the table's default
        (bot/table/timeouts.py)."""
        raise NotImplementedError
