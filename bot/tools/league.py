"""``kontor league GAME [--server ID] [--season N] [--db FILE|URL] [--lang LANG]``: a game's league table
(docs/seeking.md, "Leagues") as ``/league standings`` shows it, for the host at the terminal: every line, not the top
ten. Without ``--server``, each server where the game was ever rated; without ``--season``, each server's current one.

A reader beside the running bot (SQLite read-only, or PostgreSQL): it takes no writer's lock and writes nothing. The
words are in ``--lang`` (default English). Bad input (an unknown game, a server without a league of that game, a
season it has not reached) is refused in one sentence (status 2)."""

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
from bot.terminal.seek_text import league_lines
from bot.terminal.table import add_lang_argument
from rules.core import Game
from rules.words import translator

_, _n = translator("bot")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game, e.g. speicherstadt")
    parser.add_argument("--server", type=int, default=None,
                        help="one server's id (default: every server where the game was rated)")
    parser.add_argument("--season", type=int, default=None, help="a season's number (default: the current one)")
    parser.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL (default: $KONTOR_DB, "
                        "else kontor.sqlite3)")
    add_lang_argument(parser, "of the table")


async def collect(target: str, game: str, server: int | None, season: int | None,
                  games: Mapping[str, Game] | None = None) -> list[str]:
    """One block of lines per server (``games``: the registry, default every game Kontor plays). TableError, one
    sentence, for an unknown game, a server without a league table of it, or no server with one."""
    store = await Store.open(target, read_only=True)
    try:
        svc = TableService(store, games=games)
        g = svc.game(game)
        if server is not None:
            return ["\n".join(league_lines(server, await svc.league(server, g.name, season)))]
        blocks = []
        for guild in await store.league_servers(g.name):
            try:
                blocks.append("\n".join(league_lines(guild, await svc.league(guild, g.name, season))))
            except TableError:  # no table on that server in that season
                continue
        if not blocks:
            raise TableError(_("No server has a league table of {game}.").format(game=_(g.title)) if season is None
                             else _("No server has a league table of {game} in season {season}.").format(
                                 game=_(g.title), season=season))
        return blocks
    finally:
        await store.close()


def league_main(args: argparse.Namespace) -> int:
    target = args.db or db_target()
    if not is_url(target) and not Path(target).is_file():
        print(f"kontor league: no database at {target}", file=sys.stderr)
        return 2
    with speaking(args.lang):
        try:
            blocks = asyncio.run(collect(target, args.game, args.server, args.season))
        except TableError as exc:
            print(f"kontor league: {exc.message}", file=sys.stderr)
            return 2
    print("\n\n".join(blocks))
    return 0
