"""How far a player's undo may reach (docs/service.md, "Undo"): each logged action carries its ``barrier``
(``rules.core.Step.barrier``, stored with the row) and ``rules.core.undo_horizon`` reads the records; this module needs
no game knowledge. ``moves.py`` asks it for the mover's Undo button, ``undo.py`` to take moves back."""

from __future__ import annotations

from bot.table.model import Seat
from bot.table.replaying import applied
from bot.table.store import GameRow, LogRow, Store
from rules.core import NOTHING, Horizon, Logged, undo_horizon

HANDOVER = "handover"  # the move was made by the seat's previous player (the seat was handed over since)
LEGACY = "legacy"  # logged before the file knew barriers (migration 9)
TAIL = 200  # log rows read to decide whether an undo is possible (the whole log only if that is not enough)


def _logged(row: LogRow, seats: list[Seat]) -> Logged:
    """A log row as undo sees it; a player's move by someone other than the seat's player now is a handover."""
    seat = row.seat
    assert seat is not None
    barrier = row.barrier
    if barrier is None and row.kind == "player" and (seat >= len(seats) or row.user_id != seats[seat].user_id):
        barrier = HANDOVER
    return Logged(row.kind, seat, barrier)


async def read_horizon(store: Store, row: GameRow, seats: list[Seat], seat: int,
                  rows: list[LogRow] | None = None) -> tuple[Horizon, list[LogRow]]:
    """(what ``seat``'s undo would take back, the moves it was read from: the whole log's when ``rows`` is given,
    else a tail of it, enough to decide)."""
    if rows is None:
        rows = applied(await store.recent_log(row.id, TAIL))
        found = undo_horizon([_logged(r, seats) for r in rows], seat)
        if found.reason != NOTHING or len(rows) < TAIL:
            return found, rows
        rows = await store.log(row.id)  # only own automatic moves in the whole tail: read everything
    moves = applied(rows)
    return undo_horizon([_logged(r, seats) for r in moves], seat), moves


async def can_take_back(store: Store, row: GameRow, seats: list[Seat], seat: int) -> bool:
    """Whether ``seat``'s undo would take something back now (for the mover's Undo button); never raises."""
    try:
        found, _rows = await read_horizon(store, row, seats, seat)
    except Exception:  # a damaged log: no button (``/game undo`` explains)
        return False
    return found.take > 0
