"""``kontor stats [--game GAME] [--server ID] [--db FILE|URL]``: each game's statistics on every server together (or on
one), for the host (docs/ratings.md, "Statistics"): the figures of ``/game stats``, as text.

Reads the database as a reader beside the running bot (SQLite read-only, or PostgreSQL): it takes no writer's lock
and writes nothing. Operator tool: English.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping
from pathlib import Path

from bot.config import db_target
from bot.table import CountStats, GameStats, TableError, TableService, is_url
from bot.table.store import Store
from rules.core import Game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=None, help="one game (default: every game finished at least once)")
    parser.add_argument("--server", type=int, default=None, help="one server's id (default: every server together)")
    parser.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL (default: $KONTOR_DB, "
                        "else kontor.sqlite3)")


def _pct(share: float) -> str:
    return f"{round(100 * share)}%"


def _figures(stats: GameStats, c: CountStats, indent: str) -> list[str]:
    out = []
    if c.mean_days is not None and c.mean_moves is not None:
        out.append(f"{indent}mean length {c.mean_days:.1f} days, {c.mean_moves:.1f} moves")
    if c.seat_wins and c.fair_share is not None:
        shares = " · ".join(f"{i + 1}: {_pct(w)}" for i, w in enumerate(c.seat_wins))
        out.append(f"{indent}wins by seat (1 = first to play): {shares} (a fair share is {_pct(c.fair_share)})")
    if c.mean_score is not None:
        parts = " · ".join(f"{stats.labels.get(k, k)} {v:.1f}" for k, v in c.mean_by_category)
        out.append(f"{indent}mean score {c.mean_score:.1f}" + (f": {parts}" if parts else ""))
    if c.winning:
        out.append(f"{indent}winners scored most in: "
                   + " · ".join(f"{stats.labels.get(k, k)} ({n})" for k, n in c.winning))
    return out


def stats_text(stats: GameStats, where: str) -> str:
    t = stats.total
    lines = [f"{stats.title} — {where}: {t.finished} of {t.started} games finished"]
    lines += _figures(stats, t, "  ")
    for c in stats.by_count:
        lines.append(f"  {c.players} players: {c.finished} of {c.started} finished")
        lines += _figures(stats, c, "    ")
    return "\n".join(lines)


async def collect(target: str, game: str | None, server: int | None,
                  games: Mapping[str, Game] | None = None) -> list[str]:
    """Each game's statistics as text (``games``: the registry, default every game Kontor plays)."""
    store = await Store.open(target, read_only=True)
    try:
        svc = TableService(store, games=games)
        names = ([svc.game(game).name] if game is not None else  # every game this build knows
                 [name for name in await store.played_games(server) if name in svc.games])
        where = "every server" if server is None else f"server {server}"
        return [stats_text(await svc.game_stats(server, name, everywhere=server is None), where) for name in names]
    finally:
        await store.close()


def stats_main(args: argparse.Namespace) -> int:
    target = args.db or db_target()
    if not is_url(target) and not Path(target).is_file():
        print(f"kontor stats: no database at {target}", file=sys.stderr)
        return 2
    try:
        texts = asyncio.run(collect(target, args.game, args.server))
    except TableError as exc:  # an unknown game, or none finished
        print(f"kontor stats: {exc.message}", file=sys.stderr)
        return 2
    if not texts:
        print("No game has finished yet." if args.server is None else f"No game has finished on server {args.server}.")
        return 0
    print("\n\n".join(texts))
    return 0
