"""Moves and automatic chains: ``act`` and the steps it commits, then the automatic moves after it (bots, standing
orders, forced prompts: ``run_auto``)."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from typing import Any

from bot.lang import speaking
from bot.table.clocks import skip_action
from bot.table.club import Club
from bot.table.club.charts import with_rounds
from bot.table.core import Part, TableCore, channel_speaking
from bot.table.horizon import can_take_back
from bot.table.model import (
    MoverReply,
    Seat,
    StaleVersion,
    TableError,
    Update,
    _Changes,
    _check_action,
    _check_id,
    secret_part,
)
from bot.table.store import GameRow, OrderRow, StoreError
from bot.table.timebank import BankClocks
from rules.core import Game, IllegalAction, Rng, State, public_events, seed_digest
from rules.words import N_, translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

MAX_AUTO_STEPS = 100_000  # bots in a row (a whole all-bot game runs inside start())
WAKE_BACKOFF_S = 5.0
WAKE_BACKOFF_MAX_S = 600.0


def caretaker_line(name: str) -> str:
    """The public line of the caretaker's moves: "🤖 the caretaker played for Ana"."""
    return _("🤖 the caretaker played for {name}.").format(name=name)


FORCED_MOVE = N_("Only one option for {name}, played automatically: {move}")
BOTS_DELAYED = N_("The move was saved, but the bots could not make theirs just now (a storage problem). "
                  "They will try again shortly; nothing needs to be done.")


class Moves(Part):
    def __init__(self, core: TableCore, banks: BankClocks, club: Club) -> None:
        super().__init__(core)
        self.banks, self.club = banks, club

    # ---- play ------------------------------------------------------------------------------
    async def act(self, channel: int, user: int, action: str, expected_version: int | None = None, *,
                  chosen_at: int | None = None, game_id: int | None = None, reply: bool = False) -> Update:
        """Play ``action`` for ``user``. ``expected_version``: the board it was chosen on must still be current.
        ``chosen_at`` (instead): the board version it was chosen on, which may be older as long as the user has
        been awaited without a break since then — a simultaneous step others moved in meanwhile, not an
        earlier step whose menu happens to hold an action legal again now. ``game_id``: the game the menu
        belongs to (a channel runs one game after another; a menu of an earlier one is refused as stale).
        ``reply``: also fill in the Update's ``mover``, the player's reply (the label played, Undo, their next
        menu) — the Discord front end answers with it; other callers skip its reads (Undo reads the log's tail)."""
        _check_id(user, "user")
        action = _check_action(action)
        for version in (expected_version, chosen_at):
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise TableError(_("Unknown board version."))
        _check_id(channel, "channel")
        async with self.core.change(channel):
            row = self.caches.rows.pop(channel, None) or await self.core.open_row(channel)
            try:
                if game_id is not None and game_id != row.id:
                    raise StaleVersion(_("That menu belongs to an earlier game in this channel."), row.version)
                seats, state, seat = await self._turn(row, user, expected_version)
                if chosen_at is not None:
                    await self._same_wait(row, seat, chosen_at)
            except TableError:
                self.core.keep(row)  # a refusal changes nothing
                raise
            # typed in the player's words ("controfferta 1 argilla per 1 grano") or English: the action string
            action = self.core.game(row.game).typed(action)
            changes = self.core.begin(row, state, seats)
            changes.actor = seat  # their own news is in the reply to their move
            now = self.core.clock()
            label = self.core.label(state, seat, action, seats)  # before the move: its words as the player chose it
            try:
                row = await self.step(row, seats, state, seat, action, "player", user, changes, now)
            except IllegalAction as exc:
                self.caches.states[row.id] = (row.version, state)  # unchanged: keep it cached
                self.core.keep(row)
                raise TableError(exc.message) from None
            # From here on the player's move is saved: whatever happens to the bots, the answer says so.
            row, state = await self.run_auto(row, seats, state, changes, now)
            self.core.keep(row)
            update = await self.core.update(row, seats, state, changes, notice=changes.notice)
            if not reply:
                return update
            awaited = row.status == "active" and seat in state.to_act()
            menu = self.core.menu(state, seat, seats) if awaited else None
            can_undo = row.status == "active" and await can_take_back(self.store, row, seats, seat)
            news = await self.core.audience.news_due(row, [user]) if self.core.news else {}
            return dataclasses.replace(update, mover=MoverReply(label, can_undo, menu, news.get(user)))

    async def _turn(self, row: GameRow, user: int, expected_version: int | None) -> tuple[list[Seat], State[Any], int]:
        """(seats, state, the user's seat) if ``user`` may act now in ``row``'s game; else a refusal."""
        if row.status != "active":
            raise TableError(_("The game has not started yet."))
        if expected_version is not None and expected_version != row.version:
            raise StaleVersion(_("That board is out of date: someone moved since. Use the current board."),
                               row.version)
        seats = await self.core.running_seats(row)
        seat = self.core.player_seat(seats, user)
        state = self.core.state(row)
        assert state is not None
        awaited = state.to_act()
        if seat not in awaited:
            waiting = ", ".join(seats[s].name for s in awaited)
            raise TableError(_("It is not your turn: the table is waiting for {names}.").format(names=waiting))
        return seats, state, seat

    async def _same_wait(self, row: GameRow, seat: int, chosen_at: int) -> None:
        """Refuse a choice made on board ``chosen_at`` unless ``seat``'s current wait had begun by then."""
        if chosen_at > row.version:
            raise StaleVersion(_("That menu does not belong to any board here."), row.version)
        since = await self.store.awaited_since(row.id, seat)
        if since is None:  # not recorded (a row older than migration 3): only the current board is sure
            since = row.version
        if chosen_at < since:
            raise StaleVersion(_("That menu is from an earlier step: the board moved on since. Use the current "
                                 "board."), row.version)


    async def step(self, row: GameRow, seats: list[Seat], state: State[Any], seat: int, action: str, kind: str,
                    user: int | None, changes: _Changes, now: float, *, public_note: str | None = None,
                    private_note: str | None = None, forced: bool = False) -> GameRow:
        """Apply one action and commit it (log row + snapshot + version). IllegalAction leaves everything as is.
        ``public_note`` / ``private_note``: a line after the move's own, for everyone (logged with it) / for the
        seat only (an automatic move says why it was played), each already in its reader's language; an only option
        (``forced``: played for the player by ``run_auto``) leads instead, naming the move by its own public line. A
        lapse or the caretaker keeps its note after the move.

        Each audience reads its own language: the channel's lines (logged as they are posted) the table's, each
        seat's private lines its player's (``_reader_language``); the caller's refusal stays in the caller's."""
        game = self.core.game(row.game)
        # Readers must not meet this state between apply and commit: uncache it until the commit is done.
        self.caches.states.pop(row.id, None)
        clocks = self.banks.clock_seats(row.id, state, seats)  # the seats with a deadline row now
        windows = self.banks.windows(row, state, seats)  # of those, the ones answering in a response window
        step = state.apply_step(seat, action)  # raises IllegalAction before any change
        events = step.events
        with channel_speaking(row.settings):
            public = self.core.texts(game, public_events(events), seats, None)
        if public_note is not None and forced:
            # An only option played for the player (``_auto_choice``): said first, with the move's own line, not after
            # whatever the move led to (the next round's reveals, the end of the game).
            if public:
                with channel_speaking(row.settings):
                    lead = _(FORCED_MOVE).format(name=seats[seat].name, move=public[0])
                public = [lead, *public[1:]]
            else:
                public.insert(0, public_note)
        elif public_note is not None:
            public.append(public_note)
        private: dict[int, list[str]] = {}
        for reader in seats:
            if reader.is_bot:
                continue
            told = [e for e in events if e.to == reader.seat]
            if not told:
                private[reader.seat] = []
                continue
            with speaking(await self.core.audience.reader_language(reader.user_id)):
                private[reader.seat] = self.core.texts(game, told, seats, reader.seat)
        if private_note is not None:
            private[seat] = [private_note, *private.get(seat, [])]
        over = state.is_over()
        lapsed = [] if over else self.lapsed_orders(row.id, game, state)
        for s, order_kind in lapsed:  # a plan-ahead order another's move ended unplayed: its owner is told why
            if s != seat and not seats[s].is_bot:
                with speaking(await self.core.audience.reader_language(seats[s].user_id)):
                    note = self._lapse_note(game, state, s, self.caches.orders[row.id][s][order_kind])
                if note:
                    private[s] = [*private.get(s, []), note]
        fields: dict[str, Any] = {"snapshot": state.dump()}
        if over:
            outcome = state.outcome()
            fields.update(status="finished", outcome=outcome.to_dict(), ended_at=now)
        try:
            async with self.store.transaction() as tx:
                version = await tx.bump(row.id, row.version, now, **fields)
                await tx.append(row.id, kind=kind, version=version, seat=seat, user_id=user, action=action,
                                events=public, now=now, barrier=step.barrier, rules=game.rules_version)
                if kind == "caretaker" and (owner := seats[seat].user_id) is not None:  # the reliability record
                    await tx.count_reliability(row.id, owner, caretaker_moves=1)
                if over:
                    assert row.seed is not None
                    with channel_speaking(row.settings):
                        reveal = [_("The seed was {seed}: check it against the digest {digest}….").format(
                            seed=row.seed, digest=seed_digest(row.seed)[:16])]
                    await tx.append(row.id, kind="note", version=version, seat=None, user_id=None, action=None,
                                    events=reveal, now=now)
                    public = [*public, *reveal]
                    # the results and ratings commit with the end (before the caretaker's seats are dropped)
                    changes.report = await self.club.record(tx, row.id, row.guild_id, row.game, fields["outcome"],
                                                            row.settings, seats, now)
                    await tx.drop_deadlines(row.id)
                    await tx.drop_abandon_votes(row.id)
                    await self.banks.end_clocks(tx, row.id)
                    if row.id in self.caches.orders:
                        await tx.drop_orders(row.id)
                else:
                    for s, order_kind in lapsed:
                        await tx.drop_orders(row.id, s, order_kind)
                    await self.banks.sync_deadlines(tx, row, seats, state, acted=seat, now=now, version=version,
                                               clocks=clocks, kind=kind, windows=windows)
        except BaseException as exc:
            self.caches.forget(row.id)  # the cached state moved ahead of the file: reload next time
            if isinstance(exc, StoreError):
                raise StaleVersion(_("The game changed meanwhile. Use the current board."), row.version) from None
            raise
        changes.public.extend(public)  # only now: a step that failed to commit reports nothing
        for s, mine in private.items():
            if mine:
                changes.private.setdefault(s, []).extend(mine)
        changes.last = self.core.public_last(row.game, seat, action)
        changes.last_events = public_events(events) if changes.last is not None else None
        changes.finished = changes.finished or over
        row = dataclasses.replace(row, version=version, updated_at=now, **fields)
        self.drop_orders(row.id, None if over else lapsed)
        if over:
            self.caches.forget(row.id)
            self.core.game_ended(row)
            if changes.report is not None:  # after the commit: the replay holds no lock (bot/table/club/charts.py)
                changes.report, changes.chart = await with_rounds(self.core, changes.report, row, len(seats))
        else:
            self.caches.states[row.id] = (version, state)
            self.caches.seats[row.id] = (version, list(seats))  # a move never changes the seating
        return row

    async def run_auto(self, row: GameRow, seats: list[Seat], state: State[Any], changes: _Changes,
                        now: float) -> tuple[GameRow, State[Any]]:
        """The automatic moves: bots, standing orders and forced prompts, one step at a time until a human must
        choose or the game ends; returns the last committed (row, state).

        Each step is its own transaction and log row: a bot's move (kind ``bot``), a human seat's move that its
        standing order answers or that is its only option (kind ``auto``; see ``_auto_choice``). Every path that
        commits a change to a running game ends here (act, start, replace, the caretaker, wake_bots, a new order),
        so no human is ever asked a question that answers itself, and nobody is pinged for one: the Update is
        built after the chain, from whom the game then waits for.

        A step that cannot be committed (a full disk, an I/O error) ends the chain without raising: the steps
        before it stand and are reported, the game waits, and ``wake_bots`` (each scheduler tick, and at start-up)
        tries again. Closing the service ends a chain at its next step the same way."""
        game = self.core.game(row.game)
        for _i in range(MAX_AUTO_STEPS):
            if self.core.closing or row.status != "active":
                return row, state
            pick = await self._auto_choice(row, game, state, seats)
            if pick is None:
                return row, state
            seat, action, kind, public_note, private_note = pick
            if kind == "caretaker" and seat not in changes.caretaker_for:  # said once per change and seat
                changes.caretaker_for.add(seat)
                with channel_speaking(row.settings):
                    public_note = caretaker_line(seats[seat].name)
            try:
                row = await self.step(row, seats, state, seat, action, kind, None, changes, now,
                                       public_note=public_note, private_note=private_note,
                                       forced=kind == "auto" and public_note is not None)
                if kind == "auto" and public_note is None:
                    # The seat's own standing order played it: what it did to their screen is their own step, not
                    # news for them (as a mover's own step is not), so no DM or "since your last look" for it.
                    public, views = state.views([seat])
                    changes.before[seat] = secret_part(views[seat], public)
            except Exception as exc:
                # The type only: a storage error's text is harmless, but a rules error's could quote the state.
                log.error("an automatic move in game %d could not be saved (%s); it will be tried again", row.id,
                          type(exc).__name__)
                self._bots_failed(row.id)
                with channel_speaking(row.settings):
                    changes.notice = _(BOTS_DELAYED)
                assert row.snapshot is not None  # a running game always has one
                return row, game.load(row.snapshot)  # ``state`` ran ahead of the file: back to the last commit
        raise RuntimeError(f"{MAX_AUTO_STEPS} automatic moves in a row without the game ending")

    async def _auto_choice(self, row: GameRow, game: Game, state: State[Any],
                           seats: list[Seat]) -> tuple[int, str, str, str | None, str | None] | None:
        """The next automatic step as (seat, action, kind, public note, private note), or None: a human must choose.

        Bots first (as before). Then each awaited human seat: its standing order, if it answers (the public line is
        the move's own, as if the player had chosen it: an order is private; the owner is told), else — with the
        table's ``auto_forced`` on — its only option (``Game.forced_action``), said publicly as automatic."""
        awaited = state.to_act()
        bots = [s for s in awaited if seats[s].is_bot]
        if bots:
            return bots[0], await self._bot_choice(game, state, bots[0], seats[bots[0]].level), "bot", None, None
        kept = [s for s in awaited if s in self.caches.caretaken.get(row.id, {})]  # seats given to the caretaker
        if kept:
            return kept[0], await self.caretaker_choice(row, game, state, kept[0]), "caretaker", None, None
        forced_on = row.settings.get("auto_forced", "on") == "on"
        orders = self.caches.orders.get(row.id, {})
        own_forced = type(game).forced_action is not Game.forced_action
        for seat in awaited:
            held = orders.get(seat, {})
            if not held and not forced_on:
                continue
            legal = state.legal_actions(seat)
            if not held and len(legal) != 1 and not own_forced:
                continue  # the usual case, without building a view
            view = state.view(seat)
            # A game's specific kinds first: a one-shot plan ("order a saddle next") before the seat's usual order
            # ("pass in this loop"), so that the two together read "order a saddle, then pass".
            for order in sorted(held.values(), key=lambda o: o.kind == ""):
                if game.standing_scope(order.order_id, view, seat) != order.scope:
                    continue
                try:
                    answer = game.standing_answer(order.order_id, view, legal, seat)
                except Exception as exc:  # a buggy order must not stall the table: ask the player instead
                    log.error("%s standing order of seat %d failed at ply %d (%s)", game.name, seat, state.ply,
                              type(exc).__name__)
                    answer = None
                if answer is not None and answer in legal:
                    # No note, public or private: the public line is the move's own (the order stays private), and
                    # its owner gave the order themselves (a private line would DM them once per step).
                    return seat, answer, "auto", None, None
            if forced_on:
                choice = game.forced_action(view, legal, seat)
                if choice is not None and choice in legal:
                    with channel_speaking(row.settings):
                        note = _("{name} had only one option: it was played automatically.").format(
                            name=seats[seat].name)
                    return seat, choice, "auto", note, None
        return None

    def lapsed_orders(self, game_id: int, game: Game, state: State[Any]) -> list[tuple[int, str]]:
        """(seat, kind) of each standing order of ``game_id`` whose scope ended in ``state``."""
        orders = self.caches.orders.get(game_id)
        if not orders:
            return []
        out = []
        for seat, held in orders.items():
            if not held:
                continue
            view = state.view(seat)
            for kind, order in held.items():
                try:
                    scope = game.standing_scope(order.order_id, view, seat)
                except Exception:
                    scope = None
                if scope != order.scope:
                    out.append((seat, kind))
        return out

    @staticmethod
    def _lapse_note(game: Game, state: State[Any], seat: int, order: OrderRow) -> str | None:
        """The private line telling ``seat`` why its order lapsed unplayed (``Game.standing_lapsed``), or None."""
        try:
            return game.standing_lapsed(order.order_id, state.view(seat), seat)
        except Exception:  # a buggy note must not stop the move
            return None

    def drop_orders(self, game_id: int, which: Sequence[tuple[int, str | None]] | None) -> None:
        """Forget standing orders in memory (committed already): each (seat, kind) of ``which`` (kind None: all of
        that seat's), or all (None)."""
        if which is None:
            self.caches.orders.pop(game_id, None)
            return
        orders = self.caches.orders.get(game_id)
        if orders is None:
            return
        for seat, kind in which:
            if kind is None:
                orders.pop(seat, None)
            else:
                orders.get(seat, {}).pop(kind, None)
                if not orders.get(seat, True):
                    orders.pop(seat, None)
        if not orders:
            self.caches.orders.pop(game_id, None)

    def _bots_failed(self, game_id: int) -> None:
        """Try this game's bots again later, backing off (5 s, 10 s, … up to 10 min) while they keep failing."""
        tries = self.caches.wake_tries.get(game_id, 0) + 1
        self.caches.wake_tries[game_id] = tries
        self.caches.wake_after[game_id] = self.core.clock() + min(WAKE_BACKOFF_MAX_S, WAKE_BACKOFF_S * 2 ** (tries - 1))

    async def wake_bots(self, now: float | None = None) -> list[Update]:
        """Run the bots of every running game that waits only on bots: a crash, a shutdown or a failed write cut
        their chain short after a committed move. Called at start-up and on every scheduler tick; cheap when none
        is stuck (one indexed query). Returns what the bots did, to be posted like any other change."""
        now = self.core.clock() if now is None else now
        updates: list[Update] = []
        waiting = await self.store.games_without_clocks(self.core.shards)
        known = {game_id for game_id, _channel in waiting}
        for game_id in list(self.caches.wake_tries):  # a failed chain may have stopped before a human's automatic move
            if game_id not in known and (row := await self.store.game(game_id)) is not None and row.open:
                waiting.append((game_id, row.channel_id))
        for game_id, channel in waiting:
            if self.core.closing:
                break
            if self.caches.wake_after.get(game_id, 0.0) > now:
                continue
            try:
                async with self.core.serial(channel):
                    update = await self._wake(game_id, now)
            except TableError:  # the game's data cannot be read: it is reported where it is played
                continue
            except Exception as exc:  # one table must not keep the others' bots asleep
                log.error("waking the bots of game %d failed (%s)", game_id, type(exc).__name__)
                self._bots_failed(game_id)
                continue
            if update is not None:
                updates.append(update)
        return updates

    async def _wake(self, game_id: int, now: float) -> Update | None:
        row = await self.store.game(game_id)
        if row is None or row.status != "active":
            return None
        seats = await self.store.seats(row.id)
        state = self.core.state(row)
        if state is None:
            return None
        before = row.version
        changes = self.core.begin(row, state, seats)
        row, state = await self.run_auto(row, seats, state, changes, now)
        if row.version == before:
            if changes.notice is None:  # nothing was left to do
                self.caches.wake_after.pop(game_id, None)
                self.caches.wake_tries.pop(game_id, None)
            return None  # else not one move could be saved: nothing to tell yet
        if changes.notice is None:
            self.caches.wake_after.pop(game_id, None)
            self.caches.wake_tries.pop(game_id, None)
        return await self.core.update(row, seats, state, changes, notice=changes.notice)

    async def caretaker_choice(self, row: GameRow, game: Game, state: State[Any], seat: int) -> str:
        """What the caretaker plays for ``seat``: the game's skip with the table's ``caretaker: skip``, else (or
        without one) what the game's bot would, the strong one with ``caretaker: strong``."""
        style = row.settings.get("caretaker")
        skip = skip_action(game, state, seat) if style == "skip" else None
        return skip or await self._bot_choice(game, state, seat, "strong" if style == "strong" else "basic")

    async def _bot_choice(self, game: Game, state: State[Any], seat: int, level: str = "basic") -> str:
        """A bot's move at ``level``: the basic bot here (it is quick), the strong one in a worker process
        (bot/table/search_pool.py) so the event loop never waits on a search; a failed search plays the basic bot's
        move."""
        legal = state.legal_actions(seat)
        if level == "strong" and len(legal) > 1:
            try:
                choice = await self.core.search.choose(game.name, state.dump(), seat, state.seed, state.ply)
                if choice in legal:
                    return choice
                log.warning("%s strong bot of seat %d chose an illegal action at ply %d", game.name, seat, state.ply)
            except Exception as exc:
                log.error("%s strong bot of seat %d failed at ply %d (%s); the basic bot moves instead",
                          game.name, seat, state.ply, type(exc).__name__)
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
