"""The strong bot: one search for every game, through the rules contract.

Determinized Monte Carlo search at the root (a one-level information-set search). Each round samples a world
the searching seat cannot tell from the real one — the game's ``redeal_hidden`` re-draws every
hidden thing (deck orders, other seats' hidden holdings and secret choices) and the world gets a new seed, so the
future's dice and draws are unknown too — then plays each surviving candidate move in it and plays the game out
with every seat choosing by the game's own heuristic bot, on the same random stream for every candidate. A
candidate's value is its mean result for the searching seat: its score margin over the best other seat,
tanh-scaled (``result``). Half the budget selects one challenger by sequential halving; the other half compares it
with the heuristic's own pick on fresh worlds, as a sequential test (``confirmed``): the pick is kept unless the
challenger beats it there by a margin and beyond the noise (``clearly_better``).

It never reads another seat's secret: the only things of the real state it uses are what ``redeal_hidden`` keeps,
i.e. what the seat may see, and ``redeal_hidden`` is canonical (the same view and random stream give the same
world, whatever the hidden truth), so the choice is a function of the seat's view, the legal actions and the random
stream. ``tests/contract/test_search.py`` checks exactly that in every game.

The budget is counted in playouts, not seconds, so a choice replays from seed and log. Pure and synchronous, as
all of ``rules``: the service runs it in a worker process (``bot/table/search_pool.py``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.core import Game, Rng, State

DEFAULT_BUDGET = 48  # playouts per decision (a game may set its own: ``budget_for``); p95 under 2 s here (bench)
MAX_CANDIDATES = 6  # root moves searched: the heuristic's picks, then a seeded sample of the others
HEURISTIC_DRAWS = 4  # streams the basic bot is asked with, for its own short list of good moves
WIN_WEIGHT, MARGIN_WEIGHT = 0.0, 1.0  # a playout's value: a win, and the score margin (``result``)
Z = 1.0  # standard errors a challenger must win by (``clearly_better``)
MAX_EXTENSION = 3  # how many times its rounds an undecided confirmation may take (``confirmed``)
MARGIN = 0.02  # how much better (in win share, on the same worlds) a move must do than the heuristic's pick
MAX_PLAYOUT_STEPS = 5_000  # a guard: every game ends long before

Redeal = Callable[[State[Any], int | None, Rng], State[Any]]


@dataclass
class _Arm:
    action: str
    results: dict[int, float] = field(default_factory=dict)  # round -> the seat's result in that round's world

    def mean(self) -> float:
        return sum(self.results.values()) / len(self.results) if self.results else 0.0


def paired(best: _Arm, heuristic: _Arm) -> list[float]:
    """``best``'s result minus ``heuristic``'s in each world both were played in."""
    return [best.results[r] - heuristic.results[r] for r in sorted(set(best.results) & set(heuristic.results))]


def clearly_better(best: _Arm, heuristic: _Arm) -> bool:
    """Whether ``best`` beat ``heuristic`` on the worlds both were played in, by more than ``MARGIN`` and by more
    than ``Z`` standard errors of the paired differences (so a lucky streak does not count)."""
    diffs = paired(best, heuristic)
    if len(diffs) < 3:
        return False
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return mean > MARGIN and mean > Z * math.sqrt(var / len(diffs))


def redeal_for(game: Game) -> Redeal:
    """The game's ``redeal_hidden`` (its checks module, declared in its ``GameParts``)."""
    import rules  # the registry imports every game, and every game imports this module's neighbours: import late

    module = rules.PARTS[game.name].checks
    if module is None:
        raise ValueError(f"{game.title} has no checks module: the search cannot sample hidden information")
    fn: Redeal = importlib.import_module(module).redeal_hidden
    return fn


def budget_for(game: Game) -> int:
    """``game``'s playouts per decision: its own ``search_budget``, or ``DEFAULT_BUDGET``."""
    return game.search_budget or DEFAULT_BUDGET


def determinize(state: State[Any], seat: int, rng: Rng, redeal: Redeal) -> State[Any]:
    """A world ``seat`` cannot tell from ``state``: hidden things re-drawn, and a new seed for the future's draws."""
    world = redeal(state, seat, rng)
    world.seed = rng.below(2**62)
    return world


def result(world: State[Any], seat: int) -> float:
    """The finished ``world``'s value to ``seat``: ``WIN_WEIGHT`` times its share of the win plus ``MARGIN_WEIGHT``
    times its score margin over the best other seat, tanh-scaled. The margin alone is the default: two moves compared
    on the same worlds differ in it far more often than in who won, so a better move passes the confirmation sooner,
    and the margin counts near wins and near losses that the win indicator cannot tell apart (measured by
    ``bench/search_gain.py``: docs/bots.md, "Tuning")."""
    outcome = world.outcome()
    top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
    win = 1 / len(top) if seat in top else 0.0
    others = [score for s, score in enumerate(outcome.scores) if s != seat]
    margin = outcome.scores[seat] - max(others) if others else 0
    return WIN_WEIGHT * win + MARGIN_WEIGHT * math.tanh(margin / 10)


def playout(game: Game, world: State[Any], rng: Rng) -> None:
    """Play ``world`` to its end, every seat choosing with the game's own bot."""
    for _ in range(MAX_PLAYOUT_STEPS):
        awaited = world.to_act()
        if not awaited:
            return
        seat = awaited[0]
        legal = world.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else game.bot_action(world.bot_view(seat), legal, seat, rng)
        world.apply_trusted(seat, action)
    raise RuntimeError(f"{game.title}: a playout did not end")


def candidates(game: Game, world: State[Any], seat: int, legal: list[str], rng: Rng) -> list[str]:
    """The root moves to search, the heuristic's pick first: the basic bot's picks under a few random streams (its
    own short list of good moves), then a seeded sample of the rest, up to ``MAX_CANDIDATES``."""
    view = world.view(seat)
    picks = list(dict.fromkeys(game.bot_action(view, legal, seat, rng) for _ in range(HEURISTIC_DRAWS)))
    if len(legal) <= MAX_CANDIDATES:
        return picks + [a for a in legal if a not in picks]
    rest = [a for a in legal if a not in picks]
    return picks + rng.sample(rest, max(0, min(len(rest), MAX_CANDIDATES - len(picks))))


def choose(game: Game, state: State[Any], seat: int, rng: Rng, budget: int = DEFAULT_BUDGET,
           redeal: Redeal | None = None) -> str:
    """The strong bot's move for ``seat`` (who must be awaited in ``state``), after about ``budget`` playouts.

    Two stages on common random numbers (each round samples one world and one playout stream and plays every
    surviving candidate in it, so candidates are compared on the same luck):

    1. **Selection** (half the budget): sequential halving over the candidates, the worse half dropped after each
       phase, until one challenger is left beside the heuristic's pick.
    2. **Confirmation** (the other half): the challenger and the heuristic's pick on fresh worlds only, as a
       sequential test (``confirmed``). The challenger is played only if it beats the pick there by ``MARGIN`` and
       by ``Z`` standard errors. Judging it on the rounds that selected it would favour whichever candidate was
       luckiest (the winner's curse): with several candidates a bad move passes the test on its own selection
       rounds often enough to cost games."""
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    legal = game.bot_moves(state.bot_view(seat), legal, seat) or legal  # what no bot should play is not searched
    if len(legal) == 1:
        return legal[0]
    redeal = redeal or redeal_for(game)
    # The candidates come from a world too: the heuristic's pick must not see more than the seat does either.
    arms = [_Arm(a) for a in candidates(game, determinize(state, seat, rng, redeal), seat, legal, rng)]
    if len(arms) == 1:
        return arms[0].action
    heuristic, played = arms[0], 0

    def play_round(alive: list[_Arm]) -> None:
        """One world, every arm of ``alive`` played in it on one stream."""
        nonlocal played
        world = determinize(state, seat, rng, redeal)
        stream = rng.below(2**62)
        for arm in alive:
            trial = world.clone()
            trial.apply(seat, arm.action)
            playout(game, trial, Rng(stream, "playout"))
            arm.results[played] = result(trial, seat)
        played += 1

    challengers = arms[1:]
    if len(challengers) == 1:
        best, confirm = challengers[0], max(3, budget // 2)  # all the budget confirms: there is nothing to select
    else:
        selection = budget // 2
        phases = max(1, math.ceil(math.log2(len(challengers))))
        for _phase in range(phases):
            for _round in range(max(1, selection // phases // len(challengers))):  # each phase spends its share
                play_round(challengers)
            challengers = sorted(challengers, key=lambda a: -a.mean())[: max(1, math.ceil(len(challengers) / 2))]
        best = challengers[0]
        best.results.clear()  # judged on fresh worlds only
        confirm = max(3, (budget - selection) // 2)
    won = confirmed(best, heuristic, confirm, lambda: play_round([heuristic, best]))
    return best.action if won else heuristic.action


def confirmed(best: _Arm, heuristic: _Arm, rounds: int, play: Callable[[], object]) -> bool:
    """The confirmation as a sequential test: ``rounds`` paired rounds, checked every half of them. A challenger
    behind the pick at a check is dropped there (most are: their rounds are saved); one still undecided after
    ``rounds`` gets more, up to ``MAX_EXTENSION`` times as many, where the difference is real but small. It is
    accepted only at a check after the first ``rounds``, by ``clearly_better``."""
    step = max(2, rounds // 2)
    done = 0
    while done < rounds * MAX_EXTENSION:
        for _round in range(step):
            play()
        done += step
        diffs = paired(best, heuristic)
        mean = sum(diffs) / len(diffs)
        if mean <= 0:
            return False
        if done >= rounds and clearly_better(best, heuristic):
            return True
    return False
