"""Read-only queries (tables, views, legal moves, the log, my games) and replay verification."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from bot.table.core import Part, channel_speaking
from bot.table.model import DAMAGED_LOG_LINE, DamagedGame, Table, TableError, _check_id
from bot.table.replaying import UnknownVersion, applied, date_log, replay_rows
from bot.table.store import GameRow
from rules.core import IllegalAction, State
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")


class Reads(Part):
    async def board_image(self, channel: int) -> bytes | None:
        """The current public board of the channel's game as PNG (None if it cannot be rendered). The log keeps the
        moves' texts, not their events: the last move is shown from its public action (the renderers' fallback)."""
        row = await self.core.any_row(channel)
        state = self.core.state(row)
        if state is None:
            return None
        last_move = next((e for e in reversed(await self.store.log(row.id)) if e.kind != "note" and not e.undone),
                         None)
        last = self.core.public_last(row.game, last_move.seat, last_move.action) if last_move is not None else None
        seats = await self.store.seats(row.id)
        with channel_speaking(row.settings):  # the public board: the channel's language
            return await self.core.image(row.game, state.view(None), last, seats)

    async def legal(self, channel: int, user: int) -> list[tuple[str, str]]:
        _check_id(user, "user")
        row = await self.core.open_row(channel)
        if row.status != "active":
            return []
        seats = await self.store.seats(row.id)
        seat = self.core.player_seat(seats, user)
        state = self.core.state(row)
        assert state is not None
        return self.core.menu(state, seat, seats)

    async def waiting_since(self, channel: int, user: int) -> int | None:
        """The board version at which ``user``'s current wait in the channel's game began; None when they are not
        awaited (or it was not recorded)."""
        _check_id(user, "user")
        row = await self.core.open_row(channel)
        seat = next((s.seat for s in await self.store.seats(row.id) if s.user_id == user), None)
        return None if seat is None else await self.store.awaited_since(row.id, seat)

    async def table_of_game(self, game_id: int) -> Table:
        """A game by its number (e.g. one whose channel is gone, named in /game mygames)."""
        row = await self.store.game(_check_id(game_id, "game"))
        if row is None:
            raise TableError(_("There is no game #{id}.").format(id=game_id))
        return self.core.table(row, await self.store.seats(row.id), self.core.state(row))

    async def table(self, channel: int) -> Table:
        row = await self.core.any_row(channel)
        seats = await self.store.seats(row.id)
        try:
            return await self.core.with_banks(row, self.core.table(row, seats, self.core.state(row)))
        except DamagedGame:
            if row.open:
                raise
            return self.core.plain_table(row, seats)  # over anyway: say what is known rather than "end it"

    async def private_view(self, channel: int, user: int) -> dict[str, Any]:
        _check_id(user, "user")
        row = await self.core.any_row(channel)
        seats = await self.store.seats(row.id)
        seat = self.core.player_seat(seats, user)
        state = self.core.state(row)
        if state is None:
            raise TableError(_("The game has not started yet."))
        self.core.check_seats(row, seats, state)
        view: dict[str, Any] = state.view(seat)
        return view

    async def public_view(self, channel: int) -> dict[str, Any]:
        row = await self.core.any_row(channel)
        state = self.core.state(row)
        if state is None:
            raise TableError(_("The game has not started yet."))
        view: dict[str, Any] = state.view(None)
        return view

    async def log(self, channel: int, offset: int = 0, limit: int = 20) -> list[str]:
        """Public event lines, oldest first: the ``limit`` lines before the newest ``offset`` ones."""
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise TableError(_("The offset must be a number ≥ 0."))
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
            raise TableError(_("The limit must be between 1 and 1000."))
        row = await self.core.any_row(channel)
        lines: list[str] = []
        for entry in await self.store.log(row.id):
            if entry.damaged:  # one unreadable entry must not hide the rest of the log
                log.warning("game %s: log entry %s is damaged", row.id, entry.id)
                lines.append(_(DAMAGED_LOG_LINE))
            lines.extend(entry.events)
        end = len(lines) - offset
        return lines[max(0, end - limit):max(0, end)]

    async def my_games(self, user: int, awaiting_only: bool = True) -> list[Table]:
        """Open tables of ``user``; by default only the running ones waiting for them."""
        _check_id(user, "user")
        out = []
        for row in await self.store.games_of_user(user):
            table = await self._listed(row)
            if table is not None and (not awaiting_only or user in table.awaited):
                out.append(table)
        return out

    async def history(self, channel: int) -> list[Table]:
        """Every game of a channel, oldest first (finished and abandoned ones included); damaged ones left out."""
        rows = await self.store.history(_check_id(channel, "channel"))
        return [table for row in rows if (table := await self._listed(row)) is not None]

    async def _listed(self, row: GameRow) -> Table | None:
        """A row's Table for a list, or None when it cannot be read: one bad row must not hide the others."""
        try:
            return self.core.table(row, await self.store.seats(row.id), self.core.state(row))
        except DamagedGame:
            return None  # already logged with its id
        except TableError:  # e.g. a game this build does not have
            log.warning("game %s left out of a list: its game %r is not available", row.id, row.game)
            return None

    # ---- verification ----------------------------------------------------------------------
    async def rebuild(self, channel: int) -> State[Any]:
        """Replay seed + log of the channel's current (or latest) game; TableError if it differs from the snapshot."""
        async with self.core.lock(_check_id(channel, "channel")):  # a move must not land between row and log
            row = await self.core.any_row(channel)
            state = await self.replay(row.id)
        if state is None:
            raise TableError(_("The game has not started yet."))
        if state.dump() != row.snapshot:
            raise TableError(_("Replaying the log of game {id} does not reproduce its saved state.").format(id=row.id))
        return state

    async def replay(self, game_id: int,
                     on_step: Callable[[State[Any], int, str], None] | None = None) -> State[Any] | None:
        """Rebuild a game from its seed and log (undone actions left out), each action under the rules it was played
        under (``bot/table/replaying.py``); ``on_step(state, seat, action)`` is called after each action, with the
        state in today's engine (to be shown as the table shows it now)."""
        row = await self.store.game(game_id)
        if row is None or row.seed is None:
            return None
        if row.damaged:  # its options would read as empty: a different game
            raise self.core.damaged(row, row.damaged)
        game = self.core.game(row.game)
        seats = await self.store.seats(row.id)
        try:
            step = None if on_step is None else (lambda r, seat, action: on_step(r.today(), seat, action))
            return replay_rows(game, len(seats), row.seed, row.options, applied(await self.store.log(row.id)),
                               step).state
        except UnknownVersion as exc:  # a log from a build whose rules this one does not have
            raise TableError(_("Game {id} was played under rules this version of Kontor cannot replay ({what})."
                               ).format(id=row.id, what=exc)) from None
        except IllegalAction:  # logged before rules versions were recorded, and no version of the rules replays it
            raise TableError(_("The log of game {id} no longer replays under this version of Kontor; the game itself "
                               "plays on from its saved state.").format(id=row.id)) from None

    async def date_logs(self) -> list[GameRow]:
        """Give each action logged before rules versions were recorded (migration 16) the version that replays its
        game to its saved state; the games no version replays (the start-up check lists them). Once per game: a
        dated log is not looked at again."""
        out = []
        for game_id in await self.store.undated_games():
            row = await self.store.game(game_id)
            if row is None or row.seed is None or row.damaged or row.game not in self.core.games:
                continue  # nothing to replay, or reported as damaged or missing already
            game, seats = self.core.games[row.game], await self.store.seats(game_id)
            rows = applied(await self.store.log(game_id))
            version = await asyncio.to_thread(date_log, game, len(seats), row.seed, row.options, rows, row.snapshot)
            if version is None:
                log.warning("game %d (%s): no rules version of this build replays its log", row.id, row.game)
                out.append(row)
            else:
                async with self.store.transaction() as tx:
                    await tx.date_log(game_id, version)
        return out

