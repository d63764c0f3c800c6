"""The store's user-level rows (migration 8): notification preferences, the daily digest's time, pending private news;
quiet hours (migration 12).

Also whether a user's DMs are open. A mixin of ``Store`` (every write runs inside ``store.transaction()``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from bot.table.store.rows import Queries

NOTIFY_CHOICES = ("mention", "dm", "digest")


@dataclass(frozen=True)
class PendingNews:
    """A player's undelivered private news of one game: the rows it came from (``upto`` = the newest row's id, to
    delete exactly what was shown), their lines oldest first, and the version of the newest change."""

    game_id: int
    user_id: int
    upto: int
    lines: list[str]
    version: int


def _lines(text: str) -> list[str]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        return []  # a damaged row is a screen change without lines: never a crash, never someone else's text
    return [str(v) for v in value] if isinstance(value, list) else []


class UserRows(Queries):
    # ---- direct messages ----------------------------------------------------------------------------
    async def set_dm(self, user_id: int, ok: bool, now: float) -> None:
        await self._write(
            "INSERT INTO users(user_id, dm_ok, dm_failed_at) VALUES (?, ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET dm_ok = excluded.dm_ok,"
            " dm_failed_at = COALESCE(excluded.dm_failed_at, users.dm_failed_at)",
            (user_id, int(ok), None if ok else now),
        )

    async def dm_status(self, user_id: int) -> tuple[bool, float | None]:
        row = await self._fetchone("SELECT dm_ok, dm_failed_at FROM users WHERE user_id = ?", (user_id,))
        return (True, None) if row is None else (bool(row[0]), row[1])

    # ---- language (migration 14) --------------------------------------------------------------------
    async def user_language(self, user_id: int) -> str | None:
        row = await self._fetchone("SELECT language FROM users WHERE user_id = ?", (user_id,))
        return str(row[0]) if row is not None and row[0] else None

    async def set_user_language(self, user_id: int, language: str) -> None:
        await self._write(
            "INSERT INTO users(user_id, language) VALUES (?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET language = excluded.language",
            (user_id, language),
        )

    # ---- notification preferences -------------------------------------------------------------
    async def notify_pref(self, user_id: int) -> str:
        row = await self._fetchone("SELECT notify FROM users WHERE user_id = ?", (user_id,))
        return str(row[0]) if row is not None and row[0] in NOTIFY_CHOICES else "mention"

    async def set_notify_pref(self, user_id: int, choice: str) -> None:
        await self._write(
            "INSERT INTO users(user_id, notify) VALUES (?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET notify = excluded.notify",
            (user_id, choice),
        )

    async def quiet_hours(self, user_id: int) -> tuple[str | None, str | None]:
        """(time zone, "start-end") of the user's quiet hours (migration 12); (None, None) when none is stored."""
        row = await self._fetchone("SELECT tz, quiet FROM users WHERE user_id = ?", (user_id,))
        return (None, None) if row is None else (row[0], row[1])

    async def set_quiet_hours(self, user_id: int, tz: str | None, quiet: str | None) -> None:
        await self._write(
            "INSERT INTO users(user_id, tz, quiet) VALUES (?, ?, ?)"
            " ON CONFLICT(user_id) DO UPDATE SET tz = excluded.tz, quiet = excluded.quiet",
            (user_id, tz, quiet),
        )

    async def digest_users(self, before: float) -> list[int]:
        """Users who chose the daily digest and got none since ``before`` (or never)."""
        rows = await self._fetchall(
            "SELECT user_id FROM users WHERE notify = 'digest' AND (digest_at IS NULL OR digest_at <= ?)"
            " ORDER BY user_id", (before,))
        return [int(r[0]) for r in rows]

    async def set_digest_at(self, user_id: int, at: float) -> None:
        await self._write("UPDATE users SET digest_at = ? WHERE user_id = ?", (at, user_id))

    # ---- pending private news -----------------------------------------------------------------
    async def add_news(self, game_id: int, version: int, news: Mapping[int, list[str]], now: float) -> None:
        """One row per player: the lines this change brought them ([] = only their screen changed)."""
        for user_id, lines in news.items():
            await self._write(
                "INSERT INTO private_news(game_id, user_id, version, lines, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, user_id, version, json.dumps(list(lines)), now),
            )

    async def pending_news(self, game_id: int, user_id: int) -> PendingNews | None:
        rows = await self._fetchall(
            "SELECT id, version, lines FROM private_news WHERE user_id = ? AND game_id = ? ORDER BY id",
            (user_id, game_id))
        if not rows:
            return None
        return PendingNews(game_id, user_id, int(rows[-1][0]), [line for r in rows for line in _lines(r[2])],
                           int(rows[-1][1]))

    async def news_games(self, user_id: int) -> list[int]:
        """The games where ``user_id`` has undelivered private news."""
        rows = await self._fetchall("SELECT DISTINCT game_id FROM private_news WHERE user_id = ? ORDER BY game_id",
                                    (user_id,))
        return [int(r[0]) for r in rows]

    async def news_users(self, game_id: int) -> list[int]:
        rows = await self._fetchall("SELECT DISTINCT user_id FROM private_news WHERE game_id = ? ORDER BY user_id",
                                    (game_id,))
        return [int(r[0]) for r in rows]

    async def drop_news(self, game_id: int, user_id: int, upto: int) -> None:
        """Forget what was delivered: the rows up to ``upto`` (newer ones arrived meanwhile and stay)."""
        await self._write("DELETE FROM private_news WHERE user_id = ? AND game_id = ? AND id <= ?",
                          (user_id, game_id, upto))

    async def drop_old_news(self, ended_before: float) -> None:
        """News of games that ended before ``ended_before`` and was never seen: nobody will look any more."""
        await self._write(
            "DELETE FROM private_news WHERE game_id IN (SELECT id FROM games WHERE ended_at IS NOT NULL"
            " AND ended_at < ?)", (ended_before,))
