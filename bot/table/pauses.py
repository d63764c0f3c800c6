"""Paused tables: clocks stop while a table cannot be reached (its channel or server is gone, Kontor cannot post
there), resume with the lost time given back, and a game whose channel is gone can move to another channel."""

from __future__ import annotations

from bot.table.clocks import reminder_grace
from bot.table.core import Part, channel_speaking
from bot.table.lobby import _hosts
from bot.table.model import Table, TableError, Update, _Changes, _check_id, secret_part
from bot.table.store import GameRow, StoreError
from rules.words import N_, translator

_, _n = translator("bot")

# reason -> how it reads after "Paused: "
PAUSE_REASONS = {
    "channel": N_("the game's channel or thread is gone"),
    "server": N_("Kontor is no longer in the game's server"),
    "post": N_("Kontor cannot post in the game's channel"),
}
MOVED = N_("The game moved to this channel; its clocks run again.")
REOPENED = N_("Kontor can post here again: the game goes on, and its clocks run again.")
UNREACHABLE = ("channel", "server")  # only moving the game elsewhere (or abandoning it) ends these


class Pauses(Part):
    async def pause(self, channel: int, reason: str) -> Table | None:
        """Stop the clocks of the channel's running game; the Table if this paused it (None: no running game, or
        already paused for this reason). Moves may still be made (e.g. from an ephemeral menu) while paused."""
        if reason not in PAUSE_REASONS:
            raise ValueError(f"unknown pause reason {reason!r}")
        async with self.core.serial(channel):
            row = await self.store.open_game(_check_id(channel, "channel"))
            if row is None or row.status != "active":
                return None
            held = self.caches.pauses.get(row.id)
            if held is not None and (held[1] == reason or held[1] in UNREACHABLE):
                return None
            since = held[0] if held is not None else self.core.clock()
            async with self.store.transaction() as tx:
                await tx.set_pause(row.id, since, reason)
            self.caches.pauses[row.id] = (since, reason)
            return self.core.table(row, await self.store.seats(row.id), self.core.state(row))

    async def resume(self, channel: int, *, reason: str | None = None) -> Table | None:
        """Restart the clocks of the channel's paused game (only if paused for ``reason``, when given), giving each
        wait back the time it was paused. After a "post" pause, reminders may not have been seen: each awaited seat
        is reminded again before any deadline. Returns the Table if this resumed it."""
        async with self.core.serial(channel):
            row = await self.store.open_game(_check_id(channel, "channel"))
            if row is None or row.id not in self.caches.pauses:
                return None
            return await self._resume(row, reason)

    async def reopen(self, channel: int, reason: str = "post") -> Update | None:
        """Resume the channel's game paused for ``reason`` (Kontor may post there again) and give the current board
        to post afresh, at the bottom of the channel: the posts refused meanwhile never told anyone whose move it is.
        Every awaited player's turn counts as beginning (their "since your last move" included); nobody's screen is
        sent again (DMs were not what failed). None: no game here was paused for that reason."""
        async with self.core.serial(channel):
            row = await self.store.open_game(_check_id(channel, "channel"))
            # no reminder again at once: the fresh board pings whoever is awaited (the clocks keep their reminders)
            if row is None or row.id not in self.caches.pauses or await self._resume(row, reason, rearm=False) is None:
                return None
            state = self.core.state(row)
            if state is None:  # a lobby has no board
                return None
            seats = await self.store.seats(row.id)
            public, views = state.views([s.seat for s in seats if s.user_id is not None])
            with channel_speaking(row.settings):
                line = _(REOPENED)
            changes = _Changes(before={s: secret_part(view, public) for s, view in views.items()}, public=[line])
            return await self.core.update(row, seats, state, changes)

    async def paused_channels(self, guild: int, reason: str = "post") -> list[int]:
        """The channels of the server's running games paused for ``reason`` (a server-wide permission change may
        have ended any of these pauses)."""
        return [row.channel_id for row in await self.store.open_games_of_guild(_check_id(guild, "server"))
                if self.caches.pauses.get(row.id, (0.0, ""))[1] == reason]

    async def _resume(self, row: GameRow, reason: str | None, *, rearm: bool = True) -> Table | None:
        since, held = self.caches.pauses[row.id]
        if reason is not None and held != reason:
            return None
        now = self.core.clock()
        async with self.store.transaction() as tx:
            await tx.shift_clocks(since, now, game_id=row.id)
            if held == "post" and rearm:
                await tx.rearm_reminders(row.id, now, reminder_grace(row.settings))
            await tx.drop_pause(row.id)
        del self.caches.pauses[row.id]
        return self.core.table(row, await self.store.seats(row.id), self.core.state(row))

    async def pause_server(self, guild: int, reason: str = "server") -> list[Table]:
        """Pause every running game of a server (Kontor was removed from it); the Tables this paused."""
        paused = []
        for row in await self.store.open_games_of_guild(_check_id(guild, "server")):
            table = await self.pause(row.channel_id, reason)
            if table is not None:
                paused.append(table)
        return paused

    async def move_here(self, channel: int, guild: int | None, by_user: int, *, game_id: int | None = None,
                        force: bool = False) -> Update:
        """Move a game whose channel is gone to ``channel`` and restart its clocks. The host (or a moderator: ``force``)
        names it by ``game_id``, or it is their only such game."""
        _check_id(channel, "channel")
        _check_id(by_user, "user")
        stranded = [row for row in await self.store.games_of_user(by_user)
                    if self.caches.pauses.get(row.id, (0.0, ""))[1] in UNREACHABLE]
        if game_id is not None:
            row = await self.store.game(_check_id(game_id, "game"))
            if row is None or not row.open or self.caches.pauses.get(row.id, (0.0, ""))[1] not in UNREACHABLE:
                raise TableError(_("Game #{id} is not waiting for a new channel.").format(id=game_id))
        elif len(stranded) == 1:
            row = stranded[0]
        elif not stranded:
            raise TableError(_("None of your games has lost its channel."))
        else:
            listed = ", ".join(f"#{r.id}" for r in stranded)
            raise TableError(_("Several of your games lost their channel ({games}): say which with the game "
                               "option.").format(games=listed))
        if not (force or _hosts(row, await self.store.seats(row.id), by_user)):
            raise TableError(_("Only the table's host or a moderator can move a game."))
        with channel_speaking(row.settings):
            moved_line = _(MOVED)
        async with self.core.serial(row.channel_id), self.core.serial(channel):
            now = self.core.clock()
            try:
                async with self.store.transaction() as tx:
                    await tx.move_game(row.id, channel, guild)
                    await tx.append(row.id, kind="note", version=row.version, seat=None, user_id=by_user,
                                    action=None, events=[moved_line],
                                    now=now)
            except StoreError:
                raise TableError(_("This channel already has an open game. Use another channel or a thread.")) from None
            self.caches.rows.pop(row.channel_id, None)
            moved = await self.store.game(row.id)
            assert moved is not None
            await self._resume(moved, None)
            seats = await self.store.seats(moved.id)
            state = self.core.state(moved)
            if state is None:  # a lobby: nothing to draw
                return await self.core.lobby_update(moved.id, [moved_line])
            # Everyone gets the board here and their own screen again: the old messages are gone with the channel.
            changes = _Changes(before={s.seat: None for s in seats if not s.is_bot}, public=[moved_line])
            return await self.core.update(moved, seats, state, changes)


def pause_text(table: Table) -> str | None:
    """"Paused: Kontor cannot post in the game's channel." (None while the clocks run)."""
    if table.paused is None:
        return None
    reason = PAUSE_REASONS.get(table.paused)
    return _("Paused: {reason}.").format(reason=_(reason) if reason is not None else table.paused)
