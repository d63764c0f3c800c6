"""Splitting a seat's legal actions into select menus of at most 25 options.

Actions that share a first word (``take 3``, ``take 4`` …) stay together on one page where they
fit, so a page reads as one kind of decision; a group larger than 25 is cut into consecutive pages.
One message shows up to ``SELECTS_PER_MESSAGE`` pages (one select per action row) and a row of
page buttons when there are more.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord.ui.text import clip
from rules.words import translator

_, _n = translator("discord")

MAX_OPTIONS = 25  # options per select menu
SELECTS_PER_MESSAGE = 4  # 5 action rows: 4 selects + 1 row of page buttons
MAX_PLACEHOLDER = 150

Choice = tuple[str, str]  # (action string, describe label)


def _groups(actions: Sequence[Choice]) -> list[list[Choice]]:
    groups: dict[str, list[Choice]] = {}
    for choice in actions:
        groups.setdefault(choice[0].split(" ", 1)[0], []).append(choice)
    return list(groups.values())


def paginate(actions: Sequence[Choice], size: int = MAX_OPTIONS) -> list[list[Choice]]:
    """Pages of at most ``size`` choices; every action appears exactly once, in the game's order per group."""
    pages: list[list[Choice]] = []
    current: list[Choice] = []
    for group in _groups(actions):
        if current and len(current) + len(group) > size:
            pages.append(current)
            current = []
        for start in range(0, len(group), size):
            chunk = group[start : start + size]
            if len(chunk) == size:
                pages.append(chunk)
            else:
                current.extend(chunk)
    if current:
        pages.append(current)
    return pages


def placeholder(page: Sequence[Choice], index: int, total: int) -> str:
    """What a closed select says: the whole decision when there is one page, else its range."""
    if total == 1:
        return _("Choose your action…")
    first, last = page[0][0], page[-1][0]
    span = first if first == last else f"{first} … {last}"
    return clip(f"{index + 1}/{total}: {span}", MAX_PLACEHOLDER)


def window(total_pages: int, start: int) -> range:
    """The page indexes shown together from ``start`` (clamped to a valid first page)."""
    start = max(0, min(start, max(0, total_pages - 1)))
    return range(start, min(total_pages, start + SELECTS_PER_MESSAGE))
