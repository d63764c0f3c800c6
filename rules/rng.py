"""Seeded randomness, the only randomness of the rules: ``Rng`` and the published digest of a game's seed.

Part of the rules contract (``rules/core.py`` re-exports every name here).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A deterministic generator for one step of one game.

    Built only on ``random.Random.random()`` (the one part of the stdlib generator whose output is
    guaranteed stable across Python versions) seeded from a SHA-256 of ``(seed, salt...)``, so a log
    replays identically on any machine. Derive a fresh one per ply: ``Rng(seed, "ply", ply)``.
    """

    __slots__ = ("_key", "_r")

    def __init__(self, seed: int, *salt: object) -> None:
        # Seeding Mersenne Twister costs more than most moves, and most moves draw nothing:
        # the generator is built on first use.
        self._key = (seed, *salt)
        self._r: random.Random | None = None

    @property
    def drawn(self) -> bool:
        """Whether anything was drawn from this generator: a step that used chance cannot be taken back."""
        return self._r is not None

    def random(self) -> float:
        if self._r is None:
            digest = hashlib.sha256(repr(self._key).encode()).digest()
            self._r = random.Random(int.from_bytes(digest[:16], "big"))
        return self._r.random()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return min(int(self.random() * n), n - 1)

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included), e.g. a die: ``between(1, 6)``."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]


def seed_digest(seed: int) -> str:
    """What the table publishes at start: SHA-256 of the seed, revealed at the end for verification."""
    return hashlib.sha256(str(seed).encode()).hexdigest()
