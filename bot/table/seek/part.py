"""``Seeks``, the part of the table that runs each server's seek queue (docs/seeking.md): players say what they want
to play, and when enough compatible seeks wait, a table forms by itself, asks its players "I'm in", and starts once
all are in.

Every change is one transaction: a seek is stored and the tables it completes are formed in the same one, and a seek
is seated only while it still waits (``seat_seeks`` refuses otherwise and the whole change rolls back), so two seeks
completing a table at once, even from two processes, never seat anyone twice. A formed table then goes through steps
that each can run again after a restart: its thread recorded, its players asked (their day to answer starts then),
and once all are in, its game opened (the table pointing at it, its seeks consumed, in the game's own transaction)
and started. The scheduler drops the seats not taken within the day, expires old seeks, and offers the free seats to
the queue (``seek_due``). A table whose thread cannot be made is dissolved, its players back in the queue at their
place: at once when the front end says retrying will not mend it (``NoThread(lasting=True)``: a permission missing),
else once ``THREAD_GRACE_S`` has passed since it formed."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any

from bot.table.club.ratings import ALL_TIME, shown
from bot.table.core import Part, TableCore, channel_speaking
from bot.table.lobby import Lobby
from bot.table.model import Seat, TableError, Update, _check_id, _clean_name
from bot.table.seek.matching import Formed, Seeker, form_all, refill
from bot.table.seek.views import (
    DEFAULT_EXPIRY_DAYS,
    MAX_BAND,
    MAX_EXPIRY_DAYS,
    PING_EVERY_S,
    READY_HOURS,
    THREAD_GRACE_S,
    NoThread,
    SeekChange,
    SeekEntry,
    SeekPosted,
    SeekSeat,
    SeekSettings,
    SeekTable,
    Unseeked,
)
from bot.table.settings import PACES, normalise_settings
from bot.table.store import Store
from bot.table.store.seek_rows import SeekRow, SeekServerRow, SeekTableRow
from rules.words import translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

#: ``set_seek_settings``' marker for "leave as it is"
KEEP: Any = object()


def parse_players(players: str | int | None, low: int, high: int) -> tuple[int, int]:
    """"3-4", "4" or None (any size the game allows) -> (low, high) within the game's sizes; TableError otherwise."""
    if players is None or str(players).strip() == "":
        return low, high
    text = str(players).replace("–", "-").replace(" ", "")
    try:
        a, _sep, b = text.partition("-")
        lo, hi = int(a), int(b or a)
    except ValueError:
        raise TableError(_("Give the number of players as a number or a range, such as 4 or 3-4.")) from None
    if not low <= lo <= hi <= high:
        raise TableError(_("This game is played by {low}–{high} players: choose a number within that.").format(
            low=low, high=high))
    return lo, hi


class Seeks(Part):
    def __init__(self, core: TableCore, lobby: Lobby) -> None:
        super().__init__(core)
        self.lobby = lobby
        self._lock = asyncio.Lock()  # one queue change at a time in this process (the store guards across them)

    @asynccontextmanager
    async def _serial(self) -> AsyncIterator[None]:
        async with self._lock:
            yield

    # ---- the server's settings ----------------------------------------------------------------------------------
    async def seek_settings(self, guild: int) -> SeekSettings:
        row = await self.store.seek_server(_check_id(guild, "server"))
        return _settings(row)

    async def set_seek_settings(self, guild: int, *, channel: int | None = KEEP, role: int | None = KEEP,
                                expiry_days: float | None = None, band: int | None = None) -> SeekSettings:
        """Change what is given (``channel``/``role`` None: none). ``band`` 0: no band. Who may is the front end's to
        check (Manage Server)."""
        guild = _check_id(guild, "server")
        for value, what in ((channel, "channel"), (role, "role")):
            if value is not KEEP and value is not None:
                _check_id(value, what)
        if expiry_days is not None and not 0 < expiry_days <= MAX_EXPIRY_DAYS:
            raise TableError(_("A seek lasts from a few hours up to {n} days: give a number of days within that.")
                             .format(n=int(MAX_EXPIRY_DAYS)))
        if band is not None and not 0 <= band <= MAX_BAND:
            raise TableError(_("The rating band is 0 (off) to {n} points.").format(n=MAX_BAND))
        async with self.store.transaction() as tx:
            row = await tx.seek_server(guild)
            row = dataclasses.replace(
                row, channel_id=row.channel_id if channel is KEEP else channel,
                role_id=row.role_id if role is KEEP else role,
                expiry_days=row.expiry_days if expiry_days is None else float(expiry_days),
                band=row.band if band is None else (band or None))
            await tx.put_seek_server(guild, row, self.core.clock())
        return _settings(row)

    # ---- seeking ------------------------------------------------------------------------------------------------
    async def seek(self, guild: int, channel: int, user: int, name: str, game: str, players: str | int | None = None,
                   pace: str | None = None, rated: bool = True, language: str = "en") -> SeekPosted:
        """Put ``user`` in the server's queue for ``game`` (one seek per player and game: seeking again changes its
        terms and keeps its place), and form every table the queue can now seat."""
        guild, channel, user = _check_id(guild, "server"), _check_id(channel, "channel"), _check_id(user, "user")
        g = self.core.game(game)
        low, high = parse_players(players, g.min_players, g.max_players)
        pace = (pace or "daily").strip().lower()
        if pace not in PACES:
            raise TableError(_("Setting {key} must be one of: {choices}.").format(key="pace",
                                                                                  choices=", ".join(PACES)))
        now = self.core.clock()
        async with self._serial(), self.store.transaction() as tx:
            server = await tx.seek_server(guild)
            old = await tx.seek_of(guild, user, g.name)
            if old is not None and old.table_id is not None:
                raise TableError(_("The queue has already seated you at a table of {game}: press I'm in there, or"
                                   " leave it with /seek cancel.").format(game=_(g.title)))
            expiry = (server.expiry_days or DEFAULT_EXPIRY_DAYS) * 86400
            row = SeekRow(guild, user, g.name, _clean_name(name), low, high, pace, bool(rated), channel, language,
                          now if old is None else old.created_at, now + expiry, None, False, None)
            await tx.put_seek(row)
            ping = None
            if old is None and server.role_id is not None and (
                    server.pinged_at is None or now - server.pinged_at >= PING_EVERY_S):
                ping = server.role_id
                await tx.put_seek_server(guild, dataclasses.replace(server, pinged_at=now), now)
            formed = await self._form(tx, server, guild, g.name, now)
            waiting = len(await tx.queue(guild, g.name))
        return SeekPosted(self._entry(row), old is not None, ping, [await self.seek_table(t) for t in formed],
                          waiting)

    async def _seekers(self, store: Store, guild: int, game: str, rows: Sequence[SeekRow],
                       band: int | None) -> list[Seeker]:
        ratings: dict[int, int] = {}
        if band and store.club_tables:
            known = await store.ratings_of(guild, game, ALL_TIME, [r.user_id for r in rows])
            ratings = {u: shown(r.mu, r.sigma) for u, r in known.items()}
        return [Seeker(r.user_id, r.size_min, r.size_max, r.pace, r.rated, ratings.get(r.user_id, 1000))
                for r in rows]

    async def _form(self, tx: Store, server: SeekServerRow, guild: int, game: str, now: float) -> list[int]:
        """Inside ``tx``: form every table the queue of ``game`` can seat; returns their ids."""
        queue = await tx.queue(guild, game)
        by_user = {r.user_id: r for r in queue}
        made = []
        for found in form_all(await self._seekers(tx, guild, game, queue, server.band), server.band):
            made.append(await self._make_table(tx, server, guild, game, found, by_user, now))
        return made

    async def _make_table(self, tx: Store, server: SeekServerRow, guild: int, game: str, found: Formed,
                          by_user: dict[int, SeekRow], now: float) -> int:
        anchor = by_user[found.players[0].user]
        settings = {"pace": anchor.pace, "rated": "on" if anchor.rated else "off", "language": anchor.language}
        home = server.channel_id or anchor.channel_id
        table = await tx.insert_seek_table(guild, game, (found.low, found.size), settings, home, now)
        await tx.seat_seeks(guild, game, [p.user for p in found.players], table, None)  # asked once posted
        return table

    async def seek_list(self, guild: int, game: str | None = None) -> list[SeekEntry]:
        """The server's seeks (of one game), oldest first: those waiting, and those seated at a forming table."""
        guild = _check_id(guild, "server")
        name = None if game is None else self.core.game(game).name
        return [self._entry(r) for r in await self.store.all_seeks(guild, name) if r.game in self.core.games]

    async def forming_seek_tables(self, guild: int) -> list[SeekTable]:
        """The server's tables the queue formed that have not started (nor been dissolved), oldest first."""
        guild = _check_id(guild, "server")
        return [await self._view(r) for r in await self.store.seek_tables("forming") if r.guild_id == guild]

    def _entry(self, r: SeekRow) -> SeekEntry:
        return SeekEntry(r.user_id, r.name, r.game, self.core.game(r.game).title, r.size_min, r.size_max, r.pace,
                         r.rated, r.created_at, r.expires_at, r.table_id)

    async def unseek(self, guild: int, user: int, game: str | None = None) -> Unseeked:
        """Leave the queue (for ``game``; None: every game). A seat at a forming table is given up too: it is offered
        to the queue like a dropped one."""
        guild, user = _check_id(guild, "server"), _check_id(user, "user")
        name = None if game is None else self.core.game(game).name
        now = self.core.clock()
        changes = []
        async with self._serial():
            mine = [s for s in await self.store.seeks_of_user(guild, user) if name is None or s.game == name]
            if not mine:
                raise TableError(_("You are not in the queue for that game.") if name is not None
                                 else _("You are not in the queue."))
            waiting = [s.game for s in mine if s.table_id is None]
            if waiting:
                async with self.store.transaction() as tx:
                    await tx.delete_seeks(guild, user, waiting)
            for table_id in sorted({s.table_id for s in mine if s.table_id is not None}):
                change = await self._rebalance(table_id, [user], now)
                if change is not None:
                    changes.append(change)
        return Unseeked(sorted(s.game for s in mine), changes)

    # ---- the tables ---------------------------------------------------------------------------------------------
    async def seek_table(self, table_id: int) -> SeekTable:
        row = await self.store.seek_table(_check_id(table_id, "table"))
        if row is None:
            raise TableError(_("That table of the queue no longer exists."))
        return await self._view(row)

    async def _view(self, row: SeekTableRow) -> SeekTable:
        seats = [SeekSeat(s.user_id, s.name, s.ready, s.due_at, s.channel_id) for s in await self.store.seated(row.id)]
        if row.status == "started" and row.game_id is not None:  # its seeks are consumed: the game's seats say who
            seats = [SeekSeat(s.user_id, s.name, True, None) for s in await self.store.seats(row.game_id)
                     if s.user_id is not None]
        title = self.core.game(row.game).title if row.game in self.core.games else row.game
        return SeekTable(row.id, row.guild_id, row.game, title, row.size_min, row.size_max,
                         str(row.settings.get("pace", "daily")), row.settings.get("rated", "on") == "on",
                         str(row.settings.get("language", "en")), row.home_id, row.channel_id, row.message_id,
                         row.game_id, row.status, seats)

    async def open_seek_tables(self, make_channel: Callable[[SeekTable], Awaitable[int]]) -> tuple[
            list[SeekTable], list[Update], list[SeekChange]]:
        """What the front end does after any change, and at every start, safe to run again: a thread for every formed
        table without one (``make_channel``, asked once per table), and the tables whose players must be asked (a new
        table, or seats offered to the queue: the front end posts "I'm in" and calls ``seek_asked``); the games of
        tables all in whose start a restart cut short (their Updates, to post); and the tables dissolved because their
        thread cannot be made (``NoThread``; their players to tell). A thread that fails for another reason is tried
        again at the next pass, one table's failure keeping no other from its thread."""
        asks, started, lost = [], [], []
        for row in await self.store.seek_tables("forming"):
            if not self._mine(row.guild_id):
                continue
            if row.channel_id is None:
                try:
                    where = _check_id(await make_channel(await self._view(row)), "channel")
                except NoThread as exc:
                    late = exc.lasting or self.core.clock() - row.created_at >= THREAD_GRACE_S
                    if late and (change := await self._unopened(row.id)) is not None:
                        lost.append(change)
                    continue
                except Exception:  # a front end's failure: logged, and tried again at the next pass
                    log.warning("the thread of seek table %s could not be made", row.id, exc_info=True)
                    continue
                async with self.store.transaction() as tx:
                    await tx.set_seek_table(row.id, self.core.clock(), channel_id=where)
                row = dataclasses.replace(row, channel_id=where)
            if any(not s.ready and s.due_at is None for s in await self.store.seated(row.id)):
                asks.append(await self._view(row))
        for row in await self.store.seek_tables("started"):
            game = None if row.game_id is None else await self.store.game(row.game_id)
            if self._mine(row.guild_id) and game is not None and game.status == "lobby" and row.channel_id:
                started.append(await self.lobby.start(row.channel_id, game.creator_id))
        return asks, started, lost

    async def _unopened(self, table_id: int) -> SeekChange | None:
        """Dissolve a forming table that has no thread: its players go back to the queue at their old place (their
        seeks renewed). No table is formed again here: the same thread would fail the same way; the next seek or
        change of the queue forms them again."""
        now = self.core.clock()
        async with self._serial():
            async with self.store.transaction() as tx:
                row = await tx.seek_table(table_id)
                if row is None or row.status != "forming" or row.channel_id is not None:
                    return None
                seated = await tx.seated(table_id)
                server = await tx.seek_server(row.guild_id)
                if seated:
                    await tx.unseat(table_id, [s.user_id for s in seated],
                                    now + (server.expiry_days or DEFAULT_EXPIRY_DAYS) * 86400)
                await tx.set_seek_table(table_id, now, when="forming", status="dissolved")
            view = await self._view(dataclasses.replace(row, status="dissolved"))
        back = [SeekSeat(s.user_id, s.name, False, None, s.channel_id) for s in seated]
        return SeekChange(view, dissolved=True, unopened=True, returned=back)

    async def seek_asked(self, table_id: int, message_id: int | None) -> SeekTable:
        """The table's players were asked (its "I'm in" post): each seat not asked before has a day from now."""
        now = self.core.clock()
        async with self.store.transaction() as tx:
            await tx.ask_seated(table_id, now + READY_HOURS * 3600)
            if message_id is not None:
                await tx.set_seek_table(table_id, now, message_id=_check_id(message_id, "message"))
        return await self.seek_table(table_id)

    async def seek_ready(self, table_id: int, user: int) -> SeekChange:
        """``user`` is in. Once every seated player is, the game opens in the table's thread and starts."""
        _check_id(user, "user")
        async with self._serial():
            row = await self.store.seek_table(_check_id(table_id, "table"))
            if row is None or row.status == "dissolved":
                raise TableError(_("This table did not come together: its players are back in the queue."))
            if row.status == "started":
                raise TableError(_("This table has already started."))
            seats = await self.store.seated(row.id)
            if not any(s.user_id == user for s in seats):
                raise TableError(_("This table is for the players the queue seated at it; /seek game puts you in the"
                                   " queue."))
            async with self.store.transaction() as tx:
                await tx.set_ready(row.id, user)
            if not all(s.ready or s.user_id == user for s in seats) or len(seats) < row.size_min:
                return SeekChange(await self._view(row))
            return SeekChange(await self._view(row), started=await self._start(row))

    async def _start(self, row: SeekTableRow) -> Update:
        seats = await self.store.seated(row.id)
        if row.channel_id is None:
            raise TableError(_("This table has no thread yet."))
        g = self.core.game(row.game)

        async def link(tx: Store, game_id: int) -> None:
            if await tx.set_seek_table(row.id, self.core.clock(), when="forming", game_id=game_id,
                                       status="started") != 1:
                raise TableError(_("This table has already started."))
            await tx.drop_seated(row.id)  # the seeks are fulfilled

        settings = normalise_settings(row.settings)
        with channel_speaking(settings):
            text = _("The queue seated {names} at this table.").format(names=", ".join(s.name for s in seats))
        host = seats[0].user_id
        await self.lobby.open_table(row.channel_id, row.guild_id, g.name, {}, settings, host,
                                    [Seat(i, s.user_id, s.name) for i, s in enumerate(seats)], text, linked=link,
                                    seek_table=row.id)
        return await self.lobby.start(row.channel_id, host)

    # ---- the scheduler's side -----------------------------------------------------------------------------------
    async def next_seek_due(self) -> float | None:
        return await self.store.next_seek_time(THREAD_GRACE_S)

    async def seek_due(self, now: float | None = None) -> list[SeekChange]:
        """Expire the seeks whose time is up; drop the seats not taken within their day, offer them to the queue, and
        start or dissolve those tables. Returns what changed at each table, for the front end to say."""
        now = self.core.clock() if now is None else now
        changes = []
        async with self._serial():
            async with self.store.transaction() as tx:
                await tx.expire_seeks(now)
            threadless = [r.id for r in await self.store.threadless_tables(now - THREAD_GRACE_S)
                          if self._mine(r.guild_id)]
            for table_id in await self.store.late_tables(now):
                row = await self.store.seek_table(table_id)
                if row is None or not self._mine(row.guild_id):
                    continue
                late = [s.user_id for s in await self.store.seated(table_id)
                        if not s.ready and s.due_at is not None and s.due_at <= now]
                try:
                    change = await self._rebalance(table_id, late, now)
                except Exception:  # one broken table must not keep the others' seats from being handled
                    log.exception("the late seats of seek table %s could not be handled", table_id)
                    continue
                if change is not None:
                    changes.append(change)
        for table_id in threadless:  # formed over THREAD_GRACE_S ago, and the front end never made its thread
            if (change := await self._unopened(table_id)) is not None:
                changes.append(change)
        return changes

    async def _rebalance(self, table_id: int, drop: list[int], now: float) -> SeekChange | None:
        """Drop ``drop``'s seats (their seeks end), then keep the table full from the queue, or smaller when the queue
        cannot fill it but everyone accepts the smaller size, or else dissolve it (its players back in the queue at
        their old place). Starts it when everyone left is in."""
        row = await self.store.seek_table(table_id)
        if row is None or row.status != "forming":
            return None
        names = {s.user_id: s.name for s in await self.store.seated(table_id)}
        async with self.store.transaction() as tx:
            if drop:
                await tx.drop_seated(table_id, drop)
            seated = await tx.seated(table_id)
            server = await tx.seek_server(row.guild_id)
            queue = await tx.queue(row.guild_id, row.game)
            seekers = await self._seekers(tx, row.guild_id, row.game, [*seated, *queue], server.band)
            mine, waiting = seekers[:len(seated)], seekers[len(seated):]
            pace, rated = str(row.settings.get("pace")), row.settings.get("rated", "on") == "on"
            chosen: list[Seeker] | None = None
            size = row.size_max
            least = max([2, len(seated), *(m.low for m in mine)])  # the players left accept no smaller table
            for size in range(row.size_max, least - 1, -1):
                found = refill(waiting, mine, size, pace, rated, size - len(seated), server.band)
                if len(found) == size - len(seated):
                    chosen = found
                    break
            if chosen is None:
                await tx.unseat(table_id, [s.user_id for s in seated],
                                now + (server.expiry_days or DEFAULT_EXPIRY_DAYS) * 86400)
                await tx.set_seek_table(table_id, now, status="dissolved")
                # the seeks back in the queue may form another table (the front end's next pass asks its players)
                await self._form(tx, server, row.guild_id, row.game, now)
            else:
                if chosen:
                    await tx.seat_seeks(row.guild_id, row.game, [c.user for c in chosen], table_id, None)
                low = max(s.low for s in [*mine, *chosen])
                await tx.set_seek_table(table_id, now, size_min=low, size_max=size)
        row = await self.store.seek_table(table_id)
        assert row is not None
        view = await self._view(row)
        gone = [names.get(u, "?") for u in drop]
        if chosen is None:
            return SeekChange(view, dropped=gone, dissolved=True)
        if not chosen and all(s.ready for s in view.seats):
            return SeekChange(view, dropped=gone, started=await self._start(row))
        return SeekChange(view, dropped=gone, added=[c.user for c in chosen])

    def _mine(self, guild: int) -> bool:
        shards = self.core.shards
        return shards is None or shards.owns(guild)


def _settings(row: SeekServerRow) -> SeekSettings:
    return SeekSettings(row.channel_id, row.role_id, row.expiry_days or DEFAULT_EXPIRY_DAYS, row.band)
