"""Which tables a process keeps the time of, when several bot processes share one PostgreSQL database.

Discord splits a bot's servers into shards by ``shard_id = (guild_id >> 22) % shard_count``; ``kontor run
--shard-count N --shard-ids 0,1`` connects those shards only. Every process still answers every interaction it
receives from the shared store (a DM button, ``/game mygames``), but the work nobody asked for — reminders,
deadlines and the caretaker, bots woken after a restart, the time given back after downtime — is done only by the
process whose shards hold the game's server, so it happens once. A game without a server (the terminal table, a
DM) belongs to shard 0, as Discord routes DMs to shard 0. A user's daily digest goes by the same rule on the user's
id (digests are per user, not per server).

``Shards`` is None wherever one process does everything (the default, and always on SQLite).
"""

from __future__ import annotations

from dataclasses import dataclass

DISCORD_SHIFT = 22  # a snowflake's timestamp starts above bit 22; Discord's sharding formula shifts it off
MAX_SHARDS = 4096


class ShardError(ValueError):
    """A malformed ``--shard-count``/``--shard-ids``; the message says what to give instead."""


def shard_of(snowflake: int | None, count: int) -> int:
    """Discord's shard of a server id (``None``: no server, shard 0)."""
    return 0 if snowflake is None else (snowflake >> DISCORD_SHIFT) % count


@dataclass(frozen=True)
class Shards:
    count: int
    ids: frozenset[int]

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_SHARDS:
            raise ShardError(f"The shard count must be from 1 to {MAX_SHARDS}, not {self.count}.")
        if not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ShardError(f"Shard ids must be from 0 to {self.count - 1} (the shard count less one).")

    @classmethod
    def parse(cls, count: int | str, ids: str | None = None) -> Shards:
        """``count`` shards of which ``ids`` ("0,1"; None or "": all of them)."""
        try:
            total = int(count)
            chosen = [int(part) for part in (ids or "").replace(" ", "").split(",") if part]
        except ValueError:
            raise ShardError("Give the shard count as a number and the shard ids as numbers with commas, "
                             "e.g. --shard-count 4 --shard-ids 0,1.") from None
        return cls(total, frozenset(chosen or range(max(total, 0))))

    @property
    def ordered(self) -> list[int]:
        return sorted(self.ids)

    def owns(self, guild_id: int | None) -> bool:
        """Whether a game on server ``guild_id`` keeps its time here."""
        return shard_of(guild_id, self.count) in self.ids

    def owns_user(self, user_id: int) -> bool:
        """Whether ``user_id``'s daily digest is sent from here."""
        return shard_of(user_id, self.count) in self.ids

    def sql(self, column: str) -> str:
        """An ``AND …`` condition keeping the rows whose server ``column`` is in these shards. Integers only, so
        it is safe to inline; the same text on SQLite and PostgreSQL (both have ``>>`` and ``%`` on 64-bit ints)."""
        ids = ", ".join(str(i) for i in self.ordered)
        return f" AND ((COALESCE({column}, 0) >> {DISCORD_SHIFT}) % {self.count}) IN ({ids})"

    def single(self, shard_id: int) -> Shards:
        return Shards(self.count, frozenset({shard_id}))

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ordered))} of {self.count}"


def shard_sql(shards: Shards | None, column: str) -> str:
    """``shards.sql(column)``, or nothing when one process does everything."""
    return "" if shards is None else shards.sql(column)
