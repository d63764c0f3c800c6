"""``kontor profile NAME [--game GAME] [--server ID] [--db FILE|URL] [--lang LANG]``: a player's profile as
``/game profile`` shows it (docs/ratings.md, "Commands"), for the host or a player at the terminal table: per game
played, finished, won, rating, scores, time per move and the reliability record, then the last games.

NAME is a name the player played under (any case) or their user id. Without ``--server``, each server they have
results on (0: the terminal's games, outside any server). A reader beside the running bot (SQLite read-only, or
PostgreSQL): it takes no writer's lock and writes nothing. The host reads every profile, private ones included (it
says so). The profile's words are in ``--lang`` (default English); the refusals, like every operator tool's, too.
"""

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
from bot.terminal.club_text import profile_lines
from bot.terminal.table import add_lang_argument
from rules.core import Game
from rules.words import translator

_, _n = translator("bot")


class Refused(Exception):
    """One sentence for the reader: an unknown name, a game they never played."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("name", help="a name the player played under, or their user id")
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--server", type=int, default=None,
                        help="one server's id, 0 for the terminal's games (default: each server they played on)")
    parser.add_argument("--db", default=None, help="an SQLite file or a postgresql:// URL (default: $KONTOR_DB, "
                        "else kontor.sqlite3)")
    add_lang_argument(parser, "of the profile")


async def collect(target: str, name: str, game: str | None, server: int | None,
                  games: Mapping[str, Game] | None = None) -> list[str]:
    """The profile's lines, one block per server (``games``: the registry, default every game Kontor plays). Raises
    ``Refused`` with one sentence for a name nobody played under or a game they never played."""
    store = await Store.open(target, read_only=True)
    try:
        svc = TableService(store, games=games)
        if game is not None:
            try:
                svc.game(game)
            except TableError as exc:
                raise Refused(exc.message) from None
        users = [int(name)] if name.isascii() and name.isdecimal() else await store.users_named(name)
        if not users:
            raise Refused(_("Nobody called {name} has played a game here.").format(name=name))
        if len(users) > 1:
            raise Refused(_("Several players played under the name {name}: give one of their user ids ({ids})."
                            ).format(name=name, ids=", ".join(str(u) for u in users)))
        (user,) = users
        servers = [server] if server is not None else await store.servers_of(user)
        if not servers:
            raise Refused(_("{name} has no game that ended yet: there is no profile to show.").format(name=name))
        titles = {n: g.title for n, g in svc.games.items()}
        blocks: list[str] = []
        for guild in servers:
            try:
                profile = await svc.profile(guild or None, user, game)
            except TableError as exc:
                raise Refused(exc.message) from None
            where = _("the terminal (outside any server)") if guild == 0 else _("server {id}").format(id=guild)
            blocks.append("\n".join(profile_lines(profile, profile.name or name, where, titles)))
        return blocks
    finally:
        await store.close()


def profile_main(args: argparse.Namespace) -> int:
    target = args.db or db_target()
    if not is_url(target) and not Path(target).is_file():
        print(f"kontor profile: no database at {target}", file=sys.stderr)
        return 2
    with speaking(args.lang):
        try:
            blocks = asyncio.run(collect(target, args.name, args.game, args.server))
        except Refused as exc:
            print(f"kontor profile: {exc}", file=sys.stderr)
            return 2
    print("\n\n".join(blocks))
    return 0
