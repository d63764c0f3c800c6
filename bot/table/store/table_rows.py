"""The store's rows about a table's people and pauses: players who left the server and the votes on their seats,
standing orders, abandon votes, paused clocks, and the service's own facts (``meta``). A mixin of ``Store``."""

from __future__ import annotations

from bot.table.store.rows import OrderRow, Queries, _one, _params


class TableRows(Queries):
    # ---- players who left the server, and the votes on their seats ---------------------------
    async def departures(self, game_id: int | None = None) -> dict[int, set[int]]:
        """game id -> user ids of seated players who left the server (open games only; one game's: ``game_id``)."""
        rows = await self._fetchall(
            "SELECT d.game_id, d.user_id FROM departures d JOIN games g ON g.id = d.game_id"
            f" WHERE g.status IN ('lobby', 'active'){_one(game_id, 'd')}", _params(game_id))
        out: dict[int, set[int]] = {}
        for game_id, user_id in rows:
            out.setdefault(int(game_id), set()).add(int(user_id))
        return out

    async def add_departure(self, game_id: int, user_id: int, now: float) -> bool:
        cur = await self._write(
            "INSERT INTO departures(game_id, user_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (game_id, user_id, now),
        )
        return cur.rowcount == 1

    async def put_seat_vote(self, game_id: int, seat: int, user_id: int, choice: str, now: float) -> None:
        """A player's vote on a departed player's seat (a second vote replaces the first)."""
        await self._write(
            "INSERT INTO seat_votes(game_id, seat, user_id, choice, at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat, user_id) DO UPDATE SET choice = excluded.choice, at = excluded.at",
            (game_id, seat, user_id, choice, now),
        )

    async def seat_votes(self, game_id: int, seat: int) -> dict[int, str]:
        rows = await self._fetchall("SELECT user_id, choice FROM seat_votes WHERE game_id = ? AND seat = ?",
                                    (game_id, seat))
        return {int(u): str(c) for u, c in rows}

    async def drop_seat_votes(self, game_id: int, seat: int | None = None) -> None:
        if seat is None:
            await self._write("DELETE FROM seat_votes WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM seat_votes WHERE game_id = ? AND seat = ?", (game_id, seat))

    # ---- standing orders (migrations 7 and 15) --------------------------------------------------------
    async def standing_orders(self, game_id: int | None = None) -> dict[int, dict[int, dict[str, OrderRow]]]:
        """game id -> seat -> kind -> its standing order of that kind, for every running game (or ``game_id``)."""
        rows = await self._fetchall(
            "SELECT o.game_id, o.seat, o.kind, o.order_id, o.label, o.scope FROM standing_orders o"
            f" JOIN games g ON g.id = o.game_id WHERE g.status = 'active'{_one(game_id, 'o')}", _params(game_id))
        out: dict[int, dict[int, dict[str, OrderRow]]] = {}
        for game_id, seat, kind, order_id, label, scope in rows:
            out.setdefault(int(game_id), {}).setdefault(int(seat), {})[str(kind)] = OrderRow(
                str(order_id), str(label), str(scope), str(kind))
        return out

    async def put_order(self, game_id: int, seat: int, order: OrderRow, now: float) -> None:
        """Give ``seat`` a standing order (it replaces the one of the same kind it had)."""
        await self._write(
            "INSERT INTO standing_orders(game_id, seat, kind, order_id, label, scope, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, seat, kind) DO UPDATE SET order_id = excluded.order_id, label = excluded.label,"
            " scope = excluded.scope, at = excluded.at",
            (game_id, seat, order.kind, order.order_id, order.label, order.scope, now),
        )

    async def drop_orders(self, game_id: int, seat: int | None = None, kind: str | None = None) -> None:
        """Drop the game's standing orders: all, those of ``seat``, or its one of ``kind``."""
        if seat is None:
            await self._write("DELETE FROM standing_orders WHERE game_id = ?", (game_id,))
        elif kind is None:
            await self._write("DELETE FROM standing_orders WHERE game_id = ? AND seat = ?", (game_id, seat))
        else:
            await self._write("DELETE FROM standing_orders WHERE game_id = ? AND seat = ? AND kind = ?",
                              (game_id, seat, kind))

    # ---- pauses and the service's own facts -----------------------------------------------------
    async def pauses(self, game_id: int | None = None) -> dict[int, tuple[float, str]]:
        """game id -> (paused since, reason) of every table whose clocks are paused (or of the one ``game_id``)."""
        rows = await self._fetchall(f"SELECT game_id, since, reason FROM pauses p WHERE 1 = 1{_one(game_id, 'p')}",
                                    _params(game_id))
        return {int(g): (float(s), str(r)) for g, s, r in rows}

    async def set_pause(self, game_id: int, since: float, reason: str) -> None:
        """Pause a table's clocks (a second pause keeps the first one's start and takes the new reason)."""
        await self._write(
            "INSERT INTO pauses(game_id, since, reason) VALUES (?, ?, ?)"
            " ON CONFLICT(game_id) DO UPDATE SET reason = excluded.reason",
            (game_id, since, reason),
        )

    async def drop_pause(self, game_id: int) -> None:
        await self._write("DELETE FROM pauses WHERE game_id = ?", (game_id,))

    async def get_meta(self, key: str) -> str | None:
        row = await self._fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._write(
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # ---- abandon votes --------------------------------------------------------------------
    async def add_abandon_vote(self, game_id: int, user_id: int, now: float) -> bool:
        """Record a vote; False if this user had already voted in this game."""
        cur = await self._write(
            "INSERT INTO abandon_votes(game_id, user_id, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (game_id, user_id, now),
        )
        return cur.rowcount == 1

    async def abandon_votes(self, game_id: int) -> list[int]:
        """User ids who voted to abandon the game, oldest vote first."""
        rows = await self._fetchall(
            "SELECT user_id FROM abandon_votes WHERE game_id = ? ORDER BY at, user_id", (game_id,)
        )
        return [int(r[0]) for r in rows]

    async def drop_abandon_votes(self, game_id: int, user_id: int | None = None) -> None:
        """Forget every vote of the game (it ended), or one user's (they gave up their seat)."""
        if user_id is None:
            await self._write("DELETE FROM abandon_votes WHERE game_id = ?", (game_id,))
        else:
            await self._write("DELETE FROM abandon_votes WHERE game_id = ? AND user_id = ?", (game_id, user_id))
