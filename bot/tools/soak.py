"""``kontor soak``: many bot games of every game and player count through the service, checked throughout.

Each game is played through ``TableService`` on a real SQLite file: the soak sits its own users at the
table and moves them with the game's bot (seeing only their private view of the stored snapshot and its
legal actions, which every 10th act are compared with ``svc.private_view`` and ``svc.legal``); in every
other round through a game's player counts one seat is a service bot, so the service's own bot moves are
exercised at every count too. Checked:

- after every ``act``: the stored snapshot loads and its ``checks.invariants`` hold, the version grew;
- every ``--rebuild-every`` acts (100) and at the end: ``svc.rebuild`` (seed + log) equals the snapshot;
- at the end: the log replayed from the seed, with ``invariants`` after *every* logged action the soak
  did not already check on disk (the service's bot moves), ends in the stored snapshot; the game is over
  and finished in the store.

``--db postgresql://…`` plays on PostgreSQL instead; with ``--jobs N`` every process then plays in that one database,
each in channels of its own, as shard processes share one.

``soak(...)`` is the library entry (tests use it); ``soak_main`` is the command.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import rules
from bot.table import is_url
from bot.table.store import GameRow, Store
from rules import Rng

if TYPE_CHECKING:
    from bot.table import TableService

MAX_ACTS = 20_000  # acts by the soak's own seats in one game before it is declared stuck
GUILD = 4_200
CHANNELS = 1_000_000  # the first game's channel
CHANNELS_PER_JOB = 100_000_000  # each process of ``--jobs`` on one PostgreSQL database: channels of its own


@dataclass
class SoakReport:
    games: Counter[tuple[str, int]] = field(default_factory=Counter)  # finished games per (game, players)
    actions: Counter[str] = field(default_factory=Counter)  # logged actions per game (all seats, bots included)
    failures: list[str] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.failures

    def merge(self, other: SoakReport) -> None:
        self.games.update(other.games)
        self.actions.update(other.actions)
        self.failures.extend(other.failures)

    def lines(self) -> list[str]:
        out = []
        for name in sorted({g for g, _ in self.games}):
            counts = ", ".join(f"{n}p: {c}" for (g, n), c in sorted(self.games.items()) if g == name)
            total = sum(c for (g, _), c in self.games.items() if g == name)
            out.append(f"{name}: {total} games ({counts}), {self.actions[name]:,} actions")
        out.append(f"{len(self.failures)} failures in {self.elapsed:.1f} s")
        out += [f"FAIL {f}" for f in self.failures[:20]]
        return out


class SoakFailure(Exception):
    pass


def checks_for(name: str) -> ModuleType:
    module = rules.PARTS[name].checks  # the game's declaration names it (rules/<name>/checks.py for the four)
    if module is None:
        raise LookupError(f"{name} ships no checks")
    return importlib.import_module(module)


def plan(names: Sequence[str], games_per_game: int, first: int = 0) -> list[tuple[str, int, int]]:
    """(game, players, index): the games interleaved (a run cut short covers each alike), each game
    cycling through its player counts."""
    counts = {}
    for name in names:
        game = rules.get_game(name)
        counts[name] = list(range(game.min_players, game.max_players + 1))
    return [(name, counts[name][(first + i) % len(counts[name])], first + i)
            for i in range(games_per_game) for name in names]


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise SoakFailure(message)


async def _stored(store: Store, game_id: int) -> tuple[GameRow, str]:
    """The game's row as on disk, and its snapshot."""
    row = await store.game(game_id)
    if row is None or row.snapshot is None:
        raise SoakFailure(f"game {game_id} has no stored snapshot")
    return row, row.snapshot


def replay_checked(game: rules.Game, num_players: int, seed: int, options: dict[str, str],
                   moves: Sequence[tuple[int, str]], invariants: Callable[[rules.State[Any]], list[str]],
                   skip: Collection[int] = ()) -> rules.State[Any]:
    """Rebuild a game from its seed and log, checking the invariants after every action (but after those
    that reach a ply in ``skip``: the soak checked the stored snapshot there already)."""
    state = game.new_state(num_players=num_players, seed=seed, options=options)
    _require(invariants(state) == [], f"invariants broken at setup: {invariants(state)}")
    for i, (seat, action) in enumerate(moves):
        state.apply(seat, action)
        if state.ply in skip:
            continue
        broken = invariants(state)
        _require(not broken, f"invariants broken after logged action {i} ({seat}: {action!r}): {broken}")
    return state


async def play_one(svc: TableService, store: Store, name: str, num_players: int, index: int, *, channel: int,
                   rebuild_every: int = 100, sample_every: int = 10) -> int:
    """Play one game through the service with all checks; return the number of logged actions."""
    game = rules.get_game(name)
    checks = checks_for(name)
    users = [channel * 10 + seat + 1 for seat in range(num_players)]
    # Bot seats alternate along the player counts and shift by one each round through them, so every
    # count is played both with and without a service bot.
    rounds, position = divmod(index, game.max_players - game.min_players + 1)
    service_bot = (rounds + position) % 2 == 1 and num_players > 1
    humans = users[:-1] if service_bot else users
    await svc.create(channel, GUILD, name, humans[0], f"Soak {humans[0]}")
    for user in humans[1:]:
        await svc.join(channel, user, f"Soak {user}")
    if service_bot:
        await svc.add_bot(channel, humans[0])
    await svc.start(channel, humans[0])

    row = await store.open_game(channel) or await store.latest_game(channel)
    if row is None or row.status not in ("active", "finished") or row.seed is None:
        raise SoakFailure(f"{name}: the game did not start")
    seed = row.seed
    try:
        return await _play_started(svc, store, game, checks, row, index, humans, channel, rebuild_every,
                                   sample_every)
    except Exception as exc:  # name the seed: the game replays from it and its log
        raise SoakFailure(f"seed {seed}: {type(exc).__name__}: {exc}") from exc


async def _play_started(svc: TableService, store: Store, game: rules.Game, checks: ModuleType, row: GameRow,
                        index: int, humans: list[int], channel: int, rebuild_every: int,
                        sample_every: int) -> int:
    name, game_id, seed = game.name, row.id, int(row.seed or 0)
    num_players = len(await store.seats(game_id))
    seat_of = {s.user_id: s.seat for s in await store.seats(game_id) if s.user_id is not None}
    _require(sorted(seat_of) == sorted(humans), f"{name}: seats {seat_of} do not match the players {humans}")
    rng = Rng(seed, "soak", index)

    acts = 0
    checked: set[int] = set()  # plies whose stored snapshot passed the invariants (the replay skips them)
    row, snapshot = await _stored(store, game_id)
    state = game.load(snapshot)
    while True:
        awaited = [u for u, s in seat_of.items() if s in state.to_act()]
        if row.status != "active" or not awaited:
            break
        user = awaited[rng.below(len(awaited))]
        seat = seat_of[user]
        # The seat's legal actions and view come from the stored snapshot; every ``sample_every``-th act
        # they are compared with what the service answers a player (two more reads each).
        legal = state.legal_actions(seat)
        view = state.view(seat)
        if acts % sample_every == 0:
            _require([a for a, _label in await svc.legal(channel, user)] == legal,
                     f"{name}: svc.legal differs from the stored state's legal actions")
            _require(await svc.private_view(channel, user) == view,
                     f"{name}: svc.private_view differs from the stored state's view")
        action = game.bot_action(view, legal, seat, rng)
        await svc.act(channel, user, action, expected_version=row.version)
        acts += 1
        _require(acts <= MAX_ACTS, f"{name} {num_players}p: no end after {MAX_ACTS} acts")

        after, snapshot = await _stored(store, game_id)
        _require(after.version > row.version, f"{name}: act() acknowledged but the version did not grow")
        row, state = after, game.load(snapshot)
        broken = checks.invariants(state)
        _require(not broken, f"{name} {num_players}p seed {seed}: invariants broken after {action!r}: {broken}")
        checked.add(state.ply)
        if acts % rebuild_every == 0:
            rebuilt = await svc.rebuild(channel)
            _require(rebuilt.dump() == snapshot, f"{name}: rebuild differs from the snapshot mid-game")

    row, snapshot = await _stored(store, game_id)
    final = game.load(snapshot)
    _require(final.is_over(), f"{name}: the game stopped before its end (status {row.status})")
    _require(row.status == "finished", f"{name}: the game is over but its status is {row.status}")
    log = [(r.seat, r.action) for r in await store.log(game_id)
           if r.action is not None and r.seat is not None and not r.undone]
    replayed = replay_checked(game, num_players, seed, row.options, log, checks.invariants, skip=checked)
    _require(replayed.dump() == snapshot, f"{name}: replaying the log does not give the snapshot")
    _require((await svc.rebuild(channel)).dump() == snapshot, f"{name}: rebuild() at the end differs")
    _require(len(log) == final.ply, f"{name}: {len(log)} logged actions but the state is at ply {final.ply}")
    return len(log)


async def soak(path: str, names: Sequence[str], games_per_game: int, *, concurrency: int = 8, first: int = 0,
               rebuild_every: int = 100, sample_every: int = 10,
               progress: Callable[[SoakReport], None] | None = None, channels: int = CHANNELS) -> SoakReport:
    """Play ``games_per_game`` games of each named game on the SQLite file (or PostgreSQL database) ``path``,
    ``concurrency`` at a time, in the channels from ``channels`` on."""
    from bot.table import TableService

    report = SoakReport()
    started = time.perf_counter()
    svc = await TableService.open(path, render=False)
    store = await Store.open(path, read_only=True)  # an independent reader: what is on disk, not the caches
    try:
        jobs = plan(names, games_per_game, first)
        gate = asyncio.Semaphore(concurrency)

        async def run(name: str, n: int, index: int, channel: int) -> None:
            async with gate:
                try:
                    actions = await play_one(svc, store, name, n, index, channel=channel, rebuild_every=rebuild_every,
                                             sample_every=sample_every)
                except Exception as exc:  # every failure is reported with its game, not raised mid-soak
                    kind = "" if isinstance(exc, SoakFailure) else f"{type(exc).__name__}: "
                    report.failures.append(f"{name} {n}p #{index}: {kind}{exc}")
                    return
                report.games[(name, n)] += 1
                report.actions[name] += actions
                if progress is not None:
                    report.elapsed = time.perf_counter() - started
                    progress(report)

        await asyncio.gather(*(run(name, n, i, channel=channels + k) for k, (name, n, i) in enumerate(jobs)))
    finally:
        await store.close()
        await svc.close()
    report.elapsed = time.perf_counter() - started
    return report


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=100, help="games per game (spread over its player counts)")
    parser.add_argument("--game", action="append", dest="names", metavar="NAME",
                        help="only this game (repeatable; default: every game)")
    parser.add_argument("--db", help="SQLite file, or postgresql:// URL of an empty database, to play in (default: a "
                        "fresh temporary file)")
    parser.add_argument("--concurrency", type=int, default=8, help="games in flight at once (default 8)")
    parser.add_argument("--jobs", type=int, default=1, help="processes, each with its own SQLite file, or all on the "
                        "one PostgreSQL database (default 1)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game (varies the seeds)")
    parser.add_argument("--rebuild-every", type=int, default=100,
                        help="compare rebuild() to the snapshot every N acts (default 100)")


def _progress_printer(total: int) -> Callable[[SoakReport], None]:
    last = [0.0]

    def show(report: SoakReport) -> None:
        done = sum(report.games.values())
        if report.elapsed - last[0] >= 10 or done == total:
            last[0] = report.elapsed
            per_game: Counter[str] = Counter()
            for (name, _n), count in report.games.items():
                per_game[name] += count
            print(f"  {done}/{total} games ({', '.join(f'{n} {c}' for n, c in sorted(per_game.items()))}), "
                  f"{sum(report.actions.values()):,} actions, {len(report.failures)} failures, "
                  f"{report.elapsed:.0f} s", flush=True)

    return show


def _run_slice(path: str, names: Sequence[str], games: int, first: int, concurrency: int,
               rebuild_every: int, total: int, channels: int = CHANNELS) -> SoakReport:
    return asyncio.run(soak(path, names, games, concurrency=concurrency, first=first,
                            rebuild_every=rebuild_every, progress=_progress_printer(total), channels=channels))


def usage_problem(args: argparse.Namespace) -> str | None:
    """Why these arguments make no soak (one plain line), or None. Checked before anything is written."""
    for option, value in (("--games", args.games), ("--concurrency", args.concurrency), ("--jobs", args.jobs),
                          ("--rebuild-every", args.rebuild_every)):
        if value < 1:  # --concurrency 0 would wait for ever; --games 0 would have nothing to report
            return f"{option} must be at least 1 (not {value})."
    if args.first < 0:
        return f"--first must be 0 or more (not {args.first})."
    for name in args.names or []:
        try:
            rules.get_game(name)
        except rules.IllegalAction as exc:  # e.g. "Unknown game 'chess'. Available: …"
            return str(exc)
    if args.db and not is_url(args.db):
        if not Path(args.db).resolve().parent.is_dir():
            return f"There is no folder {Path(args.db).resolve().parent} for the database file {args.db}."
        if Path(args.db).is_dir():
            return f"{args.db} is a folder; --db takes an SQLite file (or a postgresql:// URL)."
    return None


def soak_main(args: argparse.Namespace) -> int:
    """Exit status 0: every game passed; 1: a failure (listed); 2: arguments that make no soak."""
    if (problem := usage_problem(args)) is not None:
        print(f"kontor soak: {problem}", file=sys.stderr)
        return 2
    names = [rules.get_game(n).name for n in (args.names or list(rules.GAMES))]
    if not names:
        print("kontor soak: no games are registered", file=sys.stderr)
        return 2
    jobs = args.jobs
    tmp = None
    if args.db:
        base = args.db
    else:
        tmp = tempfile.TemporaryDirectory(prefix="kontor-soak-")
        base = os.path.join(tmp.name, "soak.sqlite3")
    shared = is_url(base)  # PostgreSQL: every process plays in the one database, each in channels of its own
    shown = base
    if shared:
        from bot.table.store.postgres import redacted  # lazily: asyncpg only when it is used

        shown = redacted(base)
    print(f"soak: {args.games} games of each of {', '.join(names)} in {shown}"
          f"{f' ({jobs} processes)' if jobs > 1 else ''}", flush=True)
    report = SoakReport()
    started = time.perf_counter()
    share = -(-args.games // jobs)
    slices = [(f"{base}.{j}" if jobs > 1 and not shared else base, min(share, args.games - j * share),
               args.first + j * share, CHANNELS + j * CHANNELS_PER_JOB)
              for j in range(jobs) if args.games - j * share > 0]
    if jobs == 1:
        path, games, first, _channels = slices[0]
        report = _run_slice(path, names, games, first, args.concurrency, args.rebuild_every, games * len(names))
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(len(slices)) as pool:
            futures = [pool.submit(_run_slice, path, names, games, first, args.concurrency, args.rebuild_every,
                                   games * len(names), channels) for path, games, first, channels in slices]
            for future in futures:
                report.merge(future.result())
    report.elapsed = time.perf_counter() - started
    for line in report.lines():
        print(line)
    if tmp is not None:
        tmp.cleanup()
    return 0 if report.ok else 1
