"""What the front ends read of a tournament (plain data; the words are theirs)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.model import Update
from bot.table.tourney.standings import Line


@dataclass(frozen=True)
class TableDraw:
    """One table of one round: who plays it (best placed first), where, and how far it is."""

    tournament_id: int
    tournament: str  # the tournament's name
    round: int
    table: int
    players: list[int]
    names: list[str]
    channel: int | None  # None until opened
    status: str | None  # the game's: None (not opened), 'lobby', 'active', 'finished', 'abandoned'
    settled: bool  # its results are in the standings
    game_id: int | None = None  # the game it opened (None until then)


@dataclass(frozen=True)
class Tournament:
    id: int
    channel: int
    name: str
    game: str
    title: str
    status: str  # 'signup', 'running', 'finished', 'cancelled'
    format: str  # 'swiss' or 'roundrobin'
    round: int  # the round paired last (0 before the start)
    rounds: int
    size: tuple[int, int]
    points: list[int] | None  # None: the defaults by table size
    organiser: int
    seed: int
    signup_until: float | None
    entrants: list[str]
    tables: list[TableDraw]  # every round's, in order
    standings: list[Line]  # after a final table: its players first, by their place there
    deadline_days: float | None = None  # each round's time (None: no deadline)
    late: str = "playon"  # what a table still running at the deadline gets: 'playon' or 'adjudicate'
    deadline: float | None = None  # the current round's deadline (epoch seconds)
    final_size: int | None = None  # the top N play a final table after the last round

    @property
    def in_final(self) -> bool:
        """Whether the round paired last is the final table."""
        return self.final_size is not None and self.round > self.rounds

    def round_tables(self, round_no: int | None = None) -> list[TableDraw]:
        """The tables of ``round_no`` (default: the current round)."""
        wanted = self.round if round_no is None else round_no
        return [t for t in self.tables if t.round == wanted]


@dataclass(frozen=True)
class Advance:
    """What ``advance_tournament`` did: the round it leaves current, the tables it settled, whether a round ended
    (the next one is paired, or the tournament is over: ``finished``)."""

    round: int
    settled: list[int]
    round_over: bool
    finished: bool


@dataclass(frozen=True)
class TourneyChange:
    """What a drop, a forfeit, an adjudication or a round's deadline did: the tournament after it, and the Updates of
    its tables it changed (a bot took a seat and maybe finished the game, a table ended), for the front end to post
    in each table's channel; posting an Update that ends a table advances the tournament, as any table's end does."""

    tournament: Tournament
    updates: list[Update]
