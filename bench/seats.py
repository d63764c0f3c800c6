"""Seat balance: how often each seat wins when the game's own bot plays every seat, in seeded games.

    python -m bench.seats --game nuernberg --players 4 --games 2000

Game ``i`` uses seed ``first + i`` (the bots' ``Rng(seed, "bot", seat, ply)`` as in ``bench.duel``); a shared first
place counts as a split win. For each seat: its win share, the fair share ``1 / players``, the difference in
percentage points and how many standard errors that is (binomial, n = games). Counts only, no timings.
"""

from __future__ import annotations

import argparse
import math
import sys

import rules
from bench.duel import play


def seat_shares(game_name: str, players: int, games: int, *, first: int = 1,
                options: dict[str, str] | None = None) -> list[float]:
    """Wins per seat (split on ties) over ``games`` all-bot games."""
    game = rules.GAMES[game_name]
    wins = [0.0] * players
    for i in range(games):
        outcome = play(game_name, players, first + i, [game.bot_action] * players, options)
        top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
        for s in top:
            wins[s] += 1 / len(top)
    return wins


def lines(game_name: str, players: int, games: int, wins: list[float]) -> list[str]:
    fair = 1 / players
    err = math.sqrt(fair * (1 - fair) / games)
    out = [f"{game_name}, {players} players, {games} all-bot games"]
    for seat, w in enumerate(wins):
        share = w / games
        out.append(f"  seat {seat}: wins {share:.1%} (fair {fair:.1%}, {100 * (share - fair):+.1f} points, "
                   f"z = {(share - fair) / err:+.1f})")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.seats", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=sorted(rules.GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=1, help="the first seed")
    parser.add_argument("--option", action="append", default=[], help="a game option, name=value")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option) or None
    wins = seat_shares(args.game, args.players, args.games, first=args.first, options=options)
    print("\n".join(lines(args.game, args.players, args.games, wins)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
