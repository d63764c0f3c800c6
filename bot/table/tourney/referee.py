"""``Referee``, the part of the table that steps into a running tournament (docs/tournaments.md): a player's drop, an
organiser's forfeit, adjudication and cancelling, and each round's deadline (what a table still running then gets).

Each runs under the tournament's own lock, the one ``advance_tournament`` holds, so a drop never races the pairing of
the next round (a dropped player is never paired again, a result is never lost). Each returns the Updates of the
tables it changed: the front end posts them in the tables' channels, and the post of one that ends a table advances
the tournament, as any table's end does."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.table.core import Part, TableCore, channel_speaking
from bot.table.lobby import Lobby
from bot.table.model import TableError, Update, _check_id
from bot.table.store import GameRow
from bot.table.store.tourney_rows import TourneyRow
from bot.table.timeouts import Timeouts
from bot.table.tourney.part import Tournaments
from bot.table.tourney.views import TourneyChange
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")


class Referee(Part):
    def __init__(self, core: TableCore, tournaments: Tournaments, lobby: Lobby, timeouts: Timeouts) -> None:
        super().__init__(core)
        self.tournaments, self.lobby, self.timeouts = tournaments, lobby, timeouts

    # ---- drops and forfeits -------------------------------------------------------------------------------------
    async def drop_tournament(self, channel: int, user: int) -> TourneyChange:
        """Leave a running tournament: not paired from the next round on; a game still being played is forfeited
        (its seat goes to a bot, the player takes its last place). A game of theirs that has ended keeps its result."""
        _check_id(user, "user")
        async with self.tournaments.serial(channel):
            row = await self.tournaments.open_row(channel)
            if row.status != "running":
                raise TableError(_("The tournament has not started: use /tournament leave."))
            entrant = next((e for e in await self.store.entrants(row.id) if e.user_id == user), None)
            if entrant is None:
                raise TableError(_("You are not playing in this tournament."))
            if entrant.dropped_after is not None:
                raise TableError(_("You have already dropped out of this tournament."))
            updates = await self._forfeit(row, user, user) or []
            async with self.store.transaction() as tx:
                await tx.drop_entrant(row.id, user, row.round)
        return TourneyChange(await self.tournaments.tournament(channel), updates)

    async def forfeit_tournament(self, channel: int, by_user: int, user: int, *,
                                 force: bool = False) -> TourneyChange:
        """The organiser forfeits ``user``'s game of the current round (the player stays in the tournament)."""
        _check_id(by_user, "user")
        _check_id(user, "user")
        async with self.tournaments.serial(channel):
            row = await self.tournaments.open_row(channel)
            self.tournaments.may_organise(row, by_user, force)
            if row.status != "running":
                raise TableError(_("The tournament has not started yet."))
            updates = await self._forfeit(row, user, by_user)
            if updates is None:
                raise TableError(_("That player has no game being played in this round."))
        return TourneyChange(await self.tournaments.tournament(channel), updates)

    async def _forfeit(self, row: TourneyRow, user: int, by_user: int) -> list[Update] | None:
        """Under the tournament's lock: forfeit ``user``'s game of the round, if it is still to be played (a game
        that has ended keeps its result, settled or not). None: no such game."""
        draw = next((d for d in await self.store.draws(row.id, row.round) if user in d.players and not d.settled),
                    None)
        if draw is None:
            return None
        game = None if draw.game_id is None else await self.store.game(draw.game_id)
        if game is not None and not game.open:
            return None  # it ended: its places stand
        async with self.store.transaction() as tx:
            if user not in await tx.forfeits(row.id, row.round):
                await tx.add_forfeit(row.id, row.round, user)
        if game is None:
            return []  # not opened yet: a bot takes the seat when it opens
        seat = next((s.seat for s in await self.store.seats(game.id) if s.user_id == user), None)
        if seat is None:
            return []
        # the game goes on with a bot in the seat (the bots may finish it at once: the Update says so)
        return [await self.lobby.replace(game.channel_id, seat, None, None, by_user, force=True)]

    # ---- adjudication and cancelling ----------------------------------------------------------------------------
    async def adjudicate_tournament(self, channel: int, by_user: int, table: int, *,
                                    force: bool = False) -> TourneyChange:
        """End a table of the current round now, its places by the current scores."""
        _check_id(by_user, "user")
        async with self.tournaments.serial(channel):
            row = await self.tournaments.open_row(channel)
            self.tournaments.may_organise(row, by_user, force)
            draw = next((d for d in await self.store.draws(row.id, row.round) if d.table_no == table), None)
            if row.status != "running" or draw is None:
                raise TableError(_("There is no table {table} in this round.").format(table=table))
            game = None if draw.game_id is None else await self.store.game(draw.game_id)
            if draw.settled or game is None or not game.open:
                raise TableError(_("Table {table} is not being played.").format(table=table))
            update = await self._adjudicate(game, by_user, lambda: _(
                "The organiser adjudicated the game: its current scores decide the places."))
        return TourneyChange(await self.tournaments.tournament(channel), [update])

    async def _adjudicate(self, game: GameRow, by_user: int | None, why: Callable[[], str]) -> Update:
        """End ``game`` as abandoned with ``why`` as its line: the tournament settles it by its current scores."""
        async with self.core.serial(game.channel_id):
            row = await self.core.open_row(game.channel_id, damaged_ok=True)
            seats = await self.store.seats(row.id)
            with channel_speaking(row.settings):
                texts = [why()]
            async with self.store.transaction() as tx:
                ended = await self.lobby.end_abandoned(tx, row, by_user, texts)
        return await self.core.committed_update(ended, seats, texts)

    async def cancel_tournament(self, channel: int, by_user: int, *, force: bool = False) -> TourneyChange:
        """Cancel the tournament; its games still being played go on as ordinary games."""
        _check_id(by_user, "user")
        async with self.tournaments.serial(channel):
            row = await self.tournaments.open_row(channel)
            self.tournaments.may_organise(row, by_user, force)
            async with self.store.transaction() as tx:
                await tx.set_tournament(row.id, self.core.clock(), status="cancelled")
        return TourneyChange(await self.tournaments.tournament(channel), [])

    # ---- round deadlines (the scheduler asks) -------------------------------------------------------------------
    async def next_round_deadline(self) -> float | None:
        """When a round's deadline next falls (None: no running round has one left)."""
        rows = await self.store.round_deadlines(self.core.shards)
        return rows[0].round_deadline if rows else None

    async def round_deadlines_due(self, now: float | None = None) -> list[Update]:
        """Handle every round whose deadline has passed by ``now`` (once each, a restart included): each table still
        being played gets the organiser's rule: ``playon``, the caretaker takes the seats it waits for and the round
        waits for its end; ``adjudicate``, it ends by its current scores. Returns the tables' Updates."""
        now = self.core.clock() if now is None else now
        updates: list[Update] = []
        for due in await self.store.round_deadlines(self.core.shards):
            if due.round_deadline is None or due.round_deadline > now:
                break
            try:
                async with self.tournaments.serial(due.channel_id):
                    row = await self.store.tournament(due.id)
                    if row is None or row.status != "running" or row.deadline_done >= row.round:
                        continue  # handled meanwhile
                    updates += await self._late_tables(row)
                    async with self.store.transaction() as tx:
                        await tx.set_tournament(row.id, now, deadline_done=row.round)
            except Exception:  # one broken tournament must not keep the others' deadlines from being handled
                log.exception("the round deadline of the tournament in channel %s failed", due.channel_id)
        return updates

    async def _late_tables(self, row: TourneyRow) -> list[Update]:
        updates: list[Update] = []
        for draw in await self.store.draws(row.id, row.round):
            game = None if draw.settled or draw.game_id is None else await self.store.game(draw.game_id)
            if game is None or game.status != "active":
                continue
            try:
                if row.late_rule == "adjudicate":
                    updates.append(await self._adjudicate(game, None, lambda: _(
                        "The round's deadline has passed: the game is adjudicated, its current scores decide the"
                        " places.")))
                else:
                    updates += await self.timeouts.caretaker_takes(game.channel_id, lambda: _(
                        "The round's deadline has passed:"))
            except TableError as exc:  # the game ended meanwhile
                log.info("late table %s of the tournament in channel %s: %s", draw.table_no, row.channel_id,
                         exc.message)
        return updates
