"""What the strong bot's search thinks of a decision's options, in figures: the hints and the review (docs/learning.md).

``appraise`` plays the options of one seat's decision in sampled worlds the seat cannot tell from the real one, as the
strong bot does (``rules/search.py``: the game's canonical ``redeal_hidden`` re-draws everything hidden from the seat,
each world gets a new seed, every candidate is played on the same worlds and random stream, the game played out by
the basic bot), and reports for each option that lasted to the end how often the seat won and by how many points on
average. It ranks them by the search's own value (``search.result``: the score margin, tanh-scaled). Candidates are
the search's (the basic bot's short list and a seeded sample) plus any ``keep``: the review keeps the move the player
made, to compare it with the best one on the same worlds.

No peeking: as with ``search.choose``, the figures are a function of the seat's view, the legal moves and the random
stream (``tests/contract/test_search.py`` checks it). Pure and synchronous; the table runs it in a worker process.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from rules import search
from rules.core import Game, Rng, State


@dataclass
class Appraisal:
    """One option after the appraisal: its results in each sampled world it was played in (the same worlds for every
    option that lasted to the end)."""

    action: str
    values: list[float] = field(default_factory=list)  # the search's value of each world's end (``search.result``)
    wins: list[float] = field(default_factory=list)  # the seat's share of the win in each world (ties shared)
    margins: list[float] = field(default_factory=list)  # the seat's final score minus the best other seat's

    @property
    def rounds(self) -> int:
        return len(self.values)

    @property
    def value(self) -> float:
        return sum(self.values) / len(self.values) if self.values else 0.0

    @property
    def win_share(self) -> float:
        return sum(self.wins) / len(self.wins) if self.wins else 0.0

    @property
    def margin(self) -> float:
        return sum(self.margins) / len(self.margins) if self.margins else 0.0


def points_better(a: Appraisal, b: Appraisal) -> float:
    """How many points ``a``'s margin beat ``b``'s by on average, over the worlds both were played in (the last
    ``min(rounds)``: options that lasted to the end share all their worlds)."""
    n = min(a.rounds, b.rounds)
    if n == 0:
        return 0.0
    return (sum(a.margins[-n:]) - sum(b.margins[-n:])) / n


def _ending(world: State[Any], seat: int) -> tuple[float, float, float]:
    outcome = world.outcome()
    top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
    others = [score for s, score in enumerate(outcome.scores) if s != seat]
    margin = outcome.scores[seat] - max(others) if others else 0
    return search.result(world, seat), (1 / len(top) if seat in top else 0.0), float(margin)


def options(game: Game, state: State[Any], seat: int, rng: Rng, keep: tuple[str, ...] = (),
            redeal: search.Redeal | None = None) -> list[str]:
    """The options to appraise: the search's candidates (from a sampled world: the basic bot's picks must not see
    more than the seat does either), then those of ``keep`` that are legal and not among them."""
    legal = state.legal_actions(seat)
    if len(legal) <= 1:
        return legal
    searched = game.bot_moves(state.bot_view(seat), legal, seat) or legal
    redeal = redeal or search.redeal_for(game)
    picked = search.candidates(game, search.determinize(state, seat, rng, redeal), seat, searched, rng) \
        if len(searched) > 1 else list(searched)
    return picked + [a for a in keep if a in legal and a not in picked]


def appraise(game: Game, state: State[Any], seat: int, rng: Rng, budget: int, keep: tuple[str, ...] = (),
             redeal: search.Redeal | None = None) -> list[Appraisal]:
    """The options of ``seat``'s decision that lasted to the end, best first (by the search's value), after about
    ``budget`` playouts: half of them drop the worse half of the options phase by phase (an option of ``keep`` is
    never dropped) until two are left besides those kept, the other half plays those on fresh worlds, so each figure
    reported is over the same worlds. One legal option: it alone, with no rounds."""
    redeal = redeal or search.redeal_for(game)
    arms = [Appraisal(a) for a in options(game, state, seat, rng, keep, redeal)]
    if len(arms) <= 1:
        return arms

    def play_round(alive: list[Appraisal]) -> None:
        world = search.determinize(state, seat, rng, redeal)
        stream = rng.below(2**62)
        for arm in alive:
            trial = world.clone()
            trial.apply(seat, arm.action)
            search.playout(game, trial, Rng(stream, "playout"))
            value, win, margin = _ending(trial, seat)
            arm.values.append(value)
            arm.wins.append(win)
            arm.margins.append(margin)

    pinned = [a for a in arms if a.action in keep]
    free = [a for a in arms if a.action not in keep]
    if len(free) > 2:
        phases = max(1, math.ceil(math.log2(len(free) / 2)))
        share = budget // 2 // phases
        for _phase in range(phases):
            alive = free + pinned
            for _round in range(max(1, share // len(alive))):
                play_round(alive)
            free = sorted(free, key=lambda a: -a.value)[: max(2, math.ceil(len(free) / 2))]
        for arm in free + pinned:  # the figures reported are the final rounds', on the same worlds for all
            arm.values.clear()
            arm.wins.clear()
            arm.margins.clear()
        rest = budget - budget // 2
    else:
        rest = budget
    final = free + pinned
    for _round in range(max(3, rest // len(final))):
        play_round(final)
    return sorted(final, key=lambda a: -a.value)
