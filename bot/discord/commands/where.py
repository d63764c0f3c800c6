"""Where and by whom a ``/game`` command is used: the channel, a moderator, the options typed, and whether Kontor could
post its boards there. Each refusal is a ``TableError`` with the reason in the reader's language."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import pausing
from bot.discord.ui.text import input_problem, safe_echo
from bot.table import TableError
from rules.words import translator

_, _n = translator("discord")


def channel_of(interaction: discord.Interaction[Any]) -> int:
    if interaction.channel_id is None:
        raise TableError(_("Use this in a server channel or thread."))
    return interaction.channel_id


def is_moderator(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_channels or perms.administrator)


def parse_options(text: str | None) -> dict[str, str]:
    """``"length=long, map=b"`` -> ``{"length": "long", "map": "b"}``; TableError on anything else."""
    if not text:
        return {}
    problem = input_problem(text, limit=200, what="options")
    if problem:
        raise TableError(problem)
    out: dict[str, str] = {}
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise TableError(_("Options look like `name=value, name=value`; '{part}' does not.").format(
                part=safe_echo(part)))
        out[key.strip().lower()] = value.strip().lower()
    return out


def check_reach(interaction: discord.Interaction[Any]) -> None:
    """Refuse to open or start a table where Kontor could not post its boards (it would fail later, unseen)."""
    thread = isinstance(interaction.channel, discord.Thread)
    missing = pausing.missing_permissions(interaction.app_permissions, thread=thread)
    if missing:
        text = (_("I can't run a table here: I'm missing {permissions} in this thread. A moderator can grant them in"
                  " the channel's settings (Permissions → Kontor), then try again.") if thread else
                _("I can't run a table here: I'm missing {permissions} in this channel. A moderator can grant them in"
                  " the channel's settings (Permissions → Kontor), then try again."))
        raise TableError(text.format(permissions=", ".join(missing)))
