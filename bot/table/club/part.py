"""``Club``, the part of the table that remembers across games (docs/ratings.md): each finished game's results and
the ratings they move, written in the transaction that ends the game; the leaderboards and profiles read from them;
the rebuild that recomputes every rating from the stored results; and, at the first start after migration 18, the
results of the games finished before it."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from bot.table.club.charts import Chart, rating_charts
from bot.table.club.ratings import ALL_TIME, Skill, places, rate
from bot.table.club.report import EndReport, SeatTime, end_report, seat_times
from bot.table.club.results import game_results
from bot.table.club.views import (
    MIN_LISTED_GAMES,
    PAGE_SIZE,
    PROFILE_LAST_GAMES,
    BoardLine,
    Leaderboard,
    Profile,
    ProfileGame,
    Reliability,
)
from bot.table.core import Part
from bot.table.model import Seat, TableError, _check_id
from bot.table.store import GameRow, Store
from bot.table.store.club_rows import RatedResult, RatingRow, ResultRow
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

#: (server, game, season, user): the key of one rating
Key = tuple[int, str, int, int]


class Club(Part):
    # ---- the end of a game (inside its transaction) -------------------------------------------------------------
    async def record(self, tx: Store, game_id: int, guild: int | None, game: str, outcome: Mapping[str, Any],
                     settings: Mapping[str, Any], seats: Sequence[Seat], now: float, *,
                     finished: bool = True, out: Collection[int] = ()) -> EndReport | None:
        """Inside the transaction that ends ``game_id`` (after its last move is logged): its results, its length,
        the ratings they move in the server's season and all-time; returns the end report (None on a schema
        without the club's tables). Called before the end drops the caretaker's seats (a seat the caretaker kept
        for good counts as left, as do the seats in ``out``). ``finished`` False: a timeout vote ended it
        (``record_early_end``): no length for the statistics, which count finished games only."""
        if not tx.club_tables:  # an older build's schema (the upgrade tests): it kept no results
            return None
        await tx.lock_club()
        guild_key = guild or 0
        season = await tx.current_season(guild_key)
        starting = await tx.starting_seats(game_id)
        caretaken = set(self.caches.caretaken.get(game_id, {})) | set(out)
        times, moves, started = seat_times(await tx.log_times(game_id))
        rows = [r if r.departed else dataclasses.replace(r, moves=t.moves, time_used=t.used, longest_wait=t.longest)
                for r in game_results(game_id, outcome, settings, seats, starting, caretaken)
                for t in [times.get(r.seat, SeatTime())]]
        await tx.add_results(rows, season)
        start = now if started is None else min(started, now)
        if finished:
            await tx.add_ended_game(game_id, guild_key, game, season, len(seats), moves, start, now)
        changes = await self._rate(tx, game_id, guild_key, game, season, rows, now)
        known = self.core.games.get(game)
        labels = dict(known.score_labels) if known is not None else {}
        columns = tuple(known.score_columns) if known is not None else ()
        report = end_report(game, known.title if known is not None else game, labels, columns, rows, times, changes,
                            season, moves, (now - start) / 86400, early=not finished)
        marks = await tx.hint_marks(game_id)  # a game played with hints says so (docs/learning.md)
        names = [s.name for s in seats]
        hinted = tuple((names[s], n) for s, n in sorted(marks.items()) if 0 <= s < len(names))
        return dataclasses.replace(report, hints=hinted) if hinted else report

    async def record_early_end(self, tx: Store, row: GameRow, seats: Sequence[Seat], scores: Sequence[int],
                               out: Collection[int], now: float) -> EndReport | None:
        """Inside the transaction in which a timeout vote ends ``row``'s game (docs/ratings.md, "Who ranks where"):
        the seats in ``out`` (whose bank ran out) and those the caretaker kept for good rank last, as players who
        left; everyone who stayed shares first place (they did not lose: the one who quits loses, as on Board Game
        Arena). Rated like a finished game when the table is; the scores are those of the board at the end."""
        gone = set(out) | set(self.caches.caretaken.get(row.id, {}))
        last = sum(s.seat not in gone for s in seats) + 1
        outcome = {"ranks": [last if s.seat in gone else 1 for s in seats],
                   "scores": [int(scores[s.seat]) if s.seat < len(scores) else 0 for s in seats],
                   "breakdown": [{} for _s in seats]}
        return await self.record(tx, row.id, row.guild_id, row.game, outcome, row.settings, seats, now,
                                 finished=False, out=out)

    async def _rate(self, tx: Store, game_id: int, guild: int, game: str, season: int, rows: Sequence[ResultRow],
                    now: float) -> dict[int, tuple[RatingRow, RatingRow]]:
        """Rate the game's rated players in ``season`` and all-time; the season's (before, after) per player."""
        rated = [r for r in rows if r.rated and r.user_id is not None]
        placed = _placed(rated)
        changes: dict[int, tuple[RatingRow, RatingRow]] = {}
        for track in (season, ALL_TIME):
            stored = await tx.ratings_of(guild, game, track, sorted(placed))
            before = {u: Skill(r.mu, r.sigma, r.games) for u, r in stored.items()}
            for user, after in rate(before, placed).items():
                old = before.get(user, Skill())
                was, now_row = RatingRow(user, old.mu, old.sigma, old.games), RatingRow(user, after.mu, after.sigma,
                                                                                      after.games)
                await tx.put_rating(guild, game, track, now_row, now)
                if track == season:  # the history is the season's (all-time is the same model, never reset)
                    await tx.add_rating_change(game_id, guild, game, season, was, now_row, now)
                    changes[user] = (was, now_row)
        return changes

    # ---- upgrades and rebuilds ----------------------------------------------------------------------------------
    async def backfill(self) -> int:
        """Give each finished game without results (finished before migration 18) its results and rate it, oldest
        first, each game in its own transaction; then give each game with results but no length (finished before
        migration 20) its length. Returns how many games got results."""
        done = 0
        if not self.store.club_tables:
            return done
        for game_id in await self.store.finished_without_results():
            row = await self.store.game(game_id)
            if row is None or row.outcome is None or row.ended_at is None:
                continue
            try:
                seats = await self.store.seats(game_id)
                async with self.store.transaction() as tx:
                    await tx.lock_club()
                    if await tx.results(game_id):  # another process was quicker
                        continue
                    await self.record(tx, game_id, row.guild_id, row.game, row.outcome, row.settings, seats,
                                      row.ended_at)
            except (KeyError, IndexError, TypeError, ValueError) as exc:  # an outcome that does not fit its seats
                log.error("game %d's results could not be derived from its outcome (%s)", game_id,
                          type(exc).__name__)
                continue
            done += 1
        await self._backfill_lengths()
        return done

    async def _backfill_lengths(self) -> None:
        """The length of each game rated before migration 20 (season 1, the only one then), from its log."""
        for game_id in await self.store.without_length():
            row = await self.store.game(game_id)
            if row is None or row.ended_at is None:
                continue
            _times, moves, started = seat_times(await self.store.log_times(game_id))
            results = await self.store.results(game_id)
            async with self.store.transaction() as tx:
                start = row.ended_at if started is None else min(started, row.ended_at)
                await tx.add_ended_game(game_id, row.guild_id or 0, row.game, 1, results[0].players if results else 0,
                                        moves, start, row.ended_at)

    async def rebuild_ratings(self) -> int:
        """Recompute every rating (each season's and all-time) and rating change from the stored results, in the
        order the games were rated, in one transaction. Returns the number of rated games."""
        async with self.store.transaction() as tx:
            await tx.lock_club()
            results = await tx.rated_results()
            await tx.drop_ratings()
            skills: dict[Key, Skill] = {}
            changes: list[tuple[int, int, str, int, RatingRow, RatingRow, float]] = []
            games = _by_game(results)
            for rated in games:
                first = rated[0]
                placed = places({r.user_id: r.rank for r in rated if not r.departed},
                                [r.user_id for r in rated if r.departed])
                for track in (first.season, ALL_TIME):
                    key = (first.guild_id, first.game, track)
                    before = {u: skills[(*key, u)] for u in placed if (*key, u) in skills}
                    for user, after in rate(before, placed).items():
                        old = before.get(user, Skill())
                        skills[(*key, user)] = after
                        if track == first.season:
                            changes.append((first.game_id, first.guild_id, first.game, track,
                                            RatingRow(user, old.mu, old.sigma, old.games),
                                            RatingRow(user, after.mu, after.sigma, after.games), first.ended_at))
            await tx.add_rating_changes(changes)  # in batches: one call each, not one per row
            await tx.put_ratings([(guild, game, season, RatingRow(user, skill.mu, skill.sigma, skill.games))
                                  for (guild, game, season, user), skill in skills.items()], self.core.clock())
        return len(games)

    async def stored_ratings(self) -> list[tuple[Any, ...]]:
        """Every stored rating and rating change as plain rows (``kontor ratings rebuild --check``, the tests)."""
        return await self.store.all_ratings()

    # ---- reading ------------------------------------------------------------------------------------------------
    async def leaderboard(self, guild: int | None, game: str, *, season: int | None = None, page: int = 1,
                          viewer: int | None = None, min_games: int | None = None) -> Leaderboard:
        """A page of the server's standings in ``game`` (``season``: None the current one, 0 all-time): players with
        at least ``min_games`` rated games (None: the server's setting) who did not hide from leaderboards, best
        first (μ − 3σ), ``PAGE_SIZE`` a page; with the viewer's own line wherever they stand."""
        name = self.core.game(game).name
        guild_key = 0 if guild is None else _check_id(guild, "server")
        current = await self.store.current_season(guild_key)
        season = _season(season, current)
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise TableError(_("The page must be a number from 1."))
        if min_games is None:
            min_games = await self.min_games(guild_key)
        size = await self.store.board_size(guild_key, name, season, min_games)
        title = _(self.core.game(name).title)
        if size == 0:
            everyone = await self.store.board_size(guild_key, name, season, 1, everyone=True)
            if everyone:
                raise TableError(_n(
                    "Nobody is on the {game} leaderboard of this server yet: it lists players with at least {n} rated"
                    " game.", "Nobody is on the {game} leaderboard of this server yet: it lists players with at least"
                    " {n} rated games.", min_games).format(game=title, n=min_games))
            if season not in (current, ALL_TIME):
                raise TableError(_("Nobody played a rated game of {game} in season {season} on this server.").format(
                    game=title, season=season))
            raise TableError(_("Nobody has played a rated game of {game} on this server yet.").format(game=title))
        pages = -(-size // PAGE_SIZE)
        if page > pages:
            raise TableError(_n("The leaderboard has only {n} page.", "The leaderboard has only {n} pages.",
                                pages).format(n=pages))
        rows = await self.store.board(guild_key, name, season, min_games, (page - 1) * PAGE_SIZE, PAGE_SIZE)
        users = [r.user_id for r in rows]
        mine_row = None
        hidden = False
        if viewer is not None:
            mine_row = (await self.store.ratings_of(guild_key, name, season, [viewer])).get(viewer)
            hidden = mine_row is not None and not (await self.store.privacy(viewer)).listed
        names = await self.store.latest_names(users if viewer is None or mine_row is None else [*users, viewer])
        start = (page - 1) * PAGE_SIZE
        lines = [_line(start + i + 1, r, names) for i, r in enumerate(rows)]
        mine = None
        if mine_row is not None and viewer is not None:
            listed = mine_row.games >= min_games and not hidden
            place = await self.store.board_place(guild_key, name, season, min_games, mine_row) if listed else None
            mine = _line(place, mine_row, names)
        return Leaderboard(name, self.core.game(name).title, season, page, pages, size, min_games, lines, mine,
                           current=current, hidden=hidden)

    async def min_games(self, guild: int) -> int:
        """The rated games a player needs to be listed on this server's leaderboards (its setting, else the
        default)."""
        found = await self.store.min_listed(guild)
        return MIN_LISTED_GAMES if found is None else found

    async def profile(self, guild: int | None, user: int, game: str | None = None, *,
                      viewer: int | None = None) -> Profile:
        """A player's figures on this server: per game played, finished, won (against the fair share), rating this
        season and all-time, mean and best score, time per move, their reliability record; and their last games. A
        private profile is read only by its owner (``viewer`` None: the host's tools, which read everything)."""
        guild_key = 0 if guild is None else _check_id(guild, "server")
        _check_id(user, "user")
        name = None if game is None else self.core.game(game).name
        if viewer is not None and viewer != user and (await self.store.privacy(user)).private:
            raise TableError(_("That player keeps their profile private."))
        figures = await self.store.figures(user, guild_key)
        if name is not None:
            figures = [f for f in figures if f.game == name]
        if not figures:
            if name is not None:
                raise TableError(_("That player has not played {game} on this server yet.").format(
                    game=_(self.core.game(name).title)))
            raise TableError(_("That player has not played a game on this server yet."))
        season = await self.store.current_season(guild_key)
        ratings = await self.store.my_ratings(user, guild_key, season)
        all_time = await self.store.my_ratings(user, guild_key, ALL_TIME)
        kept = await self.store.reliability(user, guild_key)
        history = await self.store.rating_history(user, guild_key, season)
        games = []
        for f in figures:
            title = self.core.games[f.game].title if f.game in self.core.games else f.game
            mine = kept.get(f.game)
            record = Reliability(f.game, f.played, f.finished, f.left, *(
                (0, 0, 0) if mine is None else (mine.caretaker_moves, mine.clock_outs, mine.removed)))
            games.append(ProfileGame(f.game, title, f.played, f.finished, f.wins, f.fair_wins, f.mean_score,
                                     f.best_score, _skill(ratings.get(f.game)), _skill(all_time.get(f.game)),
                                     f.time_per_move, tuple(Skill(mu, sigma).shown
                                                            for mu, sigma in history.get(f.game, ())), record))
        last = await self.store.past_games(user, guild_key, name, PROFILE_LAST_GAMES)
        names = await self.store.latest_names([user])
        private = (await self.store.privacy(user)).private
        return Profile(user, names.get(user), games, last, season=season, private=private)

    async def profile_servers(self, user: int) -> list[int]:
        """The servers ``user`` played on (sat at a table), the latest first: where a profile of theirs can be asked
        for from outside a server (a DM, ``/kontor profile``)."""
        return await self.store.played_guilds(_check_id(user, "user"))

    async def rating_charts(self, profile: Profile, name: str) -> list[Chart]:
        """The charts of the profile's ratings this season, one per game with two rated games or more, in the language
        spoken now (the reader's). Made from a profile already read, so only someone allowed to read it gets them."""
        return await rating_charts(self.core.images, profile.games, name, profile.season)


def _skill(row: RatingRow | None) -> Skill | None:
    return None if row is None else Skill(row.mu, row.sigma, row.games)


def _season(season: int | None, current: int) -> int:
    """The season asked for: None the current one; 0 all-time; else one that exists (closed, or the current)."""
    if season is None:
        return current
    if isinstance(season, bool) or not isinstance(season, int) or not ALL_TIME <= season <= current:
        raise TableError(_("There is no season {season}: this server is in season {current}.").format(
            season=season, current=current))
    return season


def _placed(rated: Sequence[ResultRow]) -> dict[int, int]:
    users: list[tuple[int, int, bool]] = [(r.user_id, r.rank, r.departed) for r in rated if r.user_id is not None]
    return places({u: rank for u, rank, left in users if not left}, [u for u, _rank, left in users if left])


def _by_game(results: Sequence[RatedResult]) -> list[list[RatedResult]]:
    out: list[list[RatedResult]] = []
    for r in results:
        if out and out[-1][0].game_id == r.game_id:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def _line(place: int | None, row: RatingRow, names: Mapping[int, str]) -> BoardLine:
    skill = Skill(row.mu, row.sigma, row.games)
    return BoardLine(place, row.user_id, names.get(row.user_id, "?"), skill.shown, skill.provisional, row.games)
