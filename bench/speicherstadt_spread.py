"""How a Speicherstadt bot spreads its workers and what it pays, in all-bot seeded games (issue 17).

Every seat is played by the same bot: today's (``Game.bot_action``) or a frozen baseline (``--baseline``). Figures:

- *herding*: the share of rounds whose Demand ends with a card holding no worker while another holds 5 or more;
- the mean price paid for a fireman, by its value;
- the mean and lowest final score.

    python -m bench.speicherstadt_spread --players 4 --games 300
    python -m bench.speicherstadt_spread --players 4 --games 300 --baseline speicherstadt

Counts and scores only, no timings; seeds 1..K.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from typing import Any

import rules
from bench.duel import MAX_STEPS, BotFn, load_baseline, mean
from rules.core import Rng
from rules.speicherstadt.data import BUILDING_SPACES, CARDS, WORKERS
from rules.speicherstadt.state import SpeicherstadtState

HERD = 5  # workers on one card that make an empty card beside it "herding"


@dataclass
class Spread:
    players: int
    rounds: int = 0
    herded: int = 0
    fireman_prices: dict[int, list[int]] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)

    def lines(self, who: str) -> list[str]:
        prices = ", ".join(f"value {v}: {mean([float(p) for p in ps]):.1f} ({len(ps)})"
                           for v, ps in sorted(self.fireman_prices.items()))
        return [
            f"speicherstadt, {self.players} players, {who}: {len(self.scores) // self.players} games, "
            f"{self.rounds} rounds",
            f"  rounds leaving a card with no worker while another has {HERD}+: "
            f"{self.herded / max(1, self.rounds):.0%}",
            f"  mean price paid for a fireman (count): {prices}",
            f"  final score: mean {mean([float(s) for s in self.scores]):.1f}, lowest {min(self.scores)}",
        ]


def herding(counts: list[int]) -> bool:
    return 0 in counts and max(counts) >= HERD


def play(players: int, seed: int, bot: BotFn, spread: Spread) -> None:
    state = rules.GAMES["speicherstadt"].new_state(players, seed)
    assert isinstance(state, SpeicherstadtState)
    for _ in range(MAX_STEPS):
        awaited = state.to_act()
        if not awaited:
            spread.scores += state.outcome().scores
            return
        seat = awaited[0]
        view: dict[str, Any] = dict(state.view(seat))
        action = bot(view, state.legal_actions(seat), seat, Rng(seed, "bot", seat, state.ply))
        phase = state.phase
        last_place = phase == "demand" and state.placed == WORKERS * players - 1
        if last_place:
            counts = [len(s["workers"]) for s in state.row]
            counts[int(action.split()[1]) - 1] += 1
            assert max(counts) <= BUILDING_SPACES
            spread.rounds += 1
            spread.herded += herding(counts)
        for event in state.apply(seat, action):
            if event.kind == "buy" and CARDS[event.params["card"]]["kind"] == "fireman":
                value = CARDS[event.params["card"]]["value"]
                spread.fireman_prices.setdefault(value, []).append(event.params["price"])
    raise RuntimeError(f"seed {seed}: no end after {MAX_STEPS} steps")


def measure(players: int, games: int, bot: BotFn, first: int = 1) -> Spread:
    spread = Spread(players)
    for i in range(games):
        play(players, first + i, bot, spread)
    return spread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.speicherstadt_spread", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--baseline", help="a module of bench/baselines to measure instead of today's bot")
    args = parser.parse_args(argv)
    bot = load_baseline(args.baseline) if args.baseline else rules.GAMES["speicherstadt"].bot_action
    spread = measure(args.players, args.games, bot, args.first)
    print("\n".join(spread.lines(f"baseline {args.baseline}" if args.baseline else "today's bot")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
