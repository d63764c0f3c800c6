"""How much a search setting gains per decision, without playing whole arenas.

A 200-game arena takes hours and tells a 60% win share from a 55% one only roughly; this asks the question a search
setting is about directly. Positions are taken from seeded games of basic bots (3 players); at each, every variant
of the search chooses a move, and the *true* worth of each chosen move and of the basic bot's own pick is estimated
with many paired playouts (the same sampled worlds and streams for every move; the seat's share of the win, since a
win is what the arena counts). A variant's figure is the sum, over the positions, of its move's win share minus the
basic pick's: what it adds where it deviates, and what it throws away where it deviates wrongly. With ``--oracle``
every legal move (up to 8) is estimated too, and the best on those rounds is re-estimated on fresh ones: the gain a
perfect one-move lookahead would have, honestly counted (the first figure is biased up by choosing on noise).

    python -m bench.search_gain colonia --positions 80 --rounds 200 --variant "" --variant Z=2,MARGIN=0.05
    python -m bench.search_gain nuernberg --positions 40 --oracle

A variant is a comma-separated list of ``rules/search.py`` constants to override (``Z``, ``MARGIN``,
``WIN_WEIGHT``, ``MARGIN_WEIGHT``, ``MAX_EXTENSION``, ``MAX_CANDIDATES``, ``DEFAULT_BUDGET``, which sets the budget
in a game with its own too); the empty variant is the search as it is, at the game's own budget. The figures are
noisy at the level of one position (a win share over 200 rounds has a standard error of a few points): compare
settings over 40 or more positions, and confirm a choice in the arena.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import search
from rules.core import Rng, State

TUNABLE = ("Z", "MARGIN", "WIN_WEIGHT", "MARGIN_WEIGHT", "MAX_EXTENSION", "MAX_CANDIDATES", "DEFAULT_BUDGET")


def parse_variant(text: str) -> dict[str, float]:
    """``"Z=2,MARGIN=0.05"`` -> ``{"Z": 2.0, "MARGIN": 0.05}``; ValueError naming what is wrong."""
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        if name not in TUNABLE or not value:
            raise ValueError(f"'{part}': write NAME=VALUE with NAME one of {', '.join(TUNABLE)}")
        out[name] = float(value)
    return out


@contextmanager
def settings(overrides: dict[str, float]) -> Iterator[None]:
    saved = {name: getattr(search, name) for name in overrides}
    try:
        for name, value in overrides.items():
            setattr(search, name, type(saved[name])(value))
        yield
    finally:
        for name, value in saved.items():
            setattr(search, name, value)


def positions(name: str, count: int, skip: int = 0) -> list[tuple[State[Any], int]]:
    """Decisions of seeded basic-bot games (seeds 500 on), about one in 23 steps, until ``count`` after the first
    ``skip`` (fresh positions to confirm a setting chosen on the first ones)."""
    game = rules.GAMES[name]
    out: list[tuple[State[Any], int]] = []
    for seed in range(500, 10_000):
        state, step = game.new_state(3, seed), 0
        while awaited := state.to_act():
            seat = awaited[-1]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and step % 23 == seed % 23:
                out.append((state.clone(), seat))
                if len(out) == skip + count:
                    return out[skip:]
            action = legal[0] if len(legal) == 1 else game.bot_action(
                state.bot_view(seat), legal, seat, Rng(seed, "bot", seat, state.ply))
            state.apply(seat, action)
            step += 1
    return out[skip:]


def win_share(world: State[Any], seat: int) -> float:
    ranks = world.outcome().ranks
    top = [s for s, rank in enumerate(ranks) if rank == 1]
    return 1 / len(top) if seat in top else 0.0


def worth(name: str, state: State[Any], seat: int, moves: list[str], rounds: int, salt: int) -> dict[str, float]:
    """Each move's win share for ``seat`` over ``rounds`` sampled worlds, every move on the same world and stream."""
    game = rules.GAMES[name]
    redeal = search.redeal_for(game)
    rng = Rng(salt, "worth", state.ply)
    total = dict.fromkeys(moves, 0.0)
    for _ in range(rounds):
        world = search.determinize(state, seat, rng, redeal)
        stream = rng.below(2**62)
        for move in moves:
            trial = world.clone()
            trial.apply(seat, move)
            search.playout(game, trial, Rng(stream, "playout"))
            total[move] += win_share(trial, seat)
    return {move: value / rounds for move, value in total.items()}


@dataclass
class Tally:
    gain: float = 0.0
    deviations: int = 0
    cpu: float = 0.0
    gains: list[float] = field(default_factory=list)


def measure(name: str, count: int, rounds: int, variants: list[str], oracle: bool = False,
            out: Any = sys.stdout, skip: int = 0) -> dict[str, Tally]:
    game = rules.GAMES[name]
    tallies = {v: Tally() for v in variants}
    if oracle:
        tallies["oracle (honest)"] = Tally()
    for i, (state, seat) in enumerate(positions(name, count, skip)):
        legal = state.legal_actions(seat)
        pick = game.bot_action(state.view(seat), legal, seat, Rng(state.seed, "bot", seat, state.ply))
        chosen = {}
        for variant in variants:
            started = time.process_time()
            overrides = parse_variant(variant)
            with settings(overrides):  # DEFAULT_BUDGET, when a variant sets it, is this game's budget too
                budget = int(search.DEFAULT_BUDGET) if "DEFAULT_BUDGET" in overrides else search.budget_for(game)
                chosen[variant] = search.choose(game, state, seat, Rng(state.seed, "bot", seat, state.ply), budget)
            tallies[variant].cpu += time.process_time() - started
        moves = list(dict.fromkeys([pick, *chosen.values(), *(legal[:8] if oracle else [])]))
        value = worth(name, state, seat, moves, rounds, 7) if len(moves) > 1 else {pick: 0.0}
        for variant, move in chosen.items():
            if move != pick:
                tallies[variant].deviations += 1
                tallies[variant].gain += value[move] - value[pick]
                tallies[variant].gains.append(value[move] - value[pick])
        if oracle and (best := max(value, key=lambda m: value[m])) != pick:
            fresh = worth(name, state, seat, [pick, best], rounds, 8)
            tallies["oracle (honest)"].deviations += 1
            tallies["oracle (honest)"].gain += fresh[best] - fresh[pick]
        print(f"position {i + 1}/{count}, ply {state.ply}, {len(legal)} legal: "
              + "; ".join(f"{v or 'as is'}: {'+' if chosen[v] != pick else '='}" for v in variants),
              file=sys.stderr, flush=True)
    print(f"{game.title}, {count} positions{f' after the first {skip}' if skip else ''}, {rounds} rounds a move",
          file=out)
    for variant, t in tallies.items():
        print(f"{variant or 'as is':>24}: gain {t.gain:+.3f} of a win over the basic picks, {t.deviations} "
              f"deviations ({sum(g < 0 for g in t.gains)} for the worse), search CPU {t.cpu:.1f} s", file=out)
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.search_gain", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(rules.GAMES))
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first SKIP positions")
    parser.add_argument("--rounds", type=int, default=200, help="paired playouts estimating each move's worth")
    parser.add_argument("--variant", action="append", help="NAME=VALUE,... (repeatable; '' is the search as is)")
    parser.add_argument("--oracle", action="store_true", help="also the best one-move lookahead's gain")
    args = parser.parse_args(argv)
    variants = args.variant if args.variant is not None else [""]
    try:
        for variant in variants:
            parse_variant(variant)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    measure(args.game, args.positions, args.rounds, variants, args.oracle, skip=args.skip)
    return 0


if __name__ == "__main__":
    sys.exit(main())
