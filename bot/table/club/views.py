"""What the club's reads hand the front ends: a leaderboard's page and a player's profile (plain data, no words)."""

from __future__ import annotations

from collections.abc import Sequence
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
class Reliability:
    """A player's reliability record in one game (``game`` "": all games together), docs/ratings.md: games started,
    finished in their seat, left before the end (the rest were abandoned, by nobody's fault of theirs alone), the
    moves the caretaker played for them, the times their time bank ran out and the times the table's answer took
    their seat or ended the game. Away time and outages stop the clock: they never count."""

    game: str
    played: int = 0
    finished: int = 0
    left: int = 0
    caretaker_moves: int = 0
    clock_outs: int = 0
    removed: int = 0

    @property
    def abandoned(self) -> int:
        """Games that ended before their end without them leaving: abandoned, or ended over another's spent bank."""
        return max(0, self.played - self.finished - self.left)

    @classmethod
    def total(cls, records: Sequence[Reliability]) -> Reliability:
        return cls("", *(sum(getattr(r, f) for r in records) for f in (
            "played", "finished", "left", "caretaker_moves", "clock_outs", "removed")))


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
    record: Reliability | None = None  # their reliability record in this game (docs/ratings.md)

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

    @property
    def record(self) -> Reliability:
        """The reliability record over every game of the profile."""
        return Reliability.total([g.record for g in self.games if g.record is not None])
