"""Time banks: each human seat's clock per game (docs/service.md, "Time banks, away and the caretaker vote").

The arithmetic is pure (``bot.table.clocks``); this part keeps the stored clocks in step with the game. A seat's
bank lives in ``banks`` while its clock stands (no row: a full bank); while the seat is awaited its ``deadlines``
row says when the bank runs out (``due_at``) and when to remind (``remind_at``), so the bank left is
``due_at - now``. An away player's seat, and a seat whose spent bank the others are asked about, keep a row without
times (their bank is the stored one). ``moves.py`` calls ``_sync_deadlines`` in every step's transaction.

A seat in a response window (``clocks.window_seats``: asked something by another player, e.g. a Nürnberg trade
offer) has a row whose ``due_at`` is the end of the window (the table's ``offer_hours``), not of its bank: its bank
stands, stored, while it answers, and is neither charged nor refilled when the window closes."""

from __future__ import annotations

from typing import Any

from bot.table.clocks import (
    awaited_humans,
    bank_left,
    bank_terms,
    refilled,
    wait_times,
    window_seats,
    window_seconds,
)
from bot.table.core import Part
from bot.table.model import Seat
from bot.table.store import GameRow, Store
from rules.core import State


class BankClocks(Part):
    async def bank_old_waits(self) -> None:
        """At open: the waits that ran when the banks came (migration 10) each get a full bank, never less time."""
        waits = await self.store.unbanked_waits()
        if waits:
            now = self.core.clock()
            async with self.store.transaction() as tx:
                for game_id, seat, _since, due in waits:
                    row = await tx.game(game_id)
                    terms = bank_terms(row.settings) if row is not None else None
                    if terms is None or due is None:
                        continue
                    remind, new_due = wait_times(terms.cap, terms, now)
                    if new_due > due:
                        await tx.set_clock(game_id, seat, since=now, remind_at=remind, due_at=new_due)
                await tx.mark_banked()

    def is_away(self, game_id: int, user: int | None) -> bool:
        return user is not None and (game_id, user) in self.caches.aways

    def clock_seats(self, game_id: int, state: State[Any], seats: list[Seat]) -> list[int]:
        """The awaited seats with a clock: humans, not seats given to the caretaker."""
        return awaited_humans(state, seats, self.caches.caretaken.get(game_id, {}))

    def windows(self, row: GameRow, state: State[Any], seats: list[Seat]) -> set[int]:
        """The clock seats of ``state`` that are in a response window."""
        return window_seats(self.core.game(row.game), state, self.clock_seats(row.id, state, seats))

    async def start_window(self, tx: Store, row: GameRow, seat: int, bank: float | None, now: float,
                            version: int) -> None:
        """``seat`` starts answering: its bank (``bank``; None: untimed) stands, the window's end is its due time."""
        if bank is not None:
            await tx.put_bank(row.id, seat, bank)
        span = window_seconds(row.settings)
        await tx.set_clock(row.id, seat, since=now, remind_at=None, due_at=now + span if span else None,
                           since_version=version)

    async def sync_deadlines(self, tx: Store, row: GameRow, seats: list[Seat], state: State[Any], *,
                              acted: int | None, now: float, version: int, clocks: list[int] | None = None,
                              kind: str = "player", windows: set[int] | None = None) -> None:
        """Keep the clocks in step after a change at ``version``: a seat's clock starts when it becomes awaited
        (with what is left in its bank); a seat no longer awaited has its time charged to its bank, plus the refill
        when its own move (``acted``) ended the wait. ``acted`` still awaited (a turn of several steps) keeps its
        clock running, dated anew (``since_version``); a player answering while the others are asked about their
        spent bank closes the question and gets the refill. ``clocks``: the seats known to have a clock before the
        step, if known (a step that changes no wait then costs no statement). ``windows``: the seats that were in a
        response window before the step (default: those of ``state``, when the step changed no state)."""
        awaited = self.clock_seats(row.id, state, seats)
        if clocks is not None and acted not in clocks and set(clocks) == set(awaited):
            return  # no clock starts, stops or restarts
        open_now = self.windows(row, state, seats)
        before = open_now if windows is None else windows
        terms = bank_terms(row.settings)
        running = await tx.clock_rows(row.id)
        if terms is None:  # untimed: the waits are dated (since_version), without times; a window still closes
            if any(s not in awaited for s in running):
                await tx.drop_deadlines(row.id, keep=awaited)
            for s in awaited:
                if s in open_now and (s not in running or s not in before or s == acted):
                    await self.start_window(tx, row, s, None, now, version)
                elif s not in running or s == acted or s in before:
                    await tx.set_clock(row.id, s, since=now, remind_at=None, due_at=None, since_version=version)
            return
        stored = await tx.banks(row.id)
        for s, (remind, due) in running.items():
            if s in before:  # its window closes (or goes on): the bank stood, stored, all along
                if s in awaited and (s not in open_now or s == acted):
                    left = stored.get(s, terms.cap)
                    if s in open_now:
                        await self.start_window(tx, row, s, left, now, version)
                    else:
                        starts = wait_times(left, terms, now)
                        await tx.set_clock(row.id, s, since=now, remind_at=starts[0], due_at=starts[1],
                                           since_version=version)
                continue
            if s in awaited and s != acted and s not in open_now:
                continue  # its clock keeps running
            left = bank_left(due, stored.get(s), terms, now)
            asked = due is None and not self.is_away(row.id, seats[s].user_id)
            if s in open_now and s in awaited:  # its own clock stops: a window starts
                await tx.put_bank(row.id, s, refilled(left, terms) if s == acted else left)
                if asked:
                    await tx.close_timeout(row.id, s)
                await self.start_window(tx, row, s, None, now, version)
            elif s not in awaited:
                bank = refilled(left, terms) if s == acted else left
                await tx.put_bank(row.id, s, bank, refill_s=bank - left)
                if asked:
                    await tx.close_timeout(row.id, s)
            elif asked and kind == "player":  # they answered the question themselves: their clock runs again
                await tx.close_timeout(row.id, s)
                remind, due = wait_times(refilled(left, terms), terms, now)
                await tx.set_clock(row.id, s, since=now, remind_at=remind, due_at=due, since_version=version)
            else:
                await tx.set_clock(row.id, s, since=now, remind_at=remind, due_at=due, since_version=version)
        if any(s not in awaited for s in running):
            await tx.drop_deadlines(row.id, keep=awaited)
        for s in awaited:
            if s in running:
                continue
            left = stored.get(s, terms.cap)
            if s in open_now:
                await self.start_window(tx, row, s, left, now, version)
                continue
            if self.is_away(row.id, seats[s].user_id):
                await tx.put_bank(row.id, s, left)
                remind_at, due_at = None, None
            else:
                remind_at, due_at = wait_times(left, terms, now)
            await tx.set_clock(row.id, s, since=now, remind_at=remind_at, due_at=due_at, since_version=version)

    async def settings_changed(self, tx: Store, row: GameRow, new: dict[str, Any], now: float) -> None:
        """New bank settings apply from each seat's next wait; a running wait keeps its time, except that a table
        turned untimed stops every clock, and one turned timed starts the clocks of the seats awaited now."""
        terms = bank_terms(new)
        running = await tx.clock_rows(row.id)
        if terms is None:
            for s, (_remind, due) in running.items():
                if due is not None:
                    await tx.set_clock(row.id, s, since=now, remind_at=None, due_at=None)
            return
        if bank_terms(row.settings) is not None:
            return
        seats = await tx.seats(row.id)
        stored = await tx.banks(row.id)
        for s, (_remind, due) in running.items():
            if due is None and not self.is_away(row.id, seats[s].user_id):
                remind_at, due_at = wait_times(stored.get(s, terms.cap), terms, now)
                await tx.set_clock(row.id, s, since=now, remind_at=remind_at, due_at=due_at)

    async def end_clocks(self, tx: Store, game_id: int) -> None:
        """Inside the transaction that ends a game: its questions and caretaker seats go with it."""
        await tx.close_timeout(game_id)
        await tx.take_back(game_id)
        self.caches.caretaken.pop(game_id, None)

    async def seat_handed_over(self, tx: Store, game_id: int, seat: int) -> None:
        """A seat handed to someone else (``replace``): it is nobody's caretaker seat and nobody asks about it."""
        await tx.close_timeout(game_id, seat)
        if seat in self.caches.caretaken.get(game_id, {}):
            await tx.take_back(game_id, seat)
            del self.caches.caretaken[game_id][seat]
