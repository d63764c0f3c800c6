"""Concurrency: racing requests on one table, and many tables at once, through the service.

Many ``act`` calls on one game with the same ``expected_version`` (a double-clicked button, several
players pressing at once): exactly one wins, every other gets ``StaleVersion``, and the log holds that
one action. Different games proceed side by side, and every acknowledged action is in the log once.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections import Counter
from pathlib import Path

import pytest

import rules
from bench import driver
from bot.table import StaleVersion, TableError, TableService

RACERS = 40


async def _service(tmp_path: Path) -> TableService:
    return await TableService.open(str(tmp_path / "race.sqlite3"), render=False)


async def _logged(svc: TableService, channel: int) -> list[tuple[int, int | None, str | None]]:
    row = await svc.store.latest_game(channel)
    assert row is not None
    return [(r.version, r.seat, r.action) for r in await svc.store.log(row.id) if r.kind != "note"]


@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_one_winner_among_racing_acts_with_the_same_version(tmp_path: Path, name: str) -> None:
    svc = await _service(tmp_path)
    try:
        rnd = random.Random(5)
        table = await driver.open_table(svc, svc.store, 1, name)
        for _ in range(3):  # a few moves in, so the race is not on the opening position
            await driver.act(svc, table, rnd)
        before = await _logged(svc, 1)
        version = table.version
        awaited = table.state.to_act()
        # Every awaited seat fires every one of its legal actions, several times over, all at once.
        attempts = [(table.users[seat], action) for seat in awaited for action in table.state.legal_actions(seat)]
        attempts = [attempts[i % len(attempts)] for i in range(max(RACERS, len(attempts)))]
        rnd.shuffle(attempts)
        results = await asyncio.gather(*(svc.act(1, user, action, expected_version=version)
                                         for user, action in attempts), return_exceptions=True)

        winners = [(attempts[i], r) for i, r in enumerate(results) if not isinstance(r, BaseException)]
        losers = [r for r in results if isinstance(r, BaseException)]
        assert len(winners) == 1, f"{len(winners)} of {len(attempts)} racing acts succeeded"
        assert all(isinstance(r, StaleVersion) for r in losers), {type(r).__name__ for r in losers}
        assert all(r.current == version + 1 for r in losers if isinstance(r, StaleVersion))
        (user, action), update = winners[0]
        assert update.version == version + 1
        after = await _logged(svc, 1)
        assert after == [*before, (version + 1, table.users.index(user), action)], "exactly the winner is logged"
        assert (await svc.table(1)).version == version + 1
        row = await svc.store.latest_game(1)
        assert row is not None and (await svc.rebuild(1)).dump() == row.snapshot
    finally:
        await svc.close()


@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_racing_acts_without_a_version_are_each_applied_once_or_refused(tmp_path: Path, name: str) -> None:
    """Without ``expected_version`` the same click may land on a later position; still nothing is lost or
    duplicated: the log grows by exactly the number of acknowledged acts, one version each."""
    svc = await _service(tmp_path)
    try:
        rnd = random.Random(8)
        table = await driver.open_table(svc, svc.store, 2, name)
        before = await _logged(svc, 2)
        awaited = table.state.to_act()
        attempts = [(table.users[seat], action) for seat in awaited for action in table.state.legal_actions(seat)]
        attempts = [rnd.choice(attempts) for _ in range(RACERS)]
        results = await asyncio.gather(*(svc.act(2, u, a) for u, a in attempts), return_exceptions=True)
        acked = [r for r in results if not isinstance(r, BaseException)]
        refused = [r for r in results if isinstance(r, BaseException)]
        assert acked, "at least the first act must succeed"
        assert all(isinstance(r, TableError) for r in refused), {type(r).__name__ for r in refused}
        after = await _logged(svc, 2)
        new = after[len(before):]
        assert len(new) == len(acked)
        assert sorted(u.version for u in acked) == [v for v, _, _ in new] == list(
            range(table.version + 1, table.version + 1 + len(acked)))
        assert Counter(a for _, _, a in new) == Counter(attempts[i][1] for i, r in enumerate(results)
                                                        if not isinstance(r, BaseException))
        row = await svc.store.latest_game(2)
        assert row is not None and (await svc.rebuild(2)).dump() == row.snapshot
    finally:
        await svc.close()


async def test_different_games_proceed_side_by_side(tmp_path: Path) -> None:
    svc = await _service(tmp_path)
    try:
        names = list(rules.GAMES)
        tables = [await driver.open_table(svc, svc.store, 100 + i, names[i % len(names)]) for i in range(12)]
        moves = 15
        finished_order: list[int] = []

        async def play(table: driver.Table, seed: int) -> list[int]:
            rnd = random.Random(seed)
            versions = []
            for _ in range(moves):
                if table.state.is_over():
                    break
                _user, version = await driver.act(svc, table, rnd)
                versions.append(version)
                finished_order.append(table.channel)
            return versions

        start_versions = [t.version for t in tables]
        all_versions = await asyncio.gather(*(play(t, i) for i, t in enumerate(tables)))
        # They interleave: no table waits for another table's moves to be over.
        first_done = {c: finished_order.index(c) for c in {t.channel for t in tables}}
        last_done = {c: len(finished_order) - 1 - finished_order[::-1].index(c) for c in first_done}
        assert max(first_done.values()) < min(last_done.values()), "tables were served one after another"
        for table, v0, versions in zip(tables, start_versions, all_versions, strict=True):
            assert versions == list(range(v0 + 1, v0 + 1 + len(versions)))
            logged = await _logged(svc, table.channel)
            assert [v for v, _, _ in logged][-len(versions):] == versions
            row = await svc.store.latest_game(table.channel)
            assert row is not None and row.snapshot == table.state.dump()
            assert (await svc.rebuild(table.channel)).dump() == row.snapshot
    finally:
        await svc.close()


async def test_a_failed_commit_leaves_no_trace_and_readers_never_see_it(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails inside the transaction (disk full, I/O error) is rolled back whole; readers
    running meanwhile never observe the version that was never committed; the table plays on."""
    svc = await _service(tmp_path)
    try:
        name = next(iter(rules.GAMES))
        rnd = random.Random(3)
        table = await driver.open_table(svc, svc.store, 7, name)
        await driver.act(svc, table, rnd)
        version, snapshot, before = table.version, table.state.dump(), await _logged(svc, 7)
        real_append = type(svc.store).append
        failing, read_meanwhile = asyncio.Event(), asyncio.Event()

        async def append_then_fail(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            failing.set()
            # Give the reader its chance inside the open transaction; a store that keeps readers out
            # until the rollback makes this wait run out, which is the good outcome.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(read_meanwhile.wait(), 1.0)
            raise OSError("disk I/O error (injected)")

        monkeypatch.setattr(type(svc.store), "append", append_then_fail)
        seen: list[int] = []
        done = asyncio.Event()

        async def reader() -> None:
            seen.append((await svc.table(7)).version)
            await failing.wait()  # a request that arrives while the write is under way
            while not done.is_set():
                seen.append((await svc.table(7)).version)
                read_meanwhile.set()
                await asyncio.sleep(0)

        async def writer() -> None:
            user, _seat, action = driver.next_move(table, rnd)
            try:
                with pytest.raises(OSError, match="injected"):
                    await svc.act(7, user, action, expected_version=version)
            finally:
                done.set()

        await asyncio.gather(reader(), writer())
        monkeypatch.setattr(type(svc.store), "append", real_append)
        assert failing.is_set()
        assert set(seen) == {version}, f"a reader saw versions {sorted(set(seen))}; only {version} was committed"
        row = await svc.store.latest_game(7)
        assert row is not None and row.version == version and row.snapshot == snapshot
        assert await _logged(svc, 7) == before
        assert (await svc.rebuild(7)).dump() == snapshot
        await driver.act(svc, table, rnd)  # the table plays on from the committed state
        assert table.version == version + 1
    finally:
        await svc.close()
