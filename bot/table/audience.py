"""What posting an Update needs of the people it reaches, read by the table when it builds the Update (so the front
end asks nothing more after a move): each seated human's language, notice preference, quiet hours and DM status
(``Reader``), and "since your last move" for each player whose turn begins. Cached where the caches say so
(bot/table/caches.py); never raises once a change is committed."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.table.caches import Caches
from bot.table.digests import SinceDigest, digest_of
from bot.table.model import Reader, Seat, Table, TableError
from bot.table.quiet import QuietHours, check_timezone, parse_quiet, quiet_until
from bot.table.store import GameRow, Store
from bot.table.store.users import PendingNews
from rules.core import Game

log = logging.getLogger("bot.table")

SINCE_TAIL = 200  # log rows read for "since your last move" before falling back to the whole log


class Audience:
    def __init__(self, store: Store, caches: Caches, clock: Callable[[], float], game: Callable[[str], Game]) -> None:
        self.store, self.caches, self.clock, self.game = store, caches, clock, game

    async def reader_language(self, user: int | None) -> str:
        """The language ``user`` reads (as last seen: bot/table/users.py); bots and unknown users: English."""
        if user is None:
            return "en"
        if user not in self.caches.languages:
            try:
                self.caches.languages[user] = await self.store.user_language(user) or "en"
            except Exception as exc:  # a file older than migration 14, a failed read: English, never a lost move
                log.warning("the language of user %s could not be read (%s)", user, type(exc).__name__)
                return "en"
        return self.caches.languages[user]


    async def notify_pref(self, user: int) -> str:
        """``mention`` (the default), ``dm`` or ``digest``; cached."""
        if user not in self.caches.notify:
            self.caches.notify[user] = await self.store.notify_pref(user)
        return self.caches.notify[user]

    async def quiet_hours(self, user: int) -> QuietHours | None:
        """The user's quiet hours (None: none set); cached. A stored value this build cannot read counts as none."""
        if user not in self.caches.quiet:
            tz, text = await self.store.quiet_hours(user)
            value = None
            if tz and text:
                try:
                    hours = parse_quiet(text)
                    value = QuietHours(check_timezone(tz), *hours) if hours else None
                except TableError:
                    value = None
            self.caches.quiet[user] = value
        return self.caches.quiet[user]

    async def dm_status(self, user: int) -> tuple[bool, float | None]:
        """Whether DMs to ``user`` work, and when the last one was refused; cached (``Lobby.set_dm_ok`` drops it)."""
        if user not in self.caches.dms:
            self.caches.dms[user] = await self.store.dm_status(user)
        return self.caches.dms[user]

    async def readers(self, seats: list[Seat]) -> dict[int, Reader]:
        """What posting needs of each seated human. Never raises (the change is committed): a fact that cannot be
        read is its default (English, mention, awake), as a front end asking afterwards would have had to assume."""
        now, out = self.clock(), {}
        for user in {s.user_id for s in seats if s.user_id is not None}:
            try:
                asleep = quiet_until(now, await self.quiet_hours(user)) is not None
                dm_ok, failed_at = await self.dm_status(user)
                out[user] = Reader(await self.reader_language(user), await self.notify_pref(user), asleep, dm_ok,
                                   failed_at)
            except Exception as exc:
                log.warning("what posting needs of user %s could not be read (%s)", user, type(exc).__name__)
                out[user] = Reader(await self.reader_language(user))
        return out

    @staticmethod
    def begins(table: Table, seats: list[Seat], awaited_before: frozenset[int] | None) -> list[int]:
        """The human seats whose turn begins with the change: awaited now, and not before it (unknown: all)."""
        if table.status != "active":
            return []
        return [s for s in table.awaited_seats if seats[s].user_id is not None
                and (awaited_before is None or s not in awaited_before)]

    async def since(self, row: GameRow, seats: list[Seat], new: list[int]) -> dict[int, SinceDigest]:
        """"Since your last move" of the players of seats ``new`` (whose turn begins). Never raises (the change is
        committed): a digest that cannot be read is left out, as the post leaves it out."""
        if not new:
            return {}
        try:
            # The log's tail is enough when it holds each player's own latest move (a turn comes round well within
            # it); otherwise, or in a game's first rounds, the whole log.
            tail = await self.store.log_tail(row.id, SINCE_TAIL)
            users = {s: user for s in new if (user := seats[s].user_id) is not None}
            if len(tail) == SINCE_TAIL and not all(any(r.kind == "player" and r.seat == s and r.user_id == user
                                                       and not r.undone for r in tail) for s, user in users.items()):
                tail = await self.store.log(row.id)
            game = self.game(row.game)
            return {user: digest_of(row, tail, seats, s, user, game)[0] for s, user in users.items()}
        except Exception:
            log.exception("no 'since your last move' in game %s", row.id)
            return {}


    # ---- private news (bot/table/news.py) ----------------------------------------------------------------------------
    async def keep_news(self, row: GameRow, news: dict[int, list[str]]) -> None:
        """Store what the change brought each player until it is delivered; a failure (a full disk) is logged: the
        move stands, and My screen still shows the current screen."""
        if not news:
            return
        try:
            async with self.store.transaction() as tx:
                await tx.add_news(row.id, row.version, news, self.clock())
        except Exception:
            log.exception("could not keep the private news of game %s (version %s)", row.id, row.version)

    async def news_due(self, row: GameRow, users: list[int]) -> dict[int, PendingNews]:
        """The undelivered news to deliver now: of ``users`` (whose turn begins), or once the game is over of everyone
        who has some. Never raises (left out: the player's next look shows it)."""
        try:
            if row.status in ("finished", "abandoned"):
                users = await self.store.news_users(row.id)
            out = {}
            for user in users:
                news = await self.store.pending_news(row.id, user)
                if news is not None:
                    out[user] = news
            return out
        except Exception:
            log.exception("could not read the private news of game %s", row.id)
            return {}
