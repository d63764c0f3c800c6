"""Looking back and starting over: the log as entries (time, kind, seat, lines), a player's open games with their
clocks, a finished game's record (seed, options, seats, log: ``kontor verify`` replays it) and the rematch."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.table.core import Part, TableCore, channel_speaking
from bot.table.lobby import Lobby
from bot.table.model import DAMAGED_LOG_LINE, Seat, Table, TableError, Update, _check_id, _clean_name
from bot.table.reads import Reads
from bot.table.store import GameRow, LogRow
from rules.core import seed_digest
from rules.words import translator

_, _n = translator("bot")

RECORD_FORMAT = "kontor-record"
RECORD_VERSION = 2  # 2: each action names the rules version it was played under ("rules_version")


@dataclass(frozen=True)
class LogEntry:
    """One row of a game's log as players may read it."""

    at: float  # when (epoch seconds)
    kind: str  # the actions row's kind: 'player', 'bot', 'caretaker', 'note', 'auto', … (front ends mark some)
    seat: int | None  # who acted (None for a note)
    version: int  # the board version after it
    lines: tuple[str, ...]  # its public lines (names filled in)
    undone: bool = False  # taken back by an undo (see ``undone_ids``)
    action: str | None = None  # the action as everyone may see it (``Game.public_action``; None: a note, or secret)


@dataclass(frozen=True)
class MyGame:
    """One open game of a player, for ``/game mygames``."""

    table: Table
    yours: bool  # the table waits for this player now
    due_at: float | None  # when the player's deadline passes (their move, clocks running, a deadline set)


def undone_ids(rows: Sequence[LogRow]) -> set[int]:
    """The ids of the log rows an undo took back (``actions.undone``, migration 9): the log shows those entries
    marked, not hidden."""
    return {row.id for row in rows if row.undone}


def _order(game: MyGame) -> tuple[int, float, int]:
    """Own moves first (the nearest deadline first), then running games, then lobbies."""
    group = 0 if game.yours else 1 if game.table.status == "active" else 2
    return (group, game.due_at if game.due_at is not None else math.inf, game.table.game_id)


async def game_record(core: TableCore, game_id: int) -> dict[str, Any]:
    """A finished or abandoned game as a JSON-ready record: seed and its digest, options, seats (names only), the
    outcome, the final state's SHA-256 and every log entry with its action (and the rules version it was played
    under, so ``kontor verify`` replays it with those rules). Refused while the game runs (its
    seed is secret until the end)."""
    row = await core.store.game(_check_id(game_id, "game"))
    if row is None:
        raise TableError(_("There is no game #{id}.").format(id=game_id))
    if row.status == "lobby":
        raise TableError(_("Game #{id} has not started yet: there is nothing to record.").format(id=game_id))
    if row.status == "active":
        raise TableError(_("Game #{id} is still running: its seed stays secret until the game ends, and "
                           "its record with it.").format(id=game_id))
    if row.seed is None or row.snapshot is None:
        raise TableError(_("Game #{id} was closed before it started: there is nothing to record.").format(
            id=game_id))
    if row.damaged:
        raise core.damaged(row, row.damaged)
    game = core.game(row.game)
    seats = await core.store.seats(row.id)
    hints = await core.store.hint_marks(row.id)  # a game played with hints says so, per seat (docs/learning.md)
    return {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "game_id": row.id,
        "game": row.game,
        "title": game.title,
        "status": row.status,
        "options": dict(row.options),
        "settings": dict(row.settings),
        "seats": [{"seat": s.seat, "name": s.name, "bot": s.is_bot,
                   **({"hints": hints[s.seat]} if s.seat in hints else {})} for s in seats],
        "seed": row.seed,
        "seed_digest": seed_digest(row.seed),
        "outcome": row.outcome,
        "final_state_sha256": hashlib.sha256(row.snapshot.encode()).hexdigest(),
        "created_at": row.created_at,
        "ended_at": row.ended_at,
        "log": [{"at": e.at, "kind": e.kind, "version": e.version, "seat": e.seat, "action": e.action,
                 "lines": [DAMAGED_LOG_LINE] if e.damaged else list(e.events),
                 **({"undone": True} if e.undone else {}),
                 **({"rules_version": e.rules} if e.rules is not None else {})}
                for e in await core.store.log(row.id)],
    }


class Records(Part):
    def __init__(self, core: TableCore, lobby: Lobby, reads: Reads) -> None:
        super().__init__(core)
        self.lobby, self.reads = lobby, reads

    # ---- the log ---------------------------------------------------------------------------
    async def log_entries(self, channel: int) -> list[LogEntry]:
        """Every entry of the channel's game (the open one, else the latest), oldest first. An entry without public
        lines (a secret step) is left out: even its time stays private, as on the board."""
        row = await self.core.any_row(channel)
        rows = await self.store.log(row.id)
        undone = undone_ids(rows)
        game = self.core.games.get(row.game)
        out = []
        for entry in rows:
            lines = (_(DAMAGED_LOG_LINE),) if entry.damaged else tuple(entry.events)
            if lines:
                action = game.public_action(entry.action) if game is not None and entry.action else None
                out.append(LogEntry(entry.at, entry.kind, entry.seat, entry.version, lines, entry.id in undone,
                                    action))
        return out

    # ---- my games --------------------------------------------------------------------------
    async def game_list(self, user: int) -> list[MyGame]:
        """Every open game of ``user`` (lobbies, running and paused games, on every server): those waiting for them
        first, the nearest deadline first; then the running games; then the lobbies."""
        out = []
        for table in await self.reads.my_games(user, awaiting_only=False):
            yours = user in table.awaited
            due = None
            if yours and table.paused is None:  # a paused table's clock stands still: no time runs out
                seat = table.seat_of(user)
                due = next((d.due_at for d in await self.store.deadlines(table.game_id) if d.seat == seat), None)
            out.append(MyGame(table, yours, due))
        return sorted(out, key=_order)

    # ---- the record ------------------------------------------------------------------------
    async def record(self, game_id: int) -> dict[str, Any]:
        """See ``game_record``."""
        return await game_record(self.core, game_id)

    # ---- rematch ---------------------------------------------------------------------------
    async def _finished_with(self, game_id: int, user: int) -> tuple[GameRow, list[Seat]]:
        """A finished game and its seats, if ``user`` played in it; else a refusal."""
        _check_id(user, "user")
        old = await self.store.game(_check_id(game_id, "game"))
        if old is None:
            raise TableError(_("There is no game #{id}.").format(id=game_id))
        seats = await self.store.seats(old.id)
        if not any(s.user_id == user for s in seats):
            raise TableError(_("Only the players of that game can ask for a rematch."))
        if old.status != "finished":
            raise TableError(_("Only a finished game can be played again.") if old.status != "abandoned"
                             else _("That game was abandoned, not finished: open a new table with `/game new`."))
        return old, seats

    async def rematch(self, game_id: int, user: int, name: str) -> Update:
        """A new table in the finished game's channel: the same game, options and settings; ``user`` hosts it with
        the bots of the old game seated. The other players of the old game take their seats again with
        ``rematch_join`` (the game starts when the last of them does) or ``join``; the host may start earlier.
        Without other players (the presser and bots) it starts at once: the Update of the start."""
        old, seats = await self._finished_with(game_id, user)
        game = self.core.game(old.game)
        name = _clean_name(name)
        channel = old.channel_id
        new_seats = [Seat(0, user, name), *(s for s in seats if s.is_bot)]
        others = [s.name for s in seats if s.user_id is not None and s.user_id != user]
        with channel_speaking(old.settings):
            text = _("{name} asks for a rematch of {game} (game #{id}) with the same seats.").format(
                name=name, game=_(game.title), id=old.id)
            if others:
                text += " " + _("Waiting for {names} to take their seats again.").format(names=", ".join(others))
        gid = await self.lobby.open_table(channel, old.guild_id, old.game, dict(old.options), dict(old.settings), user,
                                     new_seats, text)
        if not others:  # every seat is as before (the presser and bots): no one to wait for
            return await self.lobby.start(channel, user)
        return await self.core.lobby_update(gid, [text])

    async def rematch_join(self, game_id: int, lobby_id: int, user: int, name: str) -> Update:
        """A player of finished game ``game_id`` takes their seat at its rematch (lobby ``lobby_id``). Once every
        human and every bot of the old game sits at the new table, it starts (as its host would): that Update."""
        old, seats = await self._finished_with(game_id, user)
        lobby = await self.store.game(_check_id(lobby_id, "game"))
        if lobby is None or not lobby.open or lobby.channel_id != old.channel_id:
            raise TableError(_("That rematch table is closed."))
        if lobby.status != "lobby":
            raise TableError(_("The rematch has already started."))
        update = await self.lobby.join(old.channel_id, user, name)
        now_seats = update.table.seats
        same = ({s.user_id for s in now_seats if not s.is_bot} == {s.user_id for s in seats if not s.is_bot}
                and sum(s.is_bot for s in now_seats) == sum(s.is_bot for s in seats))
        if not same or update.table.host is None:
            return update
        try:
            return await self.lobby.start(old.channel_id, update.table.creator)
        except TableError:  # started meanwhile (the host was quicker), or it cannot start: the seat is taken
            return update
