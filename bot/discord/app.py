"""The Discord bot: ``build_bot()`` (the whole command tree, no connection) and ``kontor run``.

- Intents: none privileged (slash commands, buttons and DMs need none).
- The command tree is translated by ``bot.discord.command_translator`` (Discord shows each user their locale's names).
- Commands are checked against Discord's limits (bot/discord/command_limits.py) and synced in the background once
  connected, only when their payload hash changed, with retries (bot/discord/sync.py): the bot starts regardless.
- SIGINT and SIGTERM close the bot, the scheduler, the daily digest (``bot/discord/digest.py``), the periodic backup
  (``bot/table/backup_loop.py``, with ``KONTOR_BACKUP_DIR``) and the service (the SQLite WAL is checkpointed).
- With ``KONTOR_WEB_ADDR`` it serves the tables' web pages too, through its own service (``bot.web.serve.InProcessWeb``,
  docs/web.md), started once the service is open and stopped first; an address it cannot listen on ends the command
  with one sentence and status 2.
- The SQLite file is checked before connecting and when the service opens (bot/table/health.py): a file that cannot
  serve ends the command with one plain paragraph and status 2; damaged games are logged by channel and id.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import signal
import sys
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config, ConfigError
from bot.discord import table_threads
from bot.discord.command_translator import CatalogTranslator
from bot.discord.commands import play
from bot.discord.commands.server_events import ServerEvents
from bot.discord.commands.tree import add_commands
from bot.discord.digest import DigestLoop
from bot.discord.emojis import AppEmojis
from bot.discord.notify import Notifier
from bot.discord.runtime import pace_gc, settle_gc, tune_gc
from bot.discord.scheduler import Scheduler
from bot.discord.seeking import SeekRunner
from bot.discord.sync import CommandSync
from bot.discord.tournaments import TournamentRunner
from bot.discord.ui.answers import refuse
from bot.discord.ui.items import DYNAMIC_ITEMS
from bot.discord.ui.text import NO_PING, clip
from bot.lang import speaking
from bot.table import (
    BackupLoop,
    BoardImages,
    RenderPool,
    ShardsClaimed,
    StoreLocked,
    TableError,
    TableService,
    claim_shards,
    health,
    storage_failure,
)
from bot.web.serve import InProcessWeb, WebUnavailable
from rules.words import translator

log = logging.getLogger("kontor")
_, _n = translator("discord")

SHARDED_MAX_SLEEP_S = 60.0

# At DEBUG, discord.py logs whole request and gateway payloads: DMs with private screens, the values of
# secret selects. Keep those two loggers at INFO even under --log-level DEBUG (as bot.table.store does for aiosqlite).
PAYLOAD_LOGGERS = ("discord.http", "discord.gateway")
for _name in PAYLOAD_LOGGERS:
    logging.getLogger(_name).setLevel(logging.INFO)


class KontorTree(app_commands.CommandTree):
    """The one handler of every app command's refusal: a ``TableError`` a command raises is answered privately, in
    the user's language (``answers.refuse``, which the buttons share), and is no error; so are values Discord could
    not convert and checks that failed. Anything unexpected is logged, and the user told plainly."""

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, TableError):
            try:
                await refuse(interaction, original)
            except discord.HTTPException:
                log.warning("could not deliver a refusal", exc_info=True)
            return
        if isinstance(error, app_commands.TransformerError):
            text = _("I couldn't understand one of the values you gave. Please pick from the suggestions.")
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = _("Games live in server channels and threads; use this there.")
        elif isinstance(error, app_commands.CheckFailure):
            text = _("You aren't allowed to do that here.")
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"), exc_info=error)
            text = storage_failure(original) or _(
                "Sorry, something went wrong on my side. The game is unchanged; please try again.")
        try:
            if interaction.response.is_done():
                await interaction.followup.send(clip(text, 2000), ephemeral=True, allowed_mentions=NO_PING)
            else:
                await interaction.response.send_message(clip(text, 2000), ephemeral=True, allowed_mentions=NO_PING)
        except discord.HTTPException:
            log.warning("could not deliver an error message", exc_info=True)


class KontorBot(commands.Bot):
    def __init__(self, config: Config, *, service: TableService | None = None,
                 service_options: dict[str, Any] | None = None, sync: bool = True, **client: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channel and thread cache; everything else arrives with the interactions
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=KontorTree,
                         help_command=None, allowed_mentions=NO_PING, **client)
        self.config = config
        self._service = service
        self.settle_gc = False  # ``kontor run``: freeze what set-up loaded out of later collections (runtime.py)
        self._gc_pacer: asyncio.Task[None] | None = None
        self._owns_service = service is None
        # One image pipeline for the service's updates, the DMs, /game status and My screen (bot/table/images.py).
        self.images: BoardImages = service.images if service is not None else BoardImages()
        self.service_options = {"render": True, "news": True, "images": self.images, "shards": config.shards,
                                **(service_options or {})}
        # Several shard processes: the commands are the application's, so the one with shard 0 syncs them.
        self.sync_on_start = sync and (config.shards is None or 0 in config.shards.ids)
        self.notifier = Notifier(self)
        self.play = play.PlayController(self)
        self.tournaments = TournamentRunner(self)
        self.notifier.on_end.append(self.tournaments.game_ended)
        self.notifier.on_end.append(functools.partial(table_threads.ended, self))  # archive a table's own thread
        self.seeking = SeekRunner(self)
        # Sharded, a move answered by another process (a DM's button arrives on shard 0) may start an earlier clock
        # in one of this process's games, and nothing pokes this scheduler then: it looks again every minute.
        self.scheduler = Scheduler(self, max_sleep=SHARDED_MAX_SLEEP_S) if config.shards else Scheduler(self)
        self.digest = DigestLoop(self, self.notifier.dms)
        self.command_sync = CommandSync(self)
        # Goods, resources, buildings and coins in menus, logs and digests (Unicode until uploaded; never blocking).
        self.app_emojis = AppEmojis(self, enabled=config.emojis, upload=self.sync_on_start)
        self.backups = BackupLoop.for_config(config)  # None without KONTOR_BACKUP_DIR
        self.web = InProcessWeb(config.web) if config.web is not None else None  # None without KONTOR_WEB_ADDR
        self._speak_each_users_language()

    def _speak_each_users_language(self) -> None:
        """Answer every interaction in the clicking user's Discord locale (``bot.lang.speaking``), in one place.

        discord.py's INTERACTION_CREATE parser is synchronous and makes, inside itself, the task that runs the
        interaction (a command, an autocomplete, a button or select callback, a modal, the ``on_interaction``
        listeners); a task copies the context it is made in, so speaking the locale around the parser reaches every
        handler, none forgotten. What a handler posts publicly speaks the table's language on top of it."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def parse_in_users_language(data: dict[str, Any]) -> None:
            with speaking(data.get("locale")):
                parse(data)

        parsers["INTERACTION_CREATE"] = parse_in_users_language

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Remember the user's language for what reaches them later, outside an interaction (DMs, digests)."""
        if self._service is None:
            return
        try:
            await self._service.remember_language(interaction.user.id, interaction.locale)
        except Exception:  # never in the way of the interaction itself
            log.warning("could not remember the language of %s", interaction.user.id, exc_info=True)

    @property
    def service(self) -> TableService:
        if self._service is None:
            raise RuntimeError("the table service opens in setup_hook (when the bot logs in)")
        return self._service

    async def setup_hook(self) -> None:
        if self._service is None:  # opened and checked (bot/table/health.py): damaged games are logged, not fatal
            self._service, report = await health.open_service(self.config.db_path, **self.service_options)
            health.log_health(report)
        if self.config.reviews:  # each finished game's reviews, prepared in the background (docs/learning.md)
            self.service.review_after_end()
        if self.web is not None:  # the pages read through the service just opened; WebUnavailable ends the start
            await self.web.start(self.service)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(CatalogTranslator())  # the tree in fr, de, it: before any sync reads it
        await self.add_cog(ServerEvents(self))  # channel, thread and server removal pause the tables there
        if self.sync_on_start:
            self.command_sync.start()  # in the background, after connecting: never in the way of the login
        self.app_emojis.start()  # likewise
        self.scheduler.start()
        self.digest.start()
        self.tournaments.start()  # resumes each running tournament once connected
        self.seeking.start()  # makes the threads and asks the players a stop left undone
        if self.backups is not None:
            self.backups.start()
        if self.settle_gc:
            settle_gc()  # what set-up loaded lives as long as the process: out of every later collection
            self._gc_pacer = asyncio.create_task(pace_gc())  # short young collections, one a second

    async def close(self) -> None:
        if self._gc_pacer is not None:
            self._gc_pacer.cancel()
        if self.web is not None:  # the open pages' streams end before the service they read from drains
            await self.web.stop()
        await self.command_sync.stop()
        await self.app_emojis.stop()
        await self.scheduler.stop()
        await self.digest.stop()
        await self.tournaments.stop()
        await self.seeking.stop()
        if self.backups is not None:
            await self.backups.stop()
        try:
            if self._service is not None:  # moves in flight finish (and can still be posted) before Discord closes
                await self._service.drain()
            await super().close()
        finally:
            await self.close_service()
            self.images.close()

    async def close_service(self) -> None:
        if self._service is not None and self._owns_service:
            service, self._service = self._service, None
            await service.close()


class ShardedKontorBot(KontorBot, commands.AutoShardedBot):
    """The bot on ``config.shards``' gateway connections (``kontor run --shard-count N --shard-ids …``); its service
    keeps the time of those shards' games only (bot/table/shards.py)."""


def build_bot(config: Config | None = None, **kwargs: Any) -> KontorBot:
    """The fully configured bot — every command group added, the tree complete — without connecting."""
    config = config or Config(token="")
    if config.shards is not None:
        kwargs = {"shard_count": config.shards.count, "shard_ids": config.shards.ordered, **kwargs}
        bot: KontorBot = ShardedKontorBot(config, **kwargs)
    else:
        bot = KontorBot(config, **kwargs)
    add_commands(bot)
    return bot


# ---- kontor run ------------------------------------------------------------------------------
def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--log-level", default="INFO", help="logging level (default INFO)")
    parser.add_argument("--shard-count", default=None, help="Discord shards in all (default: KONTOR_SHARD_COUNT; "
                        "unset: one unsharded connection)")
    parser.add_argument("--shard-ids", default=None, help="the shards this process runs, e.g. 0,1 (default: "
                        "KONTOR_SHARD_IDS; unset: all of them)")


async def serve(bot: KontorBot, token: str) -> int:
    """Run until the bot stops or SIGINT/SIGTERM arrives; always close bot, scheduler and database. On PostgreSQL
    the process first claims its shards (bot/table/store/process_claim.py): a second process on the same ones exits
    with 2."""
    config = getattr(bot, "config", None)
    try:
        claim = await claim_shards(config.db_path, config.shards) if config is not None else None
    except ShardsClaimed as exc:
        print(f"kontor run: {exc}", file=sys.stderr)
        await bot.close()  # nothing was started: this only frees the bot's own resources
        return 2
    try:
        return await _serve(bot, token)
    finally:
        if claim is not None:
            await claim.release()


async def _serve(bot: KontorBot, token: str) -> int:
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    runner = asyncio.create_task(bot.start(token), name="kontor-bot")
    stopper = asyncio.create_task(stop.wait(), name="kontor-signals")
    code = 0
    try:
        done, _pending = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done and runner.exception() is not None:
            error = runner.exception()
            if isinstance(error, health.StartupError):  # the file cannot serve (setup_hook): say why, plainly
                print(f"kontor run: {error}", file=sys.stderr)
                code = health.EXIT_CODE
            elif isinstance(error, discord.LoginFailure):
                print("Discord refused the token (DISCORD_TOKEN). Check it in the developer portal.", file=sys.stderr)
                code = 2
            elif isinstance(error, StoreLocked):  # setup_hook: another process writes KONTOR_DB
                print(str(error), file=sys.stderr)
                code = 2
            elif isinstance(error, WebUnavailable):  # setup_hook: KONTOR_WEB_ADDR cannot be listened on
                print(f"kontor run: {error}", file=sys.stderr)
                code = 2
            elif isinstance(error, OSError | aiohttp.ClientError):
                print(f"kontor run: cannot reach Discord ({type(error).__name__}: {error}).", file=sys.stderr)
                code = 1
            else:
                log.error("the bot stopped", exc_info=error)
                code = 1
        elif stopper in done:
            log.info("signal received: shutting down")
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        stopper.cancel()
        await bot.close()
        if not runner.done():
            runner.cancel()
        await asyncio.gather(runner, stopper, return_exceptions=True)
    return code


def run_main(args: argparse.Namespace | None = None) -> int:
    try:
        config = Config.from_env()
        if getattr(args, "shard_count", None) is not None or getattr(args, "shard_ids", None) is not None:
            config = config.with_shards(getattr(args, "shard_count", None), getattr(args, "shard_ids", None))
    except ConfigError as exc:
        print(f"kontor run: {exc}", file=sys.stderr)
        return 2
    try:  # before connecting: a file that cannot serve is said plainly, without a traceback
        asyncio.run(health.preflight(config.db_path))
    except health.StartupError as exc:
        print(f"kontor run: {exc}", file=sys.stderr)
        return health.EXIT_CODE
    level = str(getattr(args, "log_level", "INFO")).upper()
    discord.utils.setup_logging(level=getattr(logging, level, logging.INFO))
    bot = build_bot(config)
    bot.images.pool = RenderPool()  # board images on every core (bot/table/render_pool.py)
    tune_gc()
    bot.settle_gc = True  # and again once set up (never in a test's process: bot/discord/runtime.py)
    return asyncio.run(serve(bot, config.token))
