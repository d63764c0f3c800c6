"""Learning at the table (docs/learning.md): the strong bot's hints when a player asks (``hints.py``) and, after a
game, what it would have done (``reviews.py``); the figures are computed in worker processes (``work.py``) by
``rules.advice``, and said in words by ``words.py``."""

from __future__ import annotations

from bot.table.learn.hints import Hints
from bot.table.learn.reviews import Reviews
from bot.table.learn.words import Hint, HintOption, Review, ReviewItem, hint_lines, hints_note, review_lines

__all__ = ["Hint", "HintOption", "Hints", "Review", "ReviewItem", "Reviews", "hint_lines", "hints_note",
           "review_lines"]
