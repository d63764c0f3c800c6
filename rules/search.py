"""The strong bot: one search for every game, through the rules contract.

Determinized Monte Carlo search with UCB1 at the root (a one-level information-set search). Each iteration
samples a world the searching seat cannot tell from the real one — the game's ``redeal_hidden`` re-draws every
hidden thing (deck orders, other seats' hidden holdings and secret choices) and the world gets a new seed, so the
future's dice and draws are unknown too — then plays one candidate move in it and plays the game out with every seat
choosing by the game's own heuristic bot. A candidate's value is its mean result for the searching seat (a win
counts 1, shared between tied winners, plus a small term for the score margin, which separates losses from near
wins); UCB1 spends the iterations on the promising candidates. The most tried candidate is played.

It never reads another seat's secret: the only things of the real state it uses are what ``redeal_hidden`` keeps,
i.e. what the seat may see, and ``redeal_hidden`` is canonical (the same view and random stream give the same
world, whatever the hidden truth), so the choice is a function of the seat's view, the legal actions and the random
stream. ``tests/contract/test_search.py`` checks exactly that in every game.

The budget is counted in iterations, not seconds, so a choice replays from seed and log. Pure and synchronous, as
all of ``rules``: the service runs it in a worker process (``bot/search_pool.py``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.core import Game, Rng, State

DEFAULT_BUDGET = 48  # iterations per decision: p95 well under 2 s on one core here (bench "bots")
MAX_CANDIDATES = 10  # root moves searched when a seat has many: the heuristic's pick plus a seeded sample
MAX_PLAYOUT_STEPS = 5_000  # a guard: every game ends long before
EXPLORATION = 0.7  # UCB1's constant, for results in [0, 1.1]

Redeal = Callable[[State[Any], int | None, Rng], State[Any]]


@dataclass
class _Arm:
    action: str
    tries: int = 0
    total: float = 0.0

    def mean(self) -> float:
        return self.total / self.tries if self.tries else 0.0


def redeal_for(game: Game) -> Redeal:
    """The game's ``redeal_hidden`` (its checks module, declared in its ``GameParts``)."""
    import rules  # the registry imports every game, and every game imports this module's neighbours: import late

    module = rules.PARTS[game.name].checks
    if module is None:
        raise ValueError(f"{game.title} has no checks module: the search cannot sample hidden information")
    fn: Redeal = importlib.import_module(module).redeal_hidden
    return fn


def determinize(state: State[Any], seat: int, rng: Rng, redeal: Redeal) -> State[Any]:
    """A world ``seat`` cannot tell from ``state``: hidden things re-drawn, and a new seed for the future's draws."""
    world = redeal(state, seat, rng)
    world.seed = rng.below(2**62)
    return world


def result(world: State[Any], seat: int) -> float:
    """The finished ``world``'s value to ``seat``: its share of the win, plus up to 0.1 for its score margin."""
    outcome = world.outcome()
    top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
    win = 1 / len(top) if seat in top else 0.0
    others = [score for s, score in enumerate(outcome.scores) if s != seat]
    margin = outcome.scores[seat] - max(others) if others else 0
    return win + 0.05 * (1 + math.tanh(margin / 10))


def playout(game: Game, world: State[Any], rng: Rng) -> None:
    """Play ``world`` to its end, every seat choosing with the game's own bot."""
    for _ in range(MAX_PLAYOUT_STEPS):
        awaited = world.to_act()
        if not awaited:
            return
        seat = awaited[0]
        legal = world.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else game.bot_action(world.view(seat), legal, seat, rng)
        world.apply(seat, action)
    raise RuntimeError(f"{game.title}: a playout did not end")


def candidates(game: Game, state: State[Any], seat: int, legal: list[str], rng: Rng) -> list[str]:
    """The root moves to search: all of them when few, else the heuristic's pick and a seeded sample of the rest."""
    if len(legal) <= MAX_CANDIDATES:
        return list(legal)
    picked = [game.bot_action(state.view(seat), legal, seat, rng)]
    rest = [a for a in legal if a != picked[0]]
    return picked + rng.sample(rest, MAX_CANDIDATES - 1)


def choose(game: Game, state: State[Any], seat: int, rng: Rng, budget: int = DEFAULT_BUDGET,
           redeal: Redeal | None = None) -> str:
    """The strong bot's move for ``seat`` (who must be awaited in ``state``), after ``budget`` iterations."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    redeal = redeal or redeal_for(game)
    # The candidates come from a world too: the heuristic's pick must not see more than the seat does either.
    arms = [_Arm(a) for a in candidates(game, determinize(state, seat, rng, redeal), seat, legal, rng)]
    for i in range(max(budget, len(arms))):
        if i < len(arms):
            arm = arms[i]  # every candidate once, in order
        else:
            log_n = math.log(i)
            arm = max(arms, key=lambda a: a.mean() + EXPLORATION * math.sqrt(log_n / a.tries))
        world = determinize(state, seat, rng, redeal)
        world.apply(seat, arm.action)
        playout(game, world, rng)
        arm.tries += 1
        arm.total += result(world, seat)
    return max(arms, key=lambda a: (a.tries, a.mean())).action
