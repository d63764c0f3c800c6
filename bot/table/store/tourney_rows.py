"""The store's rows of tournaments (migration 19, docs/tournaments.md): the tournament, its players, each round's
tables as paired (and the channel and game each opened in), the results and the forfeits. A mixin of ``Store``; the
SQL is written once for both engines."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.table.shards import Shards, shard_sql
from bot.table.store.rows import Queries, _dumps

OPEN_TOURNAMENT = ("signup", "running")


@dataclass(frozen=True)
class TourneyRow:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    name: str
    organiser_id: int
    status: str  # 'signup', 'running', 'finished' or 'cancelled'
    format: str  # 'swiss' or 'roundrobin'
    rounds: int
    size_min: int
    size_max: int
    points: list[int] | None  # points per place (None: the defaults by table size)
    options: dict[str, str]
    settings: dict[str, Any]
    seed: int
    game_seed: int | None
    round: int
    signup_until: float | None
    created_at: float
    deadline_days: float | None = None  # each round's time (None: no deadline)
    late_rule: str = "playon"  # a table past the deadline: 'playon' or 'adjudicate'
    round_deadline: float | None = None  # the current round's deadline
    deadline_done: int = 0  # the last round whose deadline was handled
    final_size: int | None = None  # the top N play a final table after the last round (None: no final)

    @property
    def final_round(self) -> int | None:
        """The final table's round number (None: no final)."""
        return None if self.final_size is None else self.rounds + 1


@dataclass(frozen=True)
class EntrantRow:
    user_id: int
    name: str
    dropped_after: int | None


@dataclass(frozen=True)
class DrawRow:
    """One table of one round as paired, and where it is played."""

    round: int
    table_no: int
    players: list[int]
    channel_id: int | None
    game_id: int | None
    settled: bool


@dataclass(frozen=True)
class ResultRow:
    round: int
    table_no: int
    user_id: int
    place: int
    score: int
    points: int
    how: str


_COLUMNS = ("id, guild_id, channel_id, game, name, organiser_id, status, format, rounds, size_min, size_max, points,"
            " options, settings, seed, game_seed, round, signup_until, created_at, deadline_days, late_rule,"
            " round_deadline, deadline_done, final_size")


def _row(r: Sequence[Any]) -> TourneyRow:
    (i, guild, channel, game, name, org, status, fmt, rounds, lo, hi, points, options, settings, seed, gseed, rnd,
     until, created, days, late, deadline, done, final) = r
    return TourneyRow(int(i), guild, int(channel), str(game), str(name), int(org), str(status), str(fmt), int(rounds),
                      int(lo), int(hi), None if points is None else [int(p) for p in json.loads(points)],
                      dict(json.loads(options)), dict(json.loads(settings)), int(seed), gseed, int(rnd),
                      None if until is None else float(until), float(created), None if days is None else float(days),
                      str(late), None if deadline is None else float(deadline), int(done),
                      None if final is None else int(final))


class TourneyRows(Queries):
    if TYPE_CHECKING:
        async def _insert_id(self, sql: str, params: Iterable[Any] = ()) -> int: ...

    # ---- the tournament ----------------------------------------------------------------------------------------
    async def insert_tournament(self, *, guild_id: int | None, channel_id: int, game: str, name: str, organiser: int,
                                fmt: str, rounds: int, size: tuple[int, int], points: Sequence[int] | None,
                                options: dict[str, str], settings: dict[str, Any], seed: int, game_seed: int | None,
                                signup_until: float | None, now: float, deadline_days: float | None = None,
                                late_rule: str = "playon", final_size: int | None = None) -> int:
        return await self._insert_id(
            "INSERT INTO tournaments(guild_id, channel_id, game, name, organiser_id, status, format, rounds, size_min,"
            " size_max, points, options, settings, seed, game_seed, round, signup_until, created_at, updated_at,"
            " deadline_days, late_rule, final_size)"
            " VALUES (?, ?, ?, ?, ?, 'signup', ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
            (guild_id, channel_id, game, name, organiser, fmt, rounds, size[0], size[1],
             None if points is None else _dumps(list(points)), _dumps(options), _dumps(settings), seed, game_seed,
             signup_until, now, now, deadline_days, late_rule, final_size))

    async def open_tournament(self, channel_id: int) -> TourneyRow | None:
        row = await self._fetchone(f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? AND status IN"
                                   " ('signup', 'running')", (channel_id,))
        return None if row is None else _row(row)

    async def latest_tournament(self, channel_id: int) -> TourneyRow | None:
        row = await self._fetchone(f"SELECT {_COLUMNS} FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                                   (channel_id,))
        return None if row is None else _row(row)

    async def tournament(self, tournament_id: int) -> TourneyRow | None:
        row = await self._fetchone(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        return None if row is None else _row(row)

    async def running_tournaments(self) -> list[TourneyRow]:
        rows = await self._fetchall(f"SELECT {_COLUMNS} FROM tournaments WHERE status = 'running' ORDER BY id")
        return [_row(r) for r in rows]

    async def round_deadlines(self, shards: Shards | None = None) -> list[TourneyRow]:
        """The running tournaments whose current round has a deadline not handled yet, earliest first."""
        rows = await self._fetchall(
            f"SELECT {_COLUMNS} FROM tournaments WHERE status = 'running' AND round_deadline IS NOT NULL"
            f" AND deadline_done < round{shard_sql(shards, 'guild_id')} ORDER BY round_deadline, id")
        return [_row(r) for r in rows]

    async def set_tournament(self, tournament_id: int, now: float, **fields: Any) -> None:
        """Set ``status``, ``round``, ``round_deadline``, ``deadline_done`` (and ``updated_at``)."""
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self._write(f"UPDATE tournaments SET {sets}, updated_at = ? WHERE id = ?",
                          (*fields.values(), now, tournament_id))

    # ---- players -----------------------------------------------------------------------------------------------
    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        rows = await self._fetchall("SELECT user_id, name, dropped_after FROM tournament_players"
                                    " WHERE tournament_id = ? ORDER BY joined_at, user_id", (tournament_id,))
        return [EntrantRow(int(u), str(n), None if d is None else int(d)) for u, n, d in rows]

    async def add_entrant(self, tournament_id: int, user_id: int, name: str, now: float) -> None:
        await self._write("INSERT INTO tournament_players(tournament_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                          (tournament_id, user_id, name, now))

    async def remove_entrant(self, tournament_id: int, user_id: int) -> None:
        await self._write("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                          (tournament_id, user_id))

    async def drop_entrant(self, tournament_id: int, user_id: int, after_round: int) -> None:
        await self._write("UPDATE tournament_players SET dropped_after = ? WHERE tournament_id = ? AND user_id = ?",
                          (after_round, tournament_id, user_id))

    # ---- tables ------------------------------------------------------------------------------------------------
    async def draws(self, tournament_id: int, round_no: int | None = None) -> list[DrawRow]:
        one = "" if round_no is None else " AND round = ?"
        rows = await self._fetchall(
            "SELECT round, table_no, players, channel_id, game_id, settled FROM tournament_tables"
            f" WHERE tournament_id = ?{one} ORDER BY round, table_no",
            (tournament_id,) if round_no is None else (tournament_id, round_no))
        return [DrawRow(int(r), int(t), [int(p) for p in json.loads(ps)], c, g, bool(s)) for r, t, ps, c, g, s in rows]

    async def add_draws(self, tournament_id: int, round_no: int, tables: Sequence[Sequence[int]]) -> None:
        for i, table in enumerate(tables, 1):
            await self._write("INSERT INTO tournament_tables(tournament_id, round, table_no, players) VALUES (?, ?, ?,"
                              " ?)", (tournament_id, round_no, i, _dumps(list(table))))

    async def set_draw(self, tournament_id: int, round_no: int, table_no: int, **fields: Any) -> None:
        """Set ``channel_id``, ``game_id`` or ``settled`` of one table."""
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self._write(f"UPDATE tournament_tables SET {sets} WHERE tournament_id = ? AND round = ? AND table_no = ?",
                          (*fields.values(), tournament_id, round_no, table_no))

    async def draw_of_game(self, game_id: int) -> tuple[int, int, int] | None:
        """(tournament, round, table) of a game opened for a tournament."""
        row = await self._fetchone("SELECT tournament_id, round, table_no FROM tournament_tables WHERE game_id = ?",
                                   (game_id,))
        return None if row is None else (int(row[0]), int(row[1]), int(row[2]))

    # ---- results and forfeits ----------------------------------------------------------------------------------
    async def add_tourney_results(self, tournament_id: int, rows: Iterable[ResultRow]) -> None:
        for r in rows:
            await self._write(
                "INSERT INTO tournament_results(tournament_id, round, table_no, user_id, place, score, points, how)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (tournament_id, r.round, r.table_no, r.user_id, r.place, r.score, r.points, r.how))

    async def tourney_results(self, tournament_id: int) -> list[ResultRow]:
        rows = await self._fetchall("SELECT round, table_no, user_id, place, score, points, how FROM tournament_results"
                                    " WHERE tournament_id = ? ORDER BY round, table_no, place, user_id",
                                    (tournament_id,))
        return [ResultRow(int(r), int(t), int(u), int(pl), int(sc), int(pt), str(h)) for r, t, u, pl, sc, pt, h in rows]

    async def add_forfeit(self, tournament_id: int, round_no: int, user_id: int) -> None:
        await self._write("INSERT INTO tournament_forfeits(tournament_id, round, user_id) VALUES (?, ?, ?)",
                          (tournament_id, round_no, user_id))

    async def forfeits(self, tournament_id: int, round_no: int) -> set[int]:
        rows = await self._fetchall("SELECT user_id FROM tournament_forfeits WHERE tournament_id = ? AND round = ?",
                                    (tournament_id, round_no))
        return {int(r[0]) for r in rows}

    # ---- a server's organisers ---------------------------------------------------------------------------------
    async def organiser_role(self, guild_id: int) -> int | None:
        row = await self._fetchone("SELECT organiser_role FROM tournament_servers WHERE guild_id = ?", (guild_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def set_organiser_role(self, guild_id: int, role: int | None, now: float) -> None:
        await self._write(
            "INSERT INTO tournament_servers(guild_id, organiser_role, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT(guild_id) DO UPDATE SET organiser_role = excluded.organiser_role,"
            " updated_at = excluded.updated_at",
            (guild_id, role, now))
