"""``kontor ratings rebuild``: recompute every rating from the stored results (docs/ratings.md).

A rule change or a corrected result replays this way; the ratings are a pure function of the results in the order
the games were rated, so a rebuild of untouched results changes nothing (it says so). Operator tool: English.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import db_target
from bot.table import TableService, is_url


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=["rebuild"], help="rebuild: recompute every rating from the stored results")
    parser.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL (default: $KONTOR_DB, "
                        "else kontor.sqlite3)")


async def rebuild(target: str) -> tuple[int, bool]:
    """(rated games, whether any stored rating changed)."""
    async with await TableService.open(target) as svc:  # opening gives older finished games their results first
        before = await svc.stored_ratings()
        games = await svc.rebuild_ratings()
        return games, await svc.stored_ratings() != before


def ratings_main(args: argparse.Namespace) -> int:
    target = args.db or db_target()
    if not is_url(target) and not Path(target).is_file():
        print(f"kontor ratings: no database at {target}", file=sys.stderr)
        return 2
    games, changed = asyncio.run(rebuild(target))
    print(f"Rebuilt the ratings from {games} rated game{'s' if games != 1 else ''}: "
          + ("some ratings changed (the results or the rules of rating changed since)." if changed
             else "every rating was already exact."))
    return 0
