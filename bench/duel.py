"""Head-to-head: a game's bot now against an earlier bot, in seeded games with the seats rotated.

One challenger (``Game.bot_action``, today's bot) sits with ``players - 1`` copies of a baseline bot; game ``i``
seats the challenger at ``i % players``, so every seat is played equally often. A baseline is a frozen copy of a
bot as it was before a change, read from git history by ``bench/baselines`` as a module with
``bot_action(view, legal, seat, rng) -> str`` (it may import helpers from ``rules/<game>``, but not the bot it
was copied from, which has changed). The challenger's fair share of wins is ``1 / players``; a shared first place
counts as a split win. The figure reported is its win share, the baseline seats' mean share, the two mean scores,
and how many standard errors the win share lies above fair (binomial): a clear gain is well above 2.

    python -m bench.duel --game speicherstadt --players 4 --games 400
    python -m bench.duel --game colonia --players 3 --games 300 --baseline colonia_v1

Every game is replayable: seed ``first + i``, the same ``Rng`` salts as the soak (``Rng(seed, "bot", seat,
ply)``). Counts and scores only, no timings: this is a strength check, kept out of the test suite.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import rules
from bench import baselines
from rules.core import Rng

BotFn = Callable[[dict[str, Any], list[str], int, Rng], str]
MAX_STEPS = 20_000  # far beyond any real game: a guard against a bot that loops


@dataclass
class DuelResult:
    game: str
    players: int
    games: int = 0
    challenger_wins: float = 0.0
    baseline_wins: float = 0.0  # summed over the baseline seats
    challenger_scores: list[float] = field(default_factory=list)
    baseline_scores: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.challenger_wins / self.games if self.games else float("nan")

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def z(self) -> float:
        """Standard errors of the challenger's win share above its fair share (binomial, n = games)."""
        if not self.games:
            return float("nan")
        return (self.share - self.fair) / math.sqrt(self.fair * (1 - self.fair) / self.games)

    def lines(self) -> list[str]:
        base_share = self.baseline_wins / (self.games * (self.players - 1)) if self.games else float("nan")
        return [
            f"{self.game}, {self.players} players, {self.games} games (challenger's seat rotated)",
            f"  challenger wins {self.share:.1%} (fair {self.fair:.1%}, z = {self.z:+.1f}); "
            f"each baseline seat {base_share:.1%}",
            f"  mean score: challenger {mean(self.challenger_scores):.1f}, baseline {mean(self.baseline_scores):.1f}",
        ]


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def load_baseline(name: str) -> BotFn:
    """The bot of game ``name`` as it was at ``bench.baselines.BASELINE`` (read from git history)."""
    fn: BotFn = baselines.load(name).bot_action
    return fn


def play(game_name: str, players: int, seed: int, bots: list[BotFn], options: dict[str, str] | None = None) -> Any:
    """One game with ``bots[seat]`` choosing for each seat from its own view; the Outcome."""
    game = rules.GAMES[game_name]
    state = game.new_state(players, seed, options)
    for _ in range(MAX_STEPS):
        awaited = state.to_act()
        if not awaited:
            return state.outcome()
        seat = awaited[0]
        legal = state.legal_actions(seat)
        action = bots[seat](state.view(seat), legal, seat, Rng(seed, "bot", seat, state.ply))
        state.apply(seat, action)
    raise RuntimeError(f"{game_name} seed {seed}: no end after {MAX_STEPS} steps")


def duel(game_name: str, players: int, games: int, baseline: BotFn, *, first: int = 1,
         challenger: BotFn | None = None, options: dict[str, str] | None = None) -> DuelResult:
    game = rules.GAMES[game_name]
    new: BotFn = challenger or game.bot_action
    result = DuelResult(game_name, players)
    for i in range(games):
        hero = i % players
        bots = [new if s == hero else baseline for s in range(players)]
        outcome = play(game_name, players, first + i, bots, options)
        top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
        for s in top:
            if s == hero:
                result.challenger_wins += 1 / len(top)
            else:
                result.baseline_wins += 1 / len(top)
        result.challenger_scores.append(outcome.scores[hero])
        result.baseline_scores.extend(score for s, score in enumerate(outcome.scores) if s != hero)
        result.games += 1
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.duel", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--baseline", help="a module of bench/baselines (default: the game's name)")
    args = parser.parse_args(argv)
    result = duel(args.game, args.players, args.games, load_baseline(args.baseline or args.game), first=args.first)
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
