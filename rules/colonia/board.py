"""Colonia's derived tables and small helpers shared by the phase modules."""

from __future__ import annotations

from rules.colonia import data as D
from rules.core import Rng

NM, NG, NC = len(D.MATERIALS), len(D.GOODS), len(D.CURRENCIES)
STREETS = ("tuesday", "wednesday", "thursday", "friday")
TUE, WED, THU, FRI = range(4)
ALL_STALLS = D.REGULAR_STALLS + D.EXTRA_STALLS
GOOD_INDEX = {g: i for i, g in enumerate(D.GOODS)}
CRAFT_INDEX = {c: i for i, c in enumerate(D.CRAFTSMEN)}
CUR_INDEX = {c: i for i, c in enumerate(D.CURRENCIES)}
LOOP_OF_DAY = {3: "stall", 4: "order", 5: "load"}
STALL_NAMES = frozenset(str(i + 1) for i in range(ALL_STALLS))


def draw_from_bag(bag: list[int], k: int, rng: Rng) -> list[int]:
    """Draw up to ``k`` materials uniformly from the bag counts; returns the counts drawn."""
    got = [0] * NM
    for _ in range(k):
        total = sum(bag)
        if total == 0:
            break
        r = rng.below(total)
        for m in range(NM):
            if r < bag[m]:
                bag[m] -= 1
                got[m] += 1
                break
            r -= bag[m]
    return got


def named(counts: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {names[i]: c for i, c in enumerate(counts) if c}
