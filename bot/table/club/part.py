"""``Club``, the part of the table that remembers across games (docs/ratings.md): each finished game's results and
the ratings they move, written in the transaction that ends the game; the leaderboards and profiles read from them;
the rebuild that recomputes every rating from the stored results; and, at the first start after migration 18, the
results of the games finished before it."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot.table.club.ratings import CURRENT_SEASON, Skill, places, rate
from bot.table.club.results import game_results
from bot.table.club.views import (
    MIN_LISTED_GAMES,
    PAGE_SIZE,
    PROFILE_LAST_GAMES,
    BoardLine,
    Leaderboard,
    Profile,
    ProfileGame,
)
from bot.table.core import Part
from bot.table.model import Seat, TableError, _check_id
from bot.table.store import Store
from bot.table.store.club_rows import RatedResult, RatingRow, ResultRow
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

#: (server, game, season, user): the key of one rating
Key = tuple[int, str, int, int]


class Club(Part):
    # ---- the end of a game (inside its transaction) -------------------------------------------------------------
    async def record(self, tx: Store, game_id: int, guild: int | None, game: str, outcome: Mapping[str, Any],
                     settings: Mapping[str, Any], seats: Sequence[Seat], now: float) -> list[ResultRow]:
        """Inside the transaction that ends ``game_id``: its results, and the ratings they move. Called before the
        end drops the caretaker's seats (a seat the caretaker kept for good counts as left)."""
        if not tx.club_tables:  # an older build's schema (the upgrade tests): it kept no results
            return []
        await tx.lock_club()
        starting = await tx.starting_seats(game_id)
        caretaken = set(self.caches.caretaken.get(game_id, {}))
        rows = game_results(game_id, outcome, settings, seats, starting, caretaken)
        await tx.add_results(rows)
        await self._rate(tx, game_id, guild or 0, game, rows, now)
        return rows

    async def _rate(self, tx: Store, game_id: int, guild: int, game: str, rows: Sequence[ResultRow],
                    now: float) -> None:
        rated = [r for r in rows if r.rated and r.user_id is not None]
        placed = _placed(rated)
        stored = await tx.ratings_of(guild, game, CURRENT_SEASON, sorted(placed))
        before = {u: Skill(r.mu, r.sigma, r.games) for u, r in stored.items()}
        for user, after in rate(before, placed).items():
            old = before.get(user, Skill())
            await tx.put_rating(guild, game, CURRENT_SEASON, RatingRow(user, after.mu, after.sigma, after.games), now)
            await tx.add_rating_change(game_id, guild, game, CURRENT_SEASON, RatingRow(user, old.mu, old.sigma,
                                       old.games), RatingRow(user, after.mu, after.sigma, after.games), now)

    # ---- upgrades and rebuilds ----------------------------------------------------------------------------------
    async def backfill(self) -> int:
        """Give each finished game without results (finished before migration 18) its results and rate it, oldest
        first, each game in its own transaction. Returns how many games got results."""
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
        return done

    async def rebuild_ratings(self) -> int:
        """Recompute every rating and rating change from the stored results, in the order the games were rated, in
        one transaction. Returns the number of rated games."""
        async with self.store.transaction() as tx:
            await tx.lock_club()
            results = await tx.rated_results()
            await tx.drop_ratings()
            skills: dict[Key, Skill] = {}
            games = _by_game(results)
            for rated in games:
                first = rated[0]
                key = (first.guild_id, first.game, CURRENT_SEASON)
                placed = places({r.user_id: r.rank for r in rated if not r.departed},
                                [r.user_id for r in rated if r.departed])
                before = {u: skills[(*key, u)] for u in placed if (*key, u) in skills}
                for user, after in rate(before, placed).items():
                    old = before.get(user, Skill())
                    skills[(*key, user)] = after
                    await tx.add_rating_change(first.game_id, first.guild_id, first.game, CURRENT_SEASON,
                                               RatingRow(user, old.mu, old.sigma, old.games),
                                               RatingRow(user, after.mu, after.sigma, after.games), first.ended_at)
            for (guild, game, season, user), skill in skills.items():
                await tx.put_rating(guild, game, season, RatingRow(user, skill.mu, skill.sigma, skill.games),
                                    self.core.clock())
        return len(games)

    async def stored_ratings(self) -> list[tuple[Any, ...]]:
        """Every stored rating and rating change as plain rows (``kontor ratings rebuild --check``, the tests)."""
        return await self.store.all_ratings()

    # ---- reading ------------------------------------------------------------------------------------------------
    async def leaderboard(self, guild: int | None, game: str, *, season: int | None = None, page: int = 1,
                          viewer: int | None = None, min_games: int = MIN_LISTED_GAMES) -> Leaderboard:
        """A page of the server's standings in ``game``: players with at least ``min_games`` rated games, best
        first (μ − 3σ), ``PAGE_SIZE`` a page; with the viewer's own line wherever they stand."""
        name = self.core.game(game).name
        guild_key = 0 if guild is None else _check_id(guild, "server")
        season = _season(season)
        if isinstance(page, bool) or not isinstance(page, int) or page < 1:
            raise TableError(_("The page must be a number from 1."))
        size = await self.store.board_size(guild_key, name, season, min_games)
        if size == 0:
            everyone = await self.store.board_size(guild_key, name, season, 1)
            raise TableError(_n(
                "Nobody is on the {game} leaderboard of this server yet: it lists players with at least {n} rated"
                " game.", "Nobody is on the {game} leaderboard of this server yet: it lists players with at least {n}"
                " rated games.", min_games).format(game=_(self.core.game(name).title), n=min_games) if everyone else
                _("Nobody has played a rated game of {game} on this server yet.").format(
                    game=_(self.core.game(name).title)))
        pages = -(-size // PAGE_SIZE)
        if page > pages:
            raise TableError(_n("The leaderboard has only {n} page.", "The leaderboard has only {n} pages.",
                                pages).format(n=pages))
        rows = await self.store.board(guild_key, name, season, min_games, (page - 1) * PAGE_SIZE, PAGE_SIZE)
        users = [r.user_id for r in rows]
        mine_row = None
        if viewer is not None:
            mine_row = (await self.store.ratings_of(guild_key, name, season, [viewer])).get(viewer)
        names = await self.store.latest_names(users if viewer is None or mine_row is None else [*users, viewer])
        start = (page - 1) * PAGE_SIZE
        lines = [_line(start + i + 1, r, names) for i, r in enumerate(rows)]
        mine = None
        if mine_row is not None and viewer is not None:
            place = await self.store.board_place(guild_key, name, season, min_games, mine_row)
            mine = _line(place if mine_row.games >= min_games else None, mine_row, names)
        return Leaderboard(name, self.core.game(name).title, season, page, pages, size, min_games, lines, mine)

    async def profile(self, guild: int | None, user: int, game: str | None = None) -> Profile:
        """A player's figures on this server: per game played, finished, won (against the fair share), rating, mean
        and best score; and their last games."""
        guild_key = 0 if guild is None else _check_id(guild, "server")
        _check_id(user, "user")
        name = None if game is None else self.core.game(game).name
        figures = await self.store.figures(user, guild_key)
        if name is not None:
            figures = [f for f in figures if f.game == name]
        if not figures:
            if name is not None:
                raise TableError(_("That player has not played {game} on this server yet.").format(
                    game=_(self.core.game(name).title)))
            raise TableError(_("That player has not played a game on this server yet."))
        ratings = await self.store.my_ratings(user, guild_key, CURRENT_SEASON)
        games = []
        for f in figures:
            title = self.core.games[f.game].title if f.game in self.core.games else f.game
            rating = ratings.get(f.game)
            skill = None if rating is None else Skill(rating.mu, rating.sigma, rating.games)
            games.append(ProfileGame(f.game, title, f.played, f.finished, f.wins, f.fair_wins, f.mean_score,
                                     f.best_score, skill))
        last = await self.store.past_games(user, guild_key, name, PROFILE_LAST_GAMES)
        names = await self.store.latest_names([user])
        return Profile(user, names.get(user), games, last)


def _season(season: int | None) -> int:
    if season is None:
        return CURRENT_SEASON
    if isinstance(season, bool) or not isinstance(season, int) or not 1 <= season <= CURRENT_SEASON:
        raise TableError(_("There is no season {season}: this server is in season {current}.").format(
            season=season, current=CURRENT_SEASON))
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
