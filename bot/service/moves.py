"""Moves and bot chains: ``act`` and the steps it commits, the bots that move after it."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from bot.service.base import ServiceBase
from bot.service.clocks import awaited_humans, deadline_at, reminder_at
from bot.service.model import Seat, StaleVersion, TableError, Update, _Changes, _check_action, _check_id
from bot.store import GameRow, Store, StoreError
from rules.core import Game, IllegalAction, Rng, State, seed_digest

log = logging.getLogger("bot.service")

MAX_AUTO_STEPS = 100_000  # bots in a row (a whole all-bot game runs inside start())
WAKE_BACKOFF_S = 5.0
WAKE_BACKOFF_MAX_S = 600.0
BOTS_DELAYED = ("The move was saved, but the bots could not make theirs just now (a storage problem). "
                "They will try again shortly; nothing needs to be done.")


class MoveService(ServiceBase):
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
        async with self._change(channel):
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
            # From here on the player's move is saved: whatever happens to the bots, the answer says so.
            row, state = await self._run_bots(row, seats, state, changes, now)
            self._keep(row)
            return await self._update(row, seats, state, changes, notice=changes.notice)

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
        if since is None:  # not recorded (a row older than migration 3): only the current board is sure
            since = row.version
        if chosen_at < since:
            raise StaleVersion("That menu is from an earlier step: the board moved on since. Use the current board.",
                               row.version)


    async def _step(self, row: GameRow, seats: list[Seat], state: State, seat: int, action: str, kind: str,
                    user: int | None, changes: _Changes, now: float) -> GameRow:
        """Apply one action and commit it (log row + snapshot + version). IllegalAction leaves everything as is."""
        game = self.game(row.game)
        # Readers must not meet this state between apply and commit: uncache it until the commit is done.
        self._states.pop(row.id, None)
        clocks = awaited_humans(state, seats)  # the seats with a deadline row now
        events = state.apply(seat, action)  # raises IllegalAction before any change
        public = self._texts(game, [e for e in events if e.public], seats, None)
        private = {s.seat: self._texts(game, [e for e in events if e.to == s.seat], seats, s.seat)
                   for s in seats if not s.is_bot}
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
        changes.public.extend(public)  # only now: a step that failed to commit reports nothing
        for s, mine in private.items():
            if mine:
                changes.private.setdefault(s, []).extend(mine)
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
                        now: float) -> tuple[GameRow, State]:
        """Let the bots move until a human is awaited or the game ends; returns the last committed (row, state).

        A bot step that cannot be committed (a full disk, an I/O error) ends the chain without raising: the steps
        before it stand and are reported, the game waits on its bots, and ``wake_bots`` (each scheduler tick, and at
        start-up) tries again. Closing the service ends a chain at its next step the same way."""
        game = self.game(row.game)
        for _ in range(MAX_AUTO_STEPS):
            bots = [s for s in state.to_act() if seats[s].is_bot]
            if not bots or self._closing:
                return row, state
            try:
                row = await self._step(row, seats, state, bots[0], self._bot_choice(game, state, bots[0]), "bot",
                                       None, changes, now)
            except Exception as exc:
                # The type only: a storage error's text is harmless, but a rules error's could quote the state.
                log.error("a bot move in game %d could not be saved (%s); its bots will try again", row.id,
                          type(exc).__name__)
                self._bots_failed(row.id)
                changes.notice = BOTS_DELAYED
                assert row.snapshot is not None  # a running game always has one
                return row, game.load(row.snapshot)  # ``state`` ran ahead of the file: back to the last commit
        raise RuntimeError(f"bots made {MAX_AUTO_STEPS} moves in a row without the game ending")

    def _bots_failed(self, game_id: int) -> None:
        """Try this game's bots again later, backing off (5 s, 10 s, … up to 10 min) while they keep failing."""
        tries = self._wake_tries.get(game_id, 0) + 1
        self._wake_tries[game_id] = tries
        self._wake_after[game_id] = self.clock() + min(WAKE_BACKOFF_MAX_S, WAKE_BACKOFF_S * 2 ** (tries - 1))

    async def wake_bots(self, now: float | None = None) -> list[Update]:
        """Run the bots of every running game that waits only on bots: a crash, a shutdown or a failed write cut
        their chain short after a committed move. Called at start-up and on every scheduler tick; cheap when none
        is stuck (one indexed query). Returns what the bots did, to be posted like any other change."""
        now = self.clock() if now is None else now
        updates: list[Update] = []
        for game_id, channel in await self.store.games_without_clocks():
            if self._closing:
                break
            if self._wake_after.get(game_id, 0.0) > now:
                continue
            try:
                async with self._serial(channel):
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
        state = self._state(row)
        if state is None or not any(seats[s].is_bot for s in state.to_act()):
            return None
        before = row.version
        changes = self._begin(row, state, seats)
        row, state = await self._run_bots(row, seats, state, changes, now)
        if row.version == before:
            return None  # not one bot move could be saved: nothing to tell yet
        if changes.notice is None:
            self._wake_after.pop(game_id, None)
            self._wake_tries.pop(game_id, None)
        return await self._update(row, seats, state, changes, notice=changes.notice)

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
        awaited = awaited_humans(state, seats)
        if clocks is None or any(s not in awaited for s in clocks):
            await tx.drop_deadlines(row.id, keep=awaited)
        if clocks is not None and acted not in awaited and all(s in clocks for s in awaited):
            return  # no clock starts and none restarts
        remind, deadline = row.settings.get("remind_hours", 0), row.settings.get("deadline_hours", 0)
        # A running clock keeps going; a newly awaited seat's clock and the acting seat's start now.
        await tx.start_clocks(row.id, awaited, restart=acted, since=now,
                              remind_at=reminder_at(now, remind, deadline),
                              due_at=deadline_at(now, deadline), since_version=version)

