"""Find text that skipped the catalogs: under the pseudo-locale (``bot.lang.PSEUDO``) every catalogued letter is
accented, so a plain ASCII word left in the output was never translated."""

from __future__ import annotations

import re
from collections.abc import Iterable

_WORD = re.compile(r"[A-Za-z0-9_'’.-]+")
_ROMAN = re.compile(r"[IVXLC]+(\.\d+)?")
#: Words that are the same in every language: brand and unit marks, ids the players type.
ALWAYS = frozenset({"Kontor", "VP", "OK", "ID", "UTC"})


def untranslated(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The plain ASCII words (two letters or more, no digits) of ``text`` that no catalog produced.

    ``allowed``: names that are no text at all (players, servers). Ids with digits (``B04``, ``H28``,
    ``IV.2``) and Roman numerals pass: they are what players type, the same in every language."""
    names = set(ALWAYS) | {w for name in allowed for w in _WORD.findall(name)}
    found = []
    for word in _WORD.findall(text):
        core = word.strip("'’.-_")
        if len(core) < 2 or any(ch.isdigit() for ch in core) or core in names or _ROMAN.fullmatch(core):
            continue
        found.append(core)
    return found
