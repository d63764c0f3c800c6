"""The words of Colonia's typed commands in the reader's language (``rules.words.Commands``, issue 42):
``commander sellier`` is ``order saddler``. Ships (``S04``) and relics (``BER-5-2``) keep the ids the board and
every label print."""

from __future__ import annotations

from rules.words import C_, Commands

COMMANDS = Commands("colonia", (
    C_("command", "take"), C_("command", "family"), C_("command", "vote"), C_("command", "decide"),
    C_("command", "yes"), C_("command", "no"), C_("command", "stall"), C_("command", "pass"),
    C_("command", "order"), C_("command", "load"), C_("command", "extra"), C_("command", "give"),
    C_("command", "buy"), C_("command", "insure"), C_("command", "enshrine"), C_("command", "keep"),
    C_("command", "shrine"), C_("command", "empty"), C_("command", "exchange"), C_("command", "to"),
    C_("command", "saddle"), C_("command", "cartwheel"), C_("command", "painting"), C_("command", "clothing"),
    C_("command", "shoes"),
    C_("command", "saddler"), C_("command", "wheelwright"), C_("command", "painter"), C_("command", "tailor"),
    C_("command", "shoemaker"),
    C_("command", "pfund"), C_("command", "grivna"), C_("command", "mark"), C_("command", "gulden"),
))


def command(word: str) -> str:
    """One command word as the reader types it."""
    return COMMANDS.said(word)
