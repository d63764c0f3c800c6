"""The pairing core (bot/table/tourney/pairing.py, standings.py) over many seeded random tournaments: legal table
sizes, everyone seated once, reproducible from the seed, and no repeat meeting that a pairing of equal or better
spread would avoid (docs/tournaments.md, "How a round is paired")."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence

import pytest

from bot.table.tourney.pairing import Entrant, plan_sizes, repeats, round_robin, spread, swiss, table_sizes
from bot.table.tourney.standings import (
    Result,
    entrants,
    met_counts,
    places_of,
    points_for,
    ranks_by_score,
    standings,
)


def partitions(n: int, low: int, high: int) -> Iterator[list[int]]:
    """Every multiset of table sizes in low..high summing to n (largest first)."""
    def rec(left: int, top: int) -> Iterator[list[int]]:
        if left == 0:
            yield []
        for size in range(min(top, left), low - 1, -1):
            for rest in rec(left - size, size):
                yield [size, *rest]
    yield from rec(n, high)


@pytest.mark.parametrize(("low", "high"), [(3, 4), (4, 4), (2, 5), (3, 5), (2, 2), (3, 6)])
def test_table_sizes_are_legal_and_leave_the_fewest_smaller_tables(low, high):
    for n in range(1, 41):
        sizes = table_sizes(n, low, high)
        every = list(partitions(n, low, high))
        if not every:
            assert sizes is None, n
            continue
        assert sizes is not None and sum(sizes) == n and all(low <= s <= high for s in sizes), (n, sizes)
        assert sizes == sorted(sizes, reverse=True)
        # as many full tables as any split has, then as few tables as possible
        best = max(every, key=lambda p: (p.count(high), -len(p)))
        assert (sizes.count(high), len(sizes)) == (best.count(high), len(best)), (n, sizes, best)


def test_table_sizes_examples():
    assert table_sizes(9, 3, 4) == [3, 3, 3]
    assert table_sizes(23, 3, 4) == [4, 4, 4, 4, 4, 3]
    assert table_sizes(10, 3, 4) == [4, 3, 3]
    assert table_sizes(5, 3, 4) is None
    assert table_sizes(1000, 4, 4) == [4] * 250


def test_a_count_without_a_split_widens_to_the_games_tables():
    assert plan_sizes(5, 3, 4, 2, 5) == ([3, 2], True)  # smaller tables first
    assert plan_sizes(5, 3, 4, 3, 6) == ([5], True)  # then larger ones
    assert plan_sizes(9, 3, 4, 2, 5) == ([3, 3, 3], False)
    assert plan_sizes(1, 3, 4, 2, 5) == (None, True)  # one player cannot play


def all_pairings(players: Sequence[int], sizes: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every way of seating ``players`` at tables of ``sizes`` (tables unordered)."""
    def rec(rest: list[int], counts: Counter[int]) -> Iterator[list[list[int]]]:
        if not rest:
            yield []
            return
        first = rest[0]
        for size in [s for s in counts if counts[s]]:
            for others in itertools.combinations(rest[1:], size - 1):
                table = [first, *others]
                counts[size] -= 1
                for tail in rec([p for p in rest if p not in table], counts):
                    yield [table, *tail]
                counts[size] += 1
    yield from rec(list(players), Counter(sizes))


def play_rounds(rnd: random.Random, n: int, rounds: int, seed: int, low: int = 3,
                high: int = 4) -> tuple[list[int], list[Result], list[list[int]]]:
    """A Swiss tournament of ``rounds`` rounds with random places and scores."""
    players = list(range(1, n + 1))
    results: list[Result] = []
    tables: list[list[int]] = []
    sizes = table_sizes(n, low, high)
    assert sizes is not None
    for r in range(1, rounds + 1):
        drawn = swiss(entrants(players, results, tables), sizes, met_counts(tables), seed, r)
        for t, table in enumerate(drawn, 1):
            for place, p in enumerate(rnd.sample(table, len(table)), 1):
                results.append(Result(r, t, p, place, rnd.randint(0, 40), points_for(place, len(table))))
        tables.extend(drawn)
    return players, results, tables


def test_no_exchange_of_two_players_would_lower_the_repeats():
    """The guarantee, checked exhaustively on the exchanges, over 200 seeded tournaments of 6 to 60 players."""
    for case in range(200):
        rnd = random.Random(case)
        n = rnd.randint(6, 60)
        players, results, tables = play_rounds(rnd, n, rnd.randint(1, 6), case)
        met = met_counts(tables)
        sizes = table_sizes(n, 3, 4)
        assert sizes is not None
        drawn = swiss(entrants(players, results, tables), sizes, met, case, 99)
        assert sorted(p for t in drawn for p in t) == players  # everyone seated exactly once
        assert sorted((len(t) for t in drawn), reverse=True) == sizes  # legal sizes
        base = repeats(drawn, met)
        for i, j in itertools.combinations(range(len(drawn)), 2):
            for a in drawn[i]:
                for b in drawn[j]:
                    swapped = [list(t) for t in drawn]
                    swapped[i] = [b if q == a else q for q in drawn[i]]
                    swapped[j] = [a if q == b else q for q in drawn[j]]
                    assert repeats(swapped, met) >= base, (case, a, b)


def test_no_pairing_of_equal_or_better_spread_has_fewer_repeats_in_small_fields():
    """Exhaustively, over 120 seeded tournaments of 6 to 9 players: every seating of the field is tried."""
    checked = 0
    for case in range(120):
        rnd = random.Random(1000 + case)
        n = rnd.randint(6, 9)
        players, results, tables = play_rounds(rnd, n, rnd.randint(1, 4), case)
        met = met_counts(tables)
        ents = entrants(players, results, tables)
        points = {e.player: e.points for e in ents}
        sizes = table_sizes(n, 3, 4)
        assert sizes is not None
        drawn = swiss(ents, sizes, met, case, 99)
        ours = (repeats(drawn, met), spread(drawn, points))
        if ours[0] == 0:
            continue
        checked += 1
        for other in all_pairings(players, sizes):
            assert not (repeats(other, met) < ours[0] and spread(other, points) <= ours[1]), (case, drawn, other)
    assert checked > 20  # the cases with unavoidable repeats were really looked at


def test_the_pairing_is_a_function_of_the_seed():
    rnd = random.Random(7)
    players, results, tables = play_rounds(rnd, 23, 3, 42)
    ents = entrants(players, results, tables)
    sizes = table_sizes(23, 3, 4)
    assert sizes is not None
    first = swiss(ents, sizes, met_counts(tables), 42, 4)
    assert swiss(list(reversed(ents)), sizes, met_counts(tables), 42, 4) == first  # input order does not matter
    round_one = [swiss([Entrant(p) for p in players], sizes, {}, seed, 1) for seed in range(5)]
    assert len({str(t) for t in round_one}) > 1  # another seed, another draw


def test_the_fold_groups_similar_points():
    ents = [Entrant(p, points=p // 3) for p in range(12)]  # four points groups of three
    drawn = swiss(ents, [3, 3, 3, 3], {}, 1, 1)
    assert [sorted(e // 3 for e in t) for t in drawn] == [[3, 3, 3], [2, 2, 2], [1, 1, 1], [0, 0, 0]]


@pytest.mark.parametrize(("n", "sizes", "rounds"), [(6, [3, 3], 4), (8, [4, 4], 3), (9, [3, 3, 3], 4)])
def test_a_round_robin_meets_everyone_within_a_few_rounds(n, sizes, rounds):
    players = list(range(1, n + 1))
    tables: list[list[int]] = []
    for r in range(1, rounds + 1):
        drawn = round_robin(players, sizes, met_counts(tables), 3, r)
        assert sorted(p for t in drawn for p in t) == players
        assert sorted(len(t) for t in drawn) == sorted(sizes)
        tables.extend(drawn)
    met = met_counts(tables)
    assert all(len(met[p]) == n - 1 for p in players)  # everyone met everyone
    if n == 9:  # nine at tables of three: four rounds without a single repeat (Kirkman's schoolgirls, in small)
        assert max(c for row in met.values() for c in row.values()) == 1


def test_a_round_robin_round_is_the_best_seating():
    players = list(range(1, 7))
    tables = [[1, 2, 3], [4, 5, 6], [1, 4, 5], [2, 3, 6]]
    met = met_counts(tables)
    drawn = round_robin(players, [3, 3], met, 11, 3)
    again = sum(1 for t in drawn for a, b in itertools.combinations(t, 2) if met.get(a, {}).get(b))
    assert again == min(sum(1 for t in seating for a, b in itertools.combinations(t, 2) if met.get(a, {}).get(b))
                        for seating in all_pairings(players, [3, 3]))


def test_points_places_and_tiebreaks():
    assert [points_for(p, 4) for p in (1, 2, 3, 4)] == [4, 2, 1, 0]
    assert [points_for(p, 3, (4, 2, 1, 0)) for p in (1, 2, 3)] == [4, 2, 0]  # a smaller table keeps the last value
    assert places_of({}, {1: 1, 2: 1, 3: 3}) == {1: 1, 2: 1, 3: 3}
    assert places_of({}, {1: 2, 2: 1, 3: 3}, forfeited=[2]) == {1: 1, 3: 2, 2: 3}
    assert ranks_by_score({1: 10, 2: 12, 3: 10}) == {2: 1, 1: 2, 3: 2}
    results = [Result(1, 1, 1, 1, 30, 3), Result(1, 1, 2, 2, 20, 1), Result(1, 1, 3, 3, 10, 0),
               Result(1, 2, 4, 1, 25, 3), Result(1, 2, 5, 2, 5, 1), Result(1, 2, 6, 3, 1, 0)]
    lines = standings({p: f"P{p}" for p in range(1, 7)}, [6], results, [[1, 2, 3], [4, 5, 6]], 5, 1)
    # 1 and 4 both have 3 points and 1 opponents' point: the game score decides
    assert [(ln.player, ln.place, ln.points, ln.opponents_points) for ln in lines[:2]] == [(1, 1, 3, 1), (4, 2, 3, 1)]
    assert lines[-1].player == 6 and lines[-1].dropped and lines[-1].games == 1
