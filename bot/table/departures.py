"""Players who leave the server mid-game: the table is told once, hosting passes on, their seat is no longer
pinged, and the players still there decide by majority whether a bot plays the seat or the game ends."""

from __future__ import annotations

from bot.table.core import Part, TableCore, channel_speaking
from bot.table.lobby import Lobby
from bot.table.model import TableError, Update, _check_id, _clean_name
from rules.words import N_, translator

_, _n = translator("bot")

SEAT_CHOICES = {"bot": N_("a bot plays it"), "end": N_("the game ends")}


class Departures(Part):
    def __init__(self, core: TableCore, lobby: Lobby) -> None:
        super().__init__(core)
        self.lobby = lobby

    async def member_left(self, channel: int, user: int) -> Update | None:
        """``user`` left the server of ``channel``'s game: leave a lobby for them; in a running game tell the table
        once (None if already told, or not seated) and open the vote on their seat."""
        _check_id(user, "user")
        row = await self.store.open_game(_check_id(channel, "channel"))
        if row is None:
            return None
        seats = await self.store.seats(row.id)
        mine = next((s for s in seats if s.user_id == user), None)
        if mine is None:
            return None
        if row.status == "lobby":
            return await self.lobby.leave(channel, user)
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            seats = await self.store.seats(row.id)  # again, under the lock: the seating may have changed meanwhile
            mine = next((s for s in seats if s.user_id == user), None)
            if mine is None or user in self.caches.departed.get(row.id, set()):
                return None  # no longer seated, or already told
            departed = {*self.caches.departed.get(row.id, set()), user}
            present = [s for s in seats if s.user_id is not None and s.user_id not in departed]
            with channel_speaking(row.settings):
                texts = [_("{name} has left the server. The players still here decide what happens to their seat:"
                           " a bot plays it, another member takes it, or the game ends (a majority of {n} decides)."
                           ).format(name=mine.name, n=len(present) // 2 + 1)]
                if not present:
                    texts = [_("{name} has left the server, and no other player is left: a moderator can hand the"
                               " seat over or abandon the game.").format(name=mine.name)]
            now = self.core.clock()
            async with self.store.transaction() as tx:
                await tx.add_departure(row.id, user, now)
                version = row.version
                if row.creator_id == user and present:  # hosting passes to the next player still here
                    order = [*seats[mine.seat + 1:], *seats[:mine.seat]]
                    host = next(s for s in order if s.user_id is not None and s.user_id not in departed)
                    version = await tx.bump(row.id, row.version, now, creator_id=host.user_id)
                    with channel_speaking(row.settings):
                        texts.append(_("{name} now hosts the table.").format(name=host.name))
                await tx.append(row.id, kind="note", version=version, seat=mine.seat, user_id=None, action=None,
                                events=texts, now=now)
            self.caches.departed[row.id] = departed
            self.caches.forget(row.id)
        return await self.core.lobby_update(row.id, texts)

    async def vote_seat(self, channel: int, user: int, seat: int, choice: str, *, member: int | None = None,
                        member_name: str | None = None) -> Update:
        """A vote of a player still at the table on a departed player's seat: ``choice`` "bot", "end", or "member"
        (``member`` takes the seat; the front end checks they are in the server). A majority of the players still
        here decides; a second vote replaces the first. Votes for different members count apart."""
        _check_id(user, "user")
        if choice not in (*SEAT_CHOICES, "member"):
            raise TableError(_("Vote `bot` (a bot plays the seat), `end` (the game ends) or `member` (someone else"
                               " takes it)."))
        if choice == "member":
            if member is None:
                raise TableError(_("Say which member should take the seat."))
            _check_id(member, "user")
            choice = f"member:{member}"
        async with self.core.serial(channel):
            row = await self.core.open_row(channel)
            if row.status != "active":
                raise TableError(_("The game has not started yet."))
            seats = await self.store.seats(row.id)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
                raise TableError(_("Seat must be a number from 1 to {n}.").format(n=len(seats)))
            departed = self.caches.departed.get(row.id, set())
            target = seats[seat]
            if target.user_id is None or target.user_id not in departed:
                raise TableError(_("{name} is still at the table: there is nothing to vote on.").format(
                    name=target.name))
            voters = {s.user_id: s.name for s in seats if s.user_id is not None and s.user_id not in departed}
            if user not in voters:
                raise TableError(_("Only the players still at the table vote on this seat."))
            if member is not None and any(s.user_id == member for s in seats):
                raise TableError(_("That member already has a seat at this table."))
            now = self.core.clock()
            async with self.store.transaction() as tx:
                await tx.put_seat_vote(row.id, seat, user, choice, now)
                votes = {u: c for u, c in (await tx.seat_votes(row.id, seat)).items() if u in voters}
                have, needed = sum(c == choice for c in votes.values()), len(voters) // 2 + 1
                with channel_speaking(row.settings):
                    if choice == "bot":
                        said = _("{voter} votes that a bot plays it for {name}'s seat ({have}/{needed} votes).")
                    elif choice == "end":
                        said = _("{voter} votes that the game ends for {name}'s seat ({have}/{needed} votes).")
                    else:
                        said = _("{voter} votes that {member} takes it for {name}'s seat ({have}/{needed} votes).")
                    text = said.format(voter=voters[user], name=target.name, member=_clean_name(member_name),
                                       have=have, needed=needed)
                await tx.append(row.id, kind="note", version=row.version, seat=seat, user_id=user, action=None,
                                events=[text], now=now)
                if have >= needed:
                    await tx.drop_seat_votes(row.id, seat)
        if have < needed:
            return await self.core.lobby_update(row.id, [text])
        if choice == "end":
            update = await self.lobby.abandon(channel, user, force=True)
        elif choice == "bot":
            update = await self.lobby.replace(channel, seat, None, None, by_user=user, force=True)
        else:
            update = await self.lobby.replace(channel, seat, member, member_name, by_user=user, force=True)
        update.public_events = [text, *update.public_events]
        return update
