"""The club's memory across games: results, ratings, leaderboards and profiles (docs/ratings.md)."""

from __future__ import annotations

from bot.table.club.part import Club
from bot.table.club.ratings import CURRENT_SEASON, PROVISIONAL_GAMES, Skill, shown
from bot.table.club.views import MIN_LISTED_GAMES, PAGE_SIZE, BoardLine, Leaderboard, Profile, ProfileGame
from bot.table.store.club_rows import PastGame

__all__ = ["CURRENT_SEASON", "MIN_LISTED_GAMES", "PAGE_SIZE", "PROVISIONAL_GAMES", "BoardLine", "Club", "Leaderboard",
           "PastGame", "Profile", "ProfileGame", "Skill", "shown"]
