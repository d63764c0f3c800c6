"""Text hygiene at the Discord boundary: refuse odd input politely, never echo it raw, respect Discord's sizes."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

import discord

from bot.table import table_language as service_table_language
from rules.words import N_, translator

_, _n = translator("discord")

NO_PING = discord.AllowedMentions.none()
MAX_MESSAGE = 2000
MAX_INPUT = 80  # the longest action string (rules.core.MAX_ACTION_LEN) and a generous name


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


# What a refusal of typed input says, by what was typed: whole sentences (the noun's gender changes the rest).
_PROBLEMS: dict[str, tuple[str, str, str]] = {
    "that": (N_("That is empty."), N_("That is too long (at most {limit} characters)."),
             N_("That contains control or invisible characters; please type plain text.")),
    "action": (N_("That action is empty."), N_("That action is too long (at most {limit} characters)."),
               N_("That action contains control or invisible characters; please type plain text.")),
    "options": (N_("The options text is empty."), N_("The options text is too long (at most {limit} characters)."),
                N_("The options text contains control or invisible characters; please type plain text.")),
    "game": (N_("The game name is empty."), N_("The game name is too long (at most {limit} characters)."),
             N_("The game name contains control or invisible characters; please type plain text.")),
    "order": (N_("The order is empty."), N_("The order is too long (at most {limit} characters)."),
              N_("The order contains control or invisible characters; please type plain text.")),
}


def input_problem(text: str, *, limit: int = MAX_INPUT, what: str = "that") -> str | None:
    """A friendly reason to refuse typed input before it reaches the table, or None if it looks sane. ``what``:
    which input it is (a key of ``_PROBLEMS``)."""
    empty, long, odd = _PROBLEMS[what]
    if not text or not text.strip():
        return _(empty)
    if len(text) > limit:
        return _(long).format(limit=limit)
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        return _(odd)
    return None


def table_language(table: object) -> str:
    """The language a table's channel reads (the service's rule: its ``language`` setting, English before it)."""
    return service_table_language(getattr(table, "settings", None) or {})


def safe_echo(text: str, limit: int = 40) -> str:
    """User input made safe to quote back: printable only, no markdown or mention tricks, short."""
    cleaned = "".join(ch if ch.isprintable() else "?" for ch in text)
    for ch in "`*_~|>@#<":
        cleaned = cleaned.replace(ch, " ")
    return clip(cleaned.strip(), limit)


def shown(text: str) -> str:
    """Players' names, or lines built from them (every event line), made safe to show where Discord renders
    markdown (message content, embed descriptions and fields): a name like ``**x**`` or ``<@id>`` reads
    literally, and no mention in it can ever ping (``@everyone`` included)."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def shown_lines(lines: Sequence[str]) -> list[str]:
    return [shown(line) for line in lines]


def plain(text: str) -> str:
    """A name where Discord renders no markdown (embed footers, select labels): only mentions are defused."""
    return discord.utils.escape_mentions(text)


def mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


def pings(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Exactly these users may be pinged by a message — never anyone a name in it mentions, nor everyone or a role."""
    return discord.AllowedMentions(users=[discord.Object(uid) for uid in dict.fromkeys(user_ids)],
                                   everyone=False, roles=False, replied_user=False)
