"""Component names in the reader's language: ``data`` marks them with ``N_``, these translate them where shown.

Kept apart so no ``_()`` call holds a dictionary key literal (the catalog extractor would take it for a text)."""

from __future__ import annotations

from rules.strasbourg.data import EDIFICES, GOODS_NAMES, GUILD_NAMES, OBJECTIVES, SEAT_NAMES
from rules.words import translator

_, _n = translator("strasbourg")


def guild_name(key: str | None) -> str:
    """A guild's name (Smiths…), or "" for no guild."""
    name = GUILD_NAMES.get(key or "")
    return _(name) if name else ""


def goods_name(key: str | None) -> str:
    """A guild's goods (weapons…), or "" for no guild."""
    name = GOODS_NAMES.get(key or "")
    return _(name) if name else ""


def council_seat_name(key: str) -> str:
    """A council seat's name (Nobility, Church, Merchants or a guild)."""
    name: str = SEAT_NAMES[key]
    return _(name)


def edifice_name(key: str) -> str:
    name: str = EDIFICES[key]["name"]
    return _(name)


def objective_condition(key: str) -> str:
    """An objective card's condition as printed (``prompts.objective_text`` says it for a table)."""
    text: str = OBJECTIVES[key]["text"]
    return _(text)
