"""Bench section ``tournament``: pairing 1,000 players into tables of 4 (bot/table/tourney/pairing.py), target under a
second per round. Round 1 (no history) and the later rounds of a seeded tournament with random places, so the
exchanges that remove repeat meetings have work to do; the median over repeats of each round's pairing time."""

from __future__ import annotations

import random
import statistics
import time

from bench.stats import Row
from bot.table.tourney.pairing import repeats, swiss, table_sizes
from bot.table.tourney.standings import Result, entrants, met_counts, points_for

PLAYERS = 1_000
TARGET_S = 1.0


def rows(*, rounds: int = 6, repeats_each: int = 3) -> list[Row]:
    sizes = table_sizes(PLAYERS, 4, 4)
    assert sizes is not None
    players = list(range(1, PLAYERS + 1))
    rnd = random.Random(2026)
    results: list[Result] = []
    tables: list[list[int]] = []
    out: list[Row] = []
    worst = 0.0
    for r in range(1, rounds + 1):
        ents, met = entrants(players, results, tables), met_counts(tables)
        times = []
        for _ in range(repeats_each):
            started = time.perf_counter()
            drawn = swiss(ents, sizes, met, 7, r)
            times.append(time.perf_counter() - started)
        median = statistics.median(times)
        worst = max(worst, median)
        out.append(Row("tournament", f"Swiss round {r}: {PLAYERS} players at tables of 4 (repeats left:"
                       f" {repeats(drawn, met)})", f"{median * 1000:.0f} ms", target=f"< {TARGET_S:.0f} s",
                       verdict="ok" if median < TARGET_S else "SLOW"))
        for t, table in enumerate(drawn, 1):
            for place, p in enumerate(rnd.sample(table, len(table)), 1):
                results.append(Result(r, t, p, place, rnd.randint(0, 120), points_for(place, len(table))))
        tables.extend(drawn)
    out.append(Row("tournament", f"Swiss, the slowest of {rounds} rounds", f"{worst * 1000:.0f} ms",
                   target=f"< {TARGET_S:.0f} s", verdict="ok" if worst < TARGET_S else "SLOW"))
    return out
