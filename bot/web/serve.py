"""``kontor web``: serve every table's read-only page from the bot's database, as a process of its own (docs/web.md);
and ``InProcessWeb``, the same pages served inside ``kontor run`` (``KONTOR_WEB_ADDR``) through the bot's own service.

``kontor web`` opens the database as a reader beside the running bot (SQLite's read-only mode, or PostgreSQL with
read-only transactions); both listen on loopback unless told otherwise: a reverse proxy in front adds HTTPS.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import logging
import os
import signal
import sys
from pathlib import Path

from aiohttp import web

from bot.config import ConfigError, WebConfig, parse_addr
from bot.table import Spectators, TableService, is_url, storage_failure
from bot.web.addresses import token
from bot.web.app import make_app

log = logging.getLogger("bot.web")


class WebUnavailable(Exception):
    """The pages cannot be served where asked (the address is taken or not this machine's); says so in one line."""


async def listen(app: web.Application, config: WebConfig) -> web.AppRunner:
    """``app`` served on ``config``'s address, started; ``WebUnavailable`` when it cannot listen there."""
    # no access log: a table's address is its key, and logs travel further than the pages
    runner = web.AppRunner(app, access_log=None, shutdown_timeout=5)
    await runner.setup()
    try:
        await web.TCPSite(runner, config.host, config.port).start()
    except OSError as exc:
        await runner.cleanup()
        why = os.strerror(exc.errno).lower() if exc.errno else str(exc)  # asyncio's own text repeats the address
        raise WebUnavailable(f"cannot serve the web pages on {config.host}:{config.port} ({why}): "
                             "stop what uses that address, or set KONTOR_WEB_ADDR to another host:port.") from None
    log.info("serving the tables' pages on http://%s:%s", config.host, config.port)
    return runner


class InProcessWeb:
    """The pages inside ``kontor run``: read through the bot's own service (its store, images and caches; reads
    only, no second connection or writer), told of moves by its commits, stopped before the service closes."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self._runner: web.AppRunner | None = None

    async def start(self, service: TableService) -> None:
        """Listen (``WebUnavailable`` when it cannot: ``kontor run`` then stops with that sentence)."""
        if self._runner is None:
            self._runner = await listen(make_app(Spectators.beside(service), self.config), self.config)

    @property
    def app(self) -> web.Application | None:
        return self._runner.app if self._runner is not None else None

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """Where it listens (host, port): port 0 in the settings takes a free one."""
        return [tuple(a[:2]) for a in self._runner.addresses] if self._runner is not None else []

    async def stop(self) -> None:
        """End the open pages' streams and stop listening; the service stays open. Safe to call twice."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()


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
    """Serve until SIGINT/SIGTERM (or ``stop`` is set); 2 when the database cannot be opened or the address cannot
    be listened on."""
    try:
        spectators = await Spectators.open(config.db_path)
    except Exception as exc:  # a missing file, a server that refuses: said in one line, nothing served
        print(f"kontor web: cannot read {config.db_path}: {storage_failure(exc) or exc}", file=sys.stderr)
        return 2
    try:
        runner = await listen(make_app(spectators, config), config)
    except BaseException as exc:
        await spectators.close()
        if not isinstance(exc, WebUnavailable):
            raise
        print(f"kontor web: {exc}", file=sys.stderr)
        return 2
    try:
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
