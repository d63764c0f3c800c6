"""The club's memory across games: results, ratings, seasons, leaderboards, profiles, statistics and the end report
(docs/ratings.md)."""

from __future__ import annotations

from bot.table.club.charts import Chart
from bot.table.club.part import Club
from bot.table.club.ratings import ALL_TIME, FIRST_SEASON, PROVISIONAL_GAMES, Skill, shown, win_chances
from bot.table.club.report import EndReport, RatingMove, ReportSeat
from bot.table.club.round_scores import RoundScores
from bot.table.club.views import (
    MAX_LISTED_GAMES,
    MIN_LISTED_GAMES,
    PAGE_SIZE,
    BoardLine,
    Leaderboard,
    Profile,
    ProfileGame,
    Reliability,
)
from bot.table.store.club_rows import PastGame

__all__ = ["ALL_TIME", "FIRST_SEASON", "MAX_LISTED_GAMES", "MIN_LISTED_GAMES", "PAGE_SIZE", "PROVISIONAL_GAMES",
           "BoardLine", "Chart", "Club", "EndReport", "Leaderboard", "PastGame", "Profile", "ProfileGame", "RatingMove",
           "Reliability", "ReportSeat", "RoundScores", "Skill", "shown", "win_chances"]
