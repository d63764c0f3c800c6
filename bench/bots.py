"""The ``bots`` section: the strong bot against two basic bots at 3 players in every game (``bot/tools/arena.py``), its
decision times, and the memory one search takes.

Win share against the fair share (33.3%), over ``games`` seeded games with the seats rotated; decision time p50 and
p95 over the strong bot's decisions (moves with one legal option are not decisions), in CPU time of the deciding
process, so other load on the machine does not inflate them; memory: the peak Python
allocation (tracemalloc) of one search from the start of a seeded game, at the default budget. Targets (issue's):
win share ≥ 60% over ≥ 200 games, p95 ≤ 2 s on one core, ≤ 200 MB per search.

    python -m bench --only bots            # 200 games per game: hours on 2 cores (--jobs 2 below halves it)
    python -m bench --only bots --quick    # 10 games per game: a smoke run, not a strength figure
    python -m bench.bots --games 60 --jobs 2 --game colonia
    python -m bench.bots --game nuernberg --record-dir runs/   # stop any time; the same command goes on from there
"""

from __future__ import annotations

import argparse
import sys
import tracemalloc
from pathlib import Path

import rules
from bench.stats import Row, fmt, target_check
from bot.tools.arena import _pct, arena, print_progress
from rules import search
from rules.core import Rng

KINDS = ("strong", "basic", "basic")


def search_memory_mb(game_name: str, budget: int | None = None) -> float:
    """Peak traced allocation of one search at the first real decision (two or more legal moves) of a seeded 3-player
    game: the longest playouts of the game. (Nürnberg opens with forced moves, which take no search at all.)"""
    game = rules.GAMES[game_name]
    state = game.new_state(3, 1)
    seat = state.to_act()[0]
    while len(legal := state.legal_actions(seat)) == 1:
        state.apply(seat, legal[0])
        seat = state.to_act()[0]
    tracemalloc.start()
    try:
        search.choose(game, state, seat, Rng(1, "bench"), budget or search.budget_for(game))
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 2**20


def rows(games: int = 200, jobs: int = 1, names: list[str] | None = None, budget: int | None = None,
         record_dir: Path | None = None) -> list[Row]:
    out = []
    for name in names or list(rules.GAMES):
        record = record_dir / f"{name}-{budget or search.budget_for(rules.GAMES[name])}.jsonl" if record_dir else None
        totals = arena(name, KINDS, games, 1, budget, jobs, print_progress(KINDS), record)
        strong = totals["strong"]
        share = strong.wins / games
        p50, p95 = _pct(strong.times, 50), _pct(strong.times, 95)
        enough = games >= 200
        out += [
            Row("bots", f"{name}: strong vs 2 basic, win share ({games} games)", f"{share:.1%}", "fair 33.3%",
                f"{share / (1 / 3):.2f}×", "≥ 60% over ≥ 200 games", target_check(share >= 0.6 if enough else None)),
            Row("bots", f"{name}: strong decision time p50 / p95 (CPU)", f"{fmt(p50 * 1000)} / {fmt(p95 * 1000)} ms",
                "", "", "p95 ≤ 2 s", target_check(p95 <= 2.0)),
        ]
        memory = search_memory_mb(name, budget)
        out.append(Row("bots", f"{name}: memory of one search", f"{memory:.1f} MB", "", "", "≤ 200 MB",
                       target_check(memory <= 200)))
    return out


def main(argv: list[str] | None = None) -> int:
    from bench.stats import render_table

    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(rules.GAMES))
    parser.add_argument("--budget", type=int, default=None)
    parser.add_argument("--record-dir", type=Path, default=None,
                        help="keep finished games in DIR/GAME-BUDGET.jsonl; a run again plays only the rest")
    args = parser.parse_args(argv)
    if args.record_dir:
        args.record_dir.mkdir(parents=True, exist_ok=True)
    print(render_table(rows(args.games, args.jobs, args.game, args.budget, args.record_dir)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
