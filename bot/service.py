"""The table: rules + storage + rendering behind one async API (see docs/service.md). Knows nothing of Discord.

Every change runs under a per-channel ``asyncio.Lock`` and commits the log row, the new snapshot and
``version + 1`` in one ``BEGIN IMMEDIATE`` transaction (``bot.store``). Rule checks happen before any
write, and ``State.apply`` leaves the state untouched on a refusal, so a refused request changes nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import logging
import re
import secrets
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.store import GameRow, SeatRow, Store, StoreError
from rules.core import MAX_ACTION_LEN, Game, IllegalAction, Outcome, Rng, State, printable, seed_digest

log = logging.getLogger(__name__)

Seat = SeatRow

# pace -> (remind after, deadline after), in hours; 0 = none.
PACES: dict[str, tuple[float, float]] = {
    "live": (0.1, 0.25),
    "fast": (1.0, 4.0),
    "daily": (12.0, 24.0),
    "relaxed": (24.0, 72.0),
    "untimed": (0.0, 0.0),
}
DEFAULT_SETTINGS: dict[str, Any] = {
    "pace": "daily",
    "remind_hours": 12.0,
    "deadline_hours": 24.0,
    "caretaker": "bot",  # who plays for a seat whose deadline passed: "bot", "skip" (else bot) or "none"
    "post": "every",  # "every" move gets a message, or one "live" board message edited in place
}
SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "pace": tuple(PACES),
    "caretaker": ("bot", "skip", "none"),
    "post": ("every", "live"),
}
MAX_HOURS = 24.0 * 30
MAX_NAME_LEN = 32
BOT_NAMES = ("Anna", "Bruno", "Clara", "Dieter", "Emma", "Fritz", "Greta", "Hans")
SKIP_ACTIONS = ("skip", "pass")
MAX_AUTO_STEPS = 100_000  # bots in a row (a whole all-bot game runs inside start())
MAX_CARETAKER_STEPS = 64  # atomic steps the caretaker may take to finish one timed-out turn
_SEAT_RE = re.compile(r"\b[Ss]eat (\d+)\b")


class TableError(Exception):
    """A friendly refusal; nothing changed. ``str(err)`` is fit to show the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class StaleVersion(TableError):
    """The request was based on an old board (``expected_version`` no longer current)."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current


@dataclass(frozen=True)
class Table:
    """A table as the front ends see it (a lobby, a running game, or a finished one)."""

    game_id: int
    channel: int
    guild: int | None
    game: str
    title: str
    status: str  # lobby | active | finished | abandoned
    version: int
    seats: tuple[Seat, ...]
    creator: int
    options: dict[str, str]
    settings: dict[str, Any]
    awaited_seats: tuple[int, ...]
    awaited: tuple[int, ...]  # user ids of awaited human seats
    seed_digest: str | None
    seed: int | None  # revealed only once the game has ended
    outcome: Outcome | None
    live_message_id: int | None
    min_players: int
    max_players: int
    created_at: float
    updated_at: float

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user), None)

    @property
    def humans(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]

    @property
    def simultaneous(self) -> bool:
        """The current step awaits several seats at once (a secret choice: nothing shows until all have chosen)."""
        return len(self.awaited_seats) > 1


@dataclass(frozen=True)
class PrivateUpdate:
    view: dict[str, Any]
    events: list[str]


@dataclass
class Update:
    """What a change did, as data; the front ends turn it into messages."""

    channel: int
    table: Table
    version: int
    public_events: list[str] = field(default_factory=list)
    public_view: dict[str, Any] | None = None
    private: dict[int, PrivateUpdate] = field(default_factory=dict)
    awaited: list[int] = field(default_factory=list)
    finished: Outcome | None = None
    image: bytes | None = None
    notice: str | None = None


@dataclass
class _Changes:
    """Collects what one request did across its own step and the bot steps after it."""

    before: dict[int, dict[str, Any] | None]  # seat -> secret part of its view before (None: send anyway)
    public: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    last: dict[str, Any] | None = None
    finished: bool = False


def _secret_part(view: Mapping[str, Any], public: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a seat's view a spectator does not see (what a private update is about). Compared with
    ``==`` (deep, in C), not serialised: views are read-only once built, so the next move may compare to it."""
    missing = object()
    return {k: v for k, v in view.items() if k != "viewer" and public.get(k, missing) != v}


def _check_id(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise TableError(f"Unknown {what}.")
    return value


def _clean_name(name: Any) -> str:
    text = " ".join("".join(ch if ch.isprintable() else " " for ch in str(name or "")).split())
    return (text[:MAX_NAME_LEN].rstrip() or "Player")


def _check_action(action: Any) -> str:
    if not isinstance(action, str) or not action.strip():
        raise TableError("Please give an action.")
    if len(action) > MAX_ACTION_LEN:
        raise TableError(f"That action is too long (at most {MAX_ACTION_LEN} characters).")
    if not action.isprintable():
        raise TableError("That action contains control characters.")
    return action.strip()


def _hours(key: str, value: Any) -> float:
    try:
        hours = float(value)
    except (TypeError, ValueError):
        raise TableError(f"{key} must be a number of hours.") from None
    if not 0 <= hours <= MAX_HOURS:  # also rejects NaN
        raise TableError(f"{key} must be between 0 (off) and {MAX_HOURS:g} hours.")
    return hours


def normalise_settings(given: Mapping[str, Any] | None, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Validate table settings over ``base`` (defaults). ``pace`` presets both timers unless they are given too."""
    out = dict(DEFAULT_SETTINGS)
    out.update(base or {})
    given = dict(given or {})
    for key in given:
        if key not in DEFAULT_SETTINGS:
            raise TableError(f"Unknown setting '{printable(str(key))}' (known: {', '.join(DEFAULT_SETTINGS)}).")
    for key, choices in SETTING_CHOICES.items():
        if key in given:
            value = str(given[key]).strip().lower()
            if value not in choices:
                raise TableError(f"Setting {key} must be one of: {', '.join(choices)}.")
            out[key] = value
    if "pace" in given:
        out["remind_hours"], out["deadline_hours"] = PACES[out["pace"]]
    for key in ("remind_hours", "deadline_hours"):
        if key in given:
            out[key] = _hours(key, given[key])
    return out


class TableService:
    """See docs/service.md. Open with ``await TableService.open(path)``; always ``await close()``."""

    def __init__(
        self,
        store: Store,
        *,
        render: bool = False,
        games: Mapping[str, Game] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.render = render
        self._games = dict(games) if games is not None else None
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: dict[int, tuple[int, State]] = {}  # game id -> (version, state): skips reloading snapshots
        # Per running game, valid only at the version they were taken at (every seating change bumps it),
        # so a stale entry just misses: game id -> (version, seats) and (version, {human seat: secret part}).
        self._seats: dict[int, tuple[int, list[Seat]]] = {}
        self._secrets: dict[int, tuple[int, dict[int, dict[str, Any] | None]]] = {}
        # channel -> its running game's row as the last act committed it. Every other change of the channel
        # runs under ``_serial``, which drops it, so act() can trust it (the service is its file's only writer).
        self._rows: dict[int, GameRow] = {}
        self._render_failed: set[str] = set()

    @classmethod
    async def open(
        cls, path: str, *, render: bool = False, games: Mapping[str, Game] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> TableService:
        return cls(await Store.open(path), render=render, games=games, clock=clock)

    async def close(self) -> None:
        await self.store.close()

    async def __aenter__(self) -> TableService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---- lookups ---------------------------------------------------------------------------
    @property
    def games(self) -> Mapping[str, Game]:
        if self._games is None:
            import rules  # lazily: the registry imports every game

            self._games = dict(rules.GAMES)
        return self._games

    def game(self, name: str) -> Game:
        key = str(name).strip().lower()
        if key not in self.games:
            raise TableError(f"Unknown game '{printable(str(name))}'. Available: {', '.join(self.games) or 'none'}.")
        return self.games[key]

    def _lock(self, channel: int) -> asyncio.Lock:
        return self._locks.setdefault(channel, asyncio.Lock())

    @asynccontextmanager
    async def _serial(self, channel: int) -> AsyncIterator[None]:
        """The channel's lock for any change but act(): the row act() cached may not survive it, so drop it."""
        async with self._lock(channel):
            self._rows.pop(channel, None)
            yield

    async def _open_row(self, channel: int) -> GameRow:
        row = await self.store.open_game(_check_id(channel, "channel"))
        if row is None:
            raise TableError("There is no open game in this channel. Start one with /game new.")
        return row

    async def _any_row(self, channel: int) -> GameRow:
        row = await self.store.latest_game(_check_id(channel, "channel"))
        if row is None:
            raise TableError("No game has been played in this channel yet.")
        return row

    def _state(self, row: GameRow) -> State | None:
        if row.snapshot is None:
            return None
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        state = self.game(row.game).load(row.snapshot)
        if row.open:  # cache only running games, so finished ones do not pile up in memory
            self._states[row.id] = (row.version, state)
        return state

    def _table(self, row: GameRow, seats: list[Seat], state: State | None) -> Table:
        game = self.game(row.game)
        awaited = tuple(state.to_act()) if state is not None and row.status == "active" else ()
        ended = row.status in ("finished", "abandoned")
        return Table(
            game_id=row.id, channel=row.channel_id, guild=row.guild_id, game=row.game, title=game.title,
            status=row.status, version=row.version, seats=tuple(seats), creator=row.creator_id,
            options=dict(row.options), settings=dict(row.settings), awaited_seats=awaited,
            awaited=tuple(seats[s].user_id for s in awaited if seats[s].user_id is not None),  # type: ignore[misc]
            seed_digest=seed_digest(row.seed) if row.seed is not None else None,
            seed=row.seed if ended else None,
            outcome=Outcome(**row.outcome) if row.outcome else None,
            live_message_id=row.live_message_id, min_players=game.min_players, max_players=game.max_players,
            created_at=row.created_at, updated_at=row.updated_at,
        )

    async def _lobby_update(self, row_id: int, texts: list[str], notice: str | None = None) -> Update:
        row = await self.store.game(row_id)
        assert row is not None
        seats = await self.store.seats(row.id)
        table = self._table(row, seats, self._state(row))
        return Update(channel=row.channel_id, table=table, version=row.version, public_events=texts, notice=notice)

    # ---- lobby -----------------------------------------------------------------------------
    async def create(
        self, channel: int, guild: int | None, game: str, creator: int, creator_name: str,
        options: Mapping[str, str] | None = None, settings: Mapping[str, Any] | None = None,
    ) -> Update:
        _check_id(channel, "channel")
        _check_id(creator, "user")
        if guild is not None:
            _check_id(guild, "server")
        g = self.game(game)
        if options is not None and not isinstance(options, Mapping):
            raise TableError("Options must be given as name=value pairs.")
        try:
            opts = g.normalise_options({str(k): str(v) for k, v in (options or {}).items()})
        except IllegalAction as exc:
            raise TableError(exc.message) from None
        if settings is not None and not isinstance(settings, Mapping):
            raise TableError("Settings must be given as name=value pairs.")
        sets = normalise_settings(settings)
        name = _clean_name(creator_name)
        async with self._serial(channel):
            now = self.clock()
            try:
                async with self.store.transaction() as tx:
                    if await tx.open_game(channel) is not None:
                        raise TableError("This channel already has an open game. Finish or abandon it first"
                                         " (or start a thread for a second table).")
                    gid = await tx.insert_game(channel_id=channel, guild_id=guild, game=g.name, options=opts,
                                               settings=sets, creator_id=creator, now=now)
                    await tx.set_seats(gid, [Seat(0, creator, name)])
                    await tx.append(gid, kind="note", version=0, seat=None, user_id=creator, action=None,
                                    events=[f"{name} opened a table for {g.title}."], now=now)
            except StoreError as exc:
                raise TableError(str(exc)) from None
        return await self._lobby_update(gid, [f"{name} opened a table for {g.title}."])

    async def _lobby_change(self, channel: int, change: Callable[[GameRow, list[Seat]], tuple[list[Seat], str]],
                            **fields: Any) -> Update:
        """Run a seating change on the lobby of ``channel``: ``change`` returns (new seats, event text)."""
        async with self._serial(channel):
            row = await self._open_row(channel)
            if row.status != "lobby":
                raise TableError("The game has already started.")
            seats = await self.store.seats(row.id)
            new_seats, text = change(row, seats)
            now = self.clock()
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, **fields)
                await tx.set_seats(row.id, [Seat(i, s.user_id, s.name) for i, s in enumerate(new_seats)])
                await tx.append(row.id, kind="note", version=version, seat=None, user_id=None, action=None,
                                events=[text], now=now)
        return await self._lobby_update(row.id, [text])

    async def join(self, channel: int, user: int, name: str) -> Update:
        _check_id(user, "user")
        name = _clean_name(name)

        def change(row: GameRow, seats: list[Seat]) -> tuple[list[Seat], str]:
            game = self.game(row.game)
            if any(s.user_id == user for s in seats):
                raise TableError("You have already joined this table.")
            if len(seats) >= game.max_players:
                raise TableError(f"The table is full ({game.max_players} seats). Ask someone to remove a bot.")
            return [*seats, Seat(len(seats), user, name)], f"{name} joined."

        return await self._lobby_change(channel, change)

    async def leave(self, channel: int, user: int) -> Update:
        _check_id(user, "user")
        async with self._serial(channel):
            row = await self._open_row(channel)
            if row.status != "lobby":
                raise TableError("The game is running: ask the table's creator to replace you, or abandon it.")
            seats = await self.store.seats(row.id)
            mine = next((s for s in seats if s.user_id == user), None)
            if mine is None:
                raise TableError("You are not seated at this table.")
            rest = [s for s in seats if s.user_id != user]
            humans = [s for s in rest if s.user_id is not None]
            now = self.clock()
            async with self.store.transaction() as tx:
                await tx.drop_abandon_votes(row.id, user)
                if not humans:  # nobody left to start it: close the lobby
                    version = await tx.bump(row.id, row.version, now, status="abandoned", ended_at=now)
                    await tx.drop_abandon_votes(row.id)
                    text = f"{mine.name} left; the table is closed."
                else:
                    creator = row.creator_id if row.creator_id != user else humans[0].user_id
                    version = await tx.bump(row.id, row.version, now, creator_id=creator)
                    await tx.set_seats(row.id, [Seat(i, s.user_id, s.name) for i, s in enumerate(rest)])
                    text = f"{mine.name} left."
                    if creator != row.creator_id:
                        text += f" {humans[0].name} now hosts the table."
                await tx.append(row.id, kind="note", version=version, seat=None, user_id=user, action=None,
                                events=[text], now=now)
        return await self._lobby_update(row.id, [text])

    async def add_bot(self, channel: int, by_user: int) -> Update:
        _check_id(by_user, "user")

        def change(row: GameRow, seats: list[Seat]) -> tuple[list[Seat], str]:
            game = self.game(row.game)
            if not any(s.user_id == by_user for s in seats) and by_user != row.creator_id:
                raise TableError("Join the table first to add bots.")
            if len(seats) >= game.max_players:
                raise TableError(f"The table is full ({game.max_players} seats).")
            name = _bot_name(seats, f"Bot {len(seats) + 1}")
            return [*seats, Seat(len(seats), None, name)], f"{name} took a seat."

        return await self._lobby_change(channel, change)

    async def remove_bot(self, channel: int, by_user: int) -> Update:
        _check_id(by_user, "user")

        def change(row: GameRow, seats: list[Seat]) -> tuple[list[Seat], str]:
            if not any(s.user_id == by_user for s in seats) and by_user != row.creator_id:
                raise TableError("Only players at this table can remove bots.")
            bots = [s for s in seats if s.is_bot]
            if not bots:
                raise TableError("There is no bot at this table.")
            gone = bots[-1]
            return [s for s in seats if s is not gone], f"{gone.name} left the table."

        return await self._lobby_change(channel, change)

    async def start(self, channel: int, by_user: int, *, seed: int | None = None) -> Update:
        """Shuffle the seats, seed the game and let bots move. ``seed`` (demos, tests) also fixes the seat order."""
        _check_id(by_user, "user")
        if seed is not None:
            _check_id(seed, "seed")
        async with self._serial(channel):
            row = await self._open_row(channel)
            if row.status != "lobby":
                raise TableError("The game has already started.")
            if by_user != row.creator_id:
                raise TableError("Only the table's host can start the game.")
            game = self.game(row.game)
            seats = await self.store.seats(row.id)
            if not game.min_players <= len(seats) <= game.max_players:
                raise TableError(f"{game.title} needs {game.min_players}–{game.max_players} seats; "
                                 f"{len(seats)} taken. Add bots or wait for players.")
            if seed is None:
                seed = secrets.randbits(62)
                order = list(seats)
                secrets.SystemRandom().shuffle(order)
            else:
                order = Rng(seed, "seats").shuffled(seats)
            seats = [Seat(i, s.user_id, s.name) for i, s in enumerate(order)]
            state = game.new_state(len(seats), seed, row.options)
            now = self.clock()
            texts = [
                f"{game.title} begins. Seat order: " + ", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats)),
                f"Seed digest {seed_digest(seed)[:16]}… (the seed is revealed when the game ends).",
            ]
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, status="active", seed=seed, snapshot=state.dump())
                await tx.set_seats(row.id, seats)
                await tx.append(row.id, kind="note", version=version, seat=None, user_id=by_user, action=None,
                                events=texts, now=now)
                await self._sync_deadlines(tx, row, seats, state, acted=None, now=now, version=version)
            row = dataclasses.replace(row, status="active", seed=seed, snapshot=state.dump(), version=version,
                                      updated_at=now)
            self._states[row.id] = (version, state)
            changes = _Changes(before={s.seat: None for s in seats if not s.is_bot}, public=list(texts))
            row = await self._run_bots(row, seats, state, changes, now)
            return await self._update(row, seats, state, changes)

    async def abandon(self, channel: int, by_user: int, force: bool = False) -> Update:
        _check_id(by_user, "user")
        async with self._serial(channel):
            row = await self._open_row(channel)
            seats = await self.store.seats(row.id)
            humans = [s.user_id for s in seats if s.user_id is not None]
            if not (force or by_user == row.creator_id or humans == [by_user]):
                raise TableError("Only the table's host or a moderator can abandon this game.")
            async with self.store.transaction() as tx:
                texts = await self._end_abandoned(tx, row, by_user, ["The game was abandoned."])
        return await self._lobby_update(row.id, texts)

    async def _end_abandoned(self, tx: Store, row: GameRow, by_user: int, texts: list[str]) -> list[str]:
        """Inside ``tx``: mark the game abandoned, reveal its seed, stop its clocks and forget its votes."""
        now = self.clock()
        if row.seed is not None:
            texts.append(f"The seed was {row.seed} (digest {seed_digest(row.seed)[:16]}…).")
        version = await tx.bump(row.id, row.version, now, status="abandoned", ended_at=now)
        await tx.append(row.id, kind="note", version=version, seat=None, user_id=by_user, action=None,
                        events=texts, now=now)
        await tx.drop_deadlines(row.id)
        await tx.drop_abandon_votes(row.id)
        self._forget(row.id)
        return texts

    async def vote_abandon(self, channel: int, user: int) -> Update:
        """A seated player's vote to abandon; a strict majority of the seated humans ends the game.

        Votes are stored (a restart keeps them) and count only while the voter still holds a seat;
        they are forgotten when the game ends. A vote is no game change: no version bump.
        """
        _check_id(user, "user")
        async with self._serial(channel):
            row = await self._open_row(channel)
            seats = await self.store.seats(row.id)
            mine = next((s for s in seats if s.user_id == user), None)
            if mine is None:
                raise TableError("Only the host, a moderator or the seated players (by vote) can abandon a game.")
            humans = {s.user_id for s in seats if s.user_id is not None}
            needed = len(humans) // 2 + 1
            now = self.clock()
            async with self.store.transaction() as tx:
                if not await tx.add_abandon_vote(row.id, user, now):
                    have = len([u for u in await tx.abandon_votes(row.id) if u in humans])
                    raise TableError(f"You have already voted to abandon ({have}/{needed} votes).")
                have = len([u for u in await tx.abandon_votes(row.id) if u in humans])
                text = f"{mine.name} votes to abandon the game ({have}/{needed} votes)."
                if have >= needed:
                    texts = await self._end_abandoned(tx, row, user, [text, "The game was abandoned by vote."])
                else:
                    texts = [text]
                    await tx.append(row.id, kind="note", version=row.version, seat=None, user_id=user,
                                    action=None, events=texts, now=now)
        return await self._lobby_update(row.id, texts)

    async def abandon_votes(self, channel: int) -> tuple[list[int], int]:
        """(user ids of the seated players who voted to abandon the open game, votes needed)."""
        row = await self._open_row(channel)
        humans = {s.user_id for s in await self.store.seats(row.id) if s.user_id is not None}
        return [u for u in await self.store.abandon_votes(row.id) if u in humans], len(humans) // 2 + 1

    async def replace(self, channel: int, seat: int, user: int | None, name: str | None, by_user: int,
                      force: bool = False) -> Update:
        """Give ``seat`` to ``user`` (a human) or, with ``user=None``, to a bot. Host, moderator or the seat itself."""
        _check_id(by_user, "user")
        if user is not None:
            _check_id(user, "user")
        async with self._serial(channel):
            row = await self._open_row(channel)
            seats = await self.store.seats(row.id)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise TableError(f"Seat must be a number from 1 to {len(seats)}.")
            old = seats[seat]
            if not (force or by_user == row.creator_id or (old.user_id is not None and old.user_id == by_user)):
                raise TableError("Only the table's host, a moderator or the seat's player can hand a seat over.")
            if user is not None and any(s.user_id == user for s in seats):
                raise TableError("That player already has a seat at this table.")
            if user is None:
                new_name = _bot_name([s for s in seats if s.seat != seat], f"Bot {seat + 1}")
            else:
                new_name = _clean_name(name)
            seats = [*seats[:seat], Seat(seat, user, new_name), *seats[seat + 1:]]
            text = f"{old.name}'s seat is now played by {new_name}."
            state = self._state(row)
            now = self.clock()
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now)
                await tx.set_seats(row.id, seats)
                if old.user_id is not None:
                    await tx.drop_abandon_votes(row.id, old.user_id)
                await tx.append(row.id, kind="note", version=version, seat=seat, user_id=by_user, action=None,
                                events=[text], now=now)
                if state is not None:
                    await self._sync_deadlines(tx, row, seats, state, acted=seat, now=now, version=version)
            row = dataclasses.replace(row, version=version, updated_at=now)
            if state is None:
                return await self._lobby_update(row.id, [text])
            self._states[row.id] = (version, state)
            changes = _Changes(before={s.seat: None for s in seats if not s.is_bot}, public=[text])
            # The new occupant gets a private update; the other humans only if something secret changed for them.
            public, views = state.views([s.seat for s in seats if not s.is_bot and s.seat != seat])
            changes.before.update({s: _secret_part(view, public) for s, view in views.items()})
            row = await self._run_bots(row, seats, state, changes, now)
            return await self._update(row, seats, state, changes)

    async def update_settings(self, channel: int, by_user: int, *, force: bool = False, **settings: Any) -> Update:
        _check_id(by_user, "user")
        async with self._serial(channel):
            row = await self._open_row(channel)
            if not (force or by_user == row.creator_id):
                raise TableError("Only the table's host or a moderator can change the settings.")
            new = normalise_settings(settings, row.settings)
            now = self.clock()
            changed = {k: v for k, v in new.items() if row.settings.get(k) != v}
            text = f"Settings: {describe_settings(new, changed)}." if changed else "Settings: unchanged."
            async with self.store.transaction() as tx:
                await tx.set_settings(row.id, new, now)
                await tx.append(row.id, kind="note", version=row.version, seat=None, user_id=by_user, action=None,
                                events=[text], now=now)
                for dl in await tx.deadlines(row.id):  # re-time the running clocks from when they started
                    await tx.put_deadline(
                        row.id, dl.seat, since=dl.since,
                        remind_at=_after(dl.since, new["remind_hours"], new["deadline_hours"], reminder=True)
                        if dl.remind_at is not None or row.settings.get("remind_hours") == 0 else None,
                        due_at=_after(dl.since, new["remind_hours"], new["deadline_hours"], reminder=False),
                    )
        return await self._lobby_update(row.id, [text])

    async def set_live_message(self, channel: int, message_id: int | None) -> None:
        """Remember the channel's live board message (post mode "live"); no version change."""
        if message_id is not None:
            _check_id(message_id, "message")
        async with self._serial(channel):
            row = await self._open_row(channel)
            async with self.store.transaction() as tx:
                await tx.set_live_message(row.id, message_id)

    async def set_dm_ok(self, user: int, ok: bool) -> None:
        """Remember whether DMs to ``user`` work (a failed DM sets False with its time)."""
        _check_id(user, "user")
        async with self.store.transaction() as tx:
            await tx.set_dm(user, bool(ok), self.clock())

    async def dm_ok(self, user: int) -> bool:
        _check_id(user, "user")
        return (await self.store.dm_status(user))[0]

    # ---- play ------------------------------------------------------------------------------
    async def act(self, channel: int, user: int, action: str, expected_version: int | None = None, *,
                  chosen_at: int | None = None) -> Update:
        """Play ``action`` for ``user``. ``expected_version``: the board it was chosen on must still be current.
        ``chosen_at`` (instead): the board version it was chosen on, which may be older as long as the user has
        been awaited without a break since then — a simultaneous step others moved in meanwhile, not an
        earlier step whose menu happens to hold an action legal again now."""
        _check_id(user, "user")
        action = _check_action(action)
        for version in (expected_version, chosen_at):
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise TableError("Unknown board version.")
        _check_id(channel, "channel")
        async with self._lock(channel):
            row = self._rows.pop(channel, None) or await self._open_row(channel)
            try:
                seats, state, seat = await self._turn(row, user, expected_version)
                if chosen_at is not None:
                    await self._same_wait(row, seat, chosen_at)
            except TableError:
                self._keep(row)  # a refusal changes nothing
                raise
            changes = self._begin(row, state, seats)
            now = self.clock()
            try:
                row = await self._step(row, seats, state, seat, action, "player", user, changes, now)
            except IllegalAction as exc:
                self._states[row.id] = (row.version, state)  # unchanged: keep it cached
                self._keep(row)
                raise TableError(exc.message) from None
            row = await self._run_bots(row, seats, state, changes, now)
            self._keep(row)
            return await self._update(row, seats, state, changes)

    async def _turn(self, row: GameRow, user: int, expected_version: int | None) -> tuple[list[Seat], State, int]:
        """(seats, state, the user's seat) if ``user`` may act now in ``row``'s game; else a refusal."""
        if row.status != "active":
            raise TableError("The game has not started yet.")
        if expected_version is not None and expected_version != row.version:
            raise StaleVersion("That board is out of date: someone moved since. Use the current board.",
                               row.version)
        seats = await self._running_seats(row)
        seat = next((s.seat for s in seats if s.user_id == user), None)
        if seat is None:
            raise TableError("You are not playing at this table.")
        state = self._state(row)
        assert state is not None
        awaited = state.to_act()
        if seat not in awaited:
            waiting = ", ".join(seats[s].name for s in awaited)
            raise TableError(f"It is not your turn: the table is waiting for {waiting}.")
        return seats, state, seat

    async def _same_wait(self, row: GameRow, seat: int, chosen_at: int) -> None:
        """Refuse a choice made on board ``chosen_at`` unless ``seat``'s current wait had begun by then."""
        if chosen_at > row.version:
            raise StaleVersion("That menu does not belong to any board here.", row.version)
        since = await self.store.awaited_since(row.id, seat)
        if since is None or chosen_at < since:
            raise StaleVersion("That menu is from an earlier step: the board moved on since. Use the current board.",
                               row.version)

    def _keep(self, row: GameRow) -> None:
        """Cache a running game's row as act() committed (or found) it, for the channel's next act()."""
        if row.status == "active":
            self._rows[row.channel_id] = row

    async def _running_seats(self, row: GameRow) -> list[Seat]:
        """The seats of a running game; call under the channel's lock (the cache is filled by this game's steps)."""
        cached = self._seats.get(row.id)
        if cached is not None and cached[0] == row.version:
            return list(cached[1])
        return await self.store.seats(row.id)

    def _begin(self, row: GameRow, state: State, seats: list[Seat]) -> _Changes:
        """Start collecting changes: each human seat's secret part now (the last update's, when it is current)."""
        cached = self._secrets.get(row.id)
        if cached is not None and cached[0] == row.version:
            return _Changes(before=dict(cached[1]))
        public, views = state.views([s.seat for s in seats if not s.is_bot])
        return _Changes(before={s: _secret_part(view, public) for s, view in views.items()})

    def _forget(self, game_id: int) -> None:
        """Drop every cached piece of a game (it ended, or a commit failed and the file is the truth again)."""
        self._states.pop(game_id, None)
        self._seats.pop(game_id, None)
        self._secrets.pop(game_id, None)

    def _texts(self, game: Game, events: list[Any], seats: list[Seat], seat: int | None) -> list[str]:
        names = [s.name for s in seats]
        return [name_seats(game.event_text(e), names) for e in events if e.visible_to(seat)]

    async def _step(self, row: GameRow, seats: list[Seat], state: State, seat: int, action: str, kind: str,
                    user: int | None, changes: _Changes, now: float) -> GameRow:
        """Apply one action and commit it (log row + snapshot + version). IllegalAction leaves everything as is."""
        game = self.game(row.game)
        # Readers must not meet this state between apply and commit: uncache it until the commit is done.
        self._states.pop(row.id, None)
        clocks = [s for s in state.to_act() if not seats[s].is_bot]  # the seats with a deadline row now
        events = state.apply(seat, action)  # raises IllegalAction before any change
        public = self._texts(game, [e for e in events if e.public], seats, None)
        for s in seats:
            if not s.is_bot:
                mine = self._texts(game, [e for e in events if e.to == s.seat], seats, s.seat)
                if mine:
                    changes.private.setdefault(s.seat, []).extend(mine)
        over = state.is_over()
        fields: dict[str, Any] = {"snapshot": state.dump()}
        if over:
            outcome = state.outcome()
            fields.update(status="finished", outcome=outcome.to_dict(), ended_at=now)
        try:
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, **fields)
                await tx.append(row.id, kind=kind, version=version, seat=seat, user_id=user, action=action,
                                events=public, now=now)
                if over:
                    assert row.seed is not None
                    reveal = [f"The seed was {row.seed}: check it against the digest {seed_digest(row.seed)[:16]}…."]
                    await tx.append(row.id, kind="note", version=version, seat=None, user_id=None, action=None,
                                    events=reveal, now=now)
                    public = [*public, *reveal]
                    await tx.drop_deadlines(row.id)
                    await tx.drop_abandon_votes(row.id)
                else:
                    await self._sync_deadlines(tx, row, seats, state, acted=seat, now=now, version=version,
                                               clocks=clocks)
        except BaseException as exc:
            self._forget(row.id)  # the cached state moved ahead of the file: reload next time
            if isinstance(exc, StoreError):
                raise StaleVersion("The game changed meanwhile. Use the current board.", row.version) from None
            raise
        changes.public.extend(public)
        changes.last = self._public_last(row.game, seat, action)
        changes.finished = changes.finished or over
        row = dataclasses.replace(row, version=version, updated_at=now, **fields)
        if over:
            self._forget(row.id)
        else:
            self._states[row.id] = (version, state)
            self._seats[row.id] = (version, list(seats))  # a move never changes the seating
        return row

    async def _run_bots(self, row: GameRow, seats: list[Seat], state: State, changes: _Changes,
                        now: float) -> GameRow:
        game = self.game(row.game)
        for _ in range(MAX_AUTO_STEPS):
            bots = [s for s in state.to_act() if seats[s].is_bot]
            if not bots:
                return row
            row = await self._step(row, seats, state, bots[0], self._bot_choice(game, state, bots[0]), "bot",
                                   None, changes, now)
        raise RuntimeError(f"bots made {MAX_AUTO_STEPS} moves in a row without the game ending")

    def _bot_choice(self, game: Game, state: State, seat: int) -> str:
        legal = state.legal_actions(seat)
        try:
            choice = game.bot_action(state.view(seat), legal, seat, Rng(state.seed, "bot", state.ply))
        except Exception as exc:  # a buggy bot must not stall the table
            # Type and position only: the bot's view and choices may be secret, and the game replays
            # from its seed and log (Rng(seed, "bot", ply)) to reproduce the failure exactly.
            log.error("%s bot of seat %d failed at ply %d (%s); it plays its first legal action",
                      game.name, seat, state.ply, type(exc).__name__)
            return legal[0]
        if choice not in legal:
            log.warning("%s bot of seat %d chose an illegal action at ply %d; it plays its first legal action",
                        game.name, seat, state.ply)
            choice = legal[0]
        return choice

    async def _sync_deadlines(self, tx: Store, row: GameRow, seats: list[Seat], state: State, *,
                              acted: int | None, now: float, version: int, clocks: list[int] | None = None) -> None:
        """A human seat's clock starts when it becomes awaited and restarts when it acts (at ``version``).
        ``clocks``: the seats known to have a deadline row (those awaited before this step), if known: then
        a statement that would change nothing is not sent (a move makes one or two round trips fewer)."""
        awaited = [s for s in state.to_act() if not seats[s].is_bot]
        if clocks is None or any(s not in awaited for s in clocks):
            await tx.drop_deadlines(row.id, keep=awaited)
        if clocks is not None and acted not in awaited and all(s in clocks for s in awaited):
            return  # no clock starts and none restarts
        remind, deadline = row.settings.get("remind_hours", 0), row.settings.get("deadline_hours", 0)
        # A running clock keeps going; a newly awaited seat's clock and the acting seat's start now.
        await tx.start_clocks(row.id, awaited, restart=acted, since=now,
                              remind_at=_after(now, remind, deadline, reminder=True),
                              due_at=_after(now, remind, deadline, reminder=False), since_version=version)

    async def _update(self, row: GameRow, seats: list[Seat], state: State, changes: _Changes,
                      notice: str | None = None) -> Update:
        # ``row`` is current: it was read under the channel's lock, and each commit since replaced it.
        table = self._table(row, seats, state)
        public, views = state.views([s.seat for s in seats if s.user_id is not None])
        private: dict[int, PrivateUpdate] = {}
        secrets_now: dict[int, dict[str, Any] | None] = {}
        for s in seats:
            if s.user_id is None:
                continue
            view = views[s.seat]
            secrets_now[s.seat] = secret = _secret_part(view, public)
            texts = changes.private.get(s.seat, [])
            if texts or secret != changes.before.get(s.seat):
                private[s.user_id] = PrivateUpdate(view, texts)
        if row.status == "active":  # the next act compares against these instead of building the views again
            self._secrets[row.id] = (row.version, secrets_now)
        image = await self._image(row.game, public, changes.last, seats) if self.render else None
        return Update(
            channel=row.channel_id, table=table, version=row.version, public_events=changes.public,
            public_view=public, private=private, awaited=list(table.awaited),
            finished=state.outcome() if changes.finished else None, image=image, notice=notice,
        )

    async def _image(self, game: str, view: dict[str, Any], last: dict[str, Any] | None,
                     seats: list[Seat]) -> bytes | None:
        try:
            import render
        except ImportError:
            return None
        board = getattr(render, "board", None)
        if board is None:
            return None
        kwargs: dict[str, Any] = {"last": last}
        if "names" in inspect.signature(board).parameters:
            kwargs["names"] = [s.name for s in seats]
        try:
            return await asyncio.to_thread(board, game, view, **kwargs)
        except Exception:  # an image must never cost a move: log it (in full once per game) and post without one
            if isinstance(sys.exc_info()[1], ModuleNotFoundError) and game not in self._render_failed:
                self._render_failed.add(game)
                log.warning("no board images for %s: %s", game, sys.exc_info()[1])
            elif game in self._render_failed:
                log.debug("rendering %s failed again", game, exc_info=True)
            else:
                self._render_failed.add(game)
                log.exception("rendering %s failed; posting without images", game)
            return None

    def _public_last(self, game: str, seat: int | None, action: str | None) -> dict[str, Any] | None:
        """The "last move" hint for the public board: never a secret choice (``Game.public_action``)."""
        if action is None or seat is None or game not in self.games:
            return None
        shown = self.games[game].public_action(action)
        return {"seat": seat, "action": shown} if shown is not None else None

    async def board_image(self, channel: int) -> bytes | None:
        """The current public board of the channel's game as PNG (None if it cannot be rendered)."""
        row = await self._any_row(channel)
        state = self._state(row)
        if state is None:
            return None
        last_move = next((e for e in reversed(await self.store.log(row.id)) if e.kind != "note"), None)
        last = self._public_last(row.game, last_move.seat, last_move.action) if last_move is not None else None
        return await self._image(row.game, state.view(None), last, await self.store.seats(row.id))

    async def legal(self, channel: int, user: int) -> list[tuple[str, str]]:
        _check_id(user, "user")
        row = await self._open_row(channel)
        if row.status != "active":
            return []
        seats = await self.store.seats(row.id)
        seat = next((s.seat for s in seats if s.user_id == user), None)
        if seat is None:
            raise TableError("You are not playing at this table.")
        state = self._state(row)
        assert state is not None
        return [(a, state.describe(a)) for a in state.legal_actions(seat)]

    async def table(self, channel: int) -> Table:
        row = await self._any_row(channel)
        return self._table(row, await self.store.seats(row.id), self._state(row))

    async def private_view(self, channel: int, user: int) -> dict[str, Any]:
        _check_id(user, "user")
        row = await self._any_row(channel)
        seats = await self.store.seats(row.id)
        seat = next((s.seat for s in seats if s.user_id == user), None)
        if seat is None:
            raise TableError("You are not playing at this table.")
        state = self._state(row)
        if state is None:
            raise TableError("The game has not started yet.")
        return state.view(seat)

    async def public_view(self, channel: int) -> dict[str, Any]:
        row = await self._any_row(channel)
        state = self._state(row)
        if state is None:
            raise TableError("The game has not started yet.")
        return state.view(None)

    async def log(self, channel: int, offset: int = 0, limit: int = 20) -> list[str]:
        """Public event lines, oldest first: the ``limit`` lines before the newest ``offset`` ones."""
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise TableError("The offset must be a number ≥ 0.")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
            raise TableError("The limit must be between 1 and 1000.")
        row = await self._any_row(channel)
        lines = [text for entry in await self.store.log(row.id) for text in entry.events]
        end = len(lines) - offset
        return lines[max(0, end - limit):max(0, end)]

    async def my_games(self, user: int, awaiting_only: bool = True) -> list[Table]:
        """Open tables of ``user``; by default only the running ones waiting for them."""
        _check_id(user, "user")
        out = []
        for row in await self.store.games_of_user(user):
            table = self._table(row, await self.store.seats(row.id), self._state(row))
            if not awaiting_only or user in table.awaited:
                out.append(table)
        return out

    async def history(self, channel: int) -> list[Table]:
        """Every game of a channel, oldest first (finished and abandoned ones included)."""
        rows = await self.store.history(_check_id(channel, "channel"))
        return [self._table(r, await self.store.seats(r.id), self._state(r)) for r in rows]

    async def next_due(self) -> float | None:
        """When ``due`` next has something to do (None: nothing pending): lets a scheduler sleep."""
        return await self.store.next_deadline()

    # ---- deadlines -------------------------------------------------------------------------
    async def due(self, now: float | None = None) -> list[Update]:
        """Send reminders and play for seats whose deadline passed (per the table's caretaker setting)."""
        now = self.clock() if now is None else now
        updates: list[Update] = []
        for dl in await self.store.due_deadlines(now):
            async with self._serial(dl.channel_id):
                try:
                    update = await self._handle_deadline(dl.game_id, dl.seat, now)
                except TableError:
                    continue
                except Exception:  # one broken table must not keep the others' deadlines from firing
                    log.exception("deadline of game %s seat %s failed", dl.game_id, dl.seat)
                    continue
                if update is not None:
                    updates.append(update)
        return updates

    async def _handle_deadline(self, game_id: int, seat: int, now: float) -> Update | None:
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return None
        current = next((d for d in await self.store.deadlines(game_id) if d.seat == seat), None)
        if current is None:
            return None  # handled meanwhile
        seats = await self.store.seats(game_id)
        state = self._state(row)
        assert state is not None
        who = seats[seat]
        if seat not in state.to_act() or who.is_bot:
            async with self.store.transaction() as tx:
                await tx.drop_deadlines(game_id, keep=[s for s in state.to_act() if not seats[s].is_bot])
            return None
        if current.due_at is None or current.due_at > now:
            if current.remind_at is None or current.remind_at > now:
                return None
            async with self.store.transaction() as tx:
                await tx.clear_reminder(game_id, seat)
            left = f" (deadline in {_duration(current.due_at - now)})" if current.due_at is not None else ""
            changes = _Changes(before={})
            update = await self._update(row, seats, state, changes,
                                        notice=f"Reminder: the table is waiting for {who.name}{left}.")
            update.awaited = [who.user_id] if who.user_id is not None else []
            update.private = {}
            return update
        return await self._timeout(row, seats, state, seat, now)

    async def _timeout(self, row: GameRow, seats: list[Seat], state: State, seat: int, now: float) -> Update:
        game = self.game(row.game)
        who = seats[seat]
        caretaker = row.settings.get("caretaker", "bot")
        changes = self._begin(row, state, seats)
        if caretaker == "none":
            async with self.store.transaction() as tx:
                await tx.clear_due(row.id, seat)
            notice = (f"{who.name}'s deadline passed. Nobody plays for them (caretaker: none): the host can hand the"
                      " seat over or abandon the game.")
            update = await self._update(row, seats, state, changes, notice=notice)
            update.private = {}
            return update
        skipped = played = 0
        for _ in range(MAX_CARETAKER_STEPS):
            if seat not in state.to_act():
                break
            skip = _skip_action(game, state, seat) if caretaker == "skip" else None
            action = skip or self._bot_choice(game, state, seat)
            row = await self._step(row, seats, state, seat, action, "caretaker", None, changes, now)
            skipped += skip is not None
            played += skip is None
        if played:
            notice = f"{who.name}'s deadline passed: the caretaker bot played for them."
        else:
            notice = f"{who.name}'s deadline passed: their turn was skipped."
        row = await self._run_bots(row, seats, state, changes, now)
        return await self._update(row, seats, state, changes, notice=notice)

    # ---- verification ----------------------------------------------------------------------
    async def rebuild(self, channel: int) -> State:
        """Replay seed + log of the channel's current (or latest) game; TableError if it differs from the snapshot."""
        row = await self._any_row(channel)
        state = await self.replay(row.id)
        if state is None:
            raise TableError("The game has not started yet.")
        if state.dump() != row.snapshot:
            raise TableError(f"Replaying the log of game {row.id} does not reproduce its saved state.")
        return state

    async def replay(self, game_id: int, on_step: Callable[[State, int, str], None] | None = None) -> State | None:
        """Rebuild a game from its seed and log; ``on_step(state, seat, action)`` is called after each action."""
        row = await self.store.game(game_id)
        if row is None or row.seed is None:
            return None
        game = self.game(row.game)
        seats = await self.store.seats(row.id)
        state = game.new_state(len(seats), row.seed, row.options)
        for entry in await self.store.log(row.id):
            if entry.kind == "note" or entry.action is None or entry.seat is None:
                continue
            state.apply(entry.seat, entry.action)
            if on_step is not None:
                on_step(state, entry.seat, entry.action)
        return state


def _h(hours: float) -> str:
    return f"{hours * 60:g} min" if 0 < hours < 1 else f"{hours:g} h"


def describe_settings(settings: Mapping[str, Any], keys: Any = None) -> str:
    """Table settings in words, e.g. "pace fast, reminder after 1 h, deadline after 4 h, at the deadline a bot
    plays, one live board edited in place" (only ``keys`` when given)."""
    words = {
        "pace": lambda v: f"pace {v}",
        "remind_hours": lambda v: f"reminder after {_h(v)}" if v else "no reminder",
        "deadline_hours": lambda v: f"deadline after {_h(v)}" if v else "no deadline",
        "caretaker": lambda v: {"bot": "at the deadline a bot plays", "skip": "at the deadline the turn is skipped",
                                "none": "at the deadline nothing is played"}.get(v, f"caretaker {v}"),
        "post": lambda v: {"every": "a new board message per move",
                           "live": "one live board edited in place"}.get(v, f"post {v}"),
    }
    shown = list(words) if keys is None else [k for k in words if k in keys]
    return ", ".join(words[k](settings[k]) for k in shown if k in settings)


def _bot_name(seats: list[Seat], fallback: str) -> str:
    """A free bot name that is not also a player's name ("Bot Anna" next to a human Anna would confuse)."""
    taken = {s.name.casefold() for s in seats} | {s.name.casefold().removeprefix("bot ") for s in seats}
    return next((f"Bot {n}" for n in BOT_NAMES if n.casefold() not in taken), fallback)


def name_seats(text: str, names: list[str]) -> str:
    """Replace the games' "Seat N"/"seat N" (N = 0-based seat number, as event params) with players' names."""

    def named(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return names[n] if 0 <= n < len(names) else match.group(0)

    return _SEAT_RE.sub(named, text)


def _after(start: float, remind: float, deadline: float, *, reminder: bool) -> float | None:
    """When a reminder / the deadline falls due (None = never). A reminder after the deadline is dropped."""
    if reminder:
        if not remind or (deadline and remind >= deadline):
            return None
        return start + remind * 3600
    return start + deadline * 3600 if deadline else None


def _skip_action(game: Game, state: State, seat: int) -> str | None:
    """The game's way to skip a turn: a ``skip_action(view, legal)`` hook, else a legal "skip"/"pass"."""
    legal = state.legal_actions(seat)
    hook = getattr(game, "skip_action", None)
    if callable(hook):
        choice = hook(state.view(seat), legal)
        return choice if choice in legal else None
    return next((a for a in SKIP_ACTIONS if a in legal), None)


def _duration(seconds: float) -> str:
    minutes = max(0, round(seconds / 60))
    if minutes < 90:
        return f"{minutes} min"
    hours = minutes / 60
    return f"{hours:.0f} h" if hours < 48 else f"{hours / 24:.0f} days"

