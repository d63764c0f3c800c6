"""The table's shared core (``TableCore``) and the base of its parts (``Part``): the store, the game registry,
per-channel locks, the one cache object, and turning committed rows into ``Table``/``Update`` (with the board
image)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
import weakref
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractContextManager, asynccontextmanager
from typing import Any

from bot.config import Tuning
from bot.lang import speaking
from bot.table.audience import Audience
from bot.table.caches import Caches
from bot.table.clocks import bank_left, bank_terms
from bot.table.images import BoardImages
from bot.table.in_words import named_alt_text, named_summary
from bot.table.model import (
    DamagedGame,
    PrivateUpdate,
    Seat,
    Table,
    TableError,
    Update,
    _Changes,
    _check_id,
    name_seats,
    secret_part,
)
from bot.table.news import news_of
from bot.table.search_pool import SearchPool
from bot.table.shards import Shards
from bot.table.store import GameRow, Store, StoreError
from rules.core import Event, Game, Outcome, State, printable, seed_digest
from rules.words import N_, Speaker, translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

SHUTTING_DOWN = N_("Kontor is restarting right now. Please try again in a minute: nothing was played.")
CHANGED_MEANWHILE = N_("The table changed meanwhile, so nothing was changed. Please try again.")


def table_language(settings: Mapping[str, Any]) -> str:
    """The language a table's channel reads (its setting ``language``); tables made before it read English."""
    return str(settings.get("language") or "en")


def channel_speaking(settings: Mapping[str, Any]) -> AbstractContextManager[Speaker]:
    """Speak what goes to a table's channel (public lines, notices, the board image) in its language. Only around
    the texts made for the channel: a refusal raised to the caller stays in the caller's language."""
    return speaking(table_language(settings))


class TableCore:
    """What every part of the table shares (docs/service.md, "Where the code lives"): the store, the game registry,
    the per-channel locks, the one cache object, and turning committed rows into ``Table``/``Update`` (with the board
    image). The parts (``Part``) each hold this one core; ``TableService`` is the façade over them."""

    def __init__(
        self,
        store: Store,
        *,
        render: bool = False,
        games: Mapping[str, Game] | None = None,
        clock: Callable[[], float] = time.time,
        images: BoardImages | None = None,
        search: SearchPool | None = None,
        shards: Shards | None = None,
        news: bool = False,
        cache_games: int | None = None,
    ) -> None:
        self.store = store
        # Several processes on one database: the games whose time this one keeps (bot/table/shards.py); None: all of
        # them.
        self.shards = shards
        self.search = search if search is not None else SearchPool()  # the strong bots' worker processes
        self.render = render  # whether each Update carries the board image
        self.news = news  # whether to keep each player's private news for the front end to deliver (bot/table/news.py)
        self.images = images if images is not None else BoardImages()  # the one image pipeline (bot/table/images.py)
        self._games = dict(games) if games is not None else None
        self.clock = clock
        # the most recently played games stay in memory (None: ``KONTOR_GAME_CACHE``; bot/table/caches.py)
        self.caches = Caches(cache_games if cache_games is not None else Tuning.from_env().game_cache)
        self.audience = Audience(store, self.caches, clock, self.game)  # what posting needs of the people
        # Only the locks in use: a lock is referenced while held (``async with``) or awaited (its waiter), and
        # one nobody holds or awaits can be replaced by a fresh one, so a weak map never grows with channels.
        self.locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # Shutting down: close() refuses new changes, lets the ones in flight finish (a bot chain stops at its next
        # step; the bots resume at the next start) and only then closes the store.
        self.closing = False
        self.closed = False
        self._inflight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        # Called with a game's row once its end has committed (the reviews' job starts from it: bot/table/learn/);
        # never raises into the move that ended the game.
        self.ended: list[Callable[[GameRow], None]] = []

    def game_ended(self, row: GameRow) -> None:
        for hook in self.ended:
            try:
                hook(row)
            except Exception:  # what follows an end never costs the move that ended the game
                log.exception("game %s: a hook at its end failed", row.id)

    async def owns(self, game_id: int) -> bool:
        """Whether this process keeps the game's time (always, unless sharded: bot/table/shards.py)."""
        if self.shards is None:
            return True
        row = await self.store.game(game_id)
        return row is not None and self.shards.owns(row.guild_id)

    async def drain(self) -> None:
        """Refuse new changes and wait for those in flight (each step commits or rolls back whole; a bot chain stops
        at its next step and resumes at the next start, see ``wake_bots``). The store stays open for reads."""
        self.closing = True
        await self._idle.wait()

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
            raise TableError(_("Unknown game '{name}'. Available: {games}.").format(
                name=printable(str(name)), games=", ".join(self.games) or _("none")))
        return self.games[key]

    def lock(self, channel: int) -> asyncio.Lock:
        lock = self.locks.get(channel)
        if lock is None:  # the caller's ``async with`` keeps it alive while it is held or awaited
            lock = self.locks[channel] = asyncio.Lock()
        return lock

    @asynccontextmanager
    async def change(self, channel: int) -> AsyncIterator[None]:
        """The channel's lock for a change, counted as in flight so close() waits for it (refused once closing)."""
        if self.closing:
            raise TableError(_(SHUTTING_DOWN))
        self._inflight += 1
        self._idle.clear()
        try:
            async with self.lock(channel):
                yield
        except StoreError:
            # A change that lost a version race to another process sharing the database (PostgreSQL; one process
            # never races itself: the channel's lock). Its transaction rolled back whole; act() says so itself.
            self.caches.rows.pop(channel, None)
            raise TableError(_(CHANGED_MEANWHILE)) from None
        finally:
            self._inflight -= 1
            if not self._inflight:
                self._idle.set()

    @asynccontextmanager
    async def serial(self, channel: int) -> AsyncIterator[None]:
        """The channel's lock for any change but act(): the row act() cached may not survive it, so drop it."""
        async with self.change(channel):
            self.caches.rows.pop(channel, None)
            yield

    async def open_row(self, channel: int, *, damaged_ok: bool = False) -> GameRow:
        """The channel's open game; ``DamagedGame`` if any part of it cannot be read, unless ``damaged_ok`` (abandon
        needs only the row's plain columns and its seats)."""
        row = await self.store.open_game(_check_id(channel, "channel"))
        if row is None:
            raise TableError(_("There is no open game in this channel. Start one with /game new."))
        if not damaged_ok:
            await self.check_readable(row)
        return row

    async def check_readable(self, row: GameRow) -> None:
        """``DamagedGame`` unless the row, its snapshot and (once started) its seats can be read and fit together."""
        state = self.state(row)
        if state is not None:  # a running game: its seats must fit its state, before anything indexes them
            self.check_seats(row, await self.store.seats(row.id), state)

    async def any_row(self, channel: int) -> GameRow:
        row = await self.store.latest_game(_check_id(channel, "channel"))
        if row is None:
            raise TableError(_("No game has been played in this channel yet."))
        return row

    def damaged(self, row: GameRow, part: str) -> DamagedGame:
        """The refusal for a game whose saved ``part`` cannot be read; logged with the game's id, never its data."""
        log.warning("game %s (channel %s): its saved %s is damaged", row.id, row.channel_id, part)
        return DamagedGame(row.id, part)

    def state(self, row: GameRow) -> State[Any] | None:
        """The game's state (None before the start); ``DamagedGame`` if any part of the row cannot be read."""
        if row.damaged:
            raise self.damaged(row, row.damaged)
        if row.snapshot is None:
            if row.seed is not None or row.status in ("active", "finished"):  # a started game always has one
                raise self.damaged(row, "snapshot")
            return None
        cached = self.caches.states.get(row.id)
        if cached is not None and cached[0] == row.version:
            return cached[1]
        game = self.game(row.game)
        try:
            state = game.load(row.snapshot)
            state.to_act()  # a snapshot of the wrong shape may load and fail only when asked
        except Exception as exc:  # not JSON, the wrong shape, a game that cannot load it: the row is damaged
            raise self.damaged(row, f"snapshot ({type(exc).__name__})") from None
        if row.open:  # cache only running games, so finished ones do not pile up in memory
            self.caches.states[row.id] = (row.version, state)
        return state

    @staticmethod
    def player_seat(seats: list[Seat], user: int) -> int:
        """``user``'s seat among ``seats``; the refusal for someone who does not play at this table."""
        seat = next((s.seat for s in seats if s.user_id == user), None)
        if seat is None:
            raise TableError(_("You are not playing at this table."))
        return seat

    def check_seats(self, row: GameRow, seats: list[Seat], state: State[Any] | None) -> None:
        """Seats are numbered 0..n-1 and, once the game has started, match its player count (seats[s] is safe)."""
        if any(s.seat != i for i, s in enumerate(seats)) or (state is not None and state.num_players != len(seats)):
            raise self.damaged(row, "seats")

    def table(self, row: GameRow, seats: list[Seat], state: State[Any] | None) -> Table:
        if row.damaged:
            raise self.damaged(row, row.damaged)
        self.check_seats(row, seats, state)
        outcome = None
        if row.outcome:
            try:
                outcome = Outcome(**row.outcome)
            except TypeError:
                raise self.damaged(row, "outcome") from None
            if not all(isinstance(part, list) for part in (outcome.scores, outcome.ranks, outcome.breakdown)):
                raise self.damaged(row, "outcome")
        awaited = tuple(state.to_act()) if state is not None and row.status == "active" else ()
        secret = len(awaited) > 1 and state is not None and state.secret_simultaneous()
        table = self.plain_table(row, seats, awaited, outcome, self.game(row.game), secret)
        return dataclasses.replace(table, moves=state.ply) if state is not None else table

    def plain_table(self, row: GameRow, seats: list[Seat], awaited: tuple[int, ...] = (),
                     outcome: Outcome | None = None, game: Game | None = None, secret: bool = False) -> Table:
        """A Table from the row's plain columns; alone (no state, outcome or options) it describes a damaged row."""
        game = game or self.games.get(row.game)
        ended = row.status in ("finished", "abandoned")
        return Table(
            game_id=row.id, channel=row.channel_id, guild=row.guild_id, game=row.game,
            title=game.title if game is not None else row.game, status=row.status, version=row.version,
            seats=tuple(seats), creator=row.creator_id, options=dict(row.options), settings=dict(row.settings),
            awaited_seats=awaited,
            awaited=tuple(seats[s].user_id for s in awaited if seats[s].user_id is not None),  # type: ignore[misc]
            seed_digest=seed_digest(row.seed) if row.seed is not None else None,
            seed=row.seed if ended else None, outcome=outcome, live_message_id=row.live_message_id,
            min_players=game.min_players if game is not None else len(seats),
            max_players=game.max_players if game is not None else len(seats),
            created_at=row.created_at, updated_at=row.updated_at,
            paused=self.caches.pauses[row.id][1] if row.id in self.caches.pauses else None,
            paused_since=self.caches.pauses[row.id][0] if row.id in self.caches.pauses else None,
            secret=secret,
            caretaken=tuple(sorted(self.caches.caretaken.get(row.id, {}))),
            away=tuple(s.seat for s in seats if s.user_id is not None and (row.id, s.user_id) in self.caches.aways),
        )

    async def with_banks(self, row: GameRow, table: Table) -> Table:
        """The table with each seat's bank left now (None: a bot, or an untimed table; bot/table/timebank.py)."""
        terms = bank_terms(row.settings)
        if terms is None or row.status != "active":
            return table
        running = await self.store.clock_rows(row.id)
        stored = await self.store.banks(row.id)
        now = self.clock() if table.paused_since is None else table.paused_since
        banks = tuple(None if s.is_bot else bank_left(running.get(s.seat, (None, None))[1], stored.get(s.seat), terms,
                                                      now) for s in table.seats)
        return table.with_banks(banks)

    async def lobby_update(self, row_id: int, texts: list[str], notice: str | None = None) -> Update:
        row = await self.store.game(row_id)
        assert row is not None
        seats = await self.store.seats(row.id)
        table = self.table(row, seats, self.state(row))
        ended = self.news and row.status in ("finished", "abandoned")  # everyone's last news, with the end
        chances: tuple[float, ...] = ()
        if row.status == "lobby":  # the ratings' forecast for the table about to start (a rated table of humans)
            from bot.table.club.seasons import lobby_chances  # the club's parts build on this core

            chances = await lobby_chances(self.store, row.guild_id, row.game, row.settings, seats)
        return Update(channel=row.channel_id, table=table, version=row.version, public_events=texts, notice=notice,
                      readers=await self.audience.readers(seats),
                      news=await self.audience.news_due(row, []) if ended else {}, chances=chances)

    async def committed_update(self, row: GameRow, seats: list[Seat], texts: list[str]) -> Update:
        """The Update of a change already committed (``row`` as committed). Never raises: the change stands, so
        when the full Update cannot be built (a damaged row, a game this build lacks, a failed read) the caller
        gets one from what was committed."""
        try:
            return await self.lobby_update(row.id, texts)
        except Exception as exc:
            log.warning("game %s: answering from the committed row (%s)", row.id, type(exc).__name__)
            return Update(channel=row.channel_id, table=self.plain_table(row, seats), version=row.version,
                          public_events=texts)


    def keep(self, row: GameRow) -> None:
        """Cache a running game's row as act() committed (or found) it, for the channel's next act(). Not when other
        processes write the database too (``Store.shared``, PostgreSQL): a row they moved on would make act() refuse
        from a stale board, so act() reads the row each time (the version-keyed caches stay: docs/storage.md)."""
        if row.status == "active" and not self.store.shared:
            self.caches.rows[row.channel_id] = row

    async def running_seats(self, row: GameRow) -> list[Seat]:
        """The seats of a running game; call under the channel's lock (the cache is filled by this game's steps)."""
        cached = self.caches.seats.get(row.id)
        if cached is not None and cached[0] == row.version:
            return list(cached[1])
        return await self.store.seats(row.id)

    def begin(self, row: GameRow, state: State[Any], seats: list[Seat]) -> _Changes:
        """Start collecting changes: each human seat's secret part now (the last update's, when it is current)."""
        awaited = frozenset(state.to_act())
        cached = self.caches.secrets.get(row.id)
        if cached is not None and cached[0] == row.version:
            return _Changes(before=dict(cached[1]), awaited_before=awaited)
        public, views = state.views([s.seat for s in seats if not s.is_bot])
        return _Changes(before={s: secret_part(view, public) for s, view in views.items()}, awaited_before=awaited)

    def texts(self, game: Game, events: list[Any], seats: list[Seat], seat: int | None) -> list[str]:
        """The texts of the events ``seat`` (None: the channel) sees, players named, in the language spoken now."""
        names = [s.name for s in seats]
        return [name_seats(game.event_text(e), names) for e in events if e.visible_to(seat)]

    async def update(self, row: GameRow, seats: list[Seat], state: State[Any], changes: _Changes,
                     notice: str | None = None, *, told: bool = True) -> Update:
        """The Update of a committed change. ``told=False``: it tells no player anything privately (a reminder, a
        question about a spent bank): no private part, no news kept."""
        # ``row`` is current: it was read under the channel's lock, and each commit since replaced it.
        table = await self.with_banks(row, self.table(row, seats, state))
        public, views = state.views([s.seat for s in seats if s.user_id is not None])
        private: dict[int, PrivateUpdate] = {}
        secrets_now: dict[int, dict[str, Any] | None] = {}
        for s in seats:
            if s.user_id is None:
                continue
            view = views[s.seat]
            secrets_now[s.seat] = secret = secret_part(view, public)
            texts = changes.private.get(s.seat, [])
            if texts or secret != changes.before.get(s.seat):
                private[s.user_id] = PrivateUpdate(view, texts)
        if row.status == "active":  # the next act compares against these instead of building the views again
            self.caches.secrets[row.id] = (row.version, secrets_now)
        if not told:
            private = {}
        begins = self.audience.begins(table, seats, changes.awaited_before) if told else []
        news_due = {}
        if self.news and told:
            await self.audience.keep_news(row, news_of(private, public, seats, changes.before, changes.actor))
            news_due = await self.audience.news_due(row, [u for s in begins if s != changes.actor
                                                          and (u := seats[s].user_id) is not None])
        names = [s.name for s in seats]
        game = self.game(row.game)
        image = focus = None
        if self.render:
            with channel_speaking(row.settings):  # the public board is the channel's: in its language
                if row.status == "active":  # and a zoom on the decision's part, for phones: from the same drawing
                    image, focus = await self.images.board_with_focus(row.game, public, last=changes.last,
                                                                      last_events=changes.last_events, names=names)
                else:
                    image = await self.image(row.game, public, changes.last, seats, changes.last_events)
        last_line = changes.public[-1] if changes.public else None  # the last move the board shows

        def words() -> tuple[str, str, str]:
            with channel_speaking(row.settings):
                return (named_summary(game, public, names),
                        named_alt_text(game, public, names, last_line) if image is not None else "",
                        named_alt_text(game, public, names) if focus is not None else "")

        return Update(
            channel=row.channel_id, table=table, version=row.version, public_events=changes.public,
            public_view=public, private=private,
            # never ping who left, nor who is away
            awaited=[u for u in table.awaited if u not in self.caches.departed.get(row.id, ())
                     and (row.id, u) not in self.caches.aways],
            finished=state.outcome() if changes.finished else None, image=image, focus=focus, notice=notice,
            words=words,
            readers=await self.audience.readers(seats),
            screens={s.user_id: views[s.seat] for s in seats if s.user_id is not None},
            since=await self.audience.since(row, seats, begins),
            begins=tuple(u for s in begins if (u := seats[s].user_id) is not None), news=news_due,
            report=changes.report if changes.finished else None,
            chart=changes.chart if changes.finished else None,
        )

    async def image(self, game: str, view: dict[str, Any], last: dict[str, Any] | None, seats: list[Seat],
                     last_events: list[Event] | None = None) -> bytes | None:
        """The public board through the image pipeline (never raises: a failed image never costs a move)."""
        return await self.images.board(game, view, last=last, last_events=last_events, names=[s.name for s in seats])

    def label(self, state: State[Any], seat: int, action: str, seats: list[Seat]) -> str | None:
        """The action's label as ``seat``'s menu shows it, or None for an action the rules cannot describe (it is
        about to be refused)."""
        try:
            return name_seats(state.describe_for(seat, action), [s.name for s in seats])
        except Exception:  # describing an illegal action may fail: ``apply`` gives the refusal
            return None

    def menu(self, state: State[Any], seat: int, seats: list[Seat]) -> list[tuple[str, str]]:
        """``seat``'s legal actions with their labels, players named: the one way menus are labelled."""
        names = [s.name for s in seats]
        return [(a, name_seats(state.describe_for(seat, a), names)) for a in state.legal_actions(seat)]

    def public_last(self, game: str, seat: int | None, action: str | None) -> dict[str, Any] | None:
        """The "last move" hint for the public board: never a secret choice (``Game.public_action``)."""
        if action is None or seat is None or game not in self.games:
            return None
        shown = self.games[game].public_action(action)
        return {"seat": seat, "action": shown} if shown is not None else None



class Part:
    """One concern of the table (a lobby, moves, clocks, …) over the shared core; ``TableService`` assembles them."""

    def __init__(self, core: TableCore) -> None:
        self.core = core
        self.caches = core.caches

    @property
    def store(self) -> Store:
        return self.core.store
