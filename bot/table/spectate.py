"""What a spectator may see of a game, found by its number: the table now and the game step by step, for the web
front end (``bot/web/``, docs/web.md). Read-only, and public only: public views (``State.view(None)``), public log
lines and the public "last move" hint, never a seat's screen, a secret step or (before the end) the seed.

``Spectators.open(target)`` reads the database beside its running writer: SQLite through its read-only mode (no
writer lock, no migration, every write refused), PostgreSQL with read-only transactions; ``Spectators.beside(service)``
reads through a running service's own store (the web inside ``kontor run``). Nothing here writes. ``follow`` tells
which games changed (``bot/table/spectate_feed.py``).

A step that logged no public line (a secret choice: Strasbourg's planning, a simultaneous pick) is not shown, nor is
its time: the step-through goes from one public move to the next, and ``Spectacle.key`` changes only when what a
spectator sees changes (never with the table's version, which also counts the secret steps).
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from bot.table.club.window import ClubWindow
from bot.table.core import Part, TableCore, channel_speaking
from bot.table.images import BoardImages
from bot.table.model import Table, TableError, _check_id
from bot.table.replaying import UnknownVersion, applied
from bot.table.spectate_feed import GameFeed
from bot.table.store import GameRow, LogRow, Store
from rules.archive import Replay
from rules.core import Event, IllegalAction, public_events
from rules.words import translator

if TYPE_CHECKING:
    from bot.table.service import TableService

_, _n = translator("bot")

RECENT = 12  # the public entries a table page lists
KEPT_GAMES = 8  # the step-throughs kept in memory (each holds a view per public move)


@dataclass(frozen=True)
class PublicEntry:
    """One public entry of the log: when, who (None for a note), its lines."""

    at: float
    seat: int | None
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Spectacle:
    """A game as a spectator sees it now."""

    table: Table  # its seed is None until the game has ended (``Table``'s own rule)
    view: dict[str, Any] | None = field(repr=False)  # the public view (None in the lobby)
    last: dict[str, Any] | None  # the last public move, for the board's highlight
    since: float | None  # when the latest public entry was logged: the current wait began then
    recent: tuple[PublicEntry, ...]  # the latest public entries, oldest first
    moves: int  # public moves so far (the step-through's last number)
    key: str  # changes exactly when anything above changes (never with a secret step alone)
    focus: bool = False  # the decision at hand concerns one part of the board: a focus panel shows it enlarged


@dataclass(frozen=True)
class PublicStep:
    """The board after one public move (number 0: the start)."""

    number: int
    at: float
    seat: int | None
    lines: tuple[str, ...]
    view: dict[str, Any] = field(repr=False)
    last: dict[str, Any] | None = None
    events: tuple[Event, ...] = field(default=(), repr=False)  # its public events, for the image's highlight


@dataclass
class _Walk:
    """A replay kept between versions: a running game's next look goes on from where this one stopped."""

    version: int
    ids: list[int]  # the applied rows replayed, in order
    replay: Replay
    steps: list[PublicStep]


class Spectators(Part):
    """Public reads of games by number (see the module docstring)."""

    def __init__(self, core: TableCore, *, owns_store: bool = True) -> None:
        super().__init__(core)
        self._owns_store = owns_store
        self._walks: OrderedDict[int, _Walk] = OrderedDict()
        self._walking: dict[int, asyncio.Lock] = {}
        self._now: dict[int, tuple[int, Spectacle]] = {}
        self.club = ClubWindow(core)  # the servers' pages and the finished games' reports and records

    @classmethod
    async def open(cls, target: str, *, images: BoardImages | None = None) -> Spectators:
        """A reader of ``target`` (a SQLite file or a ``postgresql://`` URL) beside the bot that writes it."""
        store = await Store.open(target, read_only=True)
        return cls(TableCore(store, render=True, images=images))

    @classmethod
    def beside(cls, service: TableService) -> Spectators:
        """A reader through ``service``'s own store, images and caches (reads only; ``close`` leaves the store open)."""
        return cls(service.core, owns_store=False)

    async def close(self) -> None:
        if self._owns_store:
            await self.store.close()

    async def follow(self, on_change: Callable[[int | None], None], poll_s: float) -> GameFeed:
        """Started: tells ``on_change(game id)`` (None: any game) when a game may have changed, until its ``stop``."""
        feed = GameFeed(self.store, on_change, poll_s)
        await feed.start()
        return feed

    # ---- the table now ---------------------------------------------------------------------------------------
    async def version(self, game_id: int) -> int | None:
        """The game's version (None: no such game): a cheap look to tell whether anything may have changed. Not for
        people: it also counts the secret steps."""
        row = await self.store.game(_check_id(game_id, "game"))
        return None if row is None else row.version

    async def now(self, game_id: int) -> Spectacle:
        """The game as a spectator sees it. TableError: no such game; ``DamagedGame``: it cannot be read."""
        row = await self._row(game_id)
        kept = self._now.get(row.id)
        if kept is not None and kept[0] == row.version:
            return kept[1]
        seats = await self.store.seats(row.id)
        state = self.core.state(row)
        table = self.core.table(row, seats, state)
        rows = [r for r in await self.store.log(row.id) if r.version <= row.version]
        shown = _public(rows[_start(rows) if row.seed is not None else 0:])
        last_row = next((r for r in reversed(shown) if r.kind != "note"), None)
        last = self.core.public_last(row.game, last_row.seat, last_row.action) if last_row else None
        view = state.view(None) if state is not None else None
        recent = tuple(PublicEntry(r.at, r.seat, tuple(r.events)) for r in shown[-RECENT:])
        moves = sum(1 for r in shown if r.kind != "note")
        since = shown[-1].at if shown else None
        facts = [row.id, table.status, [s.name for s in seats], [s.is_bot for s in seats], view, last,
                 table.outcome and table.outcome.scores, table.seed, [(e.at, e.lines) for e in recent], moves]
        key = hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode()).hexdigest()[:20]
        focus = view is not None and table.status == "active" and self.core.images.wants_focus(row.game, view)
        spectacle = Spectacle(table, view, last, since, recent, moves, key, focus)
        self._now[row.id] = (row.version, spectacle)
        return spectacle

    async def board(self, spectacle: Spectacle) -> bytes | None:
        """The public board now as PNG (None when it cannot be drawn), in the table's language."""
        if spectacle.view is None:
            return None
        table = spectacle.table
        with channel_speaking(table.settings):
            return await self.core.images.board(table.game, spectacle.view, last=spectacle.last, names=table.names)

    async def board_and_focus(self, spectacle: Spectacle) -> tuple[bytes | None, bytes | None]:
        """The public board now and the focus panel of the decision at hand (None: none), from one drawing; the
        panel is cut from the public board, so it shows nothing a spectator may not see."""
        if spectacle.view is None:
            return None, None
        table = spectacle.table
        with channel_speaking(table.settings):
            return await self.core.images.board_with_focus(table.game, spectacle.view, last=spectacle.last,
                                                           names=table.names)

    async def step_board(self, table: Table, step: PublicStep) -> bytes | None:
        """The public board after ``step`` as PNG, in the table's language."""
        with channel_speaking(table.settings):
            return await self.core.images.board(table.game, step.view, last=step.last, last_events=list(step.events),
                                           names=table.names)

    # ---- step by step ----------------------------------------------------------------------------------------
    async def steps(self, game_id: int) -> tuple[Table, tuple[PublicStep, ...]]:
        """The game's public moves, each with the public board after it, replayed from the seed and the log under
        the rules each move was played under; step 0 is the start. A running game's next look replays only the
        moves since (unless an undo changed the past). TableError when the log cannot be replayed."""
        row = await self._row(game_id)
        seats = await self.store.seats(row.id)
        table = self.core.table(row, seats, self.core.state(row))
        if row.seed is None:
            return table, ()
        lock = self._walking.setdefault(row.id, asyncio.Lock())
        async with lock:  # one replay per game at a time: the next look reuses it
            walk = self._walks.get(row.id)
            if walk is None or walk.version != row.version:
                rows = [r for r in await self.store.log(row.id) if r.version <= row.version]
                try:
                    walk = await asyncio.to_thread(self._walk, row, len(seats), rows, walk)
                except UnknownVersion as exc:
                    raise TableError(_("Game {id} was played under rules this version of Kontor cannot replay "
                                       "({what}).").format(id=row.id, what=exc)) from None
                except IllegalAction:
                    raise TableError(_("The log of game {id} no longer replays under this version of Kontor; the "
                                       "game itself plays on from its saved state.").format(id=row.id)) from None
                self._walks[row.id] = walk
            self._walks.move_to_end(row.id)
            while len(self._walks) > KEPT_GAMES:
                old, _walk = self._walks.popitem(last=False)
                self._walking.pop(old, None)
        return table, tuple(walk.steps)

    def _walk(self, row: GameRow, players: int, rows: list[LogRow], before: _Walk | None) -> _Walk:
        """Replay ``rows`` (in a thread: it is CPU work), going on from ``before`` when its moves are still the
        first ones of the log."""
        assert row.seed is not None
        game = self.core.game(row.game)
        todo = applied(rows)
        ids = [r.id for r in todo]
        if before is not None and ids[:len(before.ids)] == before.ids and before.steps:
            walk = _Walk(row.version, ids, before.replay, list(before.steps))
            todo = todo[len(before.ids):]
        else:
            version = todo[0].rules if todo and todo[0].rules is not None else game.rules_version
            replay = Replay(game, players, row.seed, dict(row.options), version)
            start = next((r for r in reversed(_before_first_move(rows)) if r.kind == "note" and r.events), None)
            walk = _Walk(row.version, ids, replay, [PublicStep(
                0, start.at if start else row.created_at, None, tuple(start.events) if start else (),
                copy.deepcopy(replay.today().view(None)))])
        shown = {r.id for r in _public(rows)}
        for r in todo:
            assert r.seat is not None and r.action is not None
            events = walk.replay.apply(r.seat, r.action, r.rules if r.rules is not None else game.rules_version)
            if r.id in shown:
                walk.steps.append(PublicStep(
                    len(walk.steps), r.at, r.seat, tuple(r.events), copy.deepcopy(walk.replay.today().view(None)),
                    self.core.public_last(row.game, r.seat, r.action), tuple(public_events(events))))
        _attach_notes(walk.steps, rows, shown)
        return walk

    async def _row(self, game_id: int) -> GameRow:
        row = await self.store.game(_check_id(game_id, "game"))
        if row is None or not await self.club.web_pages(row.guild_id):  # a server may turn its pages off
            raise TableError(_("There is no game #{id}.").format(id=game_id))
        if row.damaged:
            raise self.core.damaged(row, row.damaged)
        return row


def _public(rows: Sequence[LogRow]) -> list[LogRow]:
    """The rows a spectator reads, oldest first: those with public lines, less what an undo took back and the undo's
    own note (a move and its undo cancel out, as in "since your last move")."""
    undo_notes = {r.id for prev, r in pairwise(rows) if r.kind == "note" and prev.undone}
    return [r for r in rows if r.events and not r.damaged and not r.undone and r.id not in undo_notes]


def _start(rows: Sequence[LogRow]) -> int:
    """Where the game itself begins in its log: its start's note (the lobby's joins before it are no moves)."""
    before = _before_first_move(rows)
    if len(before) == len(rows):  # no move yet: the start's note is the last one of a started game
        return max(0, len(rows) - 1) if rows else 0
    return next((i for i in range(len(before) - 1, -1, -1) if before[i].kind == "note" and before[i].events),
                len(before))


def _before_first_move(rows: Sequence[LogRow]) -> list[LogRow]:
    first = next((i for i, r in enumerate(rows) if r.kind != "note"), len(rows))
    return list(rows[:first])


def _attach_notes(steps: list[PublicStep], rows: Sequence[LogRow], shown: set[int]) -> None:
    """A note after the first move (a seat handed over, the seed revealed at the end) is read with the public move
    before it: it changes no board."""
    first = len(_before_first_move(rows))
    by_step: dict[int, list[str]] = {}
    current = 0
    for r in rows[first:]:
        if r.kind != "note" and r.id in shown:
            current += 1
        elif r.kind == "note" and r.id in shown:
            by_step.setdefault(current, []).extend(r.events)
    for number, lines in by_step.items():
        if number < len(steps) and not set(lines) <= set(steps[number].lines):
            step = steps[number]
            steps[number] = PublicStep(step.number, step.at, step.seat, (*step.lines, *lines), step.view, step.last,
                                       step.events)
