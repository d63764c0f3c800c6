"""The hints and the reviews (docs/learning.md): ``python -m bench --only hints`` or ``python -m bench.hints``.

- **A hint's time**: ``bot.table.learn.work.hint_work`` (what the search pool's worker runs for ``/learn hint``) at
  positions of seeded basic 3-player games, each game's own budget, in this process on one core: the CPU time of each
  hint (``time.process_time``, so a busy machine does not inflate it), p50 and p95 per game. Target: p95 ≤ 5 s.
- **A whole review's CPU**: a seeded 3-player game through the service, one human seat deciding with the basic bot
  (every fifth decision a random one of the moves a bot would consider, as a learner might) against two basic bots,
  then its review as the background job computes it (``Reviews``, its worker a thread here), the CPU the job reports.
  Target: ≤ 60 s.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Sequence

import rules
from bench.stats import Row, fmt, percentile, target_check
from bot.table.learn.reviews import REVIEW_CPU_S
from bot.table.learn.work import hint_work
from rules.core import Rng

HINT_TARGET_S = 5.0
ANNA = 11


def positions(name: str, seed: int, count: int) -> list[tuple[str, int, int]]:
    """``count`` decision points (snapshot, seat, ply) spread over a seeded basic game, each with a real choice."""
    game = rules.GAMES[name]
    state = game.new_state(3, seed)
    found = []
    while awaited := state.to_act():
        seat = awaited[-1]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            found.append((state.dump(), seat, state.ply))
        state.apply(seat, game.bot_action(state.view(seat), legal, seat, Rng(seed, "bench", state.ply)))
    step = max(1, len(found) // count)
    return found[::step][:count]


def hint_times(name: str, count: int) -> list[float]:
    out = []
    for snapshot, seat, ply in positions(name, 7, count):
        started = time.process_time()
        hint_work(name, snapshot, seat, 7, ply, None)
        out.append(time.process_time() - started)
    return out


async def review_cpu(name: str, seed: int) -> tuple[float, int]:
    """The CPU the review of one seeded game took, and the decisions it evaluated."""
    from bot.table import TableService
    from bot.table.search_pool import SearchPool

    game = rules.GAMES[name]
    with tempfile.TemporaryDirectory() as folder:
        svc = await TableService.open(os.path.join(folder, "b.sqlite3"), search=SearchPool(inline=True))
        try:
            await svc.create(1, 5, name, ANNA, "Anna", settings={"pace": "untimed"})
            await svc.add_bot(1, ANNA)
            await svc.add_bot(1, ANNA)
            await svc.start(1, ANNA, seed=seed)
            n = 0
            while (table := await svc.table(1)).status == "active":
                legal = [a for a, _label in await svc.legal(1, ANNA)]
                view = await svc.private_view(1, ANNA)
                seat = table.seat_of(ANNA)
                assert seat is not None
                pick = game.bot_action(view, legal, seat, Rng(seed, "learner", n))
                if n % 5 == 4:  # a learner's move: any of those a bot would consider
                    pick = Rng(seed, "learner move", n).choice(game.bot_moves(view, legal, seat) or legal)
                await svc.act(1, ANNA, pick)
                n += 1
            await svc.review(ANNA, 1, wait=True)
            stored = (await svc.store.reviews(table.game_id))[ANNA]
            return stored.cpu_s, stored.evaluated
        finally:
            await svc.close()


def rows(quick: bool = False, games: Sequence[str] | None = None) -> list[Row]:
    out = []
    for name in games or list(rules.GAMES):
        times = hint_times(name, 6 if quick else 20)
        p95 = percentile(times, 95)
        out.append(Row("hints", f"{name}: a hint's CPU p95 s (one core)", fmt(p95, 2), target="<= 5 s",
                       verdict=target_check(p95 <= HINT_TARGET_S),
                       peer=f"p50 {fmt(percentile(times, 50), 2)} s over {len(times)} hints"))
        print(f"  hints {name}: p95 {p95:.2f} s", flush=True)
    for name in games or list(rules.GAMES):
        cpu, evaluated = asyncio.run(review_cpu(name, 3))
        out.append(Row("hints", f"{name}: a whole review's CPU s", fmt(cpu, 1), target=f"<= {REVIEW_CPU_S:.0f} s",
                       verdict=target_check(cpu <= REVIEW_CPU_S), peer=f"{evaluated} decisions evaluated"))
        print(f"  review {name}: {cpu:.1f} s, {evaluated} decisions", flush=True)
    return out


if __name__ == "__main__":
    from bench.stats import render_table

    named = [a for a in sys.argv[1:] if not a.startswith("-")]
    print(render_table(rows("--quick" in sys.argv, named or None)))
