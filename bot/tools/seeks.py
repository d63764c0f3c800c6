"""``kontor seeks [--server ID] [--db FILE|URL] [--lang LANG]``: each server's seek queue (docs/seeking.md) as ``/seek
list`` shows it, for the host at the terminal: who seeks what, on what terms, since and until when, oldest first, and
the tables being formed (who is in, who is still asked and until when, their thread).

A reader beside the running bot (SQLite read-only, or PostgreSQL): it takes no writer's lock and writes nothing. The
words are in ``--lang`` (default English); a bad server id is refused in one sentence (status 2)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping
from pathlib import Path

from bot.config import db_target
from bot.lang import speaking
from bot.table import TableError, TableService, is_url
from bot.table.store import Store
from bot.terminal.seek_text import queue_lines
from bot.terminal.table import add_lang_argument
from rules.core import Game
from rules.words import translator

_, _n = translator("bot")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--server", type=int, default=None, help="one server's id (default: every server with a queue)")
    parser.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL (default: $KONTOR_DB, "
                        "else kontor.sqlite3)")
    add_lang_argument(parser, "of the listing")


async def collect(target: str, server: int | None, games: Mapping[str, Game] | None = None) -> list[str]:
    """One block of lines per server (``games``: the registry, default every game Kontor plays); TableError for a
    bad server id."""
    store = await Store.open(target, read_only=True)
    try:
        svc = TableService(store, games=games)
        servers = [server] if server is not None else await store.seek_servers()
        blocks = []
        for guild in servers:
            entries = await svc.seek_list(guild)
            tables = await svc.forming_seek_tables(guild)
            if entries or tables or server is not None:
                blocks.append("\n".join(queue_lines(guild, entries, tables)))
        return blocks
    finally:
        await store.close()


def seeks_main(args: argparse.Namespace) -> int:
    target = args.db or db_target()
    if not is_url(target) and not Path(target).is_file():
        print(f"kontor seeks: no database at {target}", file=sys.stderr)
        return 2
    with speaking(args.lang):
        try:
            blocks = asyncio.run(collect(target, args.server))
        except TableError as exc:
            print(f"kontor seeks: {exc.message}", file=sys.stderr)
            return 2
        print("\n\n".join(blocks) if blocks else _("Nobody is in the queue on any server."))
    return 0
