"""The result of a finished game: scores, ranks, each seat's breakdown and the tie-break value.

Part of the rules contract (``rules/core.py`` re-exports ``Outcome``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.views import OutcomeDict


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``scores[seat]`` is the final score, ``ranks[seat]`` is 1 for the winner(s), ties share a rank
    (competition ranking: 1, 1, 3). ``breakdown[seat]`` maps a scoring category to its points and
    sums to the score. ``tiebreak[seat]`` is the value used to break score ties (e.g. coins).
    """

    scores: list[int]
    ranks: list[int]
    breakdown: list[dict[str, int]]
    tiebreak: list[int] = field(default_factory=list)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    def to_dict(self) -> OutcomeDict:
        return {"scores": self.scores, "ranks": self.ranks, "breakdown": self.breakdown, "tiebreak": self.tiebreak}

    @classmethod
    def from_scores(
        cls, scores: Sequence[int], breakdown: Sequence[dict[str, int]], tiebreak: Sequence[Any] | None = None
    ) -> Outcome:
        """Rank by (score, tiebreak...) descending; equal keys share a rank."""
        keys: list[tuple[Any, ...]] = []
        for seat, score in enumerate(scores):
            tb = tiebreak[seat] if tiebreak is not None else ()
            keys.append((score, *(tb if isinstance(tb, tuple | list) else (tb,))))
        ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
        flat_tb: list[int] = []
        if tiebreak is not None:
            for tb in tiebreak:
                first = tb[0] if isinstance(tb, tuple | list) and tb else tb
                flat_tb.append(int(first) if isinstance(first, int | float) else 0)
        return cls(list(scores), ranks, [dict(b) for b in breakdown], flat_tb)
