"""``kontor web``: serve every table's read-only page from the bot's database, as a process of its own (docs/web.md).

It opens the database as a reader beside the running bot (SQLite's read-only mode, or PostgreSQL with read-only
transactions) and listens on loopback unless told otherwise: a reverse proxy in front adds HTTPS.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import signal
import sys
from pathlib import Path

from aiohttp import web

from bot.config import ConfigError, WebConfig, parse_addr
from bot.table import Spectators, is_url, storage_failure
from bot.web.addresses import token
from bot.web.app import make_app

log = logging.getLogger("bot.web")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", help="the database (default: KONTOR_DB, else kontor.sqlite3)")
    parser.add_argument("--addr", help="host:port to listen on (default: KONTOR_WEB_ADDR, else 127.0.0.1:8080)")
    parser.add_argument("--link", type=int, metavar="GAME", help="print game GAME's page address and exit")


def web_main(args: argparse.Namespace) -> int:
    try:
        config = WebConfig.from_env()
        if args.db:
            config = dataclasses.replace(config, db_path=args.db)
        if args.addr:
            host, port = parse_addr(args.addr)
            config = dataclasses.replace(config, host=host, port=port)
    except ConfigError as exc:
        print(f"kontor web: {exc}", file=sys.stderr)
        return 2
    if args.link is not None:
        print(f"{config.url or f'http://{config.host}:{config.port}'}/t/{token(config.secret, args.link)}")
        return 0
    if not is_url(config.db_path) and not Path(config.db_path).is_file():  # a reader makes no file: say so plainly
        print(f"kontor web: {config.db_path} does not exist: start the bot first, or give --db.", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(serve(config))


async def serve(config: WebConfig, ready: asyncio.Event | None = None, stop: asyncio.Event | None = None) -> int:
    """Serve until SIGINT/SIGTERM (or ``stop`` is set); 2 when the database cannot be opened."""
    try:
        spectators = await Spectators.open(config.db_path)
    except Exception as exc:  # a missing file, a server that refuses: said in one line, nothing served
        print(f"kontor web: cannot read {config.db_path}: {storage_failure(exc) or exc}", file=sys.stderr)
        return 2
    # no access log: a table's address is its key, and logs travel further than the pages
    runner = web.AppRunner(make_app(spectators, config), access_log=None, shutdown_timeout=5)
    try:
        await runner.setup()
        await web.TCPSite(runner, config.host, config.port).start()
        log.info("serving the tables' pages on http://%s:%s", config.host, config.port)
        stop = stop or asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        if ready is not None:
            ready.set()
        await stop.wait()
    finally:
        await runner.cleanup()
        await spectators.close()
    return 0
