"""Undo within one's own turn: ``undo`` takes back a player's latest move (with the automatic moves of their own after
it), as long as nothing was drawn, shown or told to anyone since and no other seat has acted (docs/service.md, "Undo").

The rules decide the horizon: each logged action carries its ``barrier`` (``rules.core.Step.barrier``, stored with the
row), and ``rules.core.undo_horizon`` reads the records; this module needs no game knowledge. The state is restored by
replaying the log without the undone actions, checked against the saved state, and committed like a move: new
snapshot, version + 1, the undone rows marked (they stay in the log), a public note, the clocks synced.
"""

from __future__ import annotations

import dataclasses
import logging

from bot.table.core import Part, TableCore, channel_speaking
from bot.table.horizon import HANDOVER, LEGACY, read_horizon
from bot.table.model import Seat, StaleVersion, TableError, Update, _check_id
from bot.table.moves import Moves
from bot.table.replaying import replay_on, replay_rows
from bot.table.store import GameRow, StoreError
from bot.table.timebank import BankClocks
from rules.core import (
    CARETAKER,
    DRAW,
    NOTHING,
    OTHERS,
    PRIVATE,
    RANDOM,
    REVEAL,
    SECRET,
    public_events,
)
from rules.words import N_, translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

REFUSALS = {
    NOTHING: N_("You have no move of your own to take back."),
    OTHERS: N_("Another player has acted since your last move: it can't be taken back."),
    CARETAKER: N_("The caretaker played for you since your last move: it can't be taken back."),
    RANDOM: N_("Something was left to chance since (a die, a shuffle, a draw from the bag): that can't be taken back."),
    DRAW: N_("You drew a card since: that can't be taken back."),
    REVEAL: N_("Something hidden was revealed since: that can't be taken back."),
    SECRET: N_("Everyone's secret choices were revealed since: that can't be taken back."),
    PRIVATE: N_("Another player was told something privately since: that can't be taken back."),
    HANDOVER: N_("That move was made by this seat's previous player: it can't be taken back."),
    LEGACY: N_("That move was made before this table could take moves back."),
}
UNKNOWN_REFUSAL = N_("That move can't be taken back.")
BROKEN = N_("This game's log does not replay to its saved state, so nothing can be taken back safely. "
            "Nothing was changed; please report it.")


def refusal(reason: str | None) -> str:
    """The friendly words for why an undo is refused (a ``Horizon.reason``)."""
    return _(REFUSALS.get(reason or "", UNKNOWN_REFUSAL))


class Undo(Part):
    def __init__(self, core: TableCore, banks: BankClocks, moves: Moves) -> None:
        super().__init__(core)
        self.banks, self.moves = banks, moves

    async def _undo_seat(self, row: GameRow, user: int) -> tuple[list[Seat], int]:
        if row.status != "active":
            raise TableError(_("The game has not started yet: there is nothing to take back."))
        seats = await self.core.running_seats(row)
        seat = self.core.player_seat(seats, user)
        return seats, seat

    async def can_undo(self, channel: int, user: int) -> bool:
        """Whether ``user``'s ``undo`` in the channel would take something back now (for an Undo button); never
        raises."""
        try:
            _check_id(user, "user")
            row = await self.core.open_row(channel)
            seats, seat = await self._undo_seat(row, user)
            horizon, _rows = await read_horizon(self.store, row, seats, seat)
        except Exception:  # a refusal, a damaged row: no button (the command explains)
            return False
        return horizon.take > 0

    async def undo(self, channel: int, user: int, expected_version: int | None = None) -> Update:
        """Take back ``user``'s latest move in the channel's game, with the automatic moves of their own after it.
        ``expected_version``: the board version after that move (an Undo button's); refused if the table moved on.
        Refused (TableError, nothing changes) when there is nothing of theirs to take back, another seat acted since,
        or a step of it drew, revealed or told another seat something (``rules.core.undo_horizon``)."""
        _check_id(user, "user")
        if expected_version is not None and (isinstance(expected_version, bool)
                                             or not isinstance(expected_version, int)):
            raise TableError(_("Unknown board version."))
        async with self.core.serial(_check_id(channel, "channel")):
            latest = await self.core.any_row(channel)
            if latest.status in ("finished", "abandoned"):
                raise TableError(_("The game is finished: nothing can be taken back.") if latest.status == "finished"
                                  else _("The game is abandoned: nothing can be taken back."))
            row = await self.core.open_row(channel)
            seats, seat = await self._undo_seat(row, user)
            if expected_version is not None and expected_version != row.version:
                raise StaleVersion(_("The table has moved on since that move. `/game undo` takes back your latest "
                                     "move, if it still can be."), row.version)
            horizon, moves = await read_horizon(self.store, row, seats, seat, await self.store.log(row.id))
            if not horizon.take:
                raise TableError(refusal(horizon.reason))
            kept, dropped = moves[:-horizon.take], moves[-horizon.take:]
            game = self.core.game(row.game)
            state = self.core.state(row)
            assert state is not None and row.seed is not None
            try:  # each move under the rules it was played under (bot/table/replaying.py), the log replayed once
                back = replay_rows(game, len(seats), row.seed, row.options, kept)
                check = replay_on(back.replay.fork(), dropped).state
            except Exception:  # IllegalAction or an engine this build lacks: the log no longer replays
                check = None
            if check is None or check.dump() != row.snapshot:  # the log and the saved state disagree: touch nothing
                log.error("game %d: its log does not replay to its snapshot; undo refused", row.id)
                raise TableError(_(BROKEN))
            restored, last_events = back.replay.today(), back.last_events  # play goes on under today's rules
            with channel_speaking(row.settings):
                line = _("{name} took back a move.").format(name=seats[seat].name)
            changes = self.core.begin(row, state, seats)
            changes.actor = seat
            now = self.core.clock()
            lapsed = self.moves.lapsed_orders(row.id, game, restored)
            snapshot = restored.dump()
            try:
                async with self.store.transaction() as tx:
                    version = await tx.bump(row.id, row.version, now, snapshot=snapshot)
                    await tx.mark_undone(row.id, [entry.id for entry in dropped])
                    await tx.append(row.id, kind="note", version=version, seat=None, user_id=user, action=None,
                                    events=[line], now=now)
                    for s, order_kind in lapsed:
                        await tx.drop_orders(row.id, s, order_kind)
                    # The player is awaited again: a running clock keeps going, a wait that had ended starts now,
                    # without the refill that ending it brought (else move and undo would fill a bank at will).
                    if seat not in await tx.clock_rows(row.id):
                        await tx.take_back_refill(row.id, seat)
                    await self.banks.sync_deadlines(tx, row, seats, restored, acted=None, now=now, version=version,
                                               windows=self.banks.windows(row, state, seats))
            except BaseException as exc:
                self.caches.forget(row.id)
                if isinstance(exc, StoreError):
                    raise StaleVersion(_("The game changed meanwhile. Use the current board."), row.version) from None
                raise
            self.caches.forget(row.id)
            row = dataclasses.replace(row, version=version, updated_at=now, snapshot=snapshot)
            self.caches.states[row.id] = (version, restored)
            self.moves.drop_orders(row.id, lapsed)
            changes.public.append(line)
            last = kept[-1] if kept else None
            changes.last = self.core.public_last(row.game, last.seat, last.action) if last is not None else None
            changes.last_events = public_events(last_events) if changes.last is not None else None
            # The restored state is one a player chose in, so nothing plays by itself; a standing order given since
            # would (the chain is where every change of a running game ends).
            row, restored = await self.moves.run_auto(row, seats, restored, changes, now)
            return await self.core.update(row, seats, restored, changes, notice=changes.notice)
