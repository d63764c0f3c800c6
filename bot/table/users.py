"""User-level facts that hold on every server: the notification preference and the daily digest's clock, and
each player's private news not seen yet (the Discord layer delivers it: bot/discord/private_news.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.lang import language_of
from bot.table.core import Part
from bot.table.model import TableError, _check_id
from bot.table.quiet import QuietHours, check_timezone, parse_quiet
from bot.table.quiet import quiet_until as quiet_end
from bot.table.store.users import NOTIFY_CHOICES, PendingNews
from rules.words import N_, translator

_, _n = translator("bot")

NOTIFY_HELP = {
    "mention": N_("a mention in the game's channel when it is your move"),
    "dm": N_("a direct message when it is your move (the board names you without pinging)"),
    "digest": N_("no ping per turn; one direct message a day listing every game waiting for you"),
}


class Users(Part):
    # ---- notification preference (cached: this service is the file's only writer) -------------------------
    async def notify_pref(self, user: int) -> str:
        """``mention`` (the default), ``dm`` or ``digest``."""
        return await self.core.audience.notify_pref(_check_id(user, "user"))

    async def set_notify_pref(self, user: int, choice: str) -> str:
        """Set the preference; a refusal (TableError) for anything else changes nothing. Returns the choice."""
        _check_id(user, "user")
        value = str(choice).strip().lower()
        if value not in NOTIFY_CHOICES:
            raise TableError(_("Choose one of: {choices}.").format(choices=", ".join(NOTIFY_CHOICES)))
        async with self.store.transaction() as tx:
            await tx.set_notify_pref(user, value)
        self.caches.notify[user] = value
        return value

    # ---- language (migration 14; bot/lang.py) --------------------------------------------------------------
    async def remember_language(self, user: int, locale: object) -> str:
        """Note the language of ``user``'s Discord locale (from an interaction) for what reaches them later (DMs,
        digests); written only when it changed. Returns the language."""
        _check_id(user, "user")
        language = language_of(locale)
        if await self.user_language(user) != language:
            async with self.store.transaction() as tx:
                await tx.set_user_language(user, language)
            self.caches.languages[user] = language
        return language

    async def user_language(self, user: int) -> str:
        """The language ``user`` reads, as last seen (English until an interaction said otherwise)."""
        _check_id(user, "user")
        return await self.core.audience.reader_language(user)

    # ---- quiet hours (migration 12; bot/table/quiet.py) ---------------------------------------------------
    async def quiet_hours(self, user: int) -> QuietHours | None:
        """The user's quiet hours (None: none set). A stored value this build cannot read counts as none."""
        return await self.core.audience.quiet_hours(_check_id(user, "user"))

    async def time_zone(self, user: int) -> str | None:
        """The user's stored time zone (also without quiet hours)."""
        return (await self.store.quiet_hours(_check_id(user, "user")))[0]

    async def set_quiet_hours(self, user: int, timezone: str | None = None, quiet: str | None = None
                              ) -> QuietHours | None:
        """Set the time zone and/or the quiet hours (``"22-8"``, ``off`` clears them); quiet hours need a time zone
        (given now or stored). A refusal (TableError) changes nothing. Returns the quiet hours now in force."""
        _check_id(user, "user")
        tz, text = await self.store.quiet_hours(user)
        if timezone is not None:
            tz = check_timezone(timezone)
        if quiet is not None:
            hours = parse_quiet(quiet)
            text = f"{hours[0]}-{hours[1]}" if hours else None
        if text and not tz:
            raise TableError(_("Quiet hours are in your local time: give your time zone too, e.g. "
                               "`/game notify timezone:Europe/Berlin quiet:22-8`."))
        async with self.store.transaction() as tx:
            await tx.set_quiet_hours(user, tz, text)
        self.caches.quiet.pop(user, None)
        return await self.quiet_hours(user)

    async def quiet_until(self, user: int, now: float | None = None) -> float | None:
        """When the user's quiet hours around ``now`` end; None when they are not in them (or have none)."""
        return quiet_end(self.core.clock() if now is None else now, await self.quiet_hours(user))

    async def digest_due(self, now: float, every: float) -> list[int]:
        """Users who chose the digest and got none in the last ``every`` seconds (whose digest this process sends:
        bot/table/shards.py)."""
        users = await self.store.digest_users(now - every)
        return users if self.core.shards is None else [u for u in users if self.core.shards.owns_user(u)]

    async def digest_sent(self, user: int, at: float) -> None:
        async with self.store.transaction() as tx:
            await tx.set_digest_at(_check_id(user, "user"), at)

    # ---- pending private news ----------------------------------------------------------------------------
    async def add_news(self, game_id: int, version: int, news: Mapping[int, list[str]]) -> None:
        """Keep what a change brought each player (lines, or [] when only their screen changed) until delivered."""
        if news:
            async with self.store.transaction() as tx:
                await tx.add_news(game_id, version, news, self.core.clock())

    async def pending_news(self, game_id: int, user: int) -> PendingNews | None:
        return await self.store.pending_news(game_id, user)

    async def news_users(self, game_id: int) -> list[int]:
        return await self.store.news_users(game_id)

    async def news_games(self, user: int) -> list[int]:
        return await self.store.news_games(user)

    async def news_delivered(self, news: PendingNews) -> None:
        """Forget the news shown (rows added since stay for the next delivery)."""
        async with self.store.transaction() as tx:
            await tx.drop_news(news.game_id, news.user_id, news.upto)

    async def drop_old_news(self, ended_before: float) -> None:
        async with self.store.transaction() as tx:
            await tx.drop_old_news(ended_before)

    async def screen(self, game_id: int, user: int) -> dict[str, Any]:
        """``user``'s own view of game ``game_id`` now (running or over), wherever its channel is."""
        row = await self.store.game(_check_id(game_id, "game"))
        if row is None:
            raise TableError(_("There is no game #{id}.").format(id=game_id))
        seats = await self.store.seats(row.id)
        seat = next((s.seat for s in seats if s.user_id == _check_id(user, "user")), None)
        state = self.core.state(row)
        if seat is None or state is None:
            raise TableError(_("You are not playing in that game."))
        self.core.check_seats(row, seats, state)
        view: dict[str, Any] = state.view(seat)
        return view
