"""Text hygiene at the Discord boundary: refuse odd input politely, never echo it raw, respect Discord's sizes."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

MAX_MESSAGE = 2000
MAX_INPUT = 80  # the longest action string (rules.core.MAX_ACTION_LEN) and a generous name


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis when cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def input_problem(text: str, *, limit: int = MAX_INPUT, what: str = "That") -> str | None:
    """A friendly reason to refuse typed input before it reaches the table, or None if it looks sane."""
    if not text or not text.strip():
        return f"{what} is empty."
    if len(text) > limit:
        return f"{what} is too long (at most {limit} characters)."
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        return f"{what} contains control or invisible characters; please type plain text."
    return None


def safe_echo(text: str, limit: int = 40) -> str:
    """User input made safe to quote back: printable only, no markdown or mention tricks, short."""
    cleaned = "".join(ch if ch.isprintable() else "?" for ch in text)
    for ch in "`*_~|>@#<":
        cleaned = cleaned.replace(ch, " ")
    return clip(cleaned.strip(), limit)


def mentions(user_ids: Iterable[int]) -> str:
    return " ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
