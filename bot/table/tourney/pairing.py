"""A tournament round's tables, as pure and deterministic code (docs/tournaments.md, "How a round is paired"): no I/O,
no clock, randomness only from ``Rng(seed, …)``, so anyone can replay a round from the tournament's seed.

- ``table_sizes``: how many tables of which size seat ``n`` players (as many full tables as possible, then the rest
  at as few tables as possible, as even as possible; nobody sits out).
- ``swiss``: players in standings order are folded into tables top down, then exchanges between tables remove
  repeat meetings (each exchange the one costing the least spread).
- ``round_robin``: the same search with the points left out: each round seats together players who have met as
  little as possible.

A pairing's *repeats* R is the number of earlier meetings of the pairs it seats together (a pair that met twice
counts 2); its *spread* S is the sum over its tables of the highest minus the lowest points at the table. The Swiss
guarantee (tests/table/test_pairing.py): no exchange of two players between two tables would lower R, whatever it did
to S; so no pair meets again while a pairing one exchange away, of equal or better spread, would avoid it.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.core import Rng

#: who met whom how often: player -> {opponent: meetings}
Met = Mapping[int, Mapping[int, int]]


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing sees them: standings order (``points``, then the tiebreaks) decides the fold."""

    player: int
    points: int = 0
    opponents_points: int = 0
    score: int = 0


def table_sizes(n: int, low: int, high: int) -> list[int] | None:
    """The table sizes (largest first) seating ``n`` players at tables of ``low``..``high``: as many tables of
    ``high`` as possible, then the rest at as few tables as possible, as even as possible. None: no split exists
    (5 players at tables of 3–4)."""
    if n <= 0 or low < 1 or high < low:
        return None
    for full in range(n // high, -1, -1):
        rest = n - full * high
        if rest == 0:
            return [high] * full
        if high - 1 < low:
            continue
        parts = -(-rest // (high - 1))
        if parts * low <= rest:
            base, extra = divmod(rest, parts)
            return [high] * full + [base + 1] * extra + [base] * (parts - extra)
    return None


def plan_sizes(n: int, low: int, high: int, game_low: int, game_high: int) -> tuple[list[int] | None, bool]:
    """``table_sizes`` for the organiser's range; when it has no split, the range widened to the game's smallest
    table, then to its largest. Returns (sizes or None, whether widened)."""
    sizes = table_sizes(n, low, high)
    if sizes is not None:
        return sizes, False
    for lo, hi in ((min(low, game_low), high), (min(low, game_low), max(high, game_high))):
        sizes = table_sizes(n, lo, hi)
        if sizes is not None:
            return sizes, True
    return None, True


def standings_order(entrants: Sequence[Entrant], seed: int, round_no: int) -> list[Entrant]:
    """Best first: points, opponents' points, game score; equal lines in the round's seeded lot."""
    lot = {e.player: i for i, e in enumerate(Rng(seed, "lot", round_no).shuffled(
        sorted(entrants, key=lambda e: e.player)))}
    return sorted(entrants, key=lambda e: (-e.points, -e.opponents_points, -e.score, lot[e.player]))


def repeats(tables: Sequence[Sequence[int]], met: Met) -> int:
    """R: the earlier meetings of the pairs seated together."""
    total = 0
    for table in tables:
        for i, a in enumerate(table):
            seen = met.get(a, {})
            total += sum(seen.get(b, 0) for b in table[i + 1:])
    return total


def spread(tables: Sequence[Sequence[int]], points: Mapping[int, int]) -> int:
    """S: the sum over the tables of the highest minus the lowest points."""
    return sum(max(points[p] for p in t) - min(points[p] for p in t) for t in tables if t)


def swiss(entrants: Sequence[Entrant], sizes: Sequence[int], met: Met, seed: int, round_no: int) -> list[list[int]]:
    """The round's tables (player ids, best-placed table first): the fold of the standings into ``sizes``, then
    exchanges that lower the repeats, until none does."""
    if sum(sizes) != len(entrants):
        raise ValueError("the table sizes must seat every entrant")
    order = standings_order(entrants, seed, round_no)
    tables: list[list[int]] = []
    at = 0
    for size in sizes:
        tables.append([e.player for e in order[at:at + size]])
        at += size
    points = {e.player: e.points for e in entrants}
    rank = {e.player: i for i, e in enumerate(order)}
    return _untangle(tables, met, points, rank)


#: the largest field a round robin seats by trying every seating (15,400 seatings of 12 at tables of 3)
ROUND_ROBIN_MAX = 12


def round_robin(players: Sequence[int], sizes: Sequence[int], met: Met, seed: int, round_no: int) -> list[list[int]]:
    """A round of the round robin: of every seating of the field (at most ``ROUND_ROBIN_MAX`` players), the first in
    the round's seeded order that seats together the fewest pairs who met before, then the fewest repeats R: each
    round brings together as many pairs who have not met yet as any round could."""
    if len(players) > ROUND_ROBIN_MAX:
        raise ValueError(f"a round robin seats at most {ROUND_ROBIN_MAX} players")
    order = Rng(seed, "lot", round_no).shuffled(sorted(players))
    best: list[list[int]] | None = None
    best_r = (0, 0)

    def search(rest: list[int], left: list[int], tables: list[list[int]], r: tuple[int, int]) -> None:
        nonlocal best, best_r
        if best is not None and r >= best_r:
            return  # no better than the best found
        if not rest:
            best, best_r = [list(t) for t in tables], r
            return
        first = rest[0]
        for i, size in enumerate(left):
            if size in left[:i]:
                continue  # the same size tried already: the same seatings again
            for others in itertools.combinations(rest[1:], size - 1):
                table = [first, *others]
                again = [met.get(a, {}).get(b, 0) for a, b in itertools.combinations(table, 2)]
                search([p for p in rest if p not in others and p != first], left[:i] + left[i + 1:],
                       [*tables, table], (r[0] + sum(1 for n in again if n), r[1] + sum(again)))

    search(order, sorted(sizes, reverse=True), [], (0, 0))
    assert best is not None
    return sorted(best, key=lambda t: (-len(t), order.index(t[0])))


def _untangle(tables: list[list[int]], met: Met, points: Mapping[int, int], rank: Mapping[int, int]) -> list[list[int]]:
    where = {p: i for i, t in enumerate(tables) for p in t}
    by_rank = sorted(where, key=lambda p: rank[p])

    def meets(a: int, table: Sequence[int], skip: int) -> int:
        seen = met.get(a, {})
        return sum(seen.get(q, 0) for q in table if q != skip and q != a) if seen else 0

    def table_spread(table: Sequence[int]) -> int:
        return max(points[p] for p in table) - min(points[p] for p in table)

    stuck: set[int] = set()  # players no exchange frees of their repeats (until some exchange changes the tables)
    while True:
        troubled = [p for p in by_rank if p not in stuck and meets(p, tables[where[p]], p)]
        if not troubled:
            return [sorted(t, key=lambda p: rank[p]) for t in tables]  # each table best placed first
        a = troubled[0]
        ta = tables[where[a]]
        base_a = meets(a, ta, a)
        best: tuple[int, int, int, int, int] | None = None  # (repeats, spread gained, distance, rank, b)
        # nearest in the standings first: the first exchanges tried are the ones that keep points together
        pos = rank[a]
        candidates = sorted((b for b in by_rank if where[b] != where[a]), key=lambda b: (abs(rank[b] - pos), rank[b]))
        for b in candidates:
            tb = tables[where[b]]
            d_r = (meets(b, ta, a) - base_a) + (meets(a, tb, b) - meets(b, tb, b))
            if d_r >= 0 or (best is not None and d_r > best[0]):
                continue
            new_a = [b if q == a else q for q in ta]
            new_b = [a if q == b else q for q in tb]
            d_s = table_spread(new_a) + table_spread(new_b) - table_spread(ta) - table_spread(tb)
            key = (d_r, d_s, abs(rank[b] - pos), rank[b], b)
            if best is None or key < best:
                best = key
        if best is None:
            stuck.add(a)
            continue
        b = best[4]
        ia, ib = where[a], where[b]
        tables[ia] = [b if q == a else q for q in tables[ia]]
        tables[ib] = [a if q == b else q for q in tables[ib]]
        where[a], where[b] = ib, ia
        stuck.clear()  # the tables changed: an exchange refused before may help now
