"""A game's statistics on a server, or on every server together (docs/ratings.md, "Statistics"): games started and
finished, their mean length in days and moves, the win share of each seat position against the fair share, the mean
score by category (``Outcome.breakdown``) and the categories winners scored most in, for each player count.

``game_stats`` is pure (the tests feed it rows); ``Stats`` reads the rows and refuses a game nobody finished."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.table.core import Part
from bot.table.model import TableError, _check_id
from bot.table.store.club_seasons import EndedGame, SeatResult
from rules.words import translator

_, _n = translator("bot")

#: the winning categories a statistics shows (the most frequent first)
TOP_CATEGORIES = 3


@dataclass(frozen=True)
class CountStats:
    """The figures of the games of one player count (``players`` 0: all counts together; then no seat shares)."""

    players: int
    started: int
    finished: int
    mean_days: float | None
    mean_moves: float | None
    seat_wins: list[float]  # each seat position's share of the wins (1 = first to play); ties split the win
    mean_score: float | None
    mean_by_category: list[tuple[str, float]]  # (breakdown key, mean points of a seat), in the game's order
    winning: list[tuple[str, int]]  # (breakdown key, games it was the winner's biggest category), most first

    @property
    def fair_share(self) -> float | None:
        return 1 / self.players if self.players else None


@dataclass(frozen=True)
class GameStats:
    game: str
    title: str  # English (``_()`` it where shown)
    everywhere: bool  # every server together (``kontor stats``), else one server
    total: CountStats
    by_count: list[CountStats]
    labels: dict[str, str]  # breakdown key -> its heading (``N_``-marked English)


def game_stats(game: str, title: str, labels: Mapping[str, str], columns: Sequence[str],
               started: Mapping[int, tuple[int, int]], ended: Sequence[EndedGame], seats: Sequence[SeatResult],
               everywhere: bool = False) -> GameStats:
    """The statistics of ``game`` from its rows: ``started`` per player count (started, finished), the finished
    games' lengths and every seat's result."""
    order = [k for k in columns if k in labels] + [k for k in labels if k not in columns]
    by_game: dict[int, list[SeatResult]] = defaultdict(list)
    for s in seats:
        by_game[s.game_id].append(s)
    counts = sorted({*started, *(e.players for e in ended)})
    out = [_figures(n, started.get(n, (0, 0)), [e for e in ended if e.players == n],
                    [g for g in by_game.values() if g[0].players == n], order) for n in counts]
    total = _figures(0, (sum(a for a, _b in started.values()), sum(b for _a, b in started.values())), list(ended),
                     list(by_game.values()), order)
    return GameStats(game, title, everywhere, total, out, dict(labels))


def _figures(players: int, started: tuple[int, int], ended: Sequence[EndedGame],
             games: Sequence[Sequence[SeatResult]], order: Sequence[str]) -> CountStats:
    days = [(e.ended_at - e.started_at) / 86400 for e in ended]
    moves = [e.moves for e in ended]
    wins = [0.0] * players
    sums: dict[str, float] = defaultdict(float)
    scores: list[int] = []
    winning: Counter[str] = Counter()
    for game in games:
        first = [s for s in game if s.rank == 1]
        for s in game:
            scores.append(s.score)
            for key, points in s.breakdown.items():
                sums[key] += points
            if s.rank == 1 and players and s.seat < players:
                wins[s.seat] += 1 / len(first)
        for s in first:  # each winner's biggest category (none when they scored nothing by category)
            best = max(s.breakdown.items(), key=lambda kv: (kv[1], -_place(order, kv[0])), default=None)
            if best is not None and best[1] > 0:
                winning[best[0]] += 1
    played = len(games)
    keys = [k for k in order if k in sums] + sorted(k for k in sums if k not in order)
    return CountStats(
        players, started[0], started[1],
        sum(days) / len(days) if days else None, sum(moves) / len(moves) if moves else None,
        [w / played for w in wins] if played and players else [],
        sum(scores) / len(scores) if scores else None,
        [(k, sums[k] / len(scores)) for k in keys] if scores else [],
        sorted(winning.items(), key=lambda kv: (-kv[1], _place(order, kv[0]), kv[0]))[:TOP_CATEGORIES])


def _place(order: Sequence[str], key: str) -> int:
    return order.index(key) if key in order else len(order)


class Stats(Part):
    async def game_stats(self, guild: int | None, game: str, *, everywhere: bool = False) -> GameStats:
        """``game``'s statistics on the server ``guild`` (``everywhere``: on every server together, ``guild`` is not
        read). Refused, in one sentence, for a game nobody finished there."""
        known = self.core.game(game)
        guild_key = None if everywhere else (0 if guild is None else _check_id(guild, "server"))
        if not self.store.club_tables:
            raise TableError(_("No game of {game} has finished on this server yet.").format(game=_(known.title)))
        ended = await self.store.ended_games(known.name, guild_key)
        if not ended:
            raise TableError((_("No game of {game} has finished yet.") if everywhere else
                              _("No game of {game} has finished on this server yet.")).format(game=_(known.title)))
        started = await self.store.games_started(known.name, guild_key)
        seats = await self.store.seat_results(known.name, guild_key)
        return game_stats(known.name, known.title, known.score_labels, known.score_columns, started, ended, seats,
                          everywhere)
