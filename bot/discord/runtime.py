"""Process settings for a long-running Kontor service (``kontor run``; the bench measures with the same).

Each move builds every seat's view: a few thousand short-lived dicts and lists, freed by reference counting.
With CPython's default thresholds (700, 10, 10) they still trigger a young-generation collection every few
hundred allocations, and now and then a full one that walks every cached game state: that is most of the
slowest 1 % of moves. Collecting ten times less often keeps the tail near the median; cycles (rare in this
code) still get collected, only later.
"""

from __future__ import annotations

import gc

GC_THRESHOLDS = (7_000, 20, 100)


def tune_gc() -> None:
    """Collect less often, and leave what start-up built (modules, data tables) out of every collection."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
