"""``/game notify``: how a player hears that it is their move — on every server (bot/discord/notify_prefs.py) — and
their
quiet hours (a time zone and local hours, bot/table/quiet.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.botcore import BotCore
from bot.discord.commands.play import reply
from bot.discord.notify_prefs import CLOSED_NOTE, describe, describe_quiet
from bot.discord.ui.text import clip
from bot.table import NOTIFY_HELP, timezone_names
from rules.words import translator

_, _n = translator("discord")

# Short labels: /game's whole payload must stay under Discord's 8,000 characters (the answer says it in full).
SHORT = {"mention": "a ping in the channel", "dm": "a direct message", "digest": "one DM a day"}
CHOICES = [app_commands.Choice(name=clip(f"{name} — {SHORT.get(name, text)}", 100), value=name)
           for name, text in NOTIFY_HELP.items()]
MAX_CHOICES = 25  # Discord's limit for autocomplete answers


def zone_choices(current: str) -> list[app_commands.Choice[str]]:
    """Up to 25 IANA names matching what was typed: those that start with it first, then those that contain it."""
    typed = current.strip().lower().replace(" ", "_")
    names = timezone_names()
    starts = [n for n in names if n.lower().startswith(typed)]
    contains = [n for n in names if typed in n.lower() and n not in starts] if typed else []
    return [app_commands.Choice(name=n, value=n) for n in (starts + contains)[:MAX_CHOICES]]


def notify_command(bot: BotCore) -> app_commands.Command[Any, Any, None]:
    @app_commands.command(name="notify", description="How I tell you it's your move, on every server")
    @app_commands.describe(choice="mention (default), dm or digest; empty: show yours",
                           timezone="Your time zone, e.g. Europe/Berlin",
                           quiet="Quiet hours, local time: e.g. 22-8, or off")
    @app_commands.choices(choice=CHOICES)
    async def notify(interaction: discord.Interaction[Any], choice: str | None = None, timezone: str | None = None,
                     quiet: str | None = None) -> None:
        user = interaction.user.id
        svc = bot.service
        if timezone is not None or quiet is not None:
            hours = await svc.set_quiet_hours(user, timezone=timezone, quiet=quiet)
        else:
            hours = await svc.quiet_hours(user)
        if choice is None:
            current = await svc.notify_pref(user)
            text = _("Your turn notices: {how}. It applies on every server; change it with `/game notify choice:`"
                     " (mention, dm or digest).").format(how=describe(current))
            if timezone is not None or quiet is not None:
                text = "✅ " + describe_quiet(hours, await svc.time_zone(user)) + "\n" + text
            else:
                text += "\n" + describe_quiet(hours, await svc.time_zone(user))
        else:
            current = await svc.set_notify_pref(user, choice)
            text = "✅ " + _("From now on, on every server: {how}.").format(how=describe(current))
            if timezone is not None or quiet is not None:
                text += "\n" + describe_quiet(hours, await svc.time_zone(user))
        if current != "mention" and await bot.notifier.dms.known_closed(user):
            text += "\n" + CLOSED_NOTE
        await reply(interaction, text)

    @notify.autocomplete("timezone")
    async def timezone_autocomplete(interaction: discord.Interaction[Any],
                                    current: str) -> list[app_commands.Choice[str]]:
        return zone_choices(current)

    return notify
