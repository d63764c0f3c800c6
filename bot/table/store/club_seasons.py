"""The store's rows of the club's seasons, privacy and statistics (migration 20, docs/ratings.md): each server's current
season and listing minimum, the closed seasons, each player's privacy, each finished game's length, and the reads the
statistics aggregate. A mixin of ``Store``; the SQL is written once for both engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.table.store.club_rows import _breakdown
from bot.table.store.rows import Queries


@dataclass(frozen=True)
class ClosedSeason:
    season: int
    closed_at: float
    closed_by: int


@dataclass(frozen=True)
class Privacy:
    """A player's choice (``/game privacy``): ``private`` — their profile is theirs alone; ``listed`` — leaderboards
    show them. Everyone is public and listed until they choose."""

    private: bool = False
    listed: bool = True


@dataclass(frozen=True)
class EndedGame:
    """A finished game's length, for the statistics."""

    game_id: int
    players: int
    moves: int
    started_at: float
    ended_at: float


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game as the statistics read it: its place, its score and the score's breakdown."""

    game_id: int
    players: int
    seat: int
    rank: int
    score: int
    breakdown: dict[str, int]


class SeasonRows(Queries):
    if TYPE_CHECKING:
        _undo_columns: bool

    # ---- seasons and the server's settings ------------------------------------------------------------------
    async def current_season(self, guild_id: int) -> int:
        row = await self._fetchone("SELECT season FROM club_servers WHERE guild_id = ?", (guild_id,))
        return 1 if row is None else int(row[0])

    async def min_listed(self, guild_id: int) -> int | None:
        """The server's minimum of rated games to be listed (None: the default)."""
        row = await self._fetchone("SELECT min_listed FROM club_servers WHERE guild_id = ?", (guild_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def set_min_listed(self, guild_id: int, games: int | None, now: float) -> None:
        await self._write(
            "INSERT INTO club_servers(guild_id, season, min_listed, updated_at) VALUES (?, 1, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET min_listed = excluded.min_listed, updated_at = excluded.updated_at",
            (guild_id, games, now))

    async def close_season(self, guild_id: int, season: int, by: int, now: float) -> None:
        """Close ``season`` (the current one) of the server: the next one begins."""
        await self._write("INSERT INTO seasons(guild_id, season, closed_at, closed_by) VALUES (?, ?, ?, ?)",
                          (guild_id, season, now, by))
        await self._write(
            "INSERT INTO club_servers(guild_id, season, min_listed, updated_at) VALUES (?, ?, NULL, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET season = excluded.season, updated_at = excluded.updated_at",
            (guild_id, season + 1, now))

    async def closed_seasons(self, guild_id: int) -> list[ClosedSeason]:
        rows = await self._fetchall(
            "SELECT season, closed_at, closed_by FROM seasons WHERE guild_id = ? ORDER BY season", (guild_id,))
        return [ClosedSeason(int(s), float(at), int(by)) for s, at, by in rows]

    async def season_rated(self, guild_id: int, season: int) -> int:
        """How many players have a rating in the server's ``season`` (any game)."""
        row = await self._fetchone("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND season = ?",
                                   (guild_id, season))
        return int(row[0])

    # ---- privacy ---------------------------------------------------------------------------------------------
    async def privacy(self, user_id: int) -> Privacy:
        row = await self._fetchone("SELECT private, listed FROM club_privacy WHERE user_id = ?", (user_id,))
        return Privacy() if row is None else Privacy(bool(row[0]), bool(row[1]))

    async def set_privacy(self, user_id: int, choice: Privacy, now: float) -> None:
        await self._write(
            "INSERT INTO club_privacy(user_id, private, listed, updated_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET private = excluded.private, listed = excluded.listed,"
            " updated_at = excluded.updated_at", (user_id, int(choice.private), int(choice.listed), now))

    # ---- a finished game's length ------------------------------------------------------------------------------
    async def add_ended_game(self, game_id: int, guild_id: int, game: str, season: int, players: int, moves: int,
                             started_at: float, ended_at: float) -> None:
        await self._write(
            "INSERT INTO ended_games(game_id, guild_id, game, season, players, moves, started_at, ended_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (game_id, guild_id, game, season, players, moves, started_at, ended_at))

    async def log_times(self, game_id: int) -> list[tuple[str, int | None, float]]:
        """(kind, seat, at) of every move and note of the game still in its log (not undone), in order."""
        rows = await self._fetchall(
            "SELECT kind, seat, at FROM actions WHERE game_id = ? AND undone = 0 ORDER BY id"
            if self._undo_columns else "SELECT kind, seat, at FROM actions WHERE game_id = ? ORDER BY id", (game_id,))
        return [(str(k), None if s is None else int(s), float(at)) for k, s, at in rows]

    async def without_length(self) -> list[int]:
        """Finished games with results but no length yet (finished before migration 20), oldest first. A game a
        timeout vote ended has results but no length: it was not finished (the statistics leave it out)."""
        rows = await self._fetchall(
            "SELECT DISTINCT r.game_id FROM results r JOIN games g ON g.id = r.game_id WHERE g.status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM ended_games e WHERE e.game_id = r.game_id) ORDER BY r.game_id")
        return [int(r[0]) for r in rows]

    # ---- statistics ------------------------------------------------------------------------------------------
    async def games_started(self, game: str, guild_id: int | None) -> dict[int, tuple[int, int]]:
        """Per player count: (games started, games finished) of ``game`` on the server (None: every server)."""
        where = "" if guild_id is None else " AND COALESCE(g.guild_id, 0) = ?"
        rows = await self._fetchall(
            "SELECT n, COUNT(*), SUM(CASE WHEN status = 'finished' THEN 1 ELSE 0 END) FROM"
            " (SELECT g.id, g.status, (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) AS n FROM games g"
            f" WHERE g.game = ? AND g.seed IS NOT NULL AND g.status <> 'lobby'{where}) started GROUP BY n ORDER BY n",
            (game,) if guild_id is None else (game, guild_id))
        return {int(n): (int(played), int(done)) for n, played, done in rows}

    async def ended_games(self, game: str, guild_id: int | None) -> list[EndedGame]:
        where = "" if guild_id is None else " AND guild_id = ?"
        rows = await self._fetchall(
            f"SELECT game_id, players, moves, started_at, ended_at FROM ended_games WHERE game = ?{where}",
            (game,) if guild_id is None else (game, guild_id))
        return [EndedGame(int(g), int(p), int(m), float(s), float(e)) for g, p, m, s, e in rows]

    async def seat_results(self, game: str, guild_id: int | None) -> list[SeatResult]:
        """Every seat of every finished ``game`` with results on the server (None: every server), once each."""
        where = "" if guild_id is None else " AND e.guild_id = ?"
        rows = await self._fetchall(
            "SELECT DISTINCT r.game_id, r.players, r.seat, r.rank, r.score, r.breakdown FROM ended_games e"
            f" JOIN results r ON r.game_id = e.game_id WHERE e.game = ?{where} ORDER BY r.game_id, r.seat",
            (game,) if guild_id is None else (game, guild_id))
        return [SeatResult(int(g), int(p), int(s), int(rk), int(sc), _breakdown(b)) for g, p, s, rk, sc, b in rows]

    async def played_games(self, guild_id: int | None) -> list[str]:
        """The games with at least one finished game on the server (None: anywhere)."""
        where = "" if guild_id is None else " WHERE guild_id = ?"
        rows = await self._fetchall(f"SELECT DISTINCT game FROM ended_games{where} ORDER BY game",
                                    () if guild_id is None else (guild_id,))
        return [str(r[0]) for r in rows]

