"""What the club's reads hand the front ends: a leaderboard's page and a player's profile (plain data, no words)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.club.ratings import Skill
from bot.table.store.club_rows import PastGame

#: lines on a leaderboard's page
PAGE_SIZE = 10
#: rated games a player needs to be listed on a leaderboard (a server setting later: issue 38)
MIN_LISTED_GAMES = 3
#: the last games a profile shows
PROFILE_LAST_GAMES = 5


@dataclass(frozen=True)
class BoardLine:
    place: int | None  # None: the viewer's own line, not listed yet (fewer games than the minimum)
    user_id: int
    name: str
    rating: int  # the shown figure (ratings.shown)
    provisional: bool
    games: int


@dataclass(frozen=True)
class Leaderboard:
    game: str
    title: str  # the game's title in English (``_()`` it where shown)
    season: int
    page: int
    pages: int
    listed: int
    min_games: int
    lines: list[BoardLine]
    mine: BoardLine | None  # the viewer's line, wherever they stand (None: no rating in this game)


@dataclass(frozen=True)
class ProfileGame:
    game: str
    title: str
    played: int
    finished: int
    wins: int
    fair_wins: float
    mean_score: float | None
    best_score: int | None
    rating: Skill | None

    @property
    def win_share(self) -> float | None:
        return None if not self.finished else self.wins / self.finished

    @property
    def fair_share(self) -> float | None:
        """The share of wins a player of average strength would have had at the same tables."""
        return None if not self.finished else self.fair_wins / self.finished


@dataclass(frozen=True)
class Profile:
    user_id: int
    name: str | None  # the name they last played under
    games: list[ProfileGame]
    last: list[PastGame]
