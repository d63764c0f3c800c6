"""The words of Speicherstadt's typed commands in the reader's language (``rules.words.Commands``, issue 42):
``remplir tapis+thé thé`` is ``fill B02 tea``: a contract is named by its goods, as every text names it, never by
its card id (which may still be typed)."""

from __future__ import annotations

from rules.speicherstadt.data import CARDS
from rules.words import C_, Commands

#: a contract's goods (sorted) -> its card id: no two contracts ask the same goods
_CONTRACT_BY_GOODS = {tuple(sorted(c["goods"])): cid for cid, c in CARDS.items() if c["kind"] == "contract"}
assert len(_CONTRACT_BY_GOODS) == sum(1 for c in CARDS.values() if c["kind"] == "contract")


def _shown(words: list[str]) -> list[str]:
    """``fill B02 tea`` -> ``fill carpet+tea tea``."""
    if len(words) == 3 and words[0] == "fill" and words[1] in CARDS:
        return [words[0], "+".join(CARDS[words[1]]["goods"]), words[2]]
    return words


def _read(words: list[str]) -> list[str]:
    """``fill carpet+tea tea`` (the goods in any order) -> ``fill B02 tea``; the card id itself still works."""
    if len(words) == 3 and words[0] == "fill" and words[1] not in CARDS:
        cid = _CONTRACT_BY_GOODS.get(tuple(sorted(words[1].split("+"))))
        if cid is not None:
            return [words[0], cid, words[2]]
    return words


COMMANDS = Commands("speicherstadt", (
    C_("command", "place"), C_("command", "buy"), C_("command", "decline"), C_("command", "sell"),
    C_("command", "hall"), C_("command", "store"), C_("command", "take"), C_("command", "wh"),
    C_("command", "fill"), C_("command", "marketsell"), C_("command", "convert"), C_("command", "done"),
    C_("command", "coffee"), C_("command", "tea"), C_("command", "saffron"), C_("command", "rubber"),
    C_("command", "carpet"),
), show=_shown, read=_read)


def command(word: str) -> str:
    """One command word as the reader types it."""
    return COMMANDS.said(word)
