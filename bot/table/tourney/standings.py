"""Points per place and the standings, as pure code (docs/tournaments.md, "Points and standings").

A table's result gives each player a place (1 = best; players tied in the game share the better place, as the
game's ranks do: 1, 1, 3) and their game score. Points per place come from the tournament's table (default below);
a player forfeiting a game takes the last place of their table. The standings order players by points, then the sum
of their opponents' points (every opponent of every game, counted once per meeting, with the points they have now),
then their total game score, then the round's seeded lot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from bot.table.tourney.pairing import Entrant, standings_order

#: points per place by table size (the default; the organiser may give their own)
DEFAULT_POINTS: dict[int, tuple[int, ...]] = {
    2: (2, 0),
    3: (3, 1, 0),
    4: (4, 2, 1, 0),
    5: (5, 3, 2, 1, 0),
    6: (6, 4, 3, 2, 1, 0),
}


def points_for(place: int, size: int, table: Sequence[int] | None = None) -> int:
    """The points of ``place`` (1-based) at a table of ``size``: the organiser's ``table`` (its first ``size``
    entries; a shorter table gives 0 past its end), else ``DEFAULT_POINTS``."""
    row = tuple(table) if table is not None else DEFAULT_POINTS.get(size, tuple(range(size - 1, -1, -1)))
    if table is not None and size < len(row):
        # a smaller table keeps the top places' points and gives the last place the table's last value
        row = (*row[:size - 1], row[-1])
    return row[place - 1] if 0 < place <= len(row) else 0


@dataclass(frozen=True)
class Result:
    """One player's result at one table of one round."""

    round: int
    table: int
    player: int
    place: int
    score: int
    points: int
    how: str = "played"  # 'played', 'adjudicated' or 'forfeit'


@dataclass(frozen=True)
class Line:
    """One player's line of the standings."""

    place: int
    player: int
    name: str
    points: int
    opponents_points: int
    score: int
    games: int
    dropped: bool


def places_of(scores: Mapping[int, int], ranks: Mapping[int, int], forfeited: Iterable[int] = ()) -> dict[int, int]:
    """player -> place at one table: the game's ranks among those who did not forfeit (re-ranked 1.., ties kept),
    then the forfeiting players last (sharing the last place)."""
    out = set(forfeited)
    stayed = sorted((p for p in ranks if p not in out), key=lambda p: (ranks[p], p))
    places: dict[int, int] = {}
    for i, p in enumerate(stayed):
        prev = stayed[i - 1] if i else None
        places[p] = places[prev] if prev is not None and ranks[prev] == ranks[p] else i + 1
    last = len(stayed) + 1
    for p in out & set(ranks):
        places[p] = last
    return places


def ranks_by_score(scores: Mapping[int, int]) -> dict[int, int]:
    """Ranks from scores alone (adjudication): higher is better, equal scores share the rank."""
    order = sorted(scores, key=lambda p: -scores[p])
    ranks: dict[int, int] = {}
    for i, p in enumerate(order):
        ranks[p] = ranks[order[i - 1]] if i and scores[order[i - 1]] == scores[p] else i + 1
    return ranks


def met_counts(tables: Iterable[Sequence[int]]) -> dict[int, dict[int, int]]:
    """player -> {opponent: meetings} over the tables given."""
    met: dict[int, dict[int, int]] = {}
    for table in tables:
        for a in table:
            row = met.setdefault(a, {})
            for b in table:
                if b != a:
                    row[b] = row.get(b, 0) + 1
    return met


def entrants(players: Iterable[int], results: Iterable[Result], tables: Iterable[Sequence[int]]) -> list[Entrant]:
    """Each of ``players``' points, opponents' points and game score from the settled results (``tables``: the
    settled tables, for who met whom; an opponent who dropped still counts with their points)."""
    wanted = list(players)
    points: dict[int, int] = dict.fromkeys(wanted, 0)
    score: dict[int, int] = dict.fromkeys(points, 0)
    for r in results:
        points[r.player] = points.get(r.player, 0) + r.points
        score[r.player] = score.get(r.player, 0) + r.score
    opp: dict[int, int] = dict.fromkeys(points, 0)
    for a, row in met_counts(tables).items():
        opp[a] = sum(points.get(b, 0) * n for b, n in row.items())
    return [Entrant(p, points[p], opp.get(p, 0), score[p]) for p in wanted]


def standings(names: Mapping[int, str], dropped: Iterable[int], results: Sequence[Result],
              tables: Iterable[Sequence[int]], seed: int, round_no: int) -> list[Line]:
    """The standings after the settled ``results``; equal lines share a place."""
    gone = set(dropped)
    games: dict[int, int] = {}
    for r in results:
        games[r.player] = games.get(r.player, 0) + 1
    order = standings_order(entrants(names, results, tables), seed, round_no)
    lines: list[Line] = []
    for i, e in enumerate(order):
        prev = order[i - 1] if i else None
        same = prev is not None and (prev.points, prev.opponents_points, prev.score) == (
            e.points, e.opponents_points, e.score)
        place = lines[-1].place if same else i + 1
        lines.append(Line(place, e.player, names[e.player], e.points, e.opponents_points, e.score,
                          games.get(e.player, 0), e.player in gone))
    return lines


def podium(lines: Sequence[Line], final: Mapping[int, int]) -> list[Line]:
    """The standings after a final table (``final``: player -> place at it): its players first, by their place there,
    then the others in standings order, placed after them (equal lines still share a place)."""
    order = {ln.player: i for i, ln in enumerate(lines)}
    finalists = sorted((ln for ln in lines if ln.player in final), key=lambda ln: (final[ln.player], order[ln.player]))
    out = [replace(ln, place=final[ln.player]) for ln in finalists]
    rest = [ln for ln in lines if ln.player not in final]
    for i, ln in enumerate(rest):
        same = i > 0 and rest[i - 1].place == ln.place
        out.append(replace(ln, place=out[-1].place if same else len(finalists) + i + 1))
    return out
