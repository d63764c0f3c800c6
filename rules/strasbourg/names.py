"""Component names in the reader's language: ``data`` marks them with ``N_``, these translate them where shown.

Kept apart so no ``_()`` call holds a dictionary key literal (the catalog extractor would take it for a text)."""

from __future__ import annotations

from rules.strasbourg.data import CHAPEL_SPACES, EDIFICES, GOODS_NAMES, GUILD_NAMES, OBJECTIVES, SEAT_NAMES
from rules.words import C_, Commands, translator

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


def _chapel_shown(words: list[str]) -> list[str]:
    """``chapel CH9`` as the board prints the space: ``chapel 9``."""
    if len(words) == 2 and words[0] == "chapel" and words[1] in CHAPEL_SPACES:
        return [words[0], words[1].removeprefix("CH")]
    return words


def _chapel_read(words: list[str]) -> list[str]:
    """``chapel 9`` (the number the board prints) back to ``chapel CH9``; the id itself still works."""
    if len(words) == 2 and words[0] == "chapel" and f"CH{words[1]}" in CHAPEL_SPACES:
        return [words[0], f"CH{words[1]}"]
    return words


#: the words of every typed command, each also said in the reader's language (``rules.words.Commands``, issue 42):
#: ``garder O10`` is ``keep O10``, ``chapelle 9`` is ``chapel CH9``
COMMANDS = Commands("strasbourg", (
    C_("command", "keep"), C_("command", "drop"), C_("command", "confirm"), C_("command", "draw"),
    C_("command", "stop"), C_("command", "add"), C_("command", "all"), C_("command", "singles"),
    C_("command", "close"), C_("command", "unplace"), C_("command", "restart"), C_("command", "split"),
    C_("command", "reveal"), C_("command", "pass"), C_("command", "privilege"), C_("command", "buy"),
    C_("command", "goods"), C_("command", "skip"), C_("command", "sell"), C_("command", "done"),
    C_("command", "return"), C_("command", "none"), C_("command", "chapel"), C_("command", "build"),
    C_("command", "smiths"), C_("command", "vintners"), C_("command", "shoemakers"), C_("command", "butchers"),
    C_("command", "bakers"),
), show=_chapel_shown, read=_chapel_read)


def command(word: str) -> str:
    """One command word as the reader types it."""
    return COMMANDS.said(word)
