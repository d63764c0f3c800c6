"""Small English wording helpers shared by every game's texts, the renderers and the bot (one copy, not one per
module). Kept apart from the contract in ``rules/core.py``: these are words, not rules."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 member', '3 members'; ``many`` for an irregular plural ('1 goods', '2 goods' with many='goods')."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
