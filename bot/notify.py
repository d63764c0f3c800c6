"""Turning a service ``Update`` into Discord messages: the public board post and the private DMs.

Public: one board message per change (or one live message edited in place), mentioning exactly
the players now awaited, with the board image and the persistent buttons. Private: each player
whose own view changed gets it by DM. A closed DM (50007) is remembered in the store and the
player is told in the channel — without the secret — to use ``/game hand`` or "My screen".
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from bot.botcore import BotCore
from bot.service import PrivateUpdate, Table, TableError, Update
from bot.ui import embeds
from bot.ui.items import Board, board_view
from bot.ui.text import clip, mentions, pings, shown

log = logging.getLogger(__name__)

CANNOT_DM = 50007
NO_PING = discord.AllowedMentions.none()
DM_HELP = (
    "I can't send you direct messages, so your private screen can't reach you by DM. "
    "Use `/game hand` or the **My screen** button under the board (only you see it), or allow DMs: "
    "right-click the server → Privacy Settings → Direct Messages."
)


async def private_image(game: str, view: dict[str, Any], names: list[str]) -> bytes | None:
    """``render.private`` off the event loop, when the game has a renderer; never fails a move."""
    try:
        import render
    except ImportError:
        return None
    draw = getattr(render, "private", None)
    if draw is None:
        return None
    try:
        return await asyncio.to_thread(draw, game, view, names=names)
    except Exception as exc:  # only the type: a message could quote the private view
        log.info("no private image for %s (%s)", game, type(exc).__name__)
        return None


async def board_image(game: str, view: dict[str, Any], names: list[str]) -> bytes | None:
    """``render.board`` off the event loop (for /game status; updates bring their own image)."""
    try:
        import render

        return await asyncio.to_thread(render.board, game, view, names=names)
    except Exception as exc:
        log.info("no board image for %s (%s)", game, type(exc).__name__)
        return None


def _file(data: bytes | None, name: str) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name)] if data else []


class Notifier:
    def __init__(self, bot: BotCore) -> None:
        self.bot = bot

    def _game(self, table: Table) -> Any:
        return self.bot.service.game(table.game)

    async def channel(self, channel_id: int) -> discord.abc.Messageable:
        found = self.bot.get_channel(channel_id)
        if isinstance(found, discord.abc.Messageable):
            return found
        return self.bot.get_partial_messageable(channel_id)

    # ---- public ----------------------------------------------------------------------------
    def board_message(self, update: Update) -> dict[str, Any]:
        """The keyword arguments of the public board post for ``update`` (nothing private in it)."""
        table = update.table
        view = update.public_view or {}
        summary = self._game(table).summary(view) if view else ""
        embed = embeds.board_embed(table, summary, update.public_events, image=update.image is not None)
        content: list[str] = [f"⏰ {shown(update.notice)}"] if update.notice else []
        if update.finished is not None:
            content.append(embeds.outcome_line(table, update.finished))
            if table.seed is not None:
                content.append(f"🔓 Seed: `{table.seed}` (SHA-256 `{table.seed_digest}`) — replay the log to verify.")
        elif update.awaited:
            content.append(f"Your move: {mentions(update.awaited)}")
        return {
            "content": clip("\n".join(content), 2000) or None,
            "embed": embed,
            "files": _file(update.image, "board.png"),
            "view": board_view(Board(update.channel, table.game_id, update.version), active=table.status == "active"),
            "allowed_mentions": pings(update.awaited if update.finished is None else ()),
        }

    async def publish(self, update: Update, *, from_scheduler: bool = False,
                      actor: int | None = None) -> discord.Message | None:
        """Post the change in its channel and send private updates; returns the board message.

        A change with nothing public in it (one player's secret step, e.g. keeping an objective) posts
        nothing in the channel: the board did not visibly change, and even the timing stays private.
        ``actor`` (who made the change) gets no DM for a screen they just changed themselves unless it
        brings news (private events): their confirmation already said what they did.
        """
        silent = not (update.public_events or update.notice or update.finished is not None)
        message = None if silent else await self._post_board(update)
        await self.send_private(update, actor=actor)
        if not from_scheduler:
            self.bot.scheduler.poke()  # the change may have started an earlier clock
        return message

    async def _post_board(self, update: Update) -> discord.Message | None:
        table = update.table
        channel = await self.channel(update.channel)
        kwargs = self.board_message(update)
        live = table.settings.get("post") == "live" and table.status == "active"
        try:
            if live and table.live_message_id:
                try:
                    edit = {k: v for k, v in kwargs.items() if k not in ("files", "allowed_mentions")}
                    edit["attachments"] = kwargs["files"]
                    edit["content"] = None
                    message = await channel.get_partial_message(table.live_message_id).edit(**edit)  # type: ignore[attr-defined]
                    if update.awaited or update.notice:  # an edit never pings: ping in a short message
                        await channel.send(kwargs["content"] or "", allowed_mentions=kwargs["allowed_mentions"])
                    return message
                except discord.NotFound:
                    pass  # the live message was deleted: post a new one below
            message = await channel.send(**kwargs)
            if live:
                await self.bot.service.set_live_message(update.channel, message.id)
            return message
        except discord.HTTPException:
            log.exception("could not post the board in channel %s", update.channel)
            return None
        except TableError:
            return None

    # ---- private ---------------------------------------------------------------------------
    async def send_private(self, update: Update, *, actor: int | None = None) -> None:
        for user_id, private in update.private.items():
            if user_id == actor and not private.events:
                continue  # a heavy game would otherwise DM a player after every atomic step they take
            await self.dm_private(update.table, user_id, private)

    async def dm_private(self, table: Table, user_id: int, private: PrivateUpdate, *, retry: bool = False) -> bool:
        """DM one player their screen; False if it could not be delivered (remembered, the table is told once)."""
        svc = self.bot.service
        if not retry and not await svc.dm_ok(user_id):
            return False  # known closed: don't hammer Discord with 403s
        game = self._game(table)
        image = await private_image(table.game, private.view, table.names)
        embed = embeds.private_embed(table, game.summary(private.view), private.events, image=image is not None)
        where = f"<#{table.channel}>"
        if table.status == "active" and user_id in table.awaited:
            where += " — it's your move"
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await dm.send(content=f"Your screen in {where}", embed=embed, files=_file(image, "screen.png"),
                          allowed_mentions=NO_PING)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                raise
            await svc.set_dm_ok(user_id, False)
            await self._tell_closed(table, user_id)
            return False
        except discord.HTTPException:
            log.warning("DM to %s failed", user_id, exc_info=True)
            return False
        if retry:
            await svc.set_dm_ok(user_id, True)
        return True

    async def _tell_closed(self, table: Table, user_id: int) -> None:
        channel = await self.channel(table.channel)
        try:
            await channel.send(f"<@{user_id}> {DM_HELP}", allowed_mentions=pings([user_id]))
        except discord.HTTPException:
            log.warning("could not tell %s about closed DMs", user_id, exc_info=True)

    async def check_dm(self, user: discord.User | discord.Member, table: Table) -> bool:
        """At join: a short hello by DM proves DMs work (and is remembered either way)."""
        try:
            await user.send(f"You joined **{table.title}** in <#{table.channel}>. Your private screen will come here.",
                            allowed_mentions=NO_PING)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                raise
            await self.bot.service.set_dm_ok(user.id, False)
            return False
        except discord.HTTPException:
            return False
        await self.bot.service.set_dm_ok(user.id, True)
        return True
