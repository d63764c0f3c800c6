"""What the hints and the reviews compute, as module-level functions of plain data: they run in a worker process of a
``SearchPool`` (bot/table/search_pool.py), never on the event loop. Everything comes as text (the snapshot) and
numbers, everything goes back as small frozen dataclasses.

Both appraise a decision with ``rules.advice.appraise``: worlds sampled from the seat's own view (no peeking), every
option played on the same worlds. A hint's stream is salted from the game's seed, its seat and ply, so asking again
gives the same hint; a review's likewise.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from bot.table.render_pool import NotInWorker
from rules import advice, search
from rules.core import Game, Rng

#: a hint's playouts, as a multiple of the game's decision budget (``search.budget_for``): it reports two options'
#: figures rather than one choice, so it plays a little more; a hint's p95 stays under 5 s of CPU (bench ``hints``)
HINT_FACTOR = 2
#: a review's playouts per decision, as a multiple of the game's decision budget: 24 decisions of a game then take
#: 5 to 30 s of CPU (bench ``hints``), within the review's bound of 60 s
REVIEW_FACTOR = 1.0


@dataclass(frozen=True)
class HintFigures:
    """One option of a hint: the action, the worlds it was played in, its win share and mean score margin (points
    over the best other seat at the end), and how many points better than the next option it did on average (None
    for the last one)."""

    action: str
    rounds: int
    wins: float
    margin: float
    ahead: float | None


@dataclass(frozen=True)
class Judged:
    """One decision of a review: the move made and the best one found, their figures on the same worlds, and the
    CPU the evaluation took."""

    action: str
    best: str
    loss: float  # the search's value of the best minus that of the move made (0: the same move)
    points: float  # how many points better the best did on average
    wins_made: float
    wins_best: float
    rounds: int
    cpu_s: float


def _game(name: str) -> Game:
    import rules  # the worker's own registry

    game = rules.GAMES.get(name)
    if game is None:  # registered at run time in the parent only: the pool runs it in a thread there
        raise NotInWorker(name)
    return game


def hint_budget(game: Game, budget: int | None) -> int:
    return max(6, HINT_FACTOR * (budget or search.budget_for(game)))


def review_budget(game: Game, budget: int | None) -> int:
    return max(6, int(REVIEW_FACTOR * (budget or search.budget_for(game))))


def hint_work(game_name: str, snapshot: str, seat: int, seed: int, ply: int, budget: int | None) -> list[HintFigures]:
    """The two best options of ``seat``'s decision in the stored game, best first (one when there is only one)."""
    game = _game(game_name)
    state = game.load(snapshot)
    ranked = advice.appraise(game, state, seat, Rng(seed, "hint", seat, ply), hint_budget(game, budget))[:2]
    return [HintFigures(a.action, a.rounds, a.win_share, a.margin,
                        advice.points_better(a, ranked[i + 1]) if i + 1 < len(ranked) else None)
            for i, a in enumerate(ranked)]


def review_work(game_name: str, snapshot: str, seat: int, action: str, seed: int, ply: int,
                budget: int | None) -> Judged:
    """The move ``seat`` made in the stored position against the best one the search finds, on the same worlds."""
    started = time.process_time()
    game = _game(game_name)
    state = game.load(snapshot)
    ranked = advice.appraise(game, state, seat, Rng(seed, "review", seat, ply), review_budget(game, budget),
                             keep=(action,))
    best = ranked[0]
    made = next((a for a in ranked if a.action == action), best)
    return Judged(action, best.action, best.value - made.value, advice.points_better(best, made), made.win_share,
                  best.win_share, best.rounds, time.process_time() - started)
