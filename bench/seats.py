"""Seat balance: how often each seat wins when the game's own bot plays every seat, in seeded games.

    python -m bench.seats --game nuernberg --players 4 --games 2000 --jobs 2

Game ``i`` uses seed ``first + i`` (the bots' ``Rng(seed, "bot", seat, ply)`` as in ``bench.duel``); a shared first
place counts as a split win. For each seat: its win share, the fair share ``1 / players``, the difference in
percentage points and how many standard errors that is (binomial, n = games). Counts only, no timings, so
``--jobs`` (games split by seed over worker processes) changes nothing but the wall time.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor

import rules
from bench.duel import play


def seat_shares(game_name: str, players: int, games: int, *, first: int = 1,
                options: dict[str, str] | None = None, jobs: int = 1) -> list[float]:
    """Wins per seat (split on ties) over ``games`` all-bot games, seeds ``first`` .. ``first + games - 1``."""
    if jobs > 1 and games > 1:
        # Contiguous seed blocks, one per worker: the sums are the same as one process's.
        cuts = [games * j // jobs for j in range(jobs + 1)]
        with ProcessPoolExecutor(jobs) as pool:
            parts = pool.map(_block, [(game_name, players, cuts[j + 1] - cuts[j], first + cuts[j], options)
                                      for j in range(jobs)])
            return [sum(col) for col in zip(*parts, strict=True)]
    game = rules.GAMES[game_name]
    wins = [0.0] * players
    for i in range(games):
        outcome = play(game_name, players, first + i, [game.bot_action] * players, options)
        top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
        for s in top:
            wins[s] += 1 / len(top)
    return wins


def _block(args: tuple[str, int, int, int, dict[str, str] | None]) -> list[float]:
    game_name, players, games, first, options = args
    return seat_shares(game_name, players, games, first=first, options=options)


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
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not change)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option) or None
    wins = seat_shares(args.game, args.players, args.games, first=args.first, options=options,
                       jobs=args.jobs)
    print("\n".join(lines(args.game, args.players, args.games, wins)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
