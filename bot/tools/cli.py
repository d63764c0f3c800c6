"""The ``kontor`` command: one entry point, one module per subcommand (imported lazily)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from bot.table import LockUnavailable, StoreLocked

# subcommand -> (module, function, help). Each function takes the parsed args and returns an exit code.
SUBCOMMANDS: dict[str, tuple[str, str, str]] = {
    "run": ("bot.discord.app", "run_main", "run the Discord bot (needs DISCORD_TOKEN)"),
    "play": ("bot.terminal.table", "play_main", "play a game at the terminal table"),
    "learn": ("bot.terminal.learn", "learn_main", "a guided first game at the terminal: each decision explained"),
    "demo": ("bot.tools.demo", "demo_main", "play a full bot game through the service and print it"),
    "soak": ("bot.tools.soak", "soak_main", "play many bot games checking invariants after every action"),
    "backup": ("bot.table.backup", "backup_main", "copy the database consistently, even while the bot runs"),
    "verify": ("bot.tools.verify", "verify_main", "check a finished game's record (/game record) by replaying it"),
    "arena": ("bot.tools.arena", "arena_main", "seeded bot-against-bot games with seats rotated: win shares and times"),
    "web": ("bot.web.serve", "web_main", "serve each table's read-only web page, beside the bot (docs/web.md)"),
    "ratings": ("bot.tools.ratings", "ratings_main", "rebuild: recompute every rating from the stored results"),
    "stats": ("bot.tools.stats", "stats_main", "each game's statistics on every server together (or on one)"),
    "profile": ("bot.tools.profile", "profile_main", "a player's profile (/game profile), read beside the running bot"),
    "seeks": ("bot.tools.seeks", "seeks_main", "each server's seek queue and the tables it is forming, read beside the"
              " running bot"),
    "league": ("bot.tools.league", "league_main", "a game's league table (/league standings), read beside the running"
               " bot"),
    "tournament": ("bot.tools.tournament", "tournament_main", "simulate: a whole tournament played by bots, round by"
                   " round"),
}

# how each subcommand is given its own database file (``kontor run`` reads KONTOR_DB)
DB_OPTION = {"play": "--db", "learn": "--db", "demo": "--db", "soak": "--db", "ratings": "--db", "web": "--db",
             "stats": "--db", "profile": "--db", "seeks": "--db", "league": "--db"}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kontor", description="Heavy Euro board games, asynchronously.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module, _func, help_text) in SUBCOMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text)
        try:
            add_arguments = getattr(importlib.import_module(module), "add_arguments", None)
        except ModuleNotFoundError:
            add_arguments = None
        if add_arguments is not None:
            add_arguments(sp)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    module, func, _help = SUBCOMMANDS[args.command]
    try:
        handler = getattr(importlib.import_module(module), func)
    except ModuleNotFoundError:
        print(f"kontor {args.command}: not available in this build", file=sys.stderr)
        return 2
    try:
        return int(handler(args) or 0)
    except StoreLocked as exc:  # a second writer on one file: say who holds it, no traceback
        print(exc.advice(DB_OPTION.get(args.command, "KONTOR_DB")), file=sys.stderr)
        return 2
    except LockUnavailable as exc:  # the lock file cannot be opened (read-only, a directory): no writer starts
        print(f"kontor {args.command}: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
