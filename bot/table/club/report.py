"""The end-of-game report, as data (docs/ratings.md, "The report at the end"): each seat's place, score by category,
rating change and time, computed by the table in the transaction that ends the game and carried by the Update
(``Update.report``); the front ends put it into words. Pure: the waits are read off the game's log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bot.table.club.ratings import Skill
from bot.table.club.round_scores import RoundScores
from bot.table.store.club_rows import RatingRow, ResultRow

#: the log's kinds that are a seat's own move (a bot's moves are its seat's too; notes are nobody's)
MOVE_KINDS = frozenset({"player", "auto", "caretaker", "bot"})


@dataclass(frozen=True)
class SeatTime:
    moves: int = 0
    used: float = 0.0  # seconds, all the seat's waits together
    longest: float = 0.0  # the longest single wait


def seat_times(log: Sequence[tuple[str, int | None, float]]) -> tuple[dict[int, SeatTime], int, float | None]:
    """Per seat, from the log's (kind, seat, at) in order: how many moves it made and how long the table waited for
    them — each move's wait runs from the move before it (anyone's; the game's start for the first). A secret
    simultaneous step's second mover is timed from the first one's move (the log does not say since when each seat
    was awaited). Returns (seat -> times, the game's moves, when it started: its first log row)."""
    times: dict[int, SeatTime] = {}
    started = log[0][2] if log else None
    last = started
    moves = 0
    for kind, seat, at in log:
        if kind not in MOVE_KINDS or seat is None:
            continue
        moves += 1
        wait = max(0.0, at - (last if last is not None else at))
        old = times.get(seat, SeatTime())
        times[seat] = SeatTime(old.moves + 1, old.used + wait, max(old.longest, wait))
        last = at
    return times, moves, started


@dataclass(frozen=True)
class RatingMove:
    """A rated player's figure before and after the game (the shown figure, ``ratings.shown``)."""

    user_id: int
    name: str
    before: int
    after: int
    provisional: bool  # after this game
    left: bool  # they left their seat before the end (they rank last)


@dataclass(frozen=True)
class ReportSeat:
    """One seat at the end: whoever held it then (the starting player's name for a seat the caretaker kept)."""

    seat: int
    name: str
    user_id: int | None  # None: a bot
    rank: int
    score: int
    breakdown: dict[str, int]
    moves: int
    used: float
    longest: float


@dataclass(frozen=True)
class EndReport:
    """What the report at the end of a game says. ``labels``: the breakdown's keys in the game's order with their
    headings (``N_``-marked English: translate where shown)."""

    game: str
    title: str
    seats: list[ReportSeat]
    labels: list[tuple[str, str]]
    ratings: list[RatingMove] = field(default_factory=list)
    season: int = 1
    moves: int = 0
    days: float = 0.0
    early: bool = False  # a timeout vote ended it: the scores as they stood; who stayed share first place
    # each player's points after each round (bot/table/club/round_scores.py), added just after the end's commit
    # (None: the game charts no rounds, or before that)
    rounds: RoundScores | None = None
    # who played with the strong bot's hints (docs/learning.md): (name, decisions hinted), in seat order
    hints: tuple[tuple[str, int], ...] = ()

    @property
    def rated(self) -> bool:
        return bool(self.ratings)


def end_report(game: str, title: str, labels: Mapping[str, str], columns: Sequence[str], rows: Sequence[ResultRow],
               times: Mapping[int, SeatTime], changes: Mapping[int, tuple[RatingRow, RatingRow]], season: int,
               moves: int, days: float, *, early: bool = False) -> EndReport:
    """The report of a game whose results are ``rows``; ``changes``: user -> (before, after) of each rated player."""
    seats: dict[int, ReportSeat] = {}
    for r in sorted(rows, key=lambda r: (r.seat, r.departed)):
        if r.seat in seats:
            continue
        t = times.get(r.seat, SeatTime())
        seats[r.seat] = ReportSeat(r.seat, r.name, r.user_id, r.rank, r.score, dict(r.breakdown), t.moves,
                                   t.used, t.longest)
    keys = [k for k in columns if k in labels] + [k for k in labels if k not in columns]
    used_keys = {k for s in seats.values() for k in s.breakdown}
    order = [(k, labels[k]) for k in keys if k in used_keys] + [(k, k) for k in sorted(used_keys - set(labels))]
    names = {r.user_id: (r.name, r.departed) for r in rows if r.user_id is not None and (r.rated or r.departed)}
    ratings = []
    for user, (before, after) in sorted(changes.items(), key=lambda kv: names.get(kv[0], ("", False))[0]):
        name, left = names.get(user, ("?", False))
        new = Skill(after.mu, after.sigma, after.games)
        ratings.append(RatingMove(user, name, Skill(before.mu, before.sigma).shown, new.shown, new.provisional, left))
    return EndReport(game, title, [seats[s] for s in sorted(seats)], order, ratings, season, moves, days,
                     early=early)
