"""``Seasons``: a server's seasons and club settings, and each player's privacy (docs/ratings.md, "Seasons",
"Privacy"). Who may close a season is the front end's to check (on Discord: Manage Server); the table refuses what
cannot be done and writes nothing then."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.table.club.ratings import Skill, win_chances
from bot.table.club.views import MAX_LISTED_GAMES
from bot.table.core import Part
from bot.table.model import Seat, TableError, _check_id
from bot.table.store import Store
from bot.table.store.club_seasons import ClosedSeason, Privacy
from rules.words import translator

_, _n = translator("bot")

#: ``/game privacy``'s choices: profile (who reads it) and leaderboards (whether they list the player)
PROFILE_CHOICES = ("public", "private")
LISTING_CHOICES = ("listed", "hidden")


@dataclass(frozen=True)
class SeasonClosed:
    """What closing a season did: the season closed, the one that begins, and how many ratings the closed one keeps."""

    closed: int
    current: int
    ratings: int


class Seasons(Part):
    async def close_season(self, guild: int, user: int) -> SeasonClosed:
        """Close the server's current season: its standings stay readable (``leaderboard(season=N)``), the next
        season's ratings start again from the model's newcomer; the all-time ratings go on. Refused, writing nothing,
        when the season has no rated game yet."""
        guild = _check_id(guild, "server")
        _check_id(user, "user")
        async with self.store.transaction() as tx:
            await tx.lock_club()  # no game is rated into the season while it closes
            season = await tx.current_season(guild)
            rated = await tx.season_rated(guild, season)
            if not rated:
                raise TableError(_("Season {season} has no rated game yet, so there is nothing to close.").format(
                    season=season))
            await tx.close_season(guild, season, user, self.core.clock())
        return SeasonClosed(season, season + 1, rated)

    async def seasons(self, guild: int) -> tuple[int, list[ClosedSeason]]:
        """(the current season, the closed ones, oldest first)."""
        guild = _check_id(guild, "server")
        return await self.store.current_season(guild), await self.store.closed_seasons(guild)

    async def set_min_games(self, guild: int, games: int) -> int:
        """Set the rated games a player needs to be listed on the server's leaderboards (1 to ``MAX_LISTED_GAMES``)."""
        guild = _check_id(guild, "server")
        if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_LISTED_GAMES:
            raise TableError(_("The minimum must be a number of games from 1 to {most}.").format(
                most=MAX_LISTED_GAMES))
        async with self.store.transaction() as tx:
            await tx.set_min_listed(guild, games, self.core.clock())
        return games

    # ---- privacy -------------------------------------------------------------------------------------------------
    async def privacy(self, user: int) -> Privacy:
        return await self.store.privacy(_check_id(user, "user"))

    async def set_privacy(self, user: int, profile: str, leaderboards: str | None = None) -> Privacy:
        """``profile`` public or private; ``leaderboards`` listed or hidden (None: listed with a public profile,
        hidden with a private one). For every server."""
        _check_id(user, "user")
        if profile not in PROFILE_CHOICES:
            raise TableError(_("Choose public or private for your profile."))
        if leaderboards is not None and leaderboards not in LISTING_CHOICES:
            raise TableError(_("Choose listed or hidden for the leaderboards."))
        private = profile == "private"
        listed = (not private) if leaderboards is None else leaderboards == "listed"
        choice = Privacy(private, listed)
        async with self.store.transaction() as tx:
            await tx.set_privacy(user, choice, self.core.clock())
        return choice

    async def win_chances(self, guild: int | None, game: str, settings: Mapping[str, Any],
                      seats: Sequence[Seat]) -> tuple[float, ...]:
        return await lobby_chances(self.store, guild, game, settings, seats)


async def lobby_chances(store: Store, guild: int | None, game: str, settings: Mapping[str, Any],
                        seats: Sequence[Seat]) -> tuple[float, ...]:
    """Each seat's chance to win, as the server's ratings of this season predict, for a rated table of humans only (at
    least two); () otherwise (a bot seat, an unrated table: nothing would be rated)."""
    users = [s.user_id for s in seats]
    if settings.get("rated", "on") != "on" or len(users) < 2 or any(u is None for u in users):
        return ()
    if not store.club_tables:
        return ()
    guild_key = guild or 0
    season = await store.current_season(guild_key)
    known = await store.ratings_of(guild_key, game, season, [u for u in users if u is not None])
    skills = [Skill(r.mu, r.sigma, r.games) if (r := known.get(u)) is not None else Skill()
              for u in users if u is not None]
    return tuple(win_chances(skills))
