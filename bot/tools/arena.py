"""``kontor arena GAME --bots strong,basic,basic --games N --seed S [--budget ITER] [--jobs J]``: bot against bot.

Seeded games straight through the rules (no service, no database). Game ``i`` has seed ``S + i`` and seats the bots
rotated by ``i``, so each kind plays every seat equally often. Printed per bot kind: its win share (shared first
places split) against its fair share (its seats / players), its mean score, and its decision time p50/p95 (moves with
one legal option are played without asking and not timed). A decision's time is the CPU time of the process making
it, which is what one core of an idle machine would take: a busy machine (other games of the arena, a test run)
stretches wall time but not that. A progress line per finished game goes to stderr. The last line reads
``strong: win share X% (fair Y%) over N games`` for the first kind listed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import multiprocessing.pool
import signal
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

import rules
from bot.table import LEVELS, choose_move
from rules import search
from rules.core import Rng


@dataclass
class KindStats:
    seats: int = 0  # seats played over all games
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def merge(self, other: KindStats) -> None:
        self.seats += other.seats
        self.wins += other.wins
        self.scores += other.scores
        self.times += other.times


def play_game(game_name: str, kinds: Sequence[str], seed: int, budget: int | None) -> dict[str, KindStats]:
    """One seeded game with ``kinds[seat]`` choosing for each seat; the statistics of each kind."""
    game = rules.GAMES[game_name]
    state = game.new_state(len(kinds), seed)
    stats: dict[str, KindStats] = defaultdict(KindStats)
    while awaited := state.to_act():
        seat = awaited[0]
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            started = time.process_time()
            action = choose_move(game, state, seat, kinds[seat], Rng(seed, "bot", seat, state.ply), budget)
            stats[kinds[seat]].times.append(time.process_time() - started)
        state.apply(seat, action)
    outcome = state.outcome()
    top = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
    for seat, kind in enumerate(kinds):
        stats[kind].seats += 1
        stats[kind].scores.append(outcome.scores[seat])
        if seat in top:
            stats[kind].wins += 1 / len(top)
    return dict(stats)


Job = tuple[str, tuple[str, ...], int, int | None]  # game, the kinds seated in order, seed, budget


def _one(job: Job) -> tuple[Job, dict[str, KindStats]]:
    return job, play_game(*job)


def fingerprint(game_name: str) -> str:
    """A digest of the code that decides an arena game's moves: every shared module of ``rules`` (the contract, its
    events, dice and undo, the search, the views' shared parts) and the game's rules."""
    root = Path(rules.__file__).parent
    digest = hashlib.sha256()
    for path in [*sorted(root.glob("*.py")), *sorted((root / game_name).rglob("*.py"))]:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class Record:
    """The finished games of one measurement, a JSON line each (``--record``)."""

    def __init__(self, path: Path, game_name: str, budget: int | None) -> None:
        self.path, self.game_name, self.budget = path, game_name, budget
        self.code = fingerprint(game_name)

    def load(self) -> dict[Job, dict[str, KindStats]]:
        """The games already recorded; ValueError if the record is of another game, budget or code."""
        done: dict[Job, dict[str, KindStats]] = {}
        if not self.path.exists():
            return done
        for number, line in enumerate(self.path.read_text().splitlines(), start=1):
            if not line.strip():
                continue
            entry = json.loads(line)
            if (entry["game"], entry["budget"], entry["code"]) != (self.game_name, self.budget, self.code):
                raise ValueError(f"{self.path}, line {number}: recorded for {entry['game']}, budget "
                                 f"{entry['budget']}, code {entry['code']}; this run is {self.game_name}, budget "
                                 f"{self.budget}, code {self.code}. Use another file.")
            job = (entry["game"], tuple(entry["kinds"]), entry["seed"], entry["budget"])
            done[job] = {kind: KindStats(**stats) for kind, stats in entry["stats"].items()}
        return done

    def add(self, job: Job, stats: dict[str, KindStats]) -> None:
        entry = {"game": job[0], "kinds": list(job[1]), "seed": job[2], "budget": job[3], "code": self.code,
                 "stats": {kind: asdict(part) for kind, part in stats.items()}}
        with self.path.open("a") as out:
            out.write(json.dumps(entry) + "\n")


Progress = Callable[[int, int, dict[str, KindStats]], None]  # (games done, games, the totals so far)


def arena(game_name: str, kinds: Sequence[str], games: int, seed: int, budget: int | None = None,
          jobs: int = 1, progress: Progress | None = None, record: Path | None = None) -> dict[str, KindStats]:
    """The statistics of each kind over ``games`` seeded games; with ``record``, games recorded there are read,
    not played again, and every game played is added to it. No ``budget``: the game's own (``search.budget_for``),
    recorded as the number it is."""
    budget = budget or search.budget_for(rules.GAMES[game_name])
    plan: list[Job] = []
    for i in range(games):
        shift = i % len(kinds)
        plan.append((game_name, tuple(kinds[shift:]) + tuple(kinds[:shift]), seed + i, budget))
    book = Record(record, game_name, budget) if record else None
    recorded = book.load() if book else {}
    totals: dict[str, KindStats] = defaultdict(KindStats)
    done = 0

    def add(stats: dict[str, KindStats]) -> None:
        nonlocal done
        done += 1
        for kind, part in stats.items():
            totals[kind].merge(part)
        if progress:
            progress(done, games, totals)

    for job in plan:
        if job in recorded:
            add(recorded[job])
    todo = [job for job in plan if job not in recorded]
    with _worker_pool(jobs) if jobs > 1 and todo else _Inline() as pool:
        for job, stats in pool.imap(_one, todo):
            if book:
                book.add(job, stats)
            add(stats)
    return dict(totals)


@contextmanager
def _worker_pool(jobs: int) -> Iterator[multiprocessing.pool.Pool]:
    """A pool of ``jobs`` game processes that end with this one. A TERM (``kill``, a service manager) unwinds like
    Ctrl-C, so the pool's ``with`` terminates them; otherwise they outlive it and play on into a closed pipe."""
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            yield pool
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


class _Inline:
    """The pool's ``imap`` in this process (one job, or nothing left to play)."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn: Callable[[Job], tuple[Job, dict[str, KindStats]]], jobs: list[Job]) -> Iterator[
            tuple[Job, dict[str, KindStats]]]:
        return map(fn, jobs)


def print_progress(kinds: Sequence[str]) -> Progress:
    """A progress line per finished game on stderr: the first kind's wins so far (a 200-game run takes hours)."""
    first = kinds[0]

    def show(done: int, games: int, totals: dict[str, KindStats]) -> None:
        print(f"game {done}/{games}: {first} has {totals[first].wins:g} wins ({totals[first].wins / done:.1%})",
              file=sys.stderr, flush=True)
    return show


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def report(totals: dict[str, KindStats], kinds: Sequence[str], games: int) -> list[str]:
    lines = []
    order = list(dict.fromkeys(kinds))
    for kind in order:
        s = totals[kind]
        fair = s.seats / (games * len(kinds))
        share = s.wins / games
        mean = sum(s.scores) / len(s.scores) if s.scores else float("nan")
        lines.append(f"{kind:>7}: win share {share:.1%} (fair {fair:.1%}), mean score {mean:.1f}, decision time "
                     f"p50 {_pct(s.times, 50) * 1000:.0f} ms, p95 {_pct(s.times, 95) * 1000:.0f} ms (CPU)")
    first = totals[order[0]]
    lines.append(f"{order[0]}: win share {first.wins / games:.1%} "
                 f"(fair {first.seats / (games * len(kinds)):.1%}) over {games} games")
    return lines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(rules.GAMES))
    parser.add_argument("--bots", default="strong,basic,basic",
                        help=f"one bot level per seat, comma-separated ({', '.join(LEVELS)})")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--budget", type=int, default=None,
                        help="the strong bot's playouts per decision (default: the game's own)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, one process each")
    parser.add_argument("--record", type=Path, default=None,
                        help="a JSON-lines file of finished games: read (those are not played again) and added to")


def arena_main(args: argparse.Namespace) -> int:
    kinds = [k.strip().lower() for k in args.bots.split(",") if k.strip()]
    unknown = sorted(set(kinds) - set(LEVELS))
    game = rules.GAMES[args.game]
    if unknown:
        print(f"Unknown bot level {', '.join(unknown)}: use {', '.join(LEVELS)}.")
        return 2
    if not game.min_players <= len(kinds) <= game.max_players:
        print(f"{game.title} is for {game.min_players}–{game.max_players} players; --bots names {len(kinds)}.")
        return 2
    if args.games < 1 or (args.budget is not None and args.budget < 1) or args.jobs < 1:
        print("--games, --budget and --jobs must be at least 1.")
        return 2
    try:
        totals = arena(args.game, kinds, args.games, args.seed, args.budget, args.jobs, print_progress(kinds),
                       args.record)
    except ValueError as error:  # a record of other code or settings
        print(error)
        return 2
    print(f"{game.title}, {len(kinds)} players, {args.games} games from seed {args.seed}, seats rotated")
    print("\n".join(report(totals, kinds, args.games)))
    return 0
