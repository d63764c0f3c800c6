"""How a Colonia bot plays: shrine purchases among all relic purchases, how often it takes a shrine that pays (one
that doubles a 4-5 VP relic of its city it holds, or can still buy from the display after the shrine), and the share
of decrees that pass.

Every seat is played by the same bot (today's ``Game.bot_action``, or a frozen baseline with ``--baseline``), in
seeded games ``first .. first + games - 1``. Counts only, no timings.

    python -m bench.colonia_stats --players 3 --games 200
    python -m bench.colonia_stats --players 3 --games 200 --baseline colonia
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Any

import rules
from bench.duel import BotFn, load_baseline
from rules.colonia import data as D
from rules.core import Rng

MAX_STEPS = 20_000


@dataclass
class Counts:
    games: int = 0
    purchases: int = 0
    shrines: int = 0
    decrees: int = 0
    passed: int = 0
    paying: int = 0  # turns on which a paying shrine could be bought
    paying_taken: int = 0

    def lines(self) -> list[str]:
        return [
            f"  relic purchases {self.purchases}, shrines {self.shrines} ({self.shrines / max(1, self.purchases):.1%})",
            f"  paying shrines on offer {self.paying}, bought {self.paying_taken} "
            f"({self.paying_taken / max(1, self.paying):.0%})",
            f"  decrees voted {self.decrees}, passed {self.passed} ({self.passed / max(1, self.decrees):.1%})",
        ]


def _shrine_pays(view: dict[str, Any], card: str) -> bool:
    """A shrine that doubles a relic of 4-5 VP of its city: one held (not yet in a shrine of that city), or one on
    display that the purse still buys after the shrine."""
    relic = D.RELIC_BY_ID[card]
    if not relic.shrine:
        return False
    me, player = view["me"], view["players"][view["viewer"]]
    if any(D.RELIC_BY_ID[s["id"]].city == relic.city and s["relic"] is None for s in player["shrines"]):
        return False
    held = [r["vp"] for r in me["relics"] if r and r["city"] == D.CITIES[relic.city]]
    left = me["money"][D.CURRENCIES[relic.city]] - relic.price
    shown = [c for c in view["relics"]["display"] + view["relics"]["extra"] if c and not c["shrine"]]
    buyable = [c["vp"] for c in shown if c["city"] == D.CITIES[relic.city] and c["price"] <= left]
    return max(held + buyable, default=0) >= 4


def count(players: int, games: int, bot: BotFn, first: int = 1) -> Counts:
    game = rules.GAMES["colonia"]
    out = Counts()
    for seed in range(first, first + games):
        state = game.new_state(players, seed)
        for _ in range(MAX_STEPS):
            awaited = state.to_act()
            if not awaited:
                break
            seat = awaited[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            action = bot(view, legal, seat, Rng(seed, "bot", seat, state.ply))
            paying = [a for a in legal if a.startswith("buy ") and _shrine_pays(view, a.split()[1])]
            out.paying += bool(paying)
            out.paying_taken += action in paying
            for event in state.apply(seat, action):
                if event.kind == "buy":
                    out.purchases += 1
                    out.shrines += D.RELIC_BY_ID[event.params["relic"]].shrine
                elif event.kind == "vote_result":
                    out.decrees += 1
                    out.passed += bool(event.params["passed"])
        out.games += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.colonia_stats", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--baseline", help="a module of bench/baselines (default: today's bot)")
    args = parser.parse_args(argv)
    bot: BotFn = load_baseline(args.baseline) if args.baseline else rules.GAMES["colonia"].bot_action
    result = count(args.players, args.games, bot, args.first)
    who = f"baseline {args.baseline}" if args.baseline else "today's bot"
    print(f"colonia, {args.players} players, {result.games} games, every seat {who}")
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
