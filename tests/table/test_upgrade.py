"""Files from older builds: waits recorded before migration 3 (no since_version) still take current choices."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.table import StaleVersion, TableService
from bot.table import store as store_module
from bot.table.store import MIGRATIONS
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock, as_build_before_banks
from tests.table.test_service import ANNA, BEN, CH, lobby, raw_row


def _forget_since(db_path: Path) -> None:
    """What migration 3 left on the rows of waits that began before it: no since_version."""
    con = sqlite3.connect(db_path)
    try:
        con.execute("UPDATE deadlines SET since_version = NULL")
        con.commit()
    finally:
        con.close()


async def test_migration_4_dates_old_waits_from_the_current_board(db_path: Path, clock: FakeClock,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:3])  # a file as the build with migrations 1–3 left it

    as_build_before_banks(monkeypatch)  # it had no pauses, no record of being alive and no time banks
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
        bids_open = (await svc.start(CH, ANNA, seed=17)).version
        current = (await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])).version  # Ben still bids
    finally:
        await svc.close()
    _forget_since(db_path)
    assert raw_row(db_path, "PRAGMA user_version") == (3,)
    monkeypatch.undo()

    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)  # the upgrade runs migration 4
    try:
        assert await svc.store.schema_version() == len(MIGRATIONS) >= 4
        assert raw_row(db_path, "SELECT since_version FROM deadlines") == (current,)
        ben_bid = (await svc.legal(CH, BEN))[0][0]
        with pytest.raises(StaleVersion, match="earlier step"):  # when the wait began is unknown: not older boards
            await svc.act(CH, BEN, ben_bid, chosen_at=bids_open)
        update = await svc.act(CH, BEN, ben_bid, chosen_at=current)  # the board Ben sees now
        assert update.version == current + 1
    finally:
        await svc.close()


async def test_an_unknown_wait_start_accepts_only_the_current_board(svc: TableService, db_path: Path) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)
    current = (await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])).version
    _forget_since(db_path)  # a row no migration could date
    ben_bid = (await svc.legal(CH, BEN))[0][0]
    with pytest.raises(StaleVersion, match="earlier step"):
        await svc.act(CH, BEN, ben_bid, chosen_at=current - 1)
    assert (await svc.act(CH, BEN, ben_bid, chosen_at=current)).version == current + 1
