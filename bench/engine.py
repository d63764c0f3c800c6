"""Engine speed: random playouts through the rules contract, beside catanatron's random Catan games.

An action here is what a table does per move: ``to_act`` + ``legal_actions`` + a random choice + ``apply``.
catanatron's ``RandomPlayer`` does the same per tick (``playable_actions`` + choice + apply), so actions per
second compare like with like; games per second depend on how long each game is.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import rules
from bench.stats import Row, fmt, median, ratio, target_check

MAX_STEPS = 50_000
ACTIONS_TARGET = 20_000


@dataclass
class Speed:
    actions_per_s: float
    games_per_s: float
    actions_per_game: float


def bench_players(game: rules.Game) -> int:
    """The player count used for the engine figures: 4 (like the Catan peer) where the game allows it."""
    return max(game.min_players, min(4, game.max_players))


def random_game(game: rules.Game, num_players: int, seed: int) -> int:
    """Play one game with uniformly random legal actions; return the number of actions applied."""
    state = game.new_state(num_players=num_players, seed=seed)
    rnd = random.Random(seed)
    for step in range(MAX_STEPS):
        awaited = state.to_act()
        if not awaited:
            return step
        seat = awaited[0] if len(awaited) == 1 else rnd.choice(awaited)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    raise RuntimeError(f"{game.name}: a random game did not end within {MAX_STEPS} actions (seed {seed})")


def _run_batch(play, seeds: list[int]) -> Speed:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    actions = sum(play(seed) for seed in seeds)
    elapsed = time.perf_counter() - start
    return Speed(actions / elapsed, len(seeds) / elapsed, actions / len(seeds))


def catanatron_game(seed: int) -> int:
    from catanatron import Color, Game, RandomPlayer

    colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
    catan = Game([RandomPlayer(c) for c in colors], seed=seed)
    catan.play()
    return len(catan.state.actions)


def catanatron_available() -> bool:
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return False
    return True


def measure(repeats: int, games_per_run: int) -> tuple[dict[str, Speed], Speed | None]:
    """Median speed per game (and for catanatron), the runs interleaved so all share the machine's state."""
    runs: dict[str, list[Speed]] = {name: [] for name in rules.GAMES}
    peer_runs: list[Speed] = []
    has_peer = catanatron_available()
    for rep in range(repeats):
        seeds = [1_000_003 * rep + i for i in range(games_per_run)]
        for name, game in rules.GAMES.items():
            n = bench_players(game)
            runs[name].append(_run_batch(lambda s, g=game, n=n: random_game(g, n, s), seeds))
        if has_peer:
            peer_runs.append(_run_batch(catanatron_game, seeds))

    def med(speeds: list[Speed]) -> Speed:
        return Speed(*(median([getattr(s, f) for s in speeds]) for f in ("actions_per_s", "games_per_s",
                                                                          "actions_per_game")))

    return {name: med(s) for name, s in runs.items()}, (med(peer_runs) if peer_runs else None)


def rows(repeats: int, games_per_run: int) -> list[Row]:
    ours, peer = measure(repeats, games_per_run)
    out: list[Row] = []
    peer_label = "catanatron not installed"
    if peer is not None:
        out.append(Row("engine", "catanatron random 4p Catan: actions/s", fmt(peer.actions_per_s),
                       verdict=f"{peer.actions_per_game:,.0f} actions/game"))
        out.append(Row("engine", "catanatron random 4p Catan: games/s", fmt(peer.games_per_s, 1)))
    for name, speed in ours.items():
        n = bench_players(rules.GAMES[name])
        act_ratio = ratio(speed.actions_per_s, peer.actions_per_s) if peer else float("nan")
        ok = speed.actions_per_s >= ACTIONS_TARGET and (peer is None or act_ratio >= 1.0)
        out.append(Row("engine", f"{name} {n}p: actions/s", fmt(speed.actions_per_s),
                       fmt(peer.actions_per_s) if peer else peer_label,
                       f"{act_ratio:.2f}x" if peer else "", f">= {ACTIONS_TARGET:,} and >= 1.0x", target_check(ok)))
        out.append(Row("engine", f"{name} {n}p: random games/s", fmt(speed.games_per_s, 1),
                       fmt(peer.games_per_s, 1) if peer else peer_label,
                       f"{ratio(speed.games_per_s, peer.games_per_s):.2f}x" if peer else "",
                       verdict=f"{speed.actions_per_game:,.0f} actions/game"))
    return out


def mid_game_state(game: rules.Game, num_players: int, seed: int, fraction: float = 0.5) -> rules.State:
    """The state ``fraction`` of the way through a random game (for render and memory figures)."""
    length = random_game(game, num_players, seed)
    state = game.new_state(num_players=num_players, seed=seed)
    rnd = random.Random(seed)
    for _ in range(int(length * fraction)):  # the same choices as random_game, stopped early
        awaited = state.to_act()
        seat = awaited[0] if len(awaited) == 1 else rnd.choice(awaited)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
    return state
