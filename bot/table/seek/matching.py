"""Who the seek queue seats together, pure and deterministic (docs/seeking.md, "How tables form").

The queue is read oldest first. The oldest seek that can be seated anchors the table: for each size it accepts, the
largest first, it takes the oldest other seeks that accept that size with the same pace and rated choice (and, with a
rating band, keep the table's ratings within it), until the table is full. The next table is looked for among the
seeks left, the same way. A dropped seat is offered the same way: to the oldest waiting seek that fits the table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Seeker:
    user: int
    low: int  # the table sizes it accepts
    high: int
    pace: str
    rated: bool
    rating: int = 1000  # the shown all-time rating (a newcomer's 1000), for the band

    def accepts(self, size: int) -> bool:
        return self.low <= size <= self.high


@dataclass(frozen=True)
class Formed:
    """A table the queue can seat: its players (oldest seek first) and the sizes they all accept."""

    players: list[Seeker]
    low: int
    size: int


def _within(band: int | None, chosen: Sequence[Seeker], more: Seeker) -> bool:
    if not band:
        return True
    ratings = [s.rating for s in chosen] + [more.rating]
    return max(ratings) - min(ratings) <= band


def form(queue: Sequence[Seeker], band: int | None = None) -> Formed | None:
    """The first table ``queue`` (oldest first) can seat, else None."""
    for anchor in queue:
        for size in range(anchor.high, anchor.low - 1, -1):
            chosen = [anchor]
            for other in queue:
                if other is anchor or (other.pace, other.rated) != (anchor.pace, anchor.rated):
                    continue
                if other.accepts(size) and _within(band, chosen, other):
                    chosen.append(other)
                    if len(chosen) == size:
                        return Formed(chosen, max(s.low for s in chosen), size)
    return None


def form_all(queue: Sequence[Seeker], band: int | None = None) -> list[Formed]:
    """Every table the queue can seat, one after the other (each from the seeks the earlier ones left)."""
    left = list(queue)
    out = []
    while (found := form(left, band)) is not None:
        out.append(found)
        taken = {s.user for s in found.players}
        left = [s for s in left if s.user not in taken]
    return out


def refill(queue: Sequence[Seeker], seated: Sequence[Seeker], size: int, pace: str, rated: bool, free: int,
           band: int | None = None) -> list[Seeker]:
    """The oldest waiting seeks (at most ``free``) that fit a table of ``size`` whose players are ``seated``."""
    chosen = list(seated)
    out: list[Seeker] = []
    for other in queue:
        if len(out) == free:
            break
        if (other.pace, other.rated) == (pace, rated) and other.accepts(size) and _within(band, chosen, other):
            chosen.append(other)
            out.append(other)
    return out
