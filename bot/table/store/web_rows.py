"""The store's rows the web pages read (migration 23, docs/web.md): whether a server's pages are served (and, beside
that switch, how its boards are posted: the turn card or the embed, migration 26), a server's
recent finished games and tournaments, and what a finished game's end report needs that its results do not hold (its
rating changes, its length). A mixin of ``Store``; the SQL is written once for both engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.table.store.rows import _GAME_COLUMNS, GameRow, Queries, _game
from bot.table.store.tourney_rows import _COLUMNS as _TOURNEY_COLUMNS
from bot.table.store.tourney_rows import TourneyRow, _row


@dataclass(frozen=True)
class RatingChange:
    """One rated player's change in one game: the season's (μ, σ) before and after, and their rated games after it."""

    user_id: int
    season: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class GameLength:
    season: int
    moves: int
    started_at: float
    ended_at: float


class WebRows(Queries):
    if TYPE_CHECKING:
        club_tables: bool
    #: whether ``club_servers.web`` exists (migration 23); a file read as it is by an older build's schema lacks it:
    #: every server's pages are served then (``Store._check_columns`` says)
    _web_column = True

    async def web_pages(self, guild_id: int) -> bool:
        """Whether the server's web pages are served (its admins may turn them off)."""
        if not self.club_tables or not self._web_column:
            return True
        row = await self._fetchone("SELECT web FROM club_servers WHERE guild_id = ?", (guild_id,))
        return row is None or bool(row[0])

    async def set_web_pages(self, guild_id: int, on: bool, now: float) -> None:
        await self._write(
            "INSERT INTO club_servers(guild_id, season, min_listed, updated_at, web) VALUES (?, 1, NULL, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET web = excluded.web, updated_at = excluded.updated_at",
            (guild_id, now, int(on)))

    #: whether ``club_servers.card`` exists (migration 26); without it every server has the bot's default form
    _card_column = True

    async def card_form(self, guild_id: int) -> str | None:
        """How the server's boards are posted (``v2`` or ``embed``); None: the bot's default."""
        if not self.club_tables or not self._card_column:
            return None
        row = await self._fetchone("SELECT card FROM club_servers WHERE guild_id = ?", (guild_id,))
        return None if row is None or row[0] is None else str(row[0])

    async def set_card_form(self, guild_id: int, form: str, now: float) -> None:
        await self._write(
            "INSERT INTO club_servers(guild_id, season, min_listed, updated_at, card) VALUES (?, 1, NULL, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET card = excluded.card, updated_at = excluded.updated_at",
            (guild_id, now, form))

    async def finished_games_of_guild(self, guild_id: int, limit: int) -> list[GameRow]:
        """The server's latest finished games, the newest first."""
        rows = await self._fetchall(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE guild_id = ? AND status = 'finished'"
            " ORDER BY ended_at DESC, id DESC LIMIT ?", (guild_id, limit))
        return [_game(r) for r in rows]

    async def rating_changes_of(self, game_id: int) -> list[RatingChange]:
        """The season's rating changes one game made, each with its player's rated games after it."""
        if not self.club_tables:
            return []
        rows = await self._fetchall(
            "SELECT c.user_id, c.season, c.mu_before, c.sigma_before, c.mu, c.sigma,"
            " (SELECT COUNT(*) FROM rating_changes o WHERE o.user_id = c.user_id AND o.guild_id = c.guild_id"
            " AND o.game = c.game AND o.season = c.season AND o.at <= c.at)"
            " FROM rating_changes c WHERE c.game_id = ? ORDER BY c.user_id", (game_id,))
        return [RatingChange(int(u), int(s), float(mb), float(sb), float(m), float(sg), int(n))
                for u, s, mb, sb, m, sg, n in rows]

    async def game_length(self, game_id: int) -> GameLength | None:
        if not self.club_tables:
            return None
        row = await self._fetchone("SELECT season, moves, started_at, ended_at FROM ended_games WHERE game_id = ?",
                                   (game_id,))
        return None if row is None else GameLength(int(row[0]), int(row[1]), float(row[2]), float(row[3]))

    async def tournaments_of_guild(self, guild_id: int, limit: int) -> list[TourneyRow]:
        """The server's tournaments, the newest first."""
        rows = await self._fetchall(
            f"SELECT {_TOURNEY_COLUMNS} FROM tournaments WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
            (guild_id, limit))
        return [_row(r) for r in rows]
