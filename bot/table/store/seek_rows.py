"""The store's rows of the seek queue (migration 22, docs/seeking.md): each server's seek settings, the seeks (one per
player per game and server, oldest first) and the tables the queue formed. A mixin of ``Store``; the SQL is written
once for both engines."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.table.store.rows import Queries, StoreError, _dumps


@dataclass(frozen=True)
class SeekServerRow:
    """A server's seek settings as stored (None: the default)."""

    channel_id: int | None = None
    role_id: int | None = None
    expiry_days: float | None = None
    band: int | None = None
    pinged_at: float | None = None


@dataclass(frozen=True)
class SeekRow:
    guild_id: int
    user_id: int
    game: str
    name: str
    size_min: int
    size_max: int
    pace: str
    rated: bool
    channel_id: int  # where the seek was posted
    language: str  # what that server's channels read
    created_at: float  # its place in the queue
    expires_at: float
    table_id: int | None  # the table it is seated at (None: waiting)
    ready: bool  # pressed "I'm in"
    due_at: float | None  # when an unready seat is dropped


@dataclass(frozen=True)
class SeekTableRow:
    id: int
    guild_id: int
    game: str
    size_min: int
    size_max: int  # the size it formed at: a dropped seat is offered to the queue up to it
    settings: dict[str, Any]
    home_id: int  # the channel whose thread holds it
    channel_id: int | None
    message_id: int | None
    game_id: int | None
    status: str  # 'forming', 'started', 'dissolved'
    created_at: float


_SEEK = ("guild_id, user_id, game, name, size_min, size_max, pace, rated, channel_id, language, created_at,"
         " expires_at, table_id, ready, due_at")
_TABLE = ("id, guild_id, game, size_min, size_max, settings, home_id, channel_id, message_id, game_id, status,"
          " created_at")
_ORDER = " ORDER BY created_at, user_id"


def _seek(r: Sequence[Any]) -> SeekRow:
    g, u, game, name, lo, hi, pace, rated, ch, lang, created, expires, table, ready, due = r
    return SeekRow(int(g), int(u), str(game), str(name), int(lo), int(hi), str(pace), bool(rated), int(ch), str(lang),
                   float(created), float(expires), None if table is None else int(table), bool(ready),
                   None if due is None else float(due))


def _table(r: Sequence[Any]) -> SeekTableRow:
    i, g, game, lo, hi, settings, home, ch, msg, gid, status, created = r
    try:
        sets = dict(json.loads(settings))
    except (ValueError, TypeError):
        sets = {}
    return SeekTableRow(int(i), int(g), str(game), int(lo), int(hi), sets, int(home), ch, msg, gid, str(status),
                        float(created))


class SeekRows(Queries):
    #: whether migration 22's tables exist: always once migrated (``Store._check_columns`` says for a file read as an
    #: older build left it)
    queue_tables = True

    if TYPE_CHECKING:
        async def _insert_id(self, sql: str, params: Iterable[Any] = ()) -> int: ...

    # ---- the server's settings ------------------------------------------------------------------------------
    async def seek_server(self, guild_id: int) -> SeekServerRow:
        row = await self._fetchone("SELECT channel_id, role_id, expiry_days, band, pinged_at FROM seek_servers"
                                   " WHERE guild_id = ?", (guild_id,))
        return SeekServerRow() if row is None else SeekServerRow(*row)

    async def put_seek_server(self, guild_id: int, row: SeekServerRow, now: float) -> None:
        await self._write(
            "INSERT INTO seek_servers(guild_id, channel_id, role_id, expiry_days, band, pinged_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(guild_id) DO UPDATE SET channel_id = excluded.channel_id,"
            " role_id = excluded.role_id, expiry_days = excluded.expiry_days, band = excluded.band,"
            " pinged_at = excluded.pinged_at, updated_at = excluded.updated_at",
            (guild_id, row.channel_id, row.role_id, row.expiry_days, row.band, row.pinged_at, now))

    # ---- seeks ----------------------------------------------------------------------------------------------
    async def seek_of(self, guild_id: int, user_id: int, game: str) -> SeekRow | None:
        row = await self._fetchone(f"SELECT {_SEEK} FROM seeks WHERE guild_id = ? AND user_id = ? AND game = ?",
                                   (guild_id, user_id, game))
        return None if row is None else _seek(row)

    async def put_seek(self, s: SeekRow) -> None:
        """Insert a seek, or change a waiting one's terms (its place in the queue stays: ``created_at`` is kept)."""
        await self._write(
            f"INSERT INTO seeks({_SEEK}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, NULL)"
            " ON CONFLICT(guild_id, user_id, game) DO UPDATE SET name = excluded.name, size_min = excluded.size_min,"
            " size_max = excluded.size_max, pace = excluded.pace, rated = excluded.rated,"
            " channel_id = excluded.channel_id, language = excluded.language, expires_at = excluded.expires_at",
            (s.guild_id, s.user_id, s.game, s.name, s.size_min, s.size_max, s.pace, int(s.rated), s.channel_id,
             s.language, s.created_at, s.expires_at))

    async def delete_seeks(self, guild_id: int, user_id: int, games: Sequence[str]) -> int:
        marks = ", ".join("?" * len(games))
        done = await self._write(f"DELETE FROM seeks WHERE guild_id = ? AND user_id = ? AND game IN ({marks})",
                                 (guild_id, user_id, *games))
        return done.rowcount

    async def seeks_of_user(self, guild_id: int, user_id: int) -> list[SeekRow]:
        rows = await self._fetchall(f"SELECT {_SEEK} FROM seeks WHERE guild_id = ? AND user_id = ? ORDER BY game",
                                    (guild_id, user_id))
        return [_seek(r) for r in rows]

    async def all_seeks(self, guild_id: int, game: str | None = None) -> list[SeekRow]:
        """Every seek of a server (of one game), waiting or seated, oldest first."""
        one = "" if game is None else " AND game = ?"
        rows = await self._fetchall(f"SELECT {_SEEK} FROM seeks WHERE guild_id = ?{one}{_ORDER}",
                                    (guild_id,) if game is None else (guild_id, game))
        return [_seek(r) for r in rows]

    async def queue(self, guild_id: int, game: str | None = None) -> list[SeekRow]:
        """The waiting seeks of a server (of one game), oldest first."""
        one = "" if game is None else " AND game = ?"
        rows = await self._fetchall(f"SELECT {_SEEK} FROM seeks WHERE guild_id = ? AND table_id IS NULL{one}{_ORDER}",
                                    (guild_id,) if game is None else (guild_id, game))
        return [_seek(r) for r in rows]

    async def expire_seeks(self, now: float) -> list[SeekRow]:
        """Drop the waiting seeks whose time is up; returns them."""
        rows = await self._fetchall(f"SELECT {_SEEK} FROM seeks WHERE table_id IS NULL AND expires_at <= ?{_ORDER}",
                                    (now,))
        await self._write("DELETE FROM seeks WHERE table_id IS NULL AND expires_at <= ?", (now,))
        return [_seek(r) for r in rows]

    async def seat_seeks(self, guild_id: int, game: str, users: Sequence[int], table_id: int,
                         due_at: float | None) -> None:
        """Seat these waiting seeks at ``table_id``. Refused (StoreError, so the transaction rolls back) unless every
        one of them is still waiting: a seek another change seated meanwhile is never seated twice."""
        marks = ", ".join("?" * len(users))
        done = await self._write(
            f"UPDATE seeks SET table_id = ?, ready = 0, due_at = ? WHERE guild_id = ? AND game = ? AND user_id IN"
            f" ({marks}) AND table_id IS NULL", (table_id, due_at, guild_id, game, *users))
        if done.rowcount != len(users):
            raise StoreError("A seek was seated meanwhile.")

    async def seated(self, table_id: int) -> list[SeekRow]:
        rows = await self._fetchall(f"SELECT {_SEEK} FROM seeks WHERE table_id = ?{_ORDER}", (table_id,))
        return [_seek(r) for r in rows]

    async def set_ready(self, table_id: int, user_id: int) -> int:
        done = await self._write("UPDATE seeks SET ready = 1, due_at = NULL WHERE table_id = ? AND user_id = ?",
                                 (table_id, user_id))
        return done.rowcount

    async def ask_seated(self, table_id: int, due_at: float) -> None:
        """The seats of ``table_id`` not asked before were asked now: each has until ``due_at`` to answer."""
        await self._write("UPDATE seeks SET due_at = ? WHERE table_id = ? AND ready = 0 AND due_at IS NULL",
                          (due_at, table_id))

    async def unseat(self, table_id: int, users: Sequence[int], expires_at: float) -> None:
        """Back to the queue, at their old place (a dissolved table's players)."""
        marks = ", ".join("?" * len(users))
        await self._write(f"UPDATE seeks SET table_id = NULL, ready = 0, due_at = NULL, expires_at = ? WHERE"
                          f" table_id = ? AND user_id IN ({marks})", (expires_at, table_id, *users))

    async def drop_seated(self, table_id: int, users: Sequence[int] | None = None) -> None:
        """Drop the seeks seated at ``table_id`` (those of ``users``; None: all)."""
        if users is None:
            await self._write("DELETE FROM seeks WHERE table_id = ?", (table_id,))
            return
        marks = ", ".join("?" * len(users))
        await self._write(f"DELETE FROM seeks WHERE table_id = ? AND user_id IN ({marks})", (table_id, *users))

    async def next_seek_time(self, thread_grace: float = 0.0) -> float | None:
        """The next expiry of a waiting seek, "I'm in" deadline of a seated one, or end of the ``thread_grace`` of a
        forming table still without its thread."""
        row = await self._fetchone(
            "SELECT MIN(t) FROM (SELECT MIN(CASE WHEN table_id IS NULL THEN expires_at ELSE due_at END) AS t FROM seeks"
            " UNION ALL SELECT MIN(created_at) + ? AS t FROM seek_tables WHERE status = 'forming'"
            " AND channel_id IS NULL) AS due", (thread_grace,))
        return None if row is None or row[0] is None else float(row[0])

    async def seek_servers(self) -> list[int]:
        """The servers with a seek in their queue or a table forming."""
        rows = await self._fetchall("SELECT guild_id FROM seeks UNION SELECT guild_id FROM seek_tables WHERE status ="
                                    " 'forming' ORDER BY 1")
        return [int(r[0]) for r in rows]

    async def threadless_tables(self, formed_before: float) -> list[SeekTableRow]:
        """The forming tables still without a thread that formed at or before ``formed_before``."""
        rows = await self._fetchall(f"SELECT {_TABLE} FROM seek_tables WHERE status = 'forming' AND channel_id IS NULL"
                                    " AND created_at <= ? ORDER BY id", (formed_before,))
        return [_table(r) for r in rows]

    async def forming_table_in(self, channel_id: int) -> int | None:
        """The forming table whose thread is ``channel_id`` (None: none; and always in a file read as an older build
        left it, before migration 22, which has no queue)."""
        if not self.queue_tables:
            return None
        row = await self._fetchone("SELECT id FROM seek_tables WHERE channel_id = ? AND status = 'forming'",
                                   (channel_id,))
        return None if row is None else int(row[0])

    async def late_tables(self, now: float) -> list[int]:
        rows = await self._fetchall("SELECT DISTINCT table_id FROM seeks WHERE table_id IS NOT NULL AND ready = 0"
                                    " AND due_at <= ? ORDER BY table_id", (now,))
        return [int(r[0]) for r in rows]

    # ---- tables ---------------------------------------------------------------------------------------------
    async def insert_seek_table(self, guild_id: int, game: str, size: tuple[int, int], settings: dict[str, Any],
                                home_id: int, now: float) -> int:
        return await self._insert_id(
            "INSERT INTO seek_tables(guild_id, game, size_min, size_max, settings, home_id, status, created_at,"
            " updated_at) VALUES (?, ?, ?, ?, ?, ?, 'forming', ?, ?)",
            (guild_id, game, size[0], size[1], _dumps(settings), home_id, now, now))

    async def seek_table(self, table_id: int) -> SeekTableRow | None:
        row = await self._fetchone(f"SELECT {_TABLE} FROM seek_tables WHERE id = ?", (table_id,))
        return None if row is None else _table(row)

    async def seek_tables(self, status: str) -> list[SeekTableRow]:
        rows = await self._fetchall(f"SELECT {_TABLE} FROM seek_tables WHERE status = ? ORDER BY id", (status,))
        return [_table(r) for r in rows]

    async def seek_table_of_game(self, game_id: int) -> SeekTableRow | None:
        row = await self._fetchone(f"SELECT {_TABLE} FROM seek_tables WHERE game_id = ?", (game_id,))
        return None if row is None else _table(row)

    async def set_seek_table(self, table_id: int, now: float, *, when: str | None = None, **fields: Any) -> int:
        """Set ``channel_id``, ``message_id``, ``game_id``, ``status``, the sizes (only while its status is ``when``,
        if given); returns the rows changed."""
        sets = ", ".join(f"{k} = ?" for k in fields)
        guard = "" if when is None else " AND status = ?"
        done = await self._write(f"UPDATE seek_tables SET {sets}, updated_at = ? WHERE id = ?{guard}",
                                 (*fields.values(), now, table_id, *(() if when is None else (when,))))
        return done.rowcount
