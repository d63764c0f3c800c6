"""The per-channel locks: rebuild() runs under them, and the service keeps only the locks in use."""

from __future__ import annotations

import asyncio
import gc

from bot.table import TableError, TableService
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby

DORA = 14
PLAYERS = ((ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"), (DORA, "Dora"))


async def test_rebuild_beside_running_moves_reports_no_false_mismatch(svc: TableService) -> None:
    """Moves and rebuilds of the same healthy games interleave at every await: each rebuild must agree."""
    channels = [CH + k for k in range(4)]
    for channel in channels:
        await lobby(svc, *PLAYERS, channel=channel)
        await svc.start(channel, ANNA, seed=channel)
    done: set[int] = set()
    checked: list[int] = []
    mismatches: list[str] = []

    async def play(channel: int) -> None:
        table = await svc.table(channel)
        while table.status == "active":
            user = table.awaited[0]
            table = (await svc.act(channel, user, (await svc.legal(channel, user))[0][0])).table
        done.add(channel)

    async def rebuild(channel: int) -> None:
        while channel not in done:
            try:
                await svc.rebuild(channel)
            except TableError as exc:
                mismatches.append(str(exc))
            checked.append(channel)

    await asyncio.gather(*(play(c) for c in channels), *(rebuild(c) for c in channels))
    assert mismatches == []
    assert len(checked) > len(channels) * 10  # the rebuilds really ran while the games were played
    for channel in channels:
        assert (await svc.rebuild(channel)).is_over()


async def test_the_lock_map_keeps_only_locks_in_use(svc: TableService) -> None:
    for k in range(60):
        channel = CH + k
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), channel=channel)
        await svc.start(channel, ANNA, seed=k)
        await svc.act(channel, ANNA, (await svc.legal(channel, ANNA))[0][0])
        await svc.rebuild(channel)
    gc.collect()
    assert len(svc.core.locks) == 0  # sixty channels served, none of them busy: no lock kept


async def test_a_lock_lives_while_it_is_held_or_awaited(svc: TableService) -> None:
    """Mutual exclusion survives collections: the holder's and the waiter's lock is the one the map gives out."""
    order: list[str] = []
    release = asyncio.Event()
    entered = asyncio.Event()

    async def holder() -> None:
        async with svc.core.serial(CH):
            order.append("first in")
            entered.set()
            await release.wait()
            order.append("first out")

    async def waiter() -> None:
        async with svc.core.serial(CH):
            order.append("second in")

    first = asyncio.create_task(holder())
    await entered.wait()
    second = asyncio.create_task(waiter())
    await asyncio.sleep(0)  # let the waiter reach the lock and queue on it
    gc.collect()
    assert len(svc.core.locks) == 1
    third = asyncio.create_task(waiter())  # asks the map again after the collection: the same, held lock
    for _ in range(3):
        await asyncio.sleep(0)
    assert order == ["first in"]
    release.set()
    await asyncio.gather(first, second, third)
    assert order == ["first in", "first out", "second in", "second in"]
    gc.collect()
    assert len(svc.core.locks) == 0


async def test_simultaneous_moves_on_one_table_are_serialised(svc: TableService) -> None:
    """Four players bid at once (a simultaneous step): every move commits, one after another, and replays."""
    await lobby(svc, *PLAYERS)
    started = await svc.start(CH, ANNA, seed=8)
    assert len(started.awaited) == 4
    hands = {user: (await svc.legal(CH, user))[0][0] for user, _name in PLAYERS}
    updates = await asyncio.gather(*(svc.act(CH, user, action) for user, action in hands.items()))
    assert sorted(u.version for u in updates) == list(range(started.version + 1, started.version + 5))
    assert (await svc.rebuild(CH)).ply == 4  # the log holds every bid, in commit order
