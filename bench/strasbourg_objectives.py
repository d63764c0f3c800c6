"""Strasbourg self-play counts: how many objectives a bot keeps and meets, what they score, and how often the
starting first player wins (fair: 1 / players). Every seat plays the same bot: today's (``Game.bot_action``) or a
baseline of ``bench/baselines``. Counts only, no timings; seeds ``first .. first + games - 1``.

    python -m bench.strasbourg_objectives --players 3 --games 300
    python -m bench.strasbourg_objectives --players 3 --games 300 --baseline strasbourg
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

import rules
from bench.duel import BotFn, load_baseline
from rules.core import Rng
from rules.strasbourg.state import StrasbourgState


@dataclass
class Counts:
    games: int = 0
    seats: int = 0
    kept: int = 0
    met: int = 0
    objective_points: int = 0
    first_wins: float = 0.0

    def lines(self, label: str, players: int) -> list[str]:
        return [
            f"{label}, {players} players, {self.games} games of self-play",
            f"  objectives kept per player {self.kept / self.seats:.2f}, met {self.met / max(1, self.kept):.0%}, "
            f"objective points per player {self.objective_points / self.seats:+.2f}",
            f"  the starting first player wins {self.first_wins / self.games:.1%} (fair {1 / players:.1%})",
        ]


def self_play(players: int, games: int, bot: BotFn, first: int = 1) -> Counts:
    game = rules.GAMES["strasbourg"]
    counts = Counts()
    for seed in range(first, first + games):
        state = game.new_state(players, seed)
        assert isinstance(state, StrasbourgState)
        starter = state.first
        while awaited := state.to_act():
            seat = awaited[0]
            legal = state.legal_actions(seat)
            state.apply(seat, bot(state.view(seat), legal, seat, Rng(seed, "bot", seat, state.ply)))
        outcome = state.outcome()
        top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
        counts.first_wins += (starter in top) / len(top)
        for seat, p in enumerate(state.players):
            met = state.objectives_met(seat)
            counts.kept += len(p["kept"])
            counts.met += sum(met)
            counts.objective_points += state.breakdown(seat)["objectives"]
        counts.seats += players
        counts.games += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.strasbourg_objectives", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--baseline", help="a module of bench/baselines (default: today's bot)")
    args = parser.parse_args(argv)
    bot = load_baseline(args.baseline) if args.baseline else rules.GAMES["strasbourg"].bot_action
    counts = self_play(args.players, args.games, bot, args.first)
    print("\n".join(counts.lines(f"baseline {args.baseline}" if args.baseline else "today's bot", args.players)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
