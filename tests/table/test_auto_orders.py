"""Automatic moves (auto_forced) and standing orders, through the service on a real SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.table import TableError, TableService, Update
from bot.table import store as store_module
from bot.table.store import MIGRATIONS
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock, as_build_before_banks
from tests.table.test_service import ANNA, BEN, CH, lobby, raw_row, read_row, read_rows


async def play(svc: TableService, user: int, prefix: str) -> Update:
    """``user`` plays their first legal action that starts with ``prefix``."""
    action = next(a for a, _ in await svc.legal(CH, user) if a.startswith(prefix))
    return await svc.act(CH, user, action)


async def to_the_forced_bids(svc: TableService, settings: dict | None = None) -> Update:
    """Two rounds in which both pass the draw: in round 3 each holds one card, so each bid is their only option.
    Returns the Update of Ben's last pass (round 2)."""
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), settings=settings)
    await svc.start(CH, ANNA, seed=17)
    update: Update | None = None
    for _ in range(2):
        await play(svc, ANNA, "play")
        await play(svc, BEN, "play")
        await play(svc, ANNA, "pass")
        update = await play(svc, BEN, "pass")
    assert update is not None
    return update


async def kinds(svc: TableService) -> list[tuple[str, str | None]]:
    return await read_rows(svc, "SELECT kind, action FROM actions WHERE action IS NOT NULL ORDER BY id")


async def test_a_forced_prompt_is_played_automatically_and_logged_as_auto(svc: TableService) -> None:
    update = await to_the_forced_bids(svc)
    # Ben's pass ended round 2; both round-3 bids had one option each: played in the same chain.
    view = await svc.private_view(CH, ANNA)
    assert view["round"] == 3 and view["phase"] == "draw" and view["hand"] == []
    assert update.table.awaited == (ANNA,)
    assert [k for k, _ in await kinds(svc)][-2:] == ["auto", "auto"]
    # Each automatic move is said first and named by its own line, before what it led to (the bids' reveal).
    assert update.public_events[-3:] == ["Only one option for Anna, played automatically: Anna chose a card.",
                                         "Only one option for Ben, played automatically: Ben chose a card.",
                                         update.public_events[-1]]
    assert update.public_events[-1].startswith("Bids revealed")
    log = await svc.log(CH, limit=1000)
    assert "Only one option for Anna, played automatically: Anna chose a card." in log
    # the Update never leaks the card: the public line says only that it was automatic
    assert not any("You bid" in line for line in update.public_events)
    assert (await svc.rebuild(CH)).ply == 10  # replay reads 'auto' rows like any move


async def test_with_auto_forced_off_the_human_is_asked(svc: TableService) -> None:
    update = await to_the_forced_bids(svc, settings={"auto_forced": "off"})
    assert set(update.table.awaited) == {ANNA, BEN}
    assert len(await svc.legal(CH, ANNA)) == 1
    assert "auto" not in [k for k, _ in await kinds(svc)]


async def test_auto_forced_is_a_setting_with_words(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    assert (await svc.table(CH)).settings["auto_forced"] == "on"
    update = await svc.update_settings(CH, ANNA, auto_forced="off")
    assert update.table.settings["auto_forced"] == "off"
    assert "asked even when they have only one option" in update.public_events[0]
    with pytest.raises(TableError, match="auto_forced must be one of"):
        await svc.update_settings(CH, ANNA, auto_forced="maybe")


async def test_an_automatic_move_neither_pings_nor_starts_the_seat_clock(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), settings={"pace": "fast"})
    await svc.start(CH, ANNA, seed=17)
    for _ in range(2):
        await play(svc, ANNA, "play")
        await play(svc, BEN, "play")
        await play(svc, ANNA, "pass")
        update = await play(svc, BEN, "pass")
    # Ben's forced bid was played: he is not pinged, and no clock runs for him (Anna's runs: she is asked)
    assert BEN not in update.awaited and update.awaited == [ANNA]
    clocks = await read_rows(svc, "SELECT seat FROM deadlines")
    table = await svc.table(CH)
    assert clocks == [(table.seat_of(ANNA),)]


async def test_an_order_plays_its_moves_and_lapses_at_the_end_of_its_scope(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)
    info = await svc.orders(CH, BEN)
    assert info.current is None and info.offers == [("pass", "Pass in the draw phase of round 1")]
    text, played = await svc.set_order(CH, BEN, "pass")
    assert "Standing order set: Pass in the draw phase of round 1" in text and played is None  # nothing to answer yet
    assert (await svc.orders(CH, BEN)).current == ("pass", "Pass in the draw phase of round 1")
    await play(svc, ANNA, "play")
    await play(svc, BEN, "play")
    update = await play(svc, ANNA, "draw")  # Ben's turn to draw: his order passes for him at once
    assert "Ben passes." in " ".join(update.public_events) or any("Ben" in line for line in update.public_events)
    assert (await kinds(svc))[-1] == ("auto", "pass")
    assert update.table.awaited == (ANNA, BEN)  # round 2's bids
    # the round is over: the order lapsed (memory and file), and round 2 asks Ben again
    assert (await svc.orders(CH, BEN)).current is None
    assert await read_row(svc, "SELECT COUNT(*) FROM standing_orders") == (0,)
    await play(svc, ANNA, "play")
    await play(svc, BEN, "play")
    update = await play(svc, ANNA, "draw")
    assert update.table.awaited == (BEN,)


async def test_cancel_and_bad_input(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)
    with pytest.raises(TableError, match="no standing order"):
        await svc.cancel_order(CH, BEN)
    with pytest.raises(TableError, match="is not a standing order you can give now") as refused:
        await svc.set_order(CH, BEN, "draw everything")
    # one short line pointing to the list, never the list itself (Colonia's runs to thousands of characters)
    assert str(refused.value) == ("'draw everything' is not a standing order you can give now: `/game orders` lists "
                                  "the ones you can.")
    with pytest.raises(TableError, match="Choose one of the standing orders"):
        await svc.set_order(CH, BEN, "\x00")
    with pytest.raises(TableError, match="not playing at this table"):
        await svc.set_order(CH, 999, "pass")
    assert await read_row(svc, "SELECT COUNT(*) FROM standing_orders") == (0,)
    await svc.set_order(CH, BEN, "Pass in the draw phase of round 1")  # the label works too
    assert "cancelled" in await svc.cancel_order(CH, BEN)
    assert await read_row(svc, "SELECT COUNT(*) FROM standing_orders") == (0,)
    await play(svc, ANNA, "play")
    await play(svc, BEN, "play")
    update = await play(svc, ANNA, "draw")
    assert update.table.awaited == (BEN,)  # asked as usual


async def test_orders_survive_a_restart(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
        await svc.start(CH, ANNA, seed=17)
        await svc.set_order(CH, BEN, "pass")
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        assert (await svc.orders(CH, BEN)).current == ("pass", "Pass in the draw phase of round 1")
        await play(svc, ANNA, "play")
        await play(svc, BEN, "play")
        update = await play(svc, ANNA, "draw")
        assert (await kinds(svc))[-1] == ("auto", "pass") and update.table.awaited == (ANNA, BEN)
    finally:
        await svc.close()


async def test_an_order_is_private(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)
    await svc.set_order(CH, BEN, "pass")
    await play(svc, ANNA, "play")
    await play(svc, BEN, "play")
    update = await play(svc, ANNA, "draw")
    everything = [*update.public_events, *(await svc.log(CH, limit=1000)), str(update.public_view),
                  str(await svc.public_view(CH)), str(await svc.private_view(CH, ANNA))]
    for text in everything:
        assert "standing order" not in text.lower() and "automatic" not in text.lower()
    assert (await svc.orders(CH, ANNA)).current is None  # Anna sees only her own


async def test_a_new_occupant_does_not_inherit_the_order(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)
    await svc.set_order(CH, BEN, "pass")
    seat = (await svc.table(CH)).seat_of(BEN)
    assert seat is not None
    await svc.replace(CH, seat, 55, "Cleo", ANNA)
    assert (await svc.orders(CH, 55)).current is None


async def test_migration_7_keeps_the_log(db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:6])  # a file as the build before migration 7 left it

    as_build_before_banks(monkeypatch)  # it had no standing orders to load, nor time banks
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
        await svc.start(CH, ANNA, seed=17)
        await play(svc, ANNA, "play")
        await play(svc, BEN, "play")
    finally:
        await svc.close()
    assert raw_row(db_path, "PRAGMA user_version") == (6,)
    con = sqlite3.connect(db_path)
    try:
        before = con.execute("SELECT * FROM actions ORDER BY id").fetchall()
    finally:
        con.close()
    monkeypatch.undo()
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        assert await svc.store.schema_version() == len(MIGRATIONS) >= 7
        con = sqlite3.connect(db_path)
        try:
            # the columns migration 7 knew (later migrations add their own)
            assert [r[:len(before[0])] for r in con.execute("SELECT * FROM actions ORDER BY id")] == before
            assert con.execute("SELECT name FROM sqlite_master WHERE name = 'actions_by_game'").fetchone()
            assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        finally:
            con.close()
        await svc.rebuild(CH)
        update = await play(svc, ANNA, "draw")  # and the game goes on, on the rebuilt table
        assert update.version == before[-1][3] + 1
    finally:
        await svc.close()
