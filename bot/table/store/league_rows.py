"""The store's rows of the leagues (docs/seeking.md, "Leagues"): each server's points per place
(``club_servers.league_points``, migration 22) and the rated results of a season the league table is counted from. A
mixin of ``Store``; the SQL is written once for both engines."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from bot.table.store.rows import Queries, _dumps


@dataclass(frozen=True)
class LeagueResult:
    """One rated player's place at one finished game of the season."""

    game_id: int
    user_id: int
    name: str
    place: int  # a player who left their seat is last
    players: int


class LeagueRows(Queries):
    async def league_points(self, guild_id: int) -> list[int] | None:
        row = await self._fetchone("SELECT league_points FROM club_servers WHERE guild_id = ?", (guild_id,))
        if row is None or row[0] is None:
            return None
        try:
            return [int(p) for p in json.loads(row[0])]
        except (ValueError, TypeError):
            return None

    async def set_league_points(self, guild_id: int, points: Sequence[int] | None, now: float) -> None:
        value = None if points is None else _dumps(list(points))
        await self._write(
            "INSERT INTO club_servers(guild_id, season, min_listed, league_points, updated_at)"
            " VALUES (?, 1, NULL, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET league_points = excluded.league_points,"
            " updated_at = excluded.updated_at", (guild_id, value, now))

    async def league_results(self, guild_id: int, game: str, season: int) -> list[LeagueResult]:
        """The rated players' places at every finished ``game`` of the server's ``season``, in the order rated."""
        rows = await self._fetchall(
            "SELECT r.game_id, r.user_id, r.name, CASE WHEN r.departed = 1 THEN r.players ELSE r.rank END, r.players"
            " FROM results r JOIN ended_games e ON e.game_id = r.game_id WHERE e.guild_id = ? AND e.game = ?"
            " AND r.season = ? AND r.rated = 1 AND r.user_id IS NOT NULL ORDER BY r.seq, r.user_id",
            (guild_id, game, season))
        return [LeagueResult(int(g), int(u), str(n), int(p), int(k)) for g, u, n, p, k in rows]

    async def league_games(self, guild_id: int, season: int) -> list[str]:
        """The games with a rated result in the server's ``season``."""
        rows = await self._fetchall(
            "SELECT DISTINCT e.game FROM ended_games e JOIN results r ON r.game_id = e.game_id WHERE e.guild_id = ?"
            " AND r.season = ? AND r.rated = 1 ORDER BY e.game", (guild_id, season))
        return [str(r[0]) for r in rows]

    async def league_servers(self, game: str) -> list[int]:
        """The servers with a rated result of ``game`` in any season."""
        rows = await self._fetchall(
            "SELECT DISTINCT e.guild_id FROM ended_games e JOIN results r ON r.game_id = e.game_id WHERE e.game = ?"
            " AND r.rated = 1 AND e.guild_id IS NOT NULL ORDER BY e.guild_id", (game,))
        return [int(r[0]) for r in rows]
