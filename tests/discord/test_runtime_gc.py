"""``kontor run``'s collector settings (bot/discord/runtime.py): the young generation is collected on a clock, not
only when allocations outrun deallocations (a move frees the state it replaces, so the count barely moves)."""

from __future__ import annotations

import asyncio
import contextlib
import gc

from bot.discord import runtime


async def test_pace_gc_collects_the_young_generation_each_tick_and_the_middle_one_every_twentieth() -> None:
    seen: list[int] = []
    enough = asyncio.Event()

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            seen.append(info["generation"])
            if len(seen) >= runtime.MIDDLE_EVERY:
                enough.set()

    gc.callbacks.append(note)
    pacer = asyncio.create_task(runtime.pace_gc(every=0.001))
    try:
        await asyncio.wait_for(enough.wait(), 30)
    finally:
        pacer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pacer
        gc.callbacks.remove(note)
    paced = seen[: runtime.MIDDLE_EVERY]
    assert paced.count(1) >= 1 and set(paced) <= {0, 1, 2}
    assert paced[: runtime.MIDDLE_EVERY - 1].count(0) >= runtime.MIDDLE_EVERY - 2  # young ones between
