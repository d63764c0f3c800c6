"""Ratings, pure: the Weng-Lin Plackett-Luce model of ``openskill`` on finishing places (docs/ratings.md).

Nothing here reads the store or the clock, so a rebuild that feeds the same results in the same order computes
the very same floats as the moves that stored them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

#: the model every rating is computed with; its defaults (μ 25, σ 25/3, τ 25/300) are openskill's
MODEL = PlackettLuce()
MU0: float = MODEL.mu
SIGMA0: float = MODEL.sigma
#: a rating is marked provisional until its player has this many rated games (a 4-player free-for-all needs about
#: five games per player to place them, by TrueSkill's published figures)
PROVISIONAL_GAMES = 5
#: the shown figure: 1000 + 40 × (μ − 3σ), a familiar range; a newcomer (μ − 3σ = 0) shows 1000
SHOWN_BASE, SHOWN_SCALE = 1000, 40
#: a server's first season; ``/game season close`` begins the next (``club_servers.season``)
FIRST_SEASON = 1
#: the season number of the all-time ratings: every rated game of the server in order, never reset
ALL_TIME = 0


@dataclass(frozen=True)
class Skill:
    """A player's rating in one game, server and season: the model's (μ, σ) and the rated games behind it."""

    mu: float = MU0
    sigma: float = SIGMA0
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate μ − 3σ the leaderboards sort by."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def shown(mu: float, sigma: float) -> int:
    """The figure players see for (μ, σ), never below 0."""
    return max(0, round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma)))


def places(stayed: Mapping[int, int], departed: Sequence[int]) -> dict[int, int]:
    """Each rated player's place: those who finished in their seat keep their outcome rank (ties share it), those who
    left share the place after everyone (user -> place)."""
    out = dict(stayed)
    last = max(stayed.values(), default=0) + 1
    for user in departed:
        out[user] = last
    return out


def rate(before: Mapping[int, Skill], placed: Mapping[int, int]) -> dict[int, Skill]:
    """The new skills of the players of one rated game: ``placed`` user -> place (1 best; equal places tie), in
    a fixed order (by user id) so the floats never depend on a dict's history. Fewer than two players: nothing."""
    users = sorted(placed)
    if len(users) < 2:
        return {}
    olds = [before.get(u, Skill()) for u in users]
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in olds]
    new = MODEL.rate(teams, ranks=[float(placed[u]) for u in users])
    return {u: Skill(team[0].mu, team[0].sigma, old.games + 1) for u, team, old in zip(users, new, olds, strict=True)}


def win_chances(skills: Sequence[Skill]) -> list[float]:
    """The chance the model gives each player of winning a table of these players (same order; they add up to 1).
    Fewer than two players: none."""
    if len(skills) < 2:
        return []
    return [float(p) for p in MODEL.predict_win([[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills])]
