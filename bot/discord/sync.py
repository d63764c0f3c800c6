"""Syncing the slash commands with Discord: only when they changed, and never in the way of the bot starting.

The command tree is validated (bot/discord/command_limits.py) and synced (to ``KONTOR_GUILD``, else globally) only
when its payload hash differs from the one kept next to the database: Discord allows 200 creates a day. The
sync runs in the background once the gateway is ready, so a slow or failing Discord API never delays the
login: on a 5xx, a 429 or a network error it is retried with growing waits; on anything else, or when the
retries run out, it is logged plainly and the bot keeps running with the commands Discord already has.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import aiohttp
import discord

from bot.background import BackgroundTask
from bot.discord import command_limits
from bot.discord.botcore import BotCore

log = logging.getLogger("kontor")

RETRY_DELAYS = (30.0, 60.0, 120.0, 300.0, 600.0)  # seconds before each further attempt


def _read_hashes(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


async def sync_if_changed(bot: BotCore) -> bool:
    """Validate the tree, then sync it (to KONTOR_GUILD, else globally) only if its hash changed."""
    await command_limits.check_tree(bot.tree)  # the global set is validated even when syncing one guild
    guild = discord.Object(bot.config.guild_id) if bot.config.guild_id else None
    if guild is not None:
        bot.tree.copy_global_to(guild=guild)
    digest = command_limits.payload_hash(await command_limits.check_tree(bot.tree, guild=guild))
    scope = f"guild:{bot.config.guild_id}" if guild else "global"
    path = bot.config.hash_path
    hashes = _read_hashes(path)
    if hashes.get(scope) == digest:
        log.info("commands unchanged (%s); no sync", scope)
        return False
    await bot.tree.sync(guild=guild)
    hashes[scope] = digest
    try:
        path.write_text(json.dumps(hashes, indent=1, sort_keys=True))
    except OSError:
        log.warning("could not store the command hash in %s", path, exc_info=True)
    log.info("commands synced (%s)", scope)
    return True


def _worth_retrying(error: BaseException) -> bool:
    """Discord had a bad moment (5xx), asked us to slow down (429), or could not be reached."""
    if isinstance(error, discord.RateLimited | OSError | aiohttp.ClientError | asyncio.TimeoutError):
        return True
    return isinstance(error, discord.HTTPException) and (error.status == 429 or error.status >= 500)


def _describe(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"HTTP {error.status}: {error.text or error}"
    return f"{type(error).__name__}: {error}"


class CommandSync(BackgroundTask):
    """The background sync: ``start()`` in ``setup_hook`` (it waits for the gateway), ``stop()`` on close."""

    task_name = "kontor-command-sync"

    def __init__(self, bot: BotCore, delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        super().__init__()
        self.bot = bot
        self.delays = delays

    def _run(self) -> Coroutine[Any, Any, bool]:
        return self.run()

    async def run(self) -> bool:
        """Sync once the bot is connected; True if Discord now has this tree (synced or already unchanged)."""
        await self.bot.wait_until_ready()
        attempt = 0
        while True:
            attempt += 1
            try:
                await sync_if_changed(self.bot)
                return True
            except command_limits.CommandLimitError as exc:  # a bug in the tree: no retry can fix it
                log.error("commands not synced: Discord would reject them: %s", exc)
                return False
            except Exception as exc:
                if not _worth_retrying(exc):
                    log.error("commands not synced (%s); the bot runs on with the commands Discord already has",
                              _describe(exc))
                    return False
                if attempt > len(self.delays):
                    log.error("commands not synced after %d attempts (last: %s); the bot runs on with the commands "
                              "Discord already has, and tries again at the next start", attempt, _describe(exc))
                    return False
                wait = max(self.delays[attempt - 1], getattr(exc, "retry_after", 0.0) or 0.0)
                log.warning("command sync failed (%s); retrying in %.0f s", _describe(exc), wait)
            await asyncio.sleep(wait)
