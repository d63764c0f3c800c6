"""Since your last move: the public events of a game since a player's own latest move, and the boards after each of
them (replayed from the log), for the turn notice and ``/game since`` (docs/discord.md, "Since your last move").

Public lines only: the log's ``events`` column holds the public lines of each row (private ones are never logged),
and a row without public lines (a secret step) is left out entirely, as on the board and in ``/game log``. Undone
rows are skipped, and with them the undo's note ("Ana took back a move.", right after them): a move and its undo
cancel out. The cut is the player's latest own ``player`` row
that was not undone; without one, everything from the game's first move on (the lobby's notes left out)."""

from __future__ import annotations

import copy
import dataclasses
import logging
from typing import Any

from bot.table.core import Part, TableCore
from bot.table.digests import SinceBoard, SinceDigest, digest_of
from bot.table.model import TableError, _check_id
from bot.table.reads import Reads
from bot.table.replaying import applied
from bot.table.store import GameRow, LogRow
from rules.words import translator

log = logging.getLogger("bot.table")

_, _n = translator("bot")


class Since(Part):
    def __init__(self, core: TableCore, reads: Reads) -> None:
        super().__init__(core)
        self.reads = reads

    async def since_last_move(self, channel: int, user: int, *, game_id: int | None = None, upto: int | None = None,
                              boards: bool = False) -> SinceDigest:
        """The public events of the channel's game (or game ``game_id``) since ``user``'s latest own move, up to
        version ``upto`` (default: now). ``boards``: also replay the log for the public board after each move since
        (never a private view). TableError when the user does not play in that game or it has not started."""
        _check_id(user, "user")
        if game_id is not None:
            row = await self.store.game(_check_id(game_id, "game"))
            if row is None:
                raise TableError(_("There is no game #{id}.").format(id=game_id))
        else:
            row = await self.core.any_row(channel)
        return await self._since(row, user, upto=upto, boards=boards)

    async def _since(self, row: GameRow, user: int, *, upto: int | None, boards: bool) -> SinceDigest:
        if row.damaged:
            raise self.core.damaged(row, row.damaged)
        seats = await self.store.seats(row.id)
        seat = self.core.player_seat(seats, user)
        if row.seed is None:
            raise TableError(_("The game has not started yet."))
        rows = [r for r in await self.store.log(row.id) if upto is None or r.version <= upto]
        digest, after = digest_of(row, rows, seats, seat, user, self.core.game(row.game))
        if boards:
            return dataclasses.replace(digest, boards=await self._since_boards(row, rows, {r.id for r in after}))
        return digest

    async def _since_boards(self, row: GameRow, rows: list[LogRow], wanted: set[int]) -> tuple[SinceBoard, ...]:
        """Replay the game (``replay``) and keep the public view after each wanted row that replay applies."""
        views: list[dict[str, Any]] = []

        def keep(state: Any, _seat: int, _action: str) -> None:
            index = len(views)
            # only the wanted steps' views are kept (a copy: a view may share objects with the state)
            views.append(copy.deepcopy(state.view(None)) if rows_applied[index].id in wanted else {})

        async with self.core.lock(row.channel_id):  # no move (or undo) between reading the log and replaying it
            rows_applied = applied(await self.store.log(row.id))
            try:
                await self.reads.replay(row.id, on_step=keep)
            except TableError as exc:  # a log no rules version replays: the lines are told, without boards
                log.warning("game %d: no boards for since: %s", row.id, exc)
                return ()
        out = []
        for r, view in zip(rows_applied, views, strict=False):
            if r.id in wanted:
                out.append(SinceBoard(r.version, r.seat, tuple(r.events), view,
                                      self.core.public_last(row.game, r.seat, r.action)))
        return tuple(out)

    async def since_image(self, digest: SinceDigest, index: int) -> bytes | None:
        """The PNG of ``digest.boards[index]`` (its public view only), or None when the game cannot be drawn."""
        board = digest.boards[index]
        if not self.core.render:
            return None
        seats = await self.store.seats(digest.game_id)
        return await self.core.image(digest.game, board.view, board.last, seats)
