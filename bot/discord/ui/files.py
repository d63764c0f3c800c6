"""Image attachments with alt text: every PNG Kontor posts (board, private screen, final scores, ``/game since``'s
boards, the zoomed panel) is made here, with a ``description`` a screen reader says instead of the picture.

The description is the game's ``alt_text`` of the view the image was drawn from, players named, in the language
being spoken (the caller speaks the reader's: the table's for the channel, the user's for a DM or an ephemeral
reply), cut to Discord's 1024 characters. Alt text never costs a post: a game whose ``alt_text`` fails gets its
title.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.discord.ui.text import clip
from bot.table import named_alt_text
from rules.core import ALT_TEXT_MAX
from rules.words import translator

_, _n = translator("discord")

log = logging.getLogger(__name__)


def describe(game: Any, view: Mapping[str, Any], names: Sequence[str], last: str | None = None) -> str:
    """The alt text of the image drawn from ``view`` (``last``: the last move in words, when the image shows it)."""
    text = named_alt_text(game, view, names, last)  # "" when the game's words fail: they never stop a post
    if not text:
        title = getattr(game, "title", None)
        text = _(title) if isinstance(title, str) and title else _("The board")
    return clip(text, ALT_TEXT_MAX)


def zoomed(description: str) -> str:
    """The zoomed panel's alt text from the situation in words (``Update.focus_alt``)."""
    return clip(_("Zoom: {description}").format(description=description), ALT_TEXT_MAX)


def image_file(png: bytes | None, filename: str, description: str) -> list[discord.File]:
    """``png`` as an attachment with its alt text (``[]`` without an image: the post goes without one)."""
    if not png:
        return []
    return [discord.File(io.BytesIO(png), filename=filename, description=clip(description, ALT_TEXT_MAX) or None)]
