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
from bot.table.store.tourney_rows import DrawRow, EntrantRow, ResultRow, TourneyRow
from bot.table.tourney import standings as st
from bot.table.tourney.pairing import ROUND_ROBIN_MAX, plan_sizes, round_robin, swiss
from bot.table.tourney.reads import history, read_tournament, table_draw
from bot.table.tourney.views import Advance, TableDraw, Tournament
from rules.core import IllegalAction, Rng
from rules.words import translator

_, _n = translator("bot")

FORMATS = ("swiss", "roundrobin")
LATE_RULES = ("playon", "adjudicate")  # what a table still running at its round's deadline gets
MAX_ROUNDS = 20
MAX_SIGNUP_HOURS = 24 * 30
MAX_DEADLINE_DAYS = 60
MIN_DEADLINE_DAYS = 1 / 24  # an hour


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
    async def serial(self, channel: int) -> AsyncIterator[None]:
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
        deadline_days: float | None = None, late: str = "playon", final: int | None = None,
    ) -> Tournament:
        """Open a tournament in ``channel`` for sign-up. ``seed`` (public) decides the pairing; ``game_seed``
        (simulations and tests only) makes the games' secret seeds reproducible too. ``deadline_days``: each round's
        time, and ``late`` what a table still running then gets; ``final``: the top N play a final table."""
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
        if deadline_days is not None and not MIN_DEADLINE_DAYS <= deadline_days <= MAX_DEADLINE_DAYS:
            raise TableError(_("Give each round from one hour to {n} days, in days: for example 7 for a week, 0.5 for"
                               " twelve hours.").format(n=MAX_DEADLINE_DAYS))
        if late not in LATE_RULES:
            raise TableError(_("A table past the deadline is either played on (playon) or adjudicated (adjudicate)."))
        if final is not None and (isinstance(final, bool) or not g.min_players <= final <= g.max_players):
            raise TableError(_("A final table of {game} seats {low}–{high} players: choose a final within that."
                               ).format(game=_(g.title), low=g.min_players, high=g.max_players))
        table_points = parse_points(points)
        try:
            opts = g.normalise_options({str(k): str(v) for k, v in (options or {}).items()})
        except IllegalAction as exc:
            raise TableError(exc.message) from None
        sets = normalise_settings(settings)
        now = self.core.clock()
        seed = secrets.randbits(62) if seed is None else _check_id(seed, "seed")
        async with self.serial(channel), self.store.transaction() as tx:
            if await tx.open_tournament(channel) is not None:
                raise TableError(_("This channel already has a tournament. Cancel it first, or use another"
                                   " channel."))
            await tx.insert_tournament(
                guild_id=guild, channel_id=channel, game=g.name, name=_clean_name(name), organiser=organiser,
                fmt=fmt, rounds=rounds, size=(low, high), points=table_points, options=opts, settings=sets,
                seed=seed, game_seed=game_seed, signup_until=now + signup_hours * 3600 if signup_hours else None,
                now=now, deadline_days=deadline_days, late_rule=late, final_size=final)
        return await self.tournament(channel)

    async def open_row(self, channel: int) -> TourneyRow:
        row = await self.store.open_tournament(_check_id(channel, "channel"))
        if row is None:
            raise TableError(_("There is no tournament in this channel. An organiser opens one with /tournament"
                               " create."))
        return row

    def may_organise(self, row: TourneyRow, user: int, force: bool) -> None:
        if not (force or user == row.organiser_id):
            raise TableError(_("Only the tournament's organiser or a server manager can do that."))

    async def join_tournament(self, channel: int, user: int, name: str) -> Tournament:
        _check_id(user, "user")
        async with self.serial(channel):
            row = await self.open_row(channel)
            if row.status != "signup":
                raise TableError(_("Sign-up for this tournament is closed: it has started."))
            async with self.store.transaction() as tx:
                if any(e.user_id == user for e in await tx.entrants(row.id)):
                    raise TableError(_("You have already signed up for this tournament."))
                await tx.add_entrant(row.id, user, _clean_name(name), self.core.clock())
        return await self.tournament(channel)

    async def leave_tournament(self, channel: int, user: int) -> Tournament:
        _check_id(user, "user")
        async with self.serial(channel):
            row = await self.open_row(channel)
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
        async with self.serial(channel):
            row = await self.open_row(channel)
            self.may_organise(row, by_user, force)
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
                await tx.set_tournament(row.id, now, status="running", round=1, round_deadline=self._deadline(row, now))
        return await self.tournament(channel)

    # ---- pairing and opening the tables -------------------------------------------------------------------------
    @staticmethod
    def _deadline(row: TourneyRow, now: float) -> float | None:
        """The deadline of a round paired at ``now``."""
        return None if row.deadline_days is None else now + row.deadline_days * 86400

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
        async with self.serial(channel):
            row = await self.open_row(channel)
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
            forfeited = await self.store.forfeits(row.id, draw.round)  # before the table opened: a bot plays it
            seats = [Seat(i, None, f"Bot {i + 1}") if p in forfeited else Seat(i, p, names.get(p, "?"))
                     for i, p in enumerate(draw.players)]
            host = next((p for p in draw.players if p not in forfeited), host)
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
        return await self.lobby.start(where, game.creator_id, seed=seed)  # the host (a forfeit may have moved it)

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
        async with self.serial(channel):
            row = await self.open_row(channel)
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
                entrants = await tx.entrants(row.id)
                players = [e.user_id for e in entrants if e.dropped_after is None]
                results, tables = await self._history(tx, row)
                finalists = self._finalists(row, entrants, results, tables) if row.round == row.rounds else None
                if row.round >= row.rounds and not finalists:
                    await tx.set_tournament(row.id, now, status="finished")
                    return Advance(row.round, settled, True, True)
                if finalists:  # the top N of the standings play one more table: the final
                    await tx.add_draws(row.id, row.round + 1, [finalists])
                else:
                    await self._pair(tx, row, row.round + 1, players, results, tables)
                await tx.set_tournament(row.id, now, round=row.round + 1, round_deadline=self._deadline(row, now))
            return Advance(row.round + 1, settled, True, False)

    def _finalists(self, row: TourneyRow, entrants: Sequence[EntrantRow], results: Sequence[st.Result],
                   tables: Sequence[Sequence[int]]) -> list[int] | None:
        """The final table after the last round: the top ``final_size`` of the standings still in, best first; None
        without a final, or when too few are left to seat the game."""
        if row.final_size is None:
            return None
        names = {e.user_id: e.name for e in entrants}
        gone = {e.user_id for e in entrants if e.dropped_after is not None}
        lines = st.standings(names, gone, results, tables, row.seed, row.round)
        top = [ln.player for ln in lines if not ln.dropped][:row.final_size]
        return top if len(top) >= self.core.game(row.game).min_players else None

    async def _history(self, store: Store, row: TourneyRow) -> tuple[list[st.Result], list[list[int]]]:
        return await history(store, row)

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

    # ---- reading ------------------------------------------------------------------------------------------------
    async def tournament(self, channel: int) -> Tournament:
        """The channel's tournament (the latest, open or not): its terms, entrants, tables and standings."""
        row = await self.store.latest_tournament(_check_id(channel, "channel"))
        if row is None:
            raise TableError(_("There is no tournament in this channel. An organiser opens one with /tournament"
                               " create."))
        return await read_tournament(self.core, self.store, row)

    async def organiser_role(self, guild: int) -> int | None:
        """The role a server lets create tournaments besides its managers (None: managers only)."""
        return await self.store.organiser_role(_check_id(guild, "guild"))

    async def set_organiser_role(self, guild: int, role: int | None) -> None:
        """Name the role (None: none) whose members may create tournaments on ``guild``; the front end checks that
        whoever sets it manages the server."""
        _check_id(guild, "guild")
        if role is not None:
            _check_id(role, "role")
        async with self.store.transaction() as tx:
            await tx.set_organiser_role(guild, role, self.core.clock())

    async def running_tournaments(self) -> list[int]:
        """The channels of the running tournaments (a start resumes each: ``open_tournament_tables``, ``advance``)."""
        return [r.channel_id for r in await self.store.running_tournaments()]
