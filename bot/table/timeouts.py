"""Away and back, and the caretaker by consent (docs/service.md, "Time banks, away and the caretaker vote").

- ``away(user, days)`` stops the player's clocks in all their running games at once (each game allows 14 days of
  away in all), ``back(user)`` ends it early; the scheduler (``due``) ends it when its time is up.
- When a bank runs out (``bank_out``), the other human players are asked what happens: wait another day, the
  caretaker plays this turn, the caretaker takes the seat for good, or the game ends. The majority of those who
  answer decides (a tie: the milder choice), and without an answer within the table's day the table's
  ``timeout_default`` applies — at once when nobody else is there to ask.
- ``reclaim`` gives a caretaker's seat back to its player."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.table.clocks import (
    AWAY_CAP_S,
    MAX_AWAY_DAYS,
    away_until,
    bank_terms,
    decide,
    duration,
    wait_times,
)
from bot.table.core import Part, TableCore, channel_speaking
from bot.table.lobby import Lobby
from bot.table.model import Question, Seat, TableError, Update, _Changes, _check_id
from bot.table.moves import Moves, caretaker_line
from bot.table.settings import TIMEOUT_CHOICES, TIMEOUT_WORDS, upgrade_settings
from bot.table.store import GameRow
from bot.table.timebank import BankClocks
from rules.core import State
from rules.words import N_, translator

_, _n = translator("bot")

log = logging.getLogger("bot.table")

MAX_CARETAKER_STEPS = 64  # atomic steps the caretaker may take to finish one turn

#: What each answer does, as the question and the log say it.
ANSWERS = {"wait": N_("wait another day"), "caretaker-turn": N_("the caretaker plays this turn"),
           "caretaker-seat": N_("the caretaker takes the seat for good"), "end": N_("end the game")}
assert set(ANSWERS) == set(TIMEOUT_CHOICES)


def timeout_default(settings: dict[str, object]) -> str:
    choice = str(upgrade_settings(settings).get("timeout_default", "caretaker-turn"))
    return choice if choice in TIMEOUT_CHOICES else "caretaker-turn"


class Timeouts(Part):
    def __init__(self, core: TableCore, banks: BankClocks, moves: Moves, lobby: Lobby) -> None:
        super().__init__(core)
        self.banks, self.moves, self.lobby = banks, moves, lobby

    # ---- the scheduler (bot/table/deadlines.py asks) ------------------------------------------------------------
    async def next_due(self) -> float | None:
        """When an away period or a question next ends (None: none is running)."""
        return await self.store.next_timebank_event(self.core.shards)

    async def due(self, now: float) -> list[Update]:
        """The away periods whose time is up and the questions whose time is up."""
        updates: list[Update] = []
        for (game_id, user), (_since, until) in sorted(self.caches.aways.items(), key=lambda item: item[1][1]):
            if until > now or game_id in self.caches.pauses or not await self.core.owns(game_id):
                continue
            update = await self._guarded(game_id, functools.partial(self._end_away, user=user, now=now))
            if update is not None:
                updates.append(update)
        for game_id, seat, _asked, decide_at in await self.store.timeouts(shards=self.core.shards):
            if decide_at > now or game_id in self.caches.pauses:
                continue
            update = await self._guarded(game_id, functools.partial(self._decide, seat=seat, now=now, final=True))
            if update is not None:
                updates.append(update)
        return updates

    async def _guarded(self, game_id: int, work: Callable[[GameRow], Awaitable[Update | None]]) -> Update | None:
        """Run ``work(row)`` under the game's channel lock; one broken table never stops the others."""
        row = await self.store.game(game_id)
        if row is None:
            return None
        try:
            async with self.core.serial(row.channel_id):
                row = await self.store.game(game_id)
                if row is None or row.status != "active":
                    self.caches.aways = {k: v for k, v in self.caches.aways.items() if k[0] != game_id}
                    return None
                return await work(row)
        except TableError:
            return None
        except Exception:
            log.exception("the time bank of game %s failed", game_id)
            return None

    # ---- a spent bank ---------------------------------------------------------------------------------------------
    def _gone(self, game_id: int, user: int) -> bool:
        """Whether ``user`` left the server mid-game (never pinged: bot/table/departures.py)."""
        return user in self.caches.departed.get(game_id, set())

    def _voters(self, game_id: int, seats: list[Seat], seat: int) -> dict[int, str]:
        """user id -> name of the players asked about ``seat``: the other humans still at the table who play their
        own seat."""
        departed = self.caches.departed.get(game_id, set())
        kept = self.caches.caretaken.get(game_id, {})
        return {s.user_id: s.name for s in seats if s.user_id is not None and s.seat != seat
                and s.user_id not in departed and s.seat not in kept and s.user_id != seats[seat].user_id}

    async def bank_out(self, row: GameRow, seats: list[Seat], state: State[Any], seat: int,
                        now: float) -> Update | None:
        terms = bank_terms(row.settings)
        who = seats[seat]
        voters = self._voters(row.id, seats, seat)
        default = timeout_default(row.settings)
        gone = who.user_id is not None and who.user_id in self.caches.departed.get(row.id, set())
        if terms is None or not voters or gone:
            async with self.store.transaction() as tx:
                await tx.clear_due(row.id, seat)
                await tx.put_bank(row.id, seat, 0.0)
                if who.user_id is not None and not gone:  # who left the server is counted as leaving instead
                    await tx.count_reliability(row.id, who.user_id, clock_outs=1)
            with channel_speaking(row.settings):
                if gone:  # the vote on their seat is the one question about them: the game goes on meanwhile
                    why = _("{name} has left the server and their time bank ran out; the vote on their seat decides"
                            " what follows:").format(name=who.name)
                else:
                    why = _("{name}'s time bank ran out, and nobody else is at the table to ask:").format(
                        name=who.name)
            return await self._apply(row, seats, state, seat, "caretaker-turn" if gone else default, now, why)
        decide_at = now + terms.day
        names = ", ".join(voters.values())
        with channel_speaking(row.settings):
            # TRANSLATORS: {time} is a Discord timestamp (<t:…:f>) each reader sees in their own time and language
            text = _("{name}'s time bank ran out. {names}: what now? The majority of those who answer decides (a tie:"
                     " the milder choice); without an answer by {time}, {default}. {name} may still move meanwhile."
                     ).format(name=who.name, names=names, time=f"<t:{int(decide_at)}:f>",
                              default=_(TIMEOUT_WORDS[default]))
        async with self.store.transaction() as tx:
            await tx.clear_due(row.id, seat)
            await tx.put_bank(row.id, seat, 0.0)
            if who.user_id is not None:
                await tx.count_reliability(row.id, who.user_id, clock_outs=1)
            await tx.ask_timeout(row.id, seat, now, decide_at)
            await tx.append(row.id, kind="note", version=row.version, seat=seat, user_id=None, action=None,
                            events=[text], now=now)
        update = await self.core.update(row, seats, state, _Changes(before={}), told=False)
        update.awaited = []
        update.question = Question("timeout", seat, who.name, tuple(voters), decide_at)
        return update

    async def vote_timeout(self, channel: int, user: int, seat: int, choice: str) -> tuple[str, Update | None]:
        """A player's answer about ``seat``'s spent bank (a second answer replaces the first). Returns the reply for
        the voter and, once the answers decide, the Update of the decision."""
        _check_id(user, "user")
        if choice not in ANSWERS:
            raise TableError(_("Answer one of: {choices}.").format(choices=", ".join(ANSWERS)))
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            if row.status != "active":
                raise TableError(_("That question belongs to a game that is over."))
            seats = await self.store.seats(row.id)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise TableError(_("Seat must be a number from 1 to {n}.").format(n=len(seats)))
            if not any(s == seat for _g, s, _a, _d in await self.store.timeouts(row.id)):
                raise TableError(_("There is no open question about {name}'s time bank any more.").format(
                    name=seats[seat].name))
            voters = self._voters(row.id, seats, seat)
            if user not in voters:
                raise TableError(_("Only the other players at the table answer this question."))
            now = self.core.clock()
            async with self.store.transaction() as tx:
                await tx.put_timeout_vote(row.id, seat, user, choice, now)
                votes = {u: c for u, c in (await tx.timeout_votes(row.id, seat)).items() if u in voters}
                def said() -> str:
                    return _("{voter} answers about {name}'s time bank: {answer} ({n} of {total} answered).").format(
                        voter=voters[user], name=seats[seat].name, answer=_(ANSWERS[choice]), n=len(votes),
                        total=len(voters))

                with channel_speaking(row.settings):
                    logged = said()
                await tx.append(row.id, kind="note", version=row.version, seat=seat, user_id=user, action=None,
                                events=[logged], now=now)
            return said(), await self._decide(row, seat=seat, now=now, final=False)  # the voter reads their own

    async def _decide(self, row: GameRow, *, seat: int, now: float, final: bool) -> Update | None:
        """Under the channel's lock: apply the answer about ``seat`` if the answers decide it (``final``: the time is
        up, so the answers so far decide, else the table's default)."""
        if not any(s == seat for _g, s, _a, _d in await self.store.timeouts(row.id)):
            return None
        seats = await self.store.seats(row.id)
        state = self.core.state(row)
        assert state is not None
        self.core.check_seats(row, seats, state)
        voters = self._voters(row.id, seats, seat)
        votes = {u: c for u, c in (await self.store.timeout_votes(row.id, seat)).items() if u in voters}
        choice = decide(votes, len(voters), final=final)
        name = seats[seat].name
        if choice is None:
            if not final:
                return None
            choice = timeout_default(row.settings)
            with channel_speaking(row.settings):
                why = _("Nobody answered about {name}'s time bank in time:").format(name=name)
        else:
            with channel_speaking(row.settings):
                counts = ", ".join(f"{sum(v == c for v in votes.values())} × {_(ANSWERS[c])}" for c in ANSWERS
                                   if c in votes.values())
                why = _("The players answered about {name}'s time bank ({counts}):").format(name=name, counts=counts)
        if seat not in self.banks.clock_seats(row.id, state, seats):  # no longer awaited: nothing to decide
            async with self.store.transaction() as tx:
                await tx.close_timeout(row.id, seat)
            return None
        return await self._apply(row, seats, state, seat, choice, now, why)

    async def _apply(self, row: GameRow, seats: list[Seat], state: State[Any], seat: int, choice: str, now: float,
                     why: str) -> Update:
        """Under the channel's lock: do what was decided about ``seat``'s spent bank."""
        who = seats[seat]
        terms = bank_terms(row.settings)
        if choice == "end":
            with channel_speaking(row.settings):
                texts = [_("{why} the game ends.").format(why=why)]
            async with self.store.transaction() as tx:
                if who.user_id is not None:
                    await tx.count_reliability(row.id, who.user_id, removed=1)
                # results and ratings with the end: the seat whose bank ran out ranks last (docs/ratings.md)
                report = await self.moves.club.record_early_end(tx, row, seats, state.view(None)["scores"], [seat],
                                                                now)
                ended = await self.lobby.end_abandoned(tx, row, None, texts)
            update = await self.core.committed_update(ended, seats, texts)
            update.report = report
            return update
        if choice == "wait" or terms is None:
            grant = terms.day if terms is not None else 0.0
            async with self.store.transaction() as tx:
                await tx.close_timeout(row.id, seat)
                if terms is not None:
                    remind, due = wait_times(grant, terms, now)
                    await tx.set_clock(row.id, seat, since=now, remind_at=remind, due_at=due)
                    await tx.put_bank(row.id, seat, grant)
                with channel_speaking(row.settings):
                    text = _("{why} the table waits {time} more for {name}.").format(
                        why=why, time=duration(grant), name=who.name)
                await tx.append(row.id, kind="note", version=row.version, seat=seat, user_id=None, action=None,
                                events=[text], now=now)
            update = await self.core.update(row, seats, state, _Changes(before={}), notice=text, told=False)
            update.awaited = [who.user_id] if who.user_id is not None and not self._gone(row.id, who.user_id) else []
            update.reminder = True
            return update
        changes = self.core.begin(row, state, seats)
        question = None
        async with self.store.transaction() as tx:
            await tx.close_timeout(row.id, seat)
            if choice == "caretaker-seat":
                assert who.user_id is not None
                await tx.give_caretaker(row.id, seat, who.user_id, now)
                await tx.count_reliability(row.id, who.user_id, removed=1)
                await tx.drop_deadlines(row.id, keep=[s for s in self.banks.clock_seats(row.id, state, seats)
                                                      if s != seat])
                with channel_speaking(row.settings):
                    text = _("{why} the caretaker takes {name}'s seat and plays it from now on; {name} takes it "
                             "back with /game seat reclaim.").format(why=why, name=who.name)
            else:
                with channel_speaking(row.settings):
                    text = _("{why} the caretaker plays this turn for {name}.").format(why=why, name=who.name)
            await tx.append(row.id, kind="note", version=row.version, seat=seat, user_id=None, action=None,
                            events=[text], now=now)
        if choice == "caretaker-seat":
            self.caches.caretaken.setdefault(row.id, {})[seat] = who.user_id  # type: ignore[assignment]
            question = Question("reclaim", seat, who.name, (who.user_id,) if who.user_id is not None else ())
        else:
            game = self.core.game(row.game)
            for _turn in range(MAX_CARETAKER_STEPS):
                if row.status != "active" or seat not in state.to_act():
                    break
                note = None
                if seat not in changes.caretaker_for:
                    changes.caretaker_for.add(seat)
                    with channel_speaking(row.settings):
                        note = caretaker_line(who.name)
                choice = await self.moves.caretaker_choice(row, game, state, seat)
                row = await self.moves.step(row, seats, state, seat, choice, "caretaker", None, changes, now,
                                            public_note=note)
        row, state = await self.moves.run_auto(row, seats, state, changes, now)
        notice = text if changes.notice is None else f"{text} {changes.notice}"
        update = await self.core.update(row, seats, state, changes, notice=notice)
        update.question = question
        return update

    # ---- the caretaker's seat -------------------------------------------------------------------------------------
    async def caretaker_takes(self, channel: int, why: Callable[[], str]) -> list[Update]:
        """The caretaker takes, for good, every human seat ``channel``'s game waits for now (a tournament round's
        deadline passed: docs/tournaments.md), ``why`` leading each line (written in the table's language); each
        player may reclaim their seat. Returns one Update per seat taken."""
        updates: list[Update] = []
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            seats = await self.store.seats(row.id)
            state = self.core.state(row)
            if row.status != "active" or state is None:
                return []
            late = [s for s in state.to_act() if not seats[s].is_bot and s not in self.caches.caretaken.get(row.id, {})]
            for seat in late:
                if row.status != "active" or seat not in state.to_act():
                    continue  # the caretaker's moves for an earlier seat moved the game on
                with channel_speaking(row.settings):
                    text = why()
                updates.append(await self._apply(row, seats, state, seat, "caretaker-seat", self.core.clock(), text))
                found = await self.store.game(row.id)
                if found is None:
                    break
                row, state = found, self.core.state(found)
                if state is None:
                    break
        return updates

    async def reclaim(self, channel: int, user: int) -> Update:
        """``user`` takes their seat back from the caretaker; their clock starts with at least a refill's time."""
        _check_id(user, "user")
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            seats = await self.store.seats(row.id)
            mine = next((s.seat for s in seats if s.user_id == user), None)
            if mine is None or mine not in self.caches.caretaken.get(row.id, {}):
                raise TableError(_("Your seat at this table is not with the caretaker: there is nothing to reclaim."))
            state = self.core.state(row)
            assert state is not None
            terms = bank_terms(row.settings)
            now = self.core.clock()
            with channel_speaking(row.settings):
                text = _("{name} takes their seat back from the caretaker.").format(name=seats[mine].name)
            changes = self.core.begin(row, state, seats)  # nothing changes on anyone's screen: no news
            changes.public.append(text)
            async with self.store.transaction() as tx:
                await tx.take_back(row.id, mine)
                del self.caches.caretaken[row.id][mine]
                if terms is not None:
                    left = (await tx.banks(row.id)).get(mine, terms.cap)
                    await tx.put_bank(row.id, mine, max(left, terms.refill))
                await tx.append(row.id, kind="note", version=row.version, seat=mine, user_id=user, action=None,
                                events=[text], now=now)
                await self.banks.sync_deadlines(tx, row, seats, state, acted=None, now=now, version=row.version)
            return await self.core.update(row, seats, state, changes)

    # ---- away and back --------------------------------------------------------------------------------------------
    async def away(self, user: int, days: int) -> tuple[str, list[Update]]:
        """Stop ``user``'s clocks in all their running games for ``days`` days (each game: up to 14 days of away in
        all). Returns the reply and one announcement per game."""
        _check_id(user, "user")
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_AWAY_DAYS:
            raise TableError(_("Away for 1 to {n} days.").format(n=MAX_AWAY_DAYS))
        games = await self.store.games_of_user(user, ("active",))
        if not games:
            raise TableError(_("You have no running game: no clock of yours is running."))
        updates: list[Update] = []
        lines: list[str] = []
        for game in games:
            async def go(row: GameRow, user: int = user) -> Update | None:
                return await self._start_away(row, user, days, lines)
            update = await self._guarded(game.id, go)
            if update is not None:
                updates.append(update)
        return "\n".join(lines), updates

    async def _start_away(self, row: GameRow, user: int, days: int, lines: list[str]) -> Update | None:
        seats = await self.store.seats(row.id)
        state = self.core.state(row)
        assert state is not None
        mine = next(s for s in seats if s.user_id == user)
        now = self.core.clock()
        used = await self.store.away_used(row.id, user)
        current = self.caches.aways.get((row.id, user))
        if current is not None:
            used += max(0.0, min(now, current[1]) - current[0])
        title = _("{game} (game #{id})").format(game=_(self.core.game(row.game).title), id=row.id)
        until = away_until(now, days, used)
        cap = int(AWAY_CAP_S // 86400)
        if until is None:  # the reply to the player who asked: their language
            lines.append(_("{title}: your {n} days of away are used up; your clock runs.").format(title=title, n=cap))
            return None
        terms = bank_terms(row.settings)
        total = used + (until - now)
        with channel_speaking(row.settings):
            text = _("{name} is away until {time}; their clock is paused ({used} of {n} days of away used in this "
                     "game).").format(name=mine.name, time=f"<t:{int(until)}:f>", used=duration(total), n=cap)
        async with self.store.transaction() as tx:
            if current is not None:
                await tx.end_away(row.id, user, now)
            await tx.start_away(row.id, user, now, until)
            running = await tx.clock_rows(row.id)
            # A seat answering in a response window keeps it (the window is the asker's wait, not the seat's bank).
            if terms is not None and mine.seat in running and mine.seat not in self.banks.windows(row, state, seats):
                due = running[mine.seat][1]
                if due is not None:  # its clock stops with what is left
                    await tx.put_bank(row.id, mine.seat, max(0.0, due - now))
                    await tx.set_clock(row.id, mine.seat, since=now, remind_at=None, due_at=None)
                else:  # the others were asked about the spent bank: the question closes with the clock
                    await tx.close_timeout(row.id, mine.seat)
            await tx.append(row.id, kind="note", version=row.version, seat=mine.seat, user_id=user, action=None,
                            events=[text], now=now)
        self.caches.aways[(row.id, user)] = (now, until)
        lines.append(_("{title}: paused until {time}.").format(title=title, time=f"<t:{int(until)}:f>"))
        return await self._announce(row, seats, state, text, ping=None)

    async def back(self, user: int) -> list[Update]:
        """End ``user``'s away periods early: their clocks run again."""
        _check_id(user, "user")
        mine = [game_id for game_id, u in self.caches.aways if u == user]
        if not mine:
            raise TableError(_("You are not away."))
        now = self.core.clock()
        updates = []
        for game_id in mine:
            update = await self._guarded(game_id, functools.partial(self._end_away, user=user, now=now, early=True))
            if update is not None:
                updates.append(update)
        return updates

    async def _end_away(self, row: GameRow, *, user: int, now: float, early: bool = False) -> Update | None:
        if (row.id, user) not in self.caches.aways:
            return None
        seats = await self.store.seats(row.id)
        state = self.core.state(row)
        assert state is not None
        mine = next((s for s in seats if s.user_id == user), None)
        terms = bank_terms(row.settings)
        with channel_speaking(row.settings):
            name = mine.name if mine is not None else _("A player")
            text = (_("{name} is back; their clock runs again.") if early
                    else _("{name}'s away time is over; their clock runs again.")).format(name=name)
        awaited = False
        async with self.store.transaction() as tx:
            await tx.end_away(row.id, user, now)
            running = await tx.clock_rows(row.id)
            if mine is not None and terms is not None and mine.seat in running and running[mine.seat][1] is None:
                left = (await tx.banks(row.id)).get(mine.seat, terms.cap)
                left = max(left, terms.remind or terms.day)  # at least the usual warned time
                remind, due = wait_times(left, terms, now)
                await tx.set_clock(row.id, mine.seat, since=now, remind_at=remind, due_at=due)
                awaited = True
            await tx.append(row.id, kind="note", version=row.version, seat=None if mine is None else mine.seat,
                            user_id=user, action=None, events=[text], now=now)
        del self.caches.aways[(row.id, user)]
        return await self._announce(row, seats, state, text, ping=user if awaited else None)

    async def _announce(self, row: GameRow, seats: list[Seat], state: State[Any], text: str,
                        ping: int | None) -> Update:
        """A short line in the table's channel (no board), pinging ``ping`` if given."""
        update = await self.core.update(row, seats, state, _Changes(before={}), notice=text, told=False)
        update.awaited = [ping] if ping is not None else []
        update.reminder = True
        return update

