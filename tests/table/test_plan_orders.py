"""Plan-ahead (conditional) orders through the service, on Speicherstadt's Demand: "place my next worker above
column C" plays when the seat's turn comes if nobody else placed there since; else the seat is told why, privately,
and asked as usual. It stands beside the seat's purchase order (one order per kind, migration 15)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import rules
from bot.table import TableService
from bot.table import store as store_module
from bot.table.store import MIGRATIONS
from bot.table.store.table_rows import TableRows
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby, read_row, read_rows

GAMES = {"speicherstadt": rules.get_game("speicherstadt")}

SERVICE_GAMES = GAMES  # the service of tests/table/conftest.py opens with these


async def started(svc: TableService) -> list[int]:
    """A Speicherstadt table of three humans in its first Demand phase; the users in placing order."""
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"), game="speicherstadt")
    update = await svc.start(CH, ANNA, seed=5)
    assert update.public_view is not None and update.public_view["phase"] == "demand"
    first = update.table.awaited[0]
    order = [s.user_id for s in update.table.seats]
    i = order.index(first)
    return order[i:] + order[:i]


async def test_a_plan_plays_when_the_turn_comes_and_stands_beside_a_purchase_order(svc: TableService) -> None:
    first, second, third = await started(svc)
    text, played = await svc.set_order(CH, second, "place 2.0")
    assert "Place my next worker above card 2" in text and played is None  # not its turn yet
    update = await svc.act(CH, first, "place 1")
    # the second seat's plan placed at once (logged as an automatic move): the third seat is awaited
    assert update.table.awaited == (third,)
    assert (await read_rows(svc, "SELECT kind, action FROM actions WHERE action IS NOT NULL ORDER BY id"))[-2:] == [
        ("player", "place 1"), ("auto", "place 2")]
    assert await svc.my_order(CH, second) is None  # one-shot: played, gone (memory and file)
    assert await read_row(svc, "SELECT COUNT(*) FROM standing_orders") == (0,)
    # a purchase order and a plan at once: both kept, shown together, cancelled together
    await svc.set_order(CH, second, "upto 2 1")
    await svc.set_order(CH, second, "place 3.0")
    shown = await svc.my_order(CH, second)
    assert shown is not None and "Buy card 2" in shown[1] and "above card 3" in shown[1]
    assert sorted(await read_rows(svc, "SELECT kind, order_id FROM standing_orders")) == [
        ("plan", "place 3.0"), ("upto2", "upto 2 1")]
    assert "cancelled" in await svc.cancel_order(CH, second)
    assert await svc.my_order(CH, second) is None
    assert await read_row(svc, "SELECT COUNT(*) FROM standing_orders") == (0,)
    update = await svc.act(CH, third, "place 4")
    update = await svc.act(CH, first, "place 1")
    assert update.table.awaited == (second,)  # cancelled: asked as usual


async def test_a_plan_whose_column_was_taken_is_not_played_and_its_owner_is_told_privately(
        svc: TableService) -> None:
    first, second, third = await started(svc)
    await svc.set_order(CH, third, "place 2.0")
    await svc.act(CH, first, "place 3")
    update = await svc.act(CH, second, "place 2")  # the column the third seat planned for
    assert update.table.awaited == (third,)  # asked as usual
    note = " ".join(update.private[third].events)  # by user
    assert "was not played: another player placed a worker there since" in note
    for other in (first, second):
        assert other not in update.private or "was not played" not in " ".join(update.private[other].events)
    assert "plan" not in " ".join(update.public_events).lower()  # the plan stays private
    assert await svc.my_order(CH, third) is None


async def test_migration_15_keeps_the_orders(db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:14])  # a file as the build before migration 15 left it

    async def none(self: object, game_id: int | None = None) -> dict:
        return {}  # (that build read the orders without a kind)

    monkeypatch.setattr(TableRows, "standing_orders", none)
    svc = await TableService.open(str(db_path), games=GAMES, clock=clock)
    try:
        await started(svc)
    finally:
        await svc.close()
    con = sqlite3.connect(db_path)
    try:
        con.execute("INSERT INTO standing_orders(game_id, seat, order_id, label, scope, at)"
                    " SELECT id, 1, 'upto 1 0', 'Decline column 1', 'r1:c1', 0 FROM games")
        con.commit()
    finally:
        con.close()
    monkeypatch.undo()
    svc = await TableService.open(str(db_path), games=GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == len(MIGRATIONS) >= 15
        assert await read_rows(svc, "SELECT seat, kind, order_id FROM standing_orders") == [(1, "", "upto 1 0")]
    finally:
        await svc.close()
