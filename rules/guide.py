"""The guide's contract (docs/learning.md): a game's explanations of its decisions and its rules by topic.

A game that teaches names a ``GuideBook`` as ``Game.guide_book`` (its ``rules/<game>/guide.py`` module is one):

- ``steps()``: each kind of decision the game can ask (a step key) -> its explanation, an ``N_`` text of the game's
  catalog (at most ``TEXT_MAX`` characters in every language): what the step is for, what the options do, what a
  beginner might weigh;
- ``guide_for(view)``: the step key of the decision a seat's own view awaits (None: the view awaits nothing of it);
- ``topics()``: the rules by topic, in reading order; a topic's text is either its own or a step's (the same
  words the guide shows), and ``example`` names the step whose board illustrates it.

Pure data and pure functions, like the rest of the rules: the service remembers which steps a player has been shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

#: the longest explanation, in any language (a Discord message holds 2,000 characters: the menu comes after it)
TEXT_MAX = 600


class Topic(NamedTuple):
    """One topic of the rules: ``key`` (what is typed: ``setup``, ``demand``…), ``title`` and ``text`` (``N_`` texts
    of the game's catalog) and ``example``: the step key whose first board in a seeded game illustrates it (None: no
    picture, or ``setup`` for the board as the game starts)."""

    key: str
    title: str
    text: str
    example: str | None = None


class GuideBook(Protocol):
    def steps(self) -> Mapping[str, str]: ...

    def guide_for(self, view: dict[str, Any]) -> str | None: ...

    def topics(self) -> Sequence[Topic]: ...


#: the example key of a topic illustrated by the board as the game starts
SETUP = "setup"


def topic_named(book: GuideBook, key: str) -> Topic | None:
    """The topic ``key`` (case and spaces ignored), or None."""
    wanted = "".join(key.split()).casefold()
    return next((t for t in book.topics() if t.key == wanted), None)
