"""The store's clock rows: each awaited seat's deadline (its wait, reminder and due time), time banks, away periods,
the caretaker vote and the seats the caretaker plays (migrations 3 and 10). A mixin of ``Store``."""

from __future__ import annotations

from collections.abc import Iterable

from bot.table.shards import Shards, shard_sql
from bot.table.store.rows import DeadlineRow, Queries, _one, _params


class ClockRows(Queries):
    # ---- deadlines ------------------------------------------------------------------------
    async def deadlines(self, game_id: int) -> list[DeadlineRow]:
        rows = await self._fetchall(
            "SELECT d.game_id, g.channel_id, d.seat, d.since, d.remind_at, d.due_at FROM deadlines d"
            " JOIN games g ON g.id = d.game_id WHERE d.game_id = ? ORDER BY d.seat",
            (game_id,),
        )
        return [DeadlineRow(*r) for r in rows]

    async def due_deadlines(self, now: float, shards: Shards | None = None) -> list[DeadlineRow]:
        """Deadlines whose reminder or due time has come, in active games (of ``shards``' servers), oldest first."""
        rows = await self._fetchall(
            "SELECT d.game_id, g.channel_id, d.seat, d.since, d.remind_at, d.due_at FROM deadlines d"
            f" JOIN games g ON g.id = d.game_id WHERE g.status = 'active'{shard_sql(shards, 'g.guild_id')}"
            " AND d.game_id NOT IN (SELECT game_id FROM pauses)"
            f" AND (d.remind_at <= ? OR d.due_at <= ?) ORDER BY {self._MIN}(COALESCE(d.remind_at, d.due_at),"
            " COALESCE(d.due_at, d.remind_at)), d.game_id, d.seat",
            (now, now),
        )
        return [DeadlineRow(*r) for r in rows]

    async def next_deadline(self, shards: Shards | None = None) -> float | None:
        """The earliest pending reminder or due time of a table whose clocks run (lets a scheduler sleep until then)."""
        mine = shard_sql(shards, "g.guild_id")
        row = await self._fetchone(
            "SELECT MIN(t) FROM (SELECT remind_at AS t, d.game_id FROM deadlines d JOIN games g ON g.id = d.game_id"
            f" WHERE g.status = 'active'{mine} AND remind_at IS NOT NULL UNION ALL SELECT due_at, d.game_id"
            f" FROM deadlines d JOIN games g ON g.id = d.game_id WHERE g.status = 'active'{mine}"
            " AND due_at IS NOT NULL) x"
            " WHERE game_id NOT IN (SELECT game_id FROM pauses)"
        )
        return None if row is None or row[0] is None else float(row[0])

    async def games_without_clocks(self, shards: Shards | None = None) -> list[tuple[int, int]]:
        """(game id, channel) of the running games with no clock: no human is awaited there, so only bots are (a
        bot chain a crash, a shutdown or a failed write cut short). ``status IN (…)`` lets SQLite use the partial
        index of open games instead of scanning every finished one."""
        rows = await self._fetchall(
            "SELECT g.id, g.channel_id FROM games g WHERE g.status IN ('lobby', 'active') AND g.status = 'active'"
            f"{shard_sql(shards, 'g.guild_id')}"
            " AND NOT EXISTS (SELECT 1 FROM deadlines d WHERE d.game_id = g.id)"
            " AND g.id NOT IN (SELECT game_id FROM pauses)"
        )
        return [(int(gid), int(channel)) for gid, channel in rows]

    async def shift_clocks(self, since: float, now: float, game_id: int | None = None,
                           shards: Shards | None = None) -> None:
        """Give the running clocks back the time from ``since`` to ``now`` (a pause, or the service being down): each
        reminder and deadline moves by the part of that time its wait has lived through. ``game_id`` None: every
        running table (of ``shards``' servers) whose clocks are not paused (a paused one gets its time back when it
        resumes)."""
        where = "game_id = ?" if game_id is not None else (
            f"game_id IN (SELECT id FROM games WHERE status = 'active'{shard_sql(shards, 'guild_id')})"
            " AND game_id NOT IN (SELECT game_id FROM pauses)")
        params = (game_id,) if game_id is not None else ()
        most = self._MAX
        await self._write(
            f"UPDATE deadlines SET remind_at = remind_at + {most}(0, ? - {most}(since, ?)),"
            f" due_at = due_at + {most}(0, ? - {most}(since, ?)) WHERE {where}",
            (now, since, now, since, *params),
        )
        # The others' time to answer about a spent bank stands still with the clocks too.
        await self._write(
            f"UPDATE timeouts SET decide_at = decide_at + {most}(0, ? - {most}(asked_at, ?)) WHERE {where}",
            (now, since, *params))

    async def rearm_reminders(self, game_id: int, now: float, grace_s: float) -> None:
        """After a pause because posts failed, a reminder may never have been seen: send each awaited seat one now,
        and keep its deadline at least ``grace_s`` after it."""
        await self._write(
            f"UPDATE deadlines SET remind_at = ?, due_at = {self._MAX}(due_at, ?) WHERE game_id = ?"
            " AND due_at IS NOT NULL",
            (now, now + grace_s, game_id),
        )

    async def remind_late(self, game_id: int, seat: int, due_at: float) -> None:
        """The reminder goes out now, late: clear it and move the deadline to ``due_at``."""
        await self._write("UPDATE deadlines SET remind_at = NULL, due_at = ? WHERE game_id = ? AND seat = ?",
                          (due_at, game_id, seat))

    async def put_deadline(
        self, game_id: int, seat: int, *, since: float, remind_at: float | None, due_at: float | None
    ) -> None:
        await self._write(
            "INSERT INTO deadlines(game_id, seat, since, remind_at, due_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET since = excluded.since, remind_at = excluded.remind_at,"
            " due_at = excluded.due_at",
            (game_id, seat, since, remind_at, due_at),
        )

    async def start_clocks(
        self, game_id: int, seats: Iterable[int], *, restart: int | None, since: float, remind_at: float | None,
        due_at: float | None, since_version: int | None = None,
    ) -> None:
        """One statement: a deadline for each of ``seats`` that has none; ``restart``'s is set anew if it has one.
        ``since_version`` is the board version the new (or restarted) waits begin at."""
        wanted = tuple(seats)
        if not wanted:
            return
        values = ", ".join("(?, ?, ?, ?, ?, ?)" for _ in wanted)
        params = [p for seat in wanted for p in (game_id, seat, since, remind_at, due_at, since_version)]
        await self._write(
            f"INSERT INTO deadlines(game_id, seat, since, remind_at, due_at, since_version) VALUES {values}"
            " ON CONFLICT(game_id, seat) DO UPDATE SET since = excluded.since, remind_at = excluded.remind_at,"
            " due_at = excluded.due_at, since_version = excluded.since_version WHERE excluded.seat = ?",
            (*params, restart),
        )

    async def awaited_since(self, game_id: int, seat: int) -> int | None:
        """The board version at which ``seat``'s current wait began (None: not awaited, or not recorded)."""
        row = await self._fetchone("SELECT since_version FROM deadlines WHERE game_id = ? AND seat = ?",
                                   (game_id, seat))
        return None if row is None else row[0]

    async def defer_reminder(self, game_id: int, seat: int, at: float) -> None:
        """The reminder waits until ``at`` (the end of the player's quiet hours); the deadline stays."""
        await self._write("UPDATE deadlines SET remind_at = ? WHERE game_id = ? AND seat = ?", (at, game_id, seat))

    async def clear_reminder(self, game_id: int, seat: int) -> None:
        await self._write("UPDATE deadlines SET remind_at = NULL WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def clear_due(self, game_id: int, seat: int) -> None:
        await self._write(
            "UPDATE deadlines SET remind_at = NULL, due_at = NULL WHERE game_id = ? AND seat = ?", (game_id, seat)
        )

    async def drop_deadlines(self, game_id: int, keep: Iterable[int] = ()) -> None:
        """Remove the deadlines of every seat of the game not in ``keep``."""
        kept = tuple(keep)
        marks = ",".join("?" * len(kept))
        where = f" AND seat NOT IN ({marks})" if kept else ""
        await self._write(f"DELETE FROM deadlines WHERE game_id = ?{where}", (game_id, *kept))

    # ---- time banks, away periods, the caretaker vote (Kontor's migration 10) -------------------------------
    async def banks(self, game_id: int) -> dict[int, float]:
        """seat -> its stored bank in seconds (a seat without a row has a full bank)."""
        rows = await self._fetchall("SELECT seat, left_s FROM banks WHERE game_id = ?", (game_id,))
        return {int(s): float(v) for s, v in rows}

    async def put_bank(self, game_id: int, seat: int, left_s: float, refill_s: float = 0.0) -> None:
        """Store a seat's bank; ``refill_s``: what a finished turn just added to it (an undo takes it back)."""
        await self._write(
            "INSERT INTO banks(game_id, seat, left_s, refill_s) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET left_s = excluded.left_s, refill_s = excluded.refill_s",
            (game_id, seat, left_s, refill_s))

    async def take_back_refill(self, game_id: int, seat: int) -> None:
        """The seat's last finished turn was taken back: so is the refill it brought."""
        await self._write(f"UPDATE banks SET left_s = {self._MAX}(0, left_s - refill_s), refill_s = 0"
                          " WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def clock_rows(self, game_id: int) -> dict[int, tuple[float | None, float | None]]:
        """seat -> (remind_at, due_at) of the game's running waits."""
        rows = await self._fetchall("SELECT seat, remind_at, due_at FROM deadlines WHERE game_id = ?", (game_id,))
        return {int(s): (r, d) for s, r, d in rows}

    async def set_clock(self, game_id: int, seat: int, *, since: float, remind_at: float | None,
                        due_at: float | None, since_version: int | None = None) -> None:
        """Start (or re-time) one seat's wait; ``since_version`` None keeps the one it has."""
        await self._write(
            "INSERT INTO deadlines(game_id, seat, since, remind_at, due_at, since_version) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET since = excluded.since, remind_at = excluded.remind_at,"
            " due_at = excluded.due_at, since_version = COALESCE(excluded.since_version, deadlines.since_version),"
            " banked = 1",
            (game_id, seat, since, remind_at, due_at, since_version))

    async def unbanked_waits(self) -> list[tuple[int, int, float, float | None]]:
        """(game id, seat, since, due_at) of the waits that ran when the banks came (migration 10)."""
        rows = await self._fetchall(
            "SELECT d.game_id, d.seat, d.since, d.due_at FROM deadlines d JOIN games g ON g.id = d.game_id"
            " WHERE d.banked = 0 AND g.status = 'active'")
        return [(int(g), int(s), float(since), due) for g, s, since, due in rows]

    async def mark_banked(self) -> None:
        await self._write("UPDATE deadlines SET banked = 1 WHERE banked = 0")

    async def aways(self, game_id: int | None = None) -> dict[tuple[int, int], tuple[float, float]]:
        """(game id, user id) -> (since, until) of every away period running in an active game (or in ``game_id``)."""
        rows = await self._fetchall(
            "SELECT a.game_id, a.user_id, a.since, a.until FROM aways a JOIN games g ON g.id = a.game_id"
            f" WHERE a.since IS NOT NULL AND g.status = 'active'{_one(game_id, 'a')}", _params(game_id))
        return {(int(g), int(u)): (float(s), float(t)) for g, u, s, t in rows}

    async def away_used(self, game_id: int, user_id: int) -> float:
        """Seconds of away ``user_id`` used in the game before their current period (if any)."""
        row = await self._fetchone("SELECT used_s FROM aways WHERE game_id = ? AND user_id = ?", (game_id, user_id))
        return 0.0 if row is None else float(row[0])

    async def start_away(self, game_id: int, user_id: int, since: float, until: float) -> None:
        await self._write(
            "INSERT INTO aways(game_id, user_id, since, until) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(game_id, user_id) DO UPDATE SET since = excluded.since, until = excluded.until",
            (game_id, user_id, since, until))

    async def end_away(self, game_id: int, user_id: int, now: float) -> None:
        """End the current period, counting the time it ran (to ``until`` at most) as used."""
        await self._write(
            f"UPDATE aways SET used_s = used_s + {self._MAX}(0, {self._MIN}(?, until) - since), since = NULL,"
            " until = NULL"
            " WHERE game_id = ? AND user_id = ? AND since IS NOT NULL", (now, game_id, user_id))

    async def timeouts(self, game_id: int | None = None,
                       shards: Shards | None = None) -> list[tuple[int, int, float, float]]:
        """(game id, seat, asked at, decide at) of the open questions about spent banks (one game's, or all of the
        active games' of ``shards``' servers)."""
        where = "t.game_id = ?" if game_id is not None else f"g.status = 'active'{shard_sql(shards, 'g.guild_id')}"
        rows = await self._fetchall(
            "SELECT t.game_id, t.seat, t.asked_at, t.decide_at FROM timeouts t JOIN games g ON g.id = t.game_id"
            f" WHERE {where} ORDER BY t.decide_at", () if game_id is None else (game_id,))
        return [(int(g), int(s), float(a), float(d)) for g, s, a, d in rows]

    async def ask_timeout(self, game_id: int, seat: int, asked_at: float, decide_at: float) -> None:
        await self._write(
            "INSERT INTO timeouts(game_id, seat, asked_at, decide_at) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET asked_at = excluded.asked_at, decide_at = excluded.decide_at",
            (game_id, seat, asked_at, decide_at))
        await self._write("DELETE FROM timeout_votes WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def close_timeout(self, game_id: int, seat: int | None = None) -> None:
        """Close the question about ``seat``'s bank (every question of the game: None), with its votes."""
        for table in ("timeouts", "timeout_votes"):
            if seat is None:
                await self._write(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            else:
                await self._write(f"DELETE FROM {table} WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def put_timeout_vote(self, game_id: int, seat: int, user_id: int, choice: str, now: float) -> None:
        await self._write(
            "INSERT INTO timeout_votes(game_id, seat, user_id, choice, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat, user_id) DO UPDATE SET choice = excluded.choice, at = excluded.at",
            (game_id, seat, user_id, choice, now))

    async def timeout_votes(self, game_id: int, seat: int) -> dict[int, str]:
        rows = await self._fetchall("SELECT user_id, choice FROM timeout_votes WHERE game_id = ? AND seat = ?",
                                    (game_id, seat))
        return {int(u): str(c) for u, c in rows}

    async def caretaker_seats(self, game_id: int | None = None) -> dict[int, dict[int, int]]:
        """game id -> seat -> its player, of the seats given to the caretaker in active games (or in ``game_id``)."""
        rows = await self._fetchall(
            "SELECT c.game_id, c.seat, c.user_id FROM caretaker_seats c JOIN games g ON g.id = c.game_id"
            f" WHERE g.status = 'active'{_one(game_id, 'c')}", _params(game_id))
        out: dict[int, dict[int, int]] = {}
        for g, s, u in rows:
            out.setdefault(int(g), {})[int(s)] = int(u)
        return out

    async def give_caretaker(self, game_id: int, seat: int, user_id: int, now: float) -> None:
        await self._write("INSERT INTO caretaker_seats(game_id, seat, user_id, since) VALUES (?, ?, ?, ?)"
                          " ON CONFLICT(game_id, seat) DO UPDATE SET user_id = excluded.user_id,"
                          " since = excluded.since", (game_id, seat, user_id, now))

    async def take_back(self, game_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write("DELETE FROM caretaker_seats WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM caretaker_seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def next_timebank_event(self, shards: Shards | None = None) -> float | None:
        """The earliest decision time of an open question or end of an away period (active, unpaused games)."""
        row = await self._fetchone(
            "SELECT MIN(t) FROM (SELECT decide_at AS t, game_id FROM timeouts UNION ALL"
            " SELECT until, game_id FROM aways WHERE since IS NOT NULL) x JOIN games g ON g.id = x.game_id"
            f" WHERE g.status = 'active'{shard_sql(shards, 'g.guild_id')}"
            " AND x.game_id NOT IN (SELECT game_id FROM pauses)")
        return None if row is None or row[0] is None else float(row[0])
