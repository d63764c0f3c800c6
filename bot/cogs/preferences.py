"""``/game notify``: how a player hears that it is their move — on every server (bot/notify_prefs.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.botcore import BotCore
from bot.cogs.play import reply
from bot.notify_prefs import CLOSED_NOTE, describe
from bot.service import NOTIFY_HELP, TableError
from bot.ui.text import clip

CHOICES = [app_commands.Choice(name=clip(f"{name} — {text}", 100), value=name) for name, text in NOTIFY_HELP.items()]


def notify_command(bot: BotCore) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(name="notify", description="How I tell you it's your move, on every server")
    @app_commands.describe(choice="mention (default), dm, or digest (one DM a day); leave empty to see yours")
    @app_commands.choices(choice=CHOICES)
    async def notify(interaction: discord.Interaction[Any], choice: str | None = None) -> None:
        user = interaction.user.id
        svc = bot.service
        try:
            if choice is None:
                current = await svc.notify_pref(user)
                text = (f"Your turn notices: {describe(current)}. It applies on every server; change it with "
                        "`/game notify choice:` (mention, dm or digest).")
            else:
                current = await svc.set_notify_pref(user, choice)
                text = f"✅ From now on, on every server: {describe(current)}."
        except TableError as exc:
            await reply(interaction, exc.message)  # changes nothing
            return
        if current != "mention" and await bot.notifier.dms.known_closed(user):
            text += "\n" + CLOSED_NOTE
        await reply(interaction, text)

    return notify
