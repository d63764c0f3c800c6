"""The store's rows of the club's memory (migration 18, docs/ratings.md): who started each game, each finished game's
results, the current ratings and each rated game's changes. A mixin of ``Store``; the SQL is written once for both
engines (PostgreSQL's averages come back as ``Decimal``: the readers turn them into floats)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.table.store.rows import Queries, _dumps


@dataclass(frozen=True)
class ResultRow:
    """One row of a finished game's results: a seat's occupant at the end (``departed`` False), or a starting player
    who left that seat (``departed`` True: ranks last in the ratings). ``rated``: counted in the ratings."""

    game_id: int
    seat: int
    departed: bool
    user_id: int | None
    name: str
    rank: int
    score: int
    breakdown: dict[str, int]
    players: int
    rated: bool
    moves: int | None = None  # the seat's own moves (migration 20; None: not known, an older game)
    time_used: float | None = None  # seconds the table waited for those moves, in all
    longest_wait: float | None = None  # the longest of those waits


@dataclass(frozen=True)
class RatedResult:
    """What a rebuild reads of one rated player's result, in the order the games ended."""

    game_id: int
    guild_id: int
    game: str
    ended_at: float
    user_id: int
    rank: int
    departed: bool
    season: int = 1


@dataclass(frozen=True)
class RatingRow:
    user_id: int
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class GameFigures:
    """One game's figures for one player on one server (a profile's line)."""

    game: str
    played: int
    finished: int
    wins: int
    fair_wins: float  # the wins a player of average strength would have had: the sum of 1/players
    mean_score: float | None
    best_score: int | None
    time_per_move: float | None = None  # seconds a move of theirs took the table, on average (games since migration 20)
    left: int = 0  # games they left before the end: replaced, kept by the caretaker, or ended over their spent bank


@dataclass(frozen=True)
class PastGame:
    game_id: int
    game: str
    ended_at: float
    rank: int
    players: int
    score: int
    departed: bool
    rated: bool
    finished: bool = True  # False: a timeout vote ended it (its places are the ratings': who stayed share first)


_ORDINAL = "(mu - 3 * sigma)"
#: a rating's player may be listed: not hidden by their privacy choice (``club_privacy.listed = 0``)
_LISTED = "user_id NOT IN (SELECT p.user_id FROM club_privacy p WHERE p.listed = 0)"


class ClubRows(Queries):
    #: whether the club's tables exist (migration 18). Always, once migrated; a file read as it is or an older build's
    #: schema (the upgrade tests) lacks them: nothing is written to them then (``Store._check_columns`` says)
    club_tables = True

    # ---- who started -----------------------------------------------------------------------------------------
    async def set_starting_seats(self, game_id: int, seats: Iterable[tuple[int, int | None, str]]) -> None:
        """(seat, user or None for a bot, name) of each seat as the game starts."""
        if not self.club_tables:
            return
        await self._write("DELETE FROM starting_seats WHERE game_id = ?", (game_id,))
        for seat, user, name in seats:
            await self._write("INSERT INTO starting_seats(game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                              (game_id, seat, user, name))

    async def starting_seats(self, game_id: int) -> dict[int, tuple[int | None, str]]:
        """seat -> (user or None, name) as the game started; {} for a game started before migration 18."""
        rows = await self._fetchall("SELECT seat, user_id, name FROM starting_seats WHERE game_id = ?", (game_id,))
        return {int(seat): (None if user is None else int(user), str(name)) for seat, user, name in rows}

    async def lock_club(self) -> None:
        """Serialise the transactions that rate games (read, compute, write) across processes: a no-op on SQLite,
        whose one writer runs one transaction at a time (``PgStore`` takes an advisory lock)."""

    # ---- results ---------------------------------------------------------------------------------------------
    async def add_results(self, rows: Sequence[ResultRow], season: int = 1) -> None:
        """One finished game's rows, numbered after every game rated before (inside ``lock_club``), in the server's
        ``season``."""
        row = await self._fetchone("SELECT COALESCE(MAX(seq), 0) + 1 FROM results")
        seq = int(row[0])
        for r in rows:
            await self._write(
                "INSERT INTO results(game_id, seat, departed, user_id, name, rank, score, breakdown, players, rated,"
                " seq, season, moves, time_used, longest_wait) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (r.game_id, r.seat, int(r.departed), r.user_id, r.name, r.rank, r.score, _dumps(r.breakdown),
                 r.players, int(r.rated), seq, season, r.moves, r.time_used, r.longest_wait))

    async def results(self, game_id: int) -> list[ResultRow]:
        rows = await self._fetchall(
            "SELECT game_id, seat, departed, user_id, name, rank, score, breakdown, players, rated, moves, time_used,"
            " longest_wait FROM results WHERE game_id = ? ORDER BY seat, departed", (game_id,))
        return [ResultRow(int(g), int(s), bool(d), None if u is None else int(u), str(n), int(rk), int(sc),
                          _breakdown(b), int(p), bool(rt), None if mv is None else int(mv),
                          None if tu is None else float(tu), None if lw is None else float(lw))
                for g, s, d, u, n, rk, sc, b, p, rt, mv, tu, lw in rows]

    async def finished_without_results(self) -> list[int]:
        """Finished games with no results yet (those of a build before migration 18), oldest first."""
        rows = await self._fetchall(
            "SELECT id FROM games g WHERE status = 'finished' AND outcome IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY ended_at, id")
        return [int(r[0]) for r in rows]

    async def rated_results(self) -> list[RatedResult]:
        """Every rated player's result, in the order the games were rated (``seq``)."""
        rows = await self._fetchall(
            "SELECT r.game_id, COALESCE(g.guild_id, 0), g.game, g.ended_at, r.user_id, r.rank, r.departed, r.season"
            " FROM results r JOIN games g ON g.id = r.game_id WHERE r.rated = 1"
            " ORDER BY r.seq, r.game_id, r.user_id")
        return [RatedResult(int(g), int(guild), str(game), float(at), int(u), int(rk), bool(d), int(sn))
                for g, guild, game, at, u, rk, d, sn in rows]

    # ---- ratings ---------------------------------------------------------------------------------------------
    async def ratings_of(self, guild_id: int, game: str, season: int, users: Sequence[int]) -> dict[int, RatingRow]:
        if not users:
            return {}
        marks = ", ".join("?" * len(users))
        rows = await self._fetchall(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND season = ?"
            f" AND user_id IN ({marks})", (guild_id, game, season, *users))
        return {int(u): RatingRow(int(u), float(mu), float(sg), int(n)) for u, mu, sg, n in rows}

    async def put_rating(self, guild_id: int, game: str, season: int, row: RatingRow, now: float) -> None:
        await self._write(
            "INSERT INTO ratings(guild_id, game, season, user_id, mu, sigma, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(guild_id, game, season, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at",
            (guild_id, game, season, row.user_id, row.mu, row.sigma, row.games, now))

    async def add_rating_change(self, game_id: int, guild_id: int, game: str, season: int, before: RatingRow,
                                after: RatingRow, at: float) -> None:
        await self._write(
            "INSERT INTO rating_changes(game_id, user_id, guild_id, game, season, mu_before, sigma_before, mu, sigma,"
            " at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, after.user_id, guild_id, game, season, before.mu, before.sigma, after.mu, after.sigma, at))

    async def put_ratings(self, rows: Sequence[tuple[int, str, int, RatingRow]], now: float) -> None:
        """Many (server, game, season, rating) at once, into tables a rebuild emptied."""
        await self._write_many(
            "INSERT INTO ratings(guild_id, game, season, user_id, mu, sigma, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(guild, game, season, r.user_id, r.mu, r.sigma, r.games, now) for guild, game, season, r in rows])

    async def add_rating_changes(self, rows: Sequence[tuple[int, int, str, int, RatingRow, RatingRow, float]]) -> None:
        """Many (game, server, game name, season, before, after, at) at once (a rebuild)."""
        await self._write_many(
            "INSERT INTO rating_changes(game_id, user_id, guild_id, game, season, mu_before, sigma_before, mu, sigma,"
            " at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(g, after.user_id, guild, game, season, before.mu, before.sigma, after.mu, after.sigma, at)
             for g, guild, game, season, before, after, at in rows])

    async def drop_ratings(self) -> None:
        """Every rating and rating change (a rebuild writes them again from the results)."""
        await self._write("DELETE FROM rating_changes")
        await self._write("DELETE FROM ratings")

    async def all_ratings(self) -> list[tuple[Any, ...]]:
        """Every stored rating and change, in a fixed order (the rebuild's check compares them)."""
        ratings = await self._fetchall(
            "SELECT guild_id, game, season, user_id, mu, sigma, games FROM ratings"
            " ORDER BY guild_id, game, season, user_id")
        changes = await self._fetchall(
            "SELECT game_id, user_id, guild_id, game, season, mu_before, sigma_before, mu, sigma FROM rating_changes"
            " ORDER BY game_id, user_id")
        return [("rating", *r) for r in ratings] + [("change", *c) for c in changes]

    # ---- leaderboards ----------------------------------------------------------------------------------------
    async def board(self, guild_id: int, game: str, season: int, min_games: int, offset: int,
                    limit: int) -> list[RatingRow]:
        """A page of the listed players (``min_games`` rated games or more, not hidden by their privacy), best first:
        read in the order of ``ratings_by_ordinal``."""
        rows = await self._fetchall(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND season = ?"
            f" AND games >= ? AND {_LISTED} ORDER BY {_ORDINAL} DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, season, min_games, limit, offset))
        return [RatingRow(int(u), float(mu), float(sg), int(n)) for u, mu, sg, n in rows]

    async def board_size(self, guild_id: int, game: str, season: int, min_games: int, *,
                         everyone: bool = False) -> int:
        """How many players a leaderboard lists (``everyone``: every rated player, hidden ones too)."""
        row = await self._fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND season = ? AND games >= ?"
            + ("" if everyone else f" AND {_LISTED}"), (guild_id, game, season, min_games))
        return int(row[0])

    async def board_place(self, guild_id: int, game: str, season: int, min_games: int, mine: RatingRow) -> int:
        """The place ``mine`` has (or would have) among the listed players: 1 + those ahead of it."""
        ordinal = mine.mu - 3 * mine.sigma
        row = await self._fetchone(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND season = ? AND games >= ?"
            f" AND ({_ORDINAL} > ? OR ({_ORDINAL} = ? AND user_id < ?)) AND {_LISTED}",
            (guild_id, game, season, min_games, ordinal, ordinal, mine.user_id))
        return int(row[0]) + 1

    async def latest_names(self, users: Sequence[int]) -> dict[int, str]:
        """The name each user last played under (their latest result)."""
        if not users:
            return {}
        marks = ", ".join("?" * len(users))
        rows = await self._fetchall(
            f"SELECT r.user_id, r.name FROM results r WHERE r.user_id IN ({marks}) AND r.game_id ="
            " (SELECT MAX(o.game_id) FROM results o WHERE o.user_id = r.user_id)", tuple(users))
        return {int(u): str(n) for u, n in rows}

    # ---- profiles --------------------------------------------------------------------------------------------
    async def played_guilds(self, user_id: int) -> list[int]:
        """The servers the user sat at a table on (no server, 0, left out), the latest game's first."""
        rows = await self._fetchall(
            "SELECT g.guild_id, MAX(g.id) AS latest FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.user_id = ? AND g.guild_id IS NOT NULL AND g.guild_id <> 0 GROUP BY g.guild_id"
            " ORDER BY latest DESC", (user_id,))
        return [int(guild) for guild, _latest in rows]

    async def figures(self, user_id: int, guild_id: int) -> list[GameFigures]:
        """Per game the user played on the server: games started (finished, left, abandoned), finished in their
        seat, won, fair share of wins, mean and best score; and the games they left. A game a timeout vote ended
        has results (its ratings) but was not finished: it counts as started, and as left for whoever it ended."""
        done = "r.departed = 0 AND g.status = 'finished'"
        rows = await self._fetchall(
            "SELECT g.game, COUNT(DISTINCT r.game_id),"
            f" SUM(CASE WHEN {done} THEN 1 ELSE 0 END),"
            f" SUM(CASE WHEN {done} AND r.rank = 1 THEN 1 ELSE 0 END),"
            f" SUM(CASE WHEN {done} THEN 1.0 / r.players ELSE 0 END),"
            f" AVG(CASE WHEN {done} THEN r.score END), MAX(CASE WHEN {done} THEN r.score END),"
            " SUM(CASE WHEN r.departed = 0 THEN r.time_used END), SUM(CASE WHEN r.departed = 0 THEN r.moves END),"
            " SUM(r.departed)"
            " FROM results r JOIN games g ON g.id = r.game_id WHERE r.user_id = ? AND COALESCE(g.guild_id, 0) = ?"
            " GROUP BY g.game ORDER BY g.game", (user_id, guild_id))
        abandoned = await self._fetchall(
            "SELECT g.game, COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?"
            " AND COALESCE(g.guild_id, 0) = ? AND g.status = 'abandoned' AND g.seed IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM results x WHERE x.game_id = g.id) GROUP BY g.game",
            (user_id, guild_id))
        more = {str(game): int(n) for game, n in abandoned}
        out = [GameFigures(str(game), int(played) + more.pop(str(game), 0), int(fin), int(wins), float(fair),
                           None if mean is None else float(mean), None if best is None else int(best),
                           float(used) / int(moves) if used is not None and moves else None, int(left or 0))
               for game, played, fin, wins, fair, mean, best, used, moves, left in rows]
        out += [GameFigures(game, n, 0, 0, 0.0, None, None) for game, n in sorted(more.items())]
        return sorted(out, key=lambda f: f.game)

    async def past_games(self, user_id: int, guild_id: int, game: str | None, limit: int) -> list[PastGame]:
        only = "" if game is None else " AND g.game = ?"
        rows = await self._fetchall(
            "SELECT r.game_id, g.game, g.ended_at, r.rank, r.players, r.score, r.departed, r.rated, g.status"
            " FROM results r JOIN games g ON g.id = r.game_id WHERE r.user_id = ? AND COALESCE(g.guild_id, 0) = ?"
            f"{only} ORDER BY g.ended_at DESC, r.game_id DESC LIMIT ?",
            (user_id, guild_id, *(() if game is None else (game,)), limit))
        return [PastGame(int(g), str(name), float(at), int(rk), int(p), int(sc), bool(d), bool(rt), st == "finished")
                for g, name, at, rk, p, sc, d, rt, st in rows]

    async def my_ratings(self, user_id: int, guild_id: int, season: int) -> dict[str, RatingRow]:
        rows = await self._fetchall(
            "SELECT game, mu, sigma, games FROM ratings WHERE user_id = ? AND guild_id = ? AND season = ?",
            (user_id, guild_id, season))
        return {str(game): RatingRow(user_id, float(mu), float(sg), int(n)) for game, mu, sg, n in rows}

    async def rating_history(self, user_id: int, guild_id: int, season: int) -> dict[str, list[tuple[float, float]]]:
        """Per game, the user's (μ, σ) after each of their rated games of ``season`` on the server, in the order the
        games were rated (the profile's chart; read along ``rating_changes_by_user``)."""
        rows = await self._fetchall(
            "SELECT game, mu, sigma FROM rating_changes WHERE user_id = ? AND guild_id = ? AND season = ?"
            " ORDER BY game, at, game_id", (user_id, guild_id, season))
        out: dict[str, list[tuple[float, float]]] = {}
        for game, mu, sigma in rows:
            out.setdefault(str(game), []).append((float(mu), float(sigma)))
        return out

    async def users_named(self, name: str) -> list[int]:
        """The users who played under ``name`` (any case), in a result or at a table (``kontor profile``)."""
        rows = await self._fetchall(
            "SELECT user_id FROM results WHERE user_id IS NOT NULL AND LOWER(name) = LOWER(?) UNION"
            " SELECT user_id FROM seats WHERE user_id IS NOT NULL AND LOWER(name) = LOWER(?)", (name, name))
        return sorted({int(r[0]) for r in rows})

    async def servers_of(self, user_id: int) -> list[int]:
        """The servers (0: none, the terminal's) of the user's games a profile counts (with results, or abandoned after
        they began), in order."""
        rows = await self._fetchall(
            "SELECT COALESCE(g.guild_id, 0) FROM results r JOIN games g ON g.id = r.game_id WHERE r.user_id = ? UNION"
            " SELECT COALESCE(g.guild_id, 0) FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?"
            " AND g.status = 'abandoned' AND g.seed IS NOT NULL", (user_id, user_id))
        return sorted(int(r[0]) for r in rows)

    async def known_player(self, user_id: int) -> bool:
        """Whether the user ever sat at a table Kontor knows (any server)."""
        return await self._fetchone("SELECT 1 FROM seats WHERE user_id = ? LIMIT 1", (user_id,)) is not None


def _breakdown(text: str) -> dict[str, int]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        return {}
    return {str(k): int(v) for k, v in value.items()} if isinstance(value, dict) else {}
