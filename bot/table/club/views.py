"""What the club's reads hand the front ends: a leaderboard's page and a player's profile (plain data, no words)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.club.ratings import Skill
from bot.table.store.club_rows import PastGame

#: lines on a leaderboard's page
PAGE_SIZE = 10
#: rated games a player needs to be listed on a leaderboard, unless the server sets its own (``/game season settings``)
MIN_LISTED_GAMES = 3
#: the most a server may ask for
MAX_LISTED_GAMES = 100
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
    current: int = 1  # the server's current season (``season`` 0: the all-time view)
    hidden: bool = False  # the viewer chose not to be listed (``/game privacy``): their line is theirs only


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
    rating: Skill | None  # this season's
    all_time: Skill | None = None
    time_per_move: float | None = None  # seconds the table waited for each of their moves, on average
    history: tuple[int, ...] = ()  # the shown rating after each of their rated games this season, oldest first

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
    season: int = 1  # the server's current season (the ratings shown are this season's)
    private: bool = False  # the player keeps it private: only they read it
