"""Process settings for a long-running Kontor service (``kontor run``; the bench measures with the same).

Each move builds every seat's view: a few thousand short-lived dicts and lists, freed by reference counting.
With CPython's default thresholds (700, 10, 10) they still trigger a young-generation collection every few
hundred allocations, and now and then a full one that walks every cached game state: that is most of the
slowest 1 % of moves. Collecting ten times less often keeps the tail near the median; cycles (rare in this
code) still get collected, only later.

A full collection walks every object that survived the earlier ones, so its pause grows with what the process holds:
start-up's modules and tables are frozen out of it (``tune_gc``), then what the service loaded when it opened
(``settle_gc``, once the bot is set up), and the games themselves are bounded by the service's game cache
(``KONTOR_GAME_CACHE``, bot/table/caches.py): the walk is the same with 1,000 or 100,000 active games
(docs/scaling.md, "Memory and pauses").

CPython starts a young collection when allocations outrun deallocations by the threshold. A move allocates its
game's new state and frees the old one, so the count hardly moves while the young generation fills with every state
made since: measured, the first young collection after 5,000 moves walked 73,000 objects (46-60 ms). ``pace_gc``
collects the young generation every second and the middle one every ``MIDDLE_EVERY`` seconds instead, each walking
what a second or two of moves made (a middle collection every 20 s walked 53 ms of them at 10,000 active games).
"""

from __future__ import annotations

import asyncio
import gc

GC_THRESHOLDS = (7_000, 20, 100)
YOUNG_EVERY_S = 1.0
MIDDLE_EVERY = 2  # young collections per middle one: the middle one walks two seconds of moves


def tune_gc() -> None:
    """Collect less often, and leave what start-up built (modules, data tables) out of every collection."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def settle_gc() -> None:
    """Freeze what the process has loaded to serve (the service's kept caches, the bot's set-up) out of every later
    collection. Objects frozen here that die later are still freed by reference counting; only a cycle among them
    would wait for the process's end, and they are built once."""
    gc.collect()
    gc.freeze()


async def pace_gc(every: float = YOUNG_EVERY_S) -> None:
    """Collect the young generation every ``every`` seconds (and the middle one every ``MIDDLE_EVERY``th time), so
    that no collection walks more than a few seconds of moves; runs until cancelled."""
    ticks = 0
    while True:
        await asyncio.sleep(every)
        ticks += 1
        gc.collect(1 if ticks % MIDDLE_EVERY == 0 else 0)
