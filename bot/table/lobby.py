"""Lobby and seats: create, join, leave, bots, start, abandon (and votes), replace, settings."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.table.core import Part, TableCore, channel_speaking
from bot.table.levels import normalise_level
from bot.table.model import Seat, TableError, Update, _bot_name, _Changes, _check_id, _clean_name, secret_part
from bot.table.moves import Moves
from bot.table.settings import describe_settings, normalise_settings
from bot.table.store import GameRow, Store, StoreError
from bot.table.timebank import BankClocks
from rules.core import Game, IllegalAction, Rng, seed_digest
from rules.words import translator

_, _n = translator("bot")


def _hosts(row: GameRow, seats: list[Seat], user: int) -> bool:
    """Host powers follow the seat: the stored host has them only while seated (``replace`` passes them on)."""
    return user == row.creator_id and any(s.user_id == user for s in seats)


def _host_after(row: GameRow, seats: list[Seat], seat: int) -> int | None:
    """Who hosts once ``seat`` changed hands (``seats``: the new seating): the host while still seated; else the
    seat's new occupant when human; else the next human seat after it, in seat order; None: no human is left."""
    if any(s.user_id == row.creator_id for s in seats):
        return row.creator_id
    order = [*seats[seat:], *seats[:seat]]  # the seat itself first, then the ones after it
    return next((s.user_id for s in order if s.user_id is not None), None)


class Lobby(Part):
    def __init__(self, core: TableCore, banks: BankClocks, moves: Moves) -> None:
        super().__init__(core)
        self.banks, self.moves = banks, moves

    # ---- lobby -----------------------------------------------------------------------------
    async def create(
        self, channel: int, guild: int | None, game: str, creator: int, creator_name: str,
        options: Mapping[str, str] | None = None, settings: Mapping[str, Any] | None = None,
    ) -> Update:
        _check_id(channel, "channel")
        _check_id(creator, "user")
        if guild is not None:
            _check_id(guild, "server")
        g, opts, sets = self._new_table(game, options, settings)
        name = _clean_name(creator_name)
        with channel_speaking(sets):
            text = _("{name} opened a table for {game}.").format(name=name, game=_(g.title))
        gid = await self.open_table(channel, guild, g.name, opts, sets, creator, [Seat(0, creator, name)], text)
        return await self.core.lobby_update(gid, [text])

    def check_new(self, game: str, options: Mapping[str, str] | None = None,
                  settings: Mapping[str, Any] | None = None) -> None:
        """Refuse, as ``create`` would, a game, options or settings that cannot open a table (``TableError``), before
        the front end makes anything for it (a thread of its own)."""
        self._new_table(game, options, settings)

    def _new_table(self, game: str, options: Mapping[str, str] | None, settings: Mapping[str, Any] | None
                   ) -> tuple[Game, dict[str, str], dict[str, Any]]:
        g = self.core.game(game)
        if options is not None and not isinstance(options, Mapping):
            raise TableError(_("Options must be given as name=value pairs."))
        try:
            opts = g.normalise_options({str(k): str(v) for k, v in (options or {}).items()})
        except IllegalAction as exc:
            raise TableError(exc.message) from None
        if settings is not None and not isinstance(settings, Mapping):
            raise TableError(_("Settings must be given as name=value pairs."))
        return g, opts, normalise_settings(settings)

    async def open_table(self, channel: int, guild: int | None, game: str, options: dict[str, str],
                          settings: dict[str, Any], creator: int, seats: list[Seat], text: str,
                          linked: Callable[[Store, int], Awaitable[None]] | None = None) -> int:
        """Open a lobby in ``channel`` with ``seats`` (numbered here) and ``text`` as its first log line; refused
        while the channel has an open game. Returns the new game's id. ``linked(tx, game_id)`` runs in the same
        transaction (a tournament records its table's game with it: both or neither)."""
        async with self.core.serial(channel):
            now = self.core.clock()
            try:
                async with self.store.transaction() as tx:
                    existing = await tx.open_game(channel)
                    if existing is not None:
                        await self.core.check_readable(existing)  # a damaged one: say so, and who can end it
                        raise TableError(_("This channel already has an open game. Finish or abandon it first"
                                           " (or start a thread for a second table)."))
                    gid = await tx.insert_game(channel_id=channel, guild_id=guild, game=game, options=options,
                                               settings=settings, creator_id=creator, now=now)
                    await tx.set_seats(gid, [Seat(i, s.user_id, s.name, s.level) for i, s in enumerate(seats)])
                    await tx.append(gid, kind="note", version=0, seat=None, user_id=creator, action=None,
                                    events=[text], now=now)
                    if linked is not None:
                        await linked(tx, gid)
            except StoreError as exc:
                raise TableError(str(exc)) from None
        return gid

    async def _lobby_change(self, channel: int, change: Callable[[GameRow, list[Seat]], tuple[list[Seat], str]],
                            **fields: Any) -> Update:
        """Run a seating change on the lobby of ``channel``: ``change`` returns (new seats, event text)."""
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            if row.status != "lobby":
                raise TableError(_("The game has already started."))
            seats = await self.store.seats(row.id)
            new_seats, text = change(row, seats)
            now = self.core.clock()
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, **fields)
                await tx.set_seats(row.id, [Seat(i, s.user_id, s.name, s.level) for i, s in enumerate(new_seats)])
                await tx.append(row.id, kind="note", version=version, seat=None, user_id=None, action=None,
                                events=[text], now=now)
        return await self.core.lobby_update(row.id, [text])

    async def join(self, channel: int, user: int, name: str) -> Update:
        _check_id(user, "user")
        name = _clean_name(name)

        def change(row: GameRow, seats: list[Seat]) -> tuple[list[Seat], str]:
            game = self.core.game(row.game)
            if any(s.user_id == user for s in seats):
                raise TableError(_("You have already joined this table."))
            if len(seats) >= game.max_players:
                raise TableError(_("The table is full ({n} seats). Ask someone to remove a bot.").format(
                    n=game.max_players))
            with channel_speaking(row.settings):
                return [*seats, Seat(len(seats), user, name)], _("{name} joined.").format(name=name)

        return await self._lobby_change(channel, change)

    async def leave(self, channel: int, user: int) -> Update:
        _check_id(user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            if row.status != "lobby":
                raise TableError(_("The game is running: ask the table's creator to replace you, or abandon it."))
            seats = await self.store.seats(row.id)
            mine = next((s for s in seats if s.user_id == user), None)
            if mine is None:
                raise TableError(_("You are not seated at this table."))
            rest = [s for s in seats if s.user_id != user]
            humans = [s for s in rest if s.user_id is not None]
            now = self.core.clock()
            async with self.store.transaction() as tx:
                await tx.drop_abandon_votes(row.id, user)
                if not humans:  # nobody left to start it: close the lobby
                    version = await tx.bump(row.id, row.version, now, status="abandoned", ended_at=now)
                    await tx.drop_abandon_votes(row.id)
                    with channel_speaking(row.settings):
                        text = _("{name} left; the table is closed.").format(name=mine.name)
                else:
                    creator = row.creator_id if row.creator_id != user else humans[0].user_id
                    version = await tx.bump(row.id, row.version, now, creator_id=creator)
                    await tx.set_seats(row.id, [Seat(i, s.user_id, s.name, s.level) for i, s in enumerate(rest)])
                    with channel_speaking(row.settings):
                        text = _("{name} left.").format(name=mine.name)
                        if creator != row.creator_id:
                            text += " " + _("{name} now hosts the table.").format(name=humans[0].name)
                await tx.append(row.id, kind="note", version=version, seat=None, user_id=user, action=None,
                                events=[text], now=now)
        return await self.core.lobby_update(row.id, [text])

    async def add_bot(self, channel: int, by_user: int, level: str | None = None) -> Update:
        """Seat a bot at ``level`` (bot/table/levels.py: "basic", the default, or "strong")."""
        _check_id(by_user, "user")
        try:
            level = normalise_level(level)
        except ValueError as exc:
            raise TableError(str(exc)) from None

        def change(row: GameRow, seats: list[Seat]) -> tuple[list[Seat], str]:
            game = self.core.game(row.game)
            if not any(s.user_id == by_user for s in seats):
                raise TableError(_("Join the table first to add bots."))
            if len(seats) >= game.max_players:
                raise TableError(_("The table is full ({n} seats).").format(n=game.max_players))
            name = _bot_name(seats, f"Bot {len(seats) + 1}")
            with channel_speaking(row.settings):
                text = (_("{name} (a strong bot) took a seat.") if level == "strong"
                        else _("{name} took a seat.")).format(name=name)
            return [*seats, Seat(len(seats), None, name, level)], text

        return await self._lobby_change(channel, change)

    async def remove_bot(self, channel: int, by_user: int) -> Update:
        _check_id(by_user, "user")

        def change(row: GameRow, seats: list[Seat]) -> tuple[list[Seat], str]:
            if not any(s.user_id == by_user for s in seats):
                raise TableError(_("Only players at this table can remove bots."))
            bots = [s for s in seats if s.is_bot]
            if not bots:
                raise TableError(_("There is no bot at this table."))
            gone = bots[-1]
            with channel_speaking(row.settings):
                return [s for s in seats if s is not gone], _("{name} left the table.").format(name=gone.name)

        return await self._lobby_change(channel, change)

    async def start(self, channel: int, by_user: int, *, seed: int | None = None) -> Update:
        """Shuffle the seats, seed the game and let bots move. ``seed`` (demos, tests) also fixes the seat order."""
        _check_id(by_user, "user")
        if seed is not None:
            _check_id(seed, "seed")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            if row.status != "lobby":
                raise TableError(_("The game has already started."))
            if by_user != row.creator_id:
                raise TableError(_("Only the table's host can start the game."))
            game = self.core.game(row.game)
            seats = await self.store.seats(row.id)
            if not game.min_players <= len(seats) <= game.max_players:
                raise TableError(_("{game} needs {low}–{high} seats; {n} taken. Add bots or wait for players.").format(
                    game=_(game.title), low=game.min_players, high=game.max_players, n=len(seats)))
            if seed is None:
                seed = secrets.randbits(62)
                order = list(seats)
                secrets.SystemRandom().shuffle(order)
            else:
                order = Rng(seed, "seats").shuffled(seats)
            seats = [Seat(i, s.user_id, s.name, s.level) for i, s in enumerate(order)]
            state = game.new_state(len(seats), seed, row.options)
            now = self.core.clock()
            with channel_speaking(row.settings):
                texts = [
                    _("{game} begins. Seat order: {seats}").format(
                        game=_(game.title), seats=", ".join(f"{i + 1}. {s.name}" for i, s in enumerate(seats))),
                    _("Seed digest {digest}… (the seed is revealed when the game ends).").format(
                        digest=seed_digest(seed)[:16]),
                ]
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, status="active", seed=seed, snapshot=state.dump())
                await tx.set_seats(row.id, seats)
                # who started where: the end tells from it who left (docs/ratings.md)
                await tx.set_starting_seats(row.id, [(s.seat, s.user_id, s.name) for s in seats])
                await tx.append(row.id, kind="note", version=version, seat=None, user_id=by_user, action=None,
                                events=texts, now=now)
                await self.banks.sync_deadlines(tx, row, seats, state, acted=None, now=now, version=version)
            row = dataclasses.replace(row, status="active", seed=seed, snapshot=state.dump(), version=version,
                                      updated_at=now)
            self.caches.states[row.id] = (version, state)
            changes = _Changes(before={s.seat: None for s in seats if not s.is_bot}, public=list(texts))
            row, state = await self.moves.run_auto(row, seats, state, changes, now)
            return await self.core.update(row, seats, state, changes, notice=changes.notice)

    async def abandon(self, channel: int, by_user: int, force: bool = False) -> Update:
        """Works on a damaged game too (it reads only the row's plain columns and the seats), so a moderator can
        always clear a channel; once committed it never raises (``_committed_update``)."""
        _check_id(by_user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel, damaged_ok=True)
            seats = await self.store.seats(row.id)
            humans = [s.user_id for s in seats if s.user_id is not None]
            if not (force or _hosts(row, seats, by_user) or humans == [by_user]):
                raise TableError(_("Only the table's host or a moderator can abandon this game."))
            with channel_speaking(row.settings):
                texts = [_("The game was abandoned.")]
            async with self.store.transaction() as tx:
                ended = await self.end_abandoned(tx, row, by_user, texts)
        return await self.core.committed_update(ended, seats, texts)

    async def end_abandoned(self, tx: Store, row: GameRow, by_user: int | None, texts: list[str]) -> GameRow:
        """Inside ``tx``: mark the game abandoned, reveal its seed (added to ``texts``), stop its clocks and forget
        its votes. Returns the row as it will be committed."""
        now = self.core.clock()
        if row.seed is not None:
            with channel_speaking(row.settings):
                texts.append(_("The seed was {seed} (digest {digest}…).").format(
                    seed=row.seed, digest=seed_digest(row.seed)[:16]))
        version = await tx.bump(row.id, row.version, now, status="abandoned", ended_at=now)
        await tx.append(row.id, kind="note", version=version, seat=None, user_id=by_user, action=None,
                        events=texts, now=now)
        await tx.drop_deadlines(row.id)
        await tx.drop_abandon_votes(row.id)
        await tx.drop_orders(row.id)
        await self.banks.end_clocks(tx, row.id)
        self.caches.forget(row.id)
        self.caches.orders.pop(row.id, None)
        return dataclasses.replace(row, status="abandoned", version=version, updated_at=now, ended_at=now)

    async def vote_abandon(self, channel: int, user: int) -> Update:
        """A seated player's vote to abandon; a strict majority of the seated humans ends the game.

        Votes are stored (a restart keeps them) and count only while the voter still holds a seat;
        they are forgotten when the game ends. A vote is no game change: no version bump.
        """
        _check_id(user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            seats = await self.store.seats(row.id)
            mine = next((s for s in seats if s.user_id == user), None)
            if mine is None:
                raise TableError(_("Only the host, a moderator or the seated players (by vote) can abandon a game."))
            humans = {s.user_id for s in seats if s.user_id is not None}
            needed = len(humans) // 2 + 1
            now = self.core.clock()
            async with self.store.transaction() as tx:
                if not await tx.add_abandon_vote(row.id, user, now):
                    have = len([u for u in await tx.abandon_votes(row.id) if u in humans])
                    raise TableError(_("You have already voted to abandon ({have}/{needed} votes).").format(
                        have=have, needed=needed))
                have = len([u for u in await tx.abandon_votes(row.id) if u in humans])
                with channel_speaking(row.settings):
                    text = _("{name} votes to abandon the game ({have}/{needed} votes).").format(
                        name=mine.name, have=have, needed=needed)
                    by_vote = _("The game was abandoned by vote.")
                if have >= needed:
                    texts = [text, by_vote]
                    row = await self.end_abandoned(tx, row, user, texts)
                else:
                    texts = [text]
                    await tx.append(row.id, kind="note", version=row.version, seat=None, user_id=user,
                                    action=None, events=texts, now=now)
        return await self.core.committed_update(row, seats, texts)

    async def abandon_votes(self, channel: int) -> tuple[list[int], int]:
        """(user ids of the seated players who voted to abandon the open game, votes needed)."""
        row = await self.core.open_row(channel, damaged_ok=True)
        humans = {s.user_id for s in await self.store.seats(row.id) if s.user_id is not None}
        return [u for u in await self.store.abandon_votes(row.id) if u in humans], len(humans) // 2 + 1

    async def replace(self, channel: int, seat: int, user: int | None, name: str | None, by_user: int,
                      force: bool = False) -> Update:
        """Give ``seat`` to ``user`` (a human) or, with ``user=None``, to a bot. Host, moderator or the seat itself."""
        _check_id(by_user, "user")
        if user is not None:
            _check_id(user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            seats = await self.store.seats(row.id)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise TableError(_("Seat must be a number from 1 to {n}.").format(n=len(seats)))
            old = seats[seat]
            if not (force or _hosts(row, seats, by_user) or (old.user_id is not None and old.user_id == by_user)):
                raise TableError(_("Only the table's host, a moderator or the seat's player can hand a seat over."))
            if user is not None and any(s.user_id == user for s in seats):
                raise TableError(_("That player already has a seat at this table."))
            if user is None:
                new_name = _bot_name([s for s in seats if s.seat != seat], f"Bot {seat + 1}")
            else:
                new_name = _clean_name(name)
            seats = [*seats[:seat], Seat(seat, user, new_name), *seats[seat + 1:]]
            host = _host_after(row, seats, seat)  # host powers follow the seat
            creator = row.creator_id if host is None else host
            with channel_speaking(row.settings):
                text = _("{old}'s seat is now played by {new}.").format(old=old.name, new=new_name)
                if creator != row.creator_id:
                    text += " " + _("{name} now hosts the table.").format(
                        name=next(s.name for s in seats if s.user_id == creator))
                elif host is None and old.user_id == row.creator_id:
                    text += " " + _("No player is left to host it: only moderators can manage the table now.")
            state = self.core.state(row)
            now = self.core.clock()
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, creator_id=creator)
                await tx.set_seats(row.id, seats)
                if old.user_id is not None:
                    await tx.drop_abandon_votes(row.id, old.user_id)
                await tx.drop_orders(row.id, seat)  # a standing order was its player's, not the seat's
                await self.banks.seat_handed_over(tx, row.id, seat)
                await tx.append(row.id, kind="note", version=version, seat=seat, user_id=by_user, action=None,
                                events=[text], now=now)
                if state is not None:
                    await self.banks.sync_deadlines(tx, row, seats, state, acted=seat, now=now, version=version)
            row = dataclasses.replace(row, version=version, updated_at=now, creator_id=creator)
            self.moves.drop_orders(row.id, [(seat, None)])
            if state is None:
                return await self.core.lobby_update(row.id, [text])
            self.caches.states[row.id] = (version, state)
            # The seat's turn begins for its new occupant (when awaited); for the others it goes on.
            changes = _Changes(before={s.seat: None for s in seats if not s.is_bot}, public=[text],
                               awaited_before=frozenset(state.to_act()) - {seat})
            # The new occupant gets a private update; the other humans only if something secret changed for them.
            public, views = state.views([s.seat for s in seats if not s.is_bot and s.seat != seat])
            changes.before.update({s: secret_part(view, public) for s, view in views.items()})
            row, state = await self.moves.run_auto(row, seats, state, changes, now)
            return await self.core.update(row, seats, state, changes, notice=changes.notice)

    async def update_settings(self, /, channel: int, by_user: int, *, force: bool = False, **settings: Any) -> Update:
        _check_id(by_user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            if not (force or _hosts(row, await self.store.seats(row.id), by_user)):
                raise TableError(_("Only the table's host or a moderator can change the settings."))
            new = normalise_settings(settings, row.settings)
            if row.status != "lobby" and new.get("rated") != row.settings.get("rated", "on"):
                # decided before the first move: nobody turns the ratings off when the game turns against them
                raise TableError(_("Whether a table is rated is decided before it starts."))
            now = self.core.clock()
            changed = {k: v for k, v in new.items() if row.settings.get(k) != v}
            with channel_speaking(new):
                text = (_("Settings: {settings}.").format(settings=describe_settings(new, changed)) if changed
                        else _("Settings: unchanged."))
            async with self.store.transaction() as tx:
                await tx.set_settings(row.id, new, now)
                await tx.append(row.id, kind="note", version=row.version, seat=None, user_id=by_user, action=None,
                                events=[text], now=now)
                # New banks apply from each seat's next wait; a wait already running keeps its time (never less).
                await self.banks.settings_changed(tx, row, new, now)
        return await self.core.lobby_update(row.id, [text])

    async def set_live_message(self, channel: int, message_id: int | None) -> None:
        """Remember the channel's live board message (post mode "live"); no version change."""
        if message_id is not None:
            _check_id(message_id, "message")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            async with self.store.transaction() as tx:
                await tx.set_live_message(row.id, message_id)

    async def set_dm_ok(self, user: int, ok: bool) -> None:
        """Remember whether DMs to ``user`` work (a failed DM sets False with its time)."""
        _check_id(user, "user")
        self.caches.dms.pop(user, None)
        async with self.store.transaction() as tx:
            await tx.set_dm(user, bool(ok), self.core.clock())
        self.caches.dms.pop(user, None)  # read again, as stored (a success keeps the last refusal's time)

    async def dm_ok(self, user: int) -> bool:
        return (await self.dm_status(user))[0]

    async def dm_status(self, user: int) -> tuple[bool, float | None]:
        """Whether DMs to ``user`` work, and when the last one failed (None: never, or since forgotten)."""
        return await self.core.audience.dm_status(_check_id(user, "user"))

