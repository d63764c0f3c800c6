"""A view in words with the players' names in it: the one place the table puts names into a game's summary and
alt text (``rules`` write "Seat 2"; ``name_seats`` writes the name). The Update carries the channel's ones; the front
ends call these for the other views they show. Never raises: a game's words that fail must not cost a post."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from bot.table.model import name_seats
from rules.core import Game

log = logging.getLogger("bot.table")


def named_summary(game: Game, view: Mapping[str, Any], names: Sequence[str]) -> str:
    """``game.summary(view)`` with the names in ("" when the game's words fail, logged)."""
    try:
        return name_seats(game.summary(dict(view)), list(names))
    except Exception:
        log.warning("no summary for %s", game.name, exc_info=True)
        return ""


def named_alt_text(game: Game, view: Mapping[str, Any], names: Sequence[str], last: str | None = None) -> str:
    """What a screen reader says for the image drawn from ``view`` (``last``: the last move in words), names in,
    (the game keeps it within ``ALT_TEXT_MAX``); "" when the game's words fail (logged; the front end then says the
    game's title)."""
    try:
        return name_seats(game.alt_text(dict(view), last), list(names))
    except Exception:
        log.warning("no alt text for %s", game.name, exc_info=True)
        return ""
