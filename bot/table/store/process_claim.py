"""One ``kontor run`` per shard set on a PostgreSQL database: session-level advisory locks, held for its life.

Several processes may share one PostgreSQL database only if each runs shards of its own (docs/scaling.md): the work
nobody asked for (reminders, deadlines, digests) is done by the process whose shards hold the game, so two processes
claiming the same shard do it twice, and two unsharded ones send every reminder twice. So at start a process takes,
on a dedicated connection kept open until it exits (the server drops the locks when that session ends, however the
process dies):

- unsharded: the key that covers every shard, exclusively;
- sharded: that key *shared* (so an unsharded process is refused beside it, and it beside one), and one exclusive key
  per shard id it runs (so two processes claiming one shard are refused).

The keys are ``pg_try_advisory_lock(int, int)`` pairs: a number for Kontor's schema (``current_schema()``, so two
Kontor databases in schemas of one database do not collide) and the shard id (-1: all of them). SQLite needs none of
this: its writer lock (bot/table/store/writer_lock.py) already allows one process per file.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import Any

from bot.table.shards import Shards
from bot.table.store.dburl import is_url

ALL_SHARDS = -1


class ShardsClaimed(Exception):
    """Another process already runs (some of) these shards on this database; the message says what to do."""


def schema_key(schema: str) -> int:
    """A signed 32-bit number for the schema, the advisory lock's first key."""
    value = zlib.crc32(f"kontor:{schema}".encode())
    return value - 2**32 if value >= 2**31 else value


@dataclass
class ShardClaim:
    """The held locks; ``release()`` (or the process's death) frees them."""

    conn: Any  # asyncpg.Connection, imported lazily

    async def release(self) -> None:
        if self.conn is not None:
            conn, self.conn = self.conn, None
            await conn.close()  # ends the session, and with it its advisory locks


async def claim_shards(url: str, shards: Shards | None) -> ShardClaim | None:
    """Take this process's locks on the PostgreSQL database at ``url`` (None for an SQLite file); ``ShardsClaimed``
    when another process holds one of them."""
    if not is_url(url):
        return None
    import asyncpg  # lazily: only PostgreSQL needs it

    from bot.table.store.postgres import redacted

    conn = await asyncpg.connect(url, server_settings={"application_name": "kontor-shard-claim"})
    try:
        key = schema_key(await conn.fetchval("SELECT current_schema()"))
        if shards is None:
            taken = await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", key, ALL_SHARDS)
            clash = "" if taken else "all shards"
        else:
            taken = await conn.fetchval("SELECT pg_try_advisory_lock_shared($1, $2)", key, ALL_SHARDS)
            clash = "" if taken else "all shards (unsharded)"
            for shard in shards.ordered if taken else ():
                if not await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", key, shard):
                    clash = f"shard {shard}"
                    break
        if clash:
            mine = "unsharded" if shards is None else str(shards)
            raise ShardsClaimed(
                f"Another Kontor process already runs {clash} on {redacted(url)}, so this one ({mine}) would do the "
                "same reminders and deadlines twice. Stop it first, or give each process shards of its own "
                "(--shard-count N and different --shard-ids; docs/scaling.md).")
    except BaseException:
        await conn.close()  # the locks taken so far go with the session
        raise
    return ShardClaim(conn)
