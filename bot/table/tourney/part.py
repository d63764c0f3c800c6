"""``Tournaments``, the part of the table that runs tournaments (docs/tournaments.md): sign-up, the pairing of each
round (``pairing.py``), its tables opened and started through the lobby, their results, the standings.

Every step is one transaction or resumable, so a restart between any two loses and doubles nothing: a round is paired
in one transaction (the tables as rows, none opened yet); each table is then opened in two idempotent steps (its
channel recorded, then its game opened with the table's row pointing at it, in the game's own transaction, then
started); a finished game's results are the game's own outcome, read and settled in one transaction whenever
``advance`` runs (after a game ends, and at every start); the next round is paired once every table is settled."""

from __future__ import annotations

import asyncio
import secrets
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.table.core import Part, TableCore
from bot.table.lobby import Lobby
from bot.table.model import Seat, TableError, Update, _check_id, _clean_name
from bot.table.settings import normalise_settings
from bot.table.store import GameRow, Store
from bot.table.store.tourney_rows import DrawRow, ResultRow, TourneyRow
from bot.table.tourney import standings as st
from bot.table.tourney.pairing import ROUND_ROBIN_MAX, plan_sizes, round_robin, swiss
from bot.table.tourney.reads import history, read_tournament, table_draw
from bot.table.tourney.views import Advance, TableDraw, Tournament
from rules.core import IllegalAction, Rng
from rules.words import translator

_, _n = translator("bot")

FORMATS = ("swiss", "roundrobin")
MAX_ROUNDS = 20
MAX_SIGNUP_HOURS = 24 * 30


def parse_size(size: str | int | tuple[int, int]) -> tuple[int, int]:
    """"3-4", "4" or (3, 4) -> (3, 4); TableError otherwise."""
    if isinstance(size, tuple):
        low, high = size
    else:
        text = str(size).replace("–", "-").replace(" ", "")
        try:
            low_s, _sep, high_s = text.partition("-")
            low, high = int(low_s), int(high_s or low_s)
        except ValueError:
            raise TableError(_("Give the table size as a number or a range, such as 4 or 3-4.")) from None
    if not 2 <= low <= high:
        raise TableError(_("Give the table size as a number or a range, such as 4 or 3-4."))
    return low, high


def parse_points(points: str | Sequence[int] | None) -> list[int] | None:
    """"4/2/1/0" -> [4, 2, 1, 0] (from the first place down, never rising); None: the defaults."""
    if points is None or points == "":
        return None
    try:
        values = [int(p) for p in str(points).replace(",", "/").split("/")] if isinstance(points, str) else [
            int(p) for p in points]
    except ValueError:
        values = []
    if len(values) < 2 or any(v < 0 or v > 1000 for v in values) or values != sorted(values, reverse=True):
        raise TableError(_("Give the points per place from the first place down, such as 4/2/1/0."))
    return values


class Tournaments(Part):
    def __init__(self, core: TableCore, lobby: Lobby) -> None:
        super().__init__(core)
        self.lobby = lobby
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def _serial(self, channel: int) -> AsyncIterator[None]:
        """One change at a time per tournament (its own locks: its tables' channels keep theirs)."""
        lock = self._locks.get(channel)
        if lock is None:
            lock = self._locks[channel] = asyncio.Lock()
        async with lock:
            yield

    # ---- sign-up ------------------------------------------------------------------------------------------------
    async def create_tournament(
        self, channel: int, guild: int | None, game: str, organiser: int, name: str, *, rounds: int,
        size: str | int | tuple[int, int], fmt: str = "swiss", points: str | Sequence[int] | None = None,
        options: Mapping[str, str] | None = None, settings: Mapping[str, Any] | None = None,
        signup_hours: float = 0, seed: int | None = None, game_seed: int | None = None,
    ) -> Tournament:
        """Open a tournament in ``channel`` for sign-up. ``seed`` (public) decides the pairing; ``game_seed``
        (simulations and tests only) makes the games' secret seeds reproducible too."""
        _check_id(channel, "channel")
        _check_id(organiser, "user")
        g = self.core.game(game)
        low, high = parse_size(size)
        if low < g.min_players or high > g.max_players:
            raise TableError(_("{game} is played at tables of {low}–{high}: choose table sizes within that.").format(
                game=_(g.title), low=g.min_players, high=g.max_players))
        if fmt not in FORMATS:
            raise TableError(_("The format is swiss or roundrobin."))
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise TableError(_("A tournament has 1 to {n} rounds.").format(n=MAX_ROUNDS))
        if not 0 <= signup_hours <= MAX_SIGNUP_HOURS:
            raise TableError(_("Sign-up can stay open for up to {n} days.").format(n=MAX_SIGNUP_HOURS // 24))
        table_points = parse_points(points)
        try:
            opts = g.normalise_options({str(k): str(v) for k, v in (options or {}).items()})
        except IllegalAction as exc:
            raise TableError(exc.message) from None
        sets = normalise_settings(settings)
        now = self.core.clock()
        seed = secrets.randbits(62) if seed is None else _check_id(seed, "seed")
        async with self._serial(channel), self.store.transaction() as tx:
            if await tx.open_tournament(channel) is not None:
                raise TableError(_("This channel already has a tournament. Cancel it first, or use another"
                                   " channel."))
            await tx.insert_tournament(
                guild_id=guild, channel_id=channel, game=g.name, name=_clean_name(name), organiser=organiser,
                fmt=fmt, rounds=rounds, size=(low, high), points=table_points, options=opts, settings=sets,
                seed=seed, game_seed=game_seed, signup_until=now + signup_hours * 3600 if signup_hours else None,
                now=now)
        return await self.tournament(channel)

    async def _open(self, channel: int) -> TourneyRow:
        row = await self.store.open_tournament(_check_id(channel, "channel"))
        if row is None:
            raise TableError(_("There is no tournament in this channel. An organiser opens one with /tournament"
                               " create."))
        return row

    def _may_organise(self, row: TourneyRow, user: int, force: bool) -> None:
        if not (force or user == row.organiser_id):
            raise TableError(_("Only the tournament's organiser or a server manager can do that."))

    async def join_tournament(self, channel: int, user: int, name: str) -> Tournament:
        _check_id(user, "user")
        async with self._serial(channel):
            row = await self._open(channel)
            if row.status != "signup":
                raise TableError(_("Sign-up for this tournament is closed: it has started."))
            async with self.store.transaction() as tx:
                if any(e.user_id == user for e in await tx.entrants(row.id)):
                    raise TableError(_("You have already signed up for this tournament."))
                await tx.add_entrant(row.id, user, _clean_name(name), self.core.clock())
        return await self.tournament(channel)

    async def leave_tournament(self, channel: int, user: int) -> Tournament:
        _check_id(user, "user")
        async with self._serial(channel):
            row = await self._open(channel)
            if row.status != "signup":
                raise TableError(_("The tournament has started: use /tournament drop to stop playing in it."))
            async with self.store.transaction() as tx:
                if not any(e.user_id == user for e in await tx.entrants(row.id)):
                    raise TableError(_("You have not signed up for this tournament."))
                await tx.remove_entrant(row.id, user)
        return await self.tournament(channel)

    async def start_tournament(self, channel: int, by_user: int, *, force: bool = False) -> Tournament:
        """Close sign-up and pair round 1 (``open_tournament_tables`` then opens its tables)."""
        _check_id(by_user, "user")
        async with self._serial(channel):
            row = await self._open(channel)
            self._may_organise(row, by_user, force)
            if row.status != "signup":
                raise TableError(_("The tournament has already started."))
            now = self.core.clock()
            if row.signup_until is not None and now < row.signup_until:
                raise TableError(_("Sign-up is open until <t:{at}:f>: the first round can start after that.").format(
                    at=int(row.signup_until)))
            entrants = await self.store.entrants(row.id)
            if row.format == "roundrobin" and len(entrants) > ROUND_ROBIN_MAX:
                raise TableError(_("A round robin seats at most {n} players; this one has {have}: make it a Swiss"
                                   " tournament.").format(n=ROUND_ROBIN_MAX, have=len(entrants)))
            async with self.store.transaction() as tx:
                await self._pair(tx, row, 1, [e.user_id for e in entrants], [], [])
                await tx.set_tournament(row.id, now, status="running", round=1)
        return await self.tournament(channel)

    # ---- pairing and opening the tables -------------------------------------------------------------------------
    async def _pair(self, tx: Store, row: TourneyRow, round_no: int, players: list[int],
                    results: Sequence[st.Result], tables: Sequence[Sequence[int]]) -> None:
        g = self.core.game(row.game)
        sizes, _widened = plan_sizes(len(players), row.size_min, row.size_max, g.min_players, g.max_players)
        if sizes is None:
            raise TableError(_n("{n} player cannot make a table of {game}.", "{n} players cannot make a table of"
                                " {game}.", len(players)).format(n=len(players), game=_(g.title)))
        met = st.met_counts(tables)
        if row.format == "roundrobin":
            drawn = round_robin(players, sizes, met, row.seed, round_no)
        else:
            drawn = swiss(st.entrants(players, results, tables), sizes, met, row.seed, round_no)
        await tx.add_draws(row.id, round_no, drawn)

    async def open_tournament_tables(self, channel: int, make_channel: Callable[[TableDraw], Awaitable[int]],
                                     ) -> list[Update]:
        """Open and start every table of the current round not opened yet, each in the channel ``make_channel``
        gives (a thread of the tournament's channel; asked once per table, its answer kept). Returns each started
        table's Update, for the front end to post. Safe to run again at any time: it opens only what is missing."""
        async with self._serial(channel):
            row = await self._open(channel)
            if row.status != "running":
                return []
            names = {e.user_id: e.name for e in await self.store.entrants(row.id)}
            updates = []
            for draw in await self.store.draws(row.id, row.round):
                if draw.settled:
                    continue
                update = await self._open_table(row, draw, names, make_channel)
                if update is not None:
                    updates.append(update)
            return updates

    async def _open_table(self, row: TourneyRow, draw: DrawRow, names: Mapping[int, str],
                          make_channel: Callable[[TableDraw], Awaitable[int]]) -> Update | None:
        where = draw.channel_id
        if where is None:
            where = _check_id(await make_channel(table_draw(row, draw, names, None)), "channel")
            async with self.store.transaction() as tx:
                await tx.set_draw(row.id, draw.round, draw.table_no, channel_id=where)
        game: GameRow | None = None if draw.game_id is None else await self.store.game(draw.game_id)
        host = draw.players[0]
        if game is None:
            g = self.core.game(row.game)
            seats = [Seat(i, p, names.get(p, "?")) for i, p in enumerate(draw.players)]
            text = _("Round {round}, table {table} of the tournament {name}.").format(
                round=draw.round, table=draw.table_no, name=row.name)

            async def link(tx: Store, game_id: int) -> None:
                await tx.set_draw(row.id, draw.round, draw.table_no, game_id=game_id)

            settings = {**row.settings}
            gid = await self.lobby.open_table(where, row.guild_id, g.name, dict(row.options), settings, host, seats,
                                              text, linked=link)
            game = await self.store.game(gid)
        if game is None or game.status != "lobby":
            return None  # started already (a run before a restart got that far)
        seed = None if row.game_seed is None else Rng(row.game_seed, "game", draw.round, draw.table_no).below(2**62)
        return await self.lobby.start(where, host, seed=seed)

    # ---- results and the next round -----------------------------------------------------------------------------
    async def tournament_of(self, game_channel: int) -> int | None:
        """The tournament channel of the game last played in ``game_channel``, if it was a tournament table."""
        game = await self.store.latest_game(_check_id(game_channel, "channel"))
        if game is None:
            return None
        found = await self.store.draw_of_game(game.id)
        if found is None:
            return None
        row = await self.store.tournament(found[0])
        return None if row is None else row.channel_id

    async def advance_tournament(self, channel: int) -> Advance:
        """Settle every ended table of the current round; once all are settled, pair the next round (or finish the
        tournament after the last). Idempotent: run it after any game of the tournament ends, and at every start."""
        async with self._serial(channel):
            row = await self._open(channel)
            if row.status != "running":
                return Advance(row.round, [], False, False)
            settled = []
            for draw in await self.store.draws(row.id, row.round):
                if not draw.settled and await self._settle(row, draw):
                    settled.append(draw.table_no)
            draws = await self.store.draws(row.id, row.round)
            if not all(d.settled for d in draws):
                return Advance(row.round, settled, False, False)
            now = self.core.clock()
            async with self.store.transaction() as tx:
                if row.round >= row.rounds:
                    await tx.set_tournament(row.id, now, status="finished")
                    return Advance(row.round, settled, True, True)
                entrants = await tx.entrants(row.id)
                players = [e.user_id for e in entrants if e.dropped_after is None]
                results, tables = await self._history(tx, row.id)
                await self._pair(tx, row, row.round + 1, players, results, tables)
                await tx.set_tournament(row.id, now, round=row.round + 1)
            return Advance(row.round + 1, settled, True, False)

    async def _history(self, store: Store, tournament_id: int) -> tuple[list[st.Result], list[list[int]]]:
        return await history(store, tournament_id)

    async def _settle(self, row: TourneyRow, draw: DrawRow) -> bool:
        """Record the results of an ended table (finished: the game's places; abandoned: adjudicated by its last
        scores). False while it is still being played."""
        if draw.game_id is None:
            return False
        game = await self.store.game(draw.game_id)
        if game is None or game.open:
            return False
        forfeited = await self.store.forfeits(row.id, draw.round)
        seat_of = {u: s for s, (u, _name) in (await self.store.starting_seats(game.id)).items() if u is not None}
        if game.status == "finished" and game.outcome is not None:
            ranks, scores = list(game.outcome["ranks"]), list(game.outcome["scores"])
            how = "played"
        else:  # abandoned (by the organiser's adjudication, or by the players): its scores when it stopped
            state = self.core.state(game)
            scores = list(state.view(None)["scores"]) if state is not None else [0] * len(draw.players)
            by_seat = st.ranks_by_score(dict(enumerate(scores)))
            ranks = [by_seat[i] for i in range(len(scores))]
            how = "adjudicated"
        player_rank = {p: int(ranks[seat_of[p]]) if p in seat_of else len(draw.players) for p in draw.players}
        player_score = {p: int(scores[seat_of[p]]) if p in seat_of else 0 for p in draw.players}
        places = st.places_of(player_score, player_rank, forfeited)
        rows = [ResultRow(draw.round, draw.table_no, p, places[p], 0 if p in forfeited else player_score[p],
                          st.points_for(places[p], len(draw.players), row.points),
                          "forfeit" if p in forfeited else how) for p in draw.players]
        async with self.store.transaction() as tx:
            if any(d.settled for d in await tx.draws(row.id, draw.round) if d.table_no == draw.table_no):
                return False
            await tx.add_tourney_results(row.id, rows)
            await tx.set_draw(row.id, draw.round, draw.table_no, settled=1)
        return True

    # ---- drops, forfeits, adjudication, cancelling --------------------------------------------------------------
    async def drop_tournament(self, channel: int, user: int) -> Tournament:
        """Leave a running tournament: not paired from the next round on; a game still being played is forfeited
        (its seat goes to a bot, the player takes its last place)."""
        _check_id(user, "user")
        row = await self._open(channel)
        if row.status != "running":
            raise TableError(_("The tournament has not started: use /tournament leave."))
        entrant = next((e for e in await self.store.entrants(row.id) if e.user_id == user), None)
        if entrant is None:
            raise TableError(_("You are not playing in this tournament."))
        if entrant.dropped_after is not None:
            raise TableError(_("You have already dropped out of this tournament."))
        await self._forfeit(row, user, user)
        async with self.store.transaction() as tx:
            await tx.drop_entrant(row.id, user, row.round)
        return await self.tournament(channel)

    async def forfeit_tournament(self, channel: int, by_user: int, user: int, *, force: bool = False) -> Tournament:
        """The organiser forfeits ``user``'s game of the current round (the player stays in the tournament)."""
        _check_id(by_user, "user")
        _check_id(user, "user")
        row = await self._open(channel)
        self._may_organise(row, by_user, force)
        if row.status != "running":
            raise TableError(_("The tournament has not started yet."))
        if not await self._forfeit(row, user, by_user):
            raise TableError(_("That player has no game being played in this round."))
        return await self.tournament(channel)

    async def _forfeit(self, row: TourneyRow, user: int, by_user: int) -> bool:
        draw = next((d for d in await self.store.draws(row.id, row.round) if user in d.players and not d.settled),
                    None)
        if draw is None:
            return False
        async with self.store.transaction() as tx:
            if user not in await tx.forfeits(row.id, row.round):
                await tx.add_forfeit(row.id, row.round, user)
        game = None if draw.game_id is None else await self.store.game(draw.game_id)
        if game is not None and game.open and game.status == "active":
            seat = next((s.seat for s in await self.store.seats(game.id) if s.user_id == user), None)
            if seat is not None:  # the game goes on with a bot in the seat
                await self.lobby.replace(game.channel_id, seat, None, None, by_user, force=True)
        return True

    async def adjudicate_tournament(self, channel: int, by_user: int, table: int, *, force: bool = False) -> Advance:
        """End a table of the current round now, its places by the current scores."""
        _check_id(by_user, "user")
        row = await self._open(channel)
        self._may_organise(row, by_user, force)
        draw = next((d for d in await self.store.draws(row.id, row.round) if d.table_no == table), None)
        if row.status != "running" or draw is None:
            raise TableError(_("There is no table {table} in this round.").format(table=table))
        game = None if draw.game_id is None else await self.store.game(draw.game_id)
        if draw.settled or game is None or not game.open:
            raise TableError(_("Table {table} is not being played.").format(table=table))
        await self.lobby.abandon(game.channel_id, by_user, force=True)
        return await self.advance_tournament(channel)

    async def cancel_tournament(self, channel: int, by_user: int, *, force: bool = False) -> Tournament:
        """Cancel the tournament; its games still being played go on as ordinary games."""
        _check_id(by_user, "user")
        async with self._serial(channel):
            row = await self._open(channel)
            self._may_organise(row, by_user, force)
            async with self.store.transaction() as tx:
                await tx.set_tournament(row.id, self.core.clock(), status="cancelled")
        return await self.tournament(channel)

    # ---- reading ------------------------------------------------------------------------------------------------
    async def tournament(self, channel: int) -> Tournament:
        """The channel's tournament (the latest, open or not): its terms, entrants, tables and standings."""
        row = await self.store.latest_tournament(_check_id(channel, "channel"))
        if row is None:
            raise TableError(_("There is no tournament in this channel. An organiser opens one with /tournament"
                               " create."))
        return await read_tournament(self.core, self.store, row)

    async def running_tournaments(self) -> list[int]:
        """The channels of the running tournaments (a start resumes each: ``open_tournament_tables``, ``advance``)."""
        return [r.channel_id for r in await self.store.running_tournaments()]
