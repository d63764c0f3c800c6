"""The store's rows of the profiles' reliability record (migration 24, docs/ratings.md, "The reliability record"): per
game and player, the moves the caretaker played for them, the times their time bank ran out and the times the
table's answer to that took their seat or ended the game. Counted as it happens, in the transaction of what it counts.
A mixin of ``Store``; the SQL is written once for both engines."""

from __future__ import annotations

from dataclasses import dataclass

from bot.table.store.rows import Queries


@dataclass(frozen=True)
class ReliabilityRow:
    """One player's record in one game (``game`` the game's name), summed over their games on a server."""

    game: str
    caretaker_moves: int = 0
    clock_outs: int = 0  # their time bank ran out (never while away or while the service was down: the clock stood)
    removed: int = 0  # the answer to a spent bank gave their seat to the caretaker for good, or ended the game


class ReliabilityRows(Queries):
    #: whether migration 24's table exists: always once migrated (``Store._check_columns`` says for a file read as
    #: it is, or an older build's schema in the upgrade tests: nothing is counted then)
    reliability_table = True

    async def count_reliability(self, game_id: int, user_id: int, *, caretaker_moves: int = 0, clock_outs: int = 0,
                                removed: int = 0) -> None:
        """Add to ``user_id``'s record in ``game_id`` (inside the transaction of what it counts)."""
        if not self.reliability_table:
            return
        await self._write(
            "INSERT INTO reliability(game_id, user_id, caretaker_moves, clock_outs, removed) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(game_id, user_id) DO UPDATE SET"
            " caretaker_moves = reliability.caretaker_moves + excluded.caretaker_moves,"
            " clock_outs = reliability.clock_outs + excluded.clock_outs,"
            " removed = reliability.removed + excluded.removed",
            (game_id, user_id, caretaker_moves, clock_outs, removed))

    async def reliability(self, user_id: int, guild_id: int) -> dict[str, ReliabilityRow]:
        """game name -> the user's record summed over their games of it on the server (running ones included)."""
        if not self.reliability_table:
            return {}
        rows = await self._fetchall(
            "SELECT g.game, SUM(r.caretaker_moves), SUM(r.clock_outs), SUM(r.removed) FROM reliability r"
            " JOIN games g ON g.id = r.game_id WHERE r.user_id = ? AND COALESCE(g.guild_id, 0) = ? GROUP BY g.game",
            (user_id, guild_id))
        return {str(g): ReliabilityRow(str(g), int(c), int(o), int(rm)) for g, c, o, rm in rows}

    async def game_reliability(self, game_id: int) -> dict[int, ReliabilityRow]:
        """user -> their record in one game (the tests, the end report)."""
        if not self.reliability_table:
            return {}
        rows = await self._fetchall(
            "SELECT r.user_id, g.game, r.caretaker_moves, r.clock_outs, r.removed FROM reliability r"
            " JOIN games g ON g.id = r.game_id WHERE r.game_id = ?", (game_id,))
        return {int(u): ReliabilityRow(str(g), int(c), int(o), int(rm)) for u, g, c, o, rm in rows}
