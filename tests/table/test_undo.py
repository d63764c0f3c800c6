"""Undo within one's own turn (``TableService.undo``), through the service on a real SQLite file.

The tiny test game covers the service's side (refusals, the log, a restart, a legacy file); then every real game is
played with its own bot choosing for human seats, trying an undo after every move, until each kind of horizon has
been met: an undo that works (the restored state is the one before the move, and the replay of the shortened log),
and the refusals across a draw, a reveal, a secret choice shown, and another seat's move. The plugin test game
Secret Nim (``tests/support/games.py``: two players, a secret pick, a handful of moves) is played the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from bot.table import StaleVersion, TableError, TableService
from bot.table import store as store_module
from bot.table.store import MIGRATIONS
from bot.table.undo import REFUSALS
from rules.core import CARETAKER, DRAW, NOTHING, OTHERS, RANDOM, REVEAL, SECRET, Rng
from tests.support.games import NIM
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock, as_build_before_banks
from tests.table.test_service import ANNA, BEN, CH, GUILD, lobby, raw_row, read_rows

REASON_OF = {text: reason for reason, text in REFUSALS.items()}


async def undone_flags(svc: TableService) -> list[tuple[str, str | None, int]]:
    return await read_rows(svc, "SELECT kind, action, undone FROM actions WHERE kind != 'note' ORDER BY id")


async def snapshot(svc: TableService) -> str:
    row = await svc.store.open_game(CH)
    assert row is not None and row.snapshot is not None
    return row.snapshot


async def tiny_two(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=17)


async def first(svc: TableService, user: int, prefix: str) -> str:
    return next(a for a, _ in await svc.legal(CH, user) if a.startswith(prefix))


# ---- the tiny game: the service's side ----------------------------------------------------------------------------
async def test_a_pending_secret_bid_is_taken_back(svc: TableService) -> None:
    await tiny_two(svc)
    before = await snapshot(svc)
    bid = await first(svc, ANNA, "play")
    await svc.act(CH, ANNA, bid)
    assert await svc.can_undo(CH, ANNA) and not await svc.can_undo(CH, BEN)
    update = await svc.undo(CH, ANNA)
    assert update.public_events == ["Anna took back a move."]
    assert set(update.table.awaited) == {ANNA, BEN}
    assert await snapshot(svc) == before  # the state before the move
    assert (await svc.rebuild(CH)).dump() == before  # = the replay of the shortened log
    assert ANNA in update.private  # her hand is back: her screen changed
    assert await undone_flags(svc) == [("player", bid, 1)]
    entries = await svc.log_entries(CH)
    assert [e.undone for e in entries if e.kind == "player"] == [True]
    assert entries[-1].lines == ("Anna took back a move.",)
    with pytest.raises(TableError, match=re.escape(REFUSALS[NOTHING])):
        await svc.undo(CH, ANNA)
    assert not await svc.can_undo(CH, ANNA)


async def test_another_seat_acting_and_the_secret_bids_shown_end_the_horizon(svc: TableService) -> None:
    await tiny_two(svc)
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    await svc.act(CH, BEN, await first(svc, BEN, "play"))  # the bids are shown
    with pytest.raises(TableError, match=re.escape(REFUSALS[OTHERS])):
        await svc.undo(CH, ANNA)
    with pytest.raises(TableError, match=re.escape(REFUSALS[SECRET])):
        await svc.undo(CH, BEN)


async def test_a_random_draw_ends_the_horizon_and_a_pass_does_not(svc: TableService) -> None:
    await tiny_two(svc)
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    await svc.act(CH, BEN, await first(svc, BEN, "play"))
    drawer = (await svc.table(CH)).awaited[0]
    other = BEN if drawer == ANNA else ANNA
    before = await snapshot(svc)
    await svc.act(CH, drawer, "pass")
    update = await svc.undo(CH, drawer)
    assert update.table.awaited == (drawer,) and await snapshot(svc) == before
    await svc.act(CH, drawer, "draw")
    with pytest.raises(TableError, match="left to chance"):
        await svc.undo(CH, drawer)
    with pytest.raises(TableError, match="not playing at this table"):
        await svc.undo(CH, 999)
    assert other  # the other seat is awaited now; its undo has nothing since its last move was shown
    with pytest.raises(TableError):
        await svc.undo(CH, other)


async def test_an_undo_button_of_an_older_board_is_refused(svc: TableService) -> None:
    await tiny_two(svc)
    update = await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    with pytest.raises(StaleVersion):
        await svc.undo(CH, ANNA, expected_version=update.version - 1)
    await svc.undo(CH, ANNA, expected_version=update.version)


async def test_the_clock_of_the_player_taken_back_runs_again(svc: TableService, clock: FakeClock) -> None:
    await tiny_two(svc)
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    await svc.act(CH, BEN, await first(svc, BEN, "play"))
    drawer = (await svc.table(CH)).awaited[0]
    await svc.act(CH, drawer, "pass")
    row = await svc.store.open_game(CH)
    assert row is not None
    seats_with_clock = {d.seat for d in await svc.store.deadlines(row.id)}
    clock.advance(1)
    await svc.undo(CH, drawer)
    table = await svc.table(CH)
    assert table.awaited == (drawer,)
    clocks = await svc.store.deadlines(row.id)
    assert [d.seat for d in clocks] == [table.seat_of(drawer)]
    assert seats_with_clock != {table.seat_of(drawer)}
    assert clocks[0].since == clock.now  # a wait that had ended starts again now


async def test_undo_survives_a_restart(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        await tiny_two(svc)
        before = await snapshot(svc)
        await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
        await svc.undo(CH, ANNA)
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        assert await snapshot(svc) == before
        assert (await svc.rebuild(CH)).dump() == before
        assert [e.undone for e in await svc.log_entries(CH) if e.kind == "player"] == [True]
        # the game goes on from there, and the horizon is still read from the file
        await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
        assert await svc.can_undo(CH, ANNA)
    finally:
        await svc.close()


async def test_refusals_outside_a_running_game(svc: TableService) -> None:
    with pytest.raises(TableError, match="No game"):
        await svc.undo(CH, ANNA)
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    with pytest.raises(TableError, match="not started"):
        await svc.undo(CH, ANNA)
    await svc.start(CH, ANNA, seed=17)
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    await svc.abandon(CH, ANNA, force=True)
    assert (await svc.table(CH)).status == "abandoned"
    with pytest.raises(TableError, match="The game is abandoned: nothing can be taken back"):
        await svc.undo(CH, ANNA)


async def test_the_caretaker_ends_the_horizon(svc: TableService, clock: FakeClock) -> None:
    # a fixed 4-hour deadline per move (bank = refill = 4 h), the reminder at 3 h left
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), settings={"remind_hours": 3, "deadline_hours": 4})
    await svc.start(CH, ANNA, seed=17)
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    await svc.due(clock.advance(1.1))  # the reminder
    (asked,) = await svc.due(clock.advance(3))  # Ben's bank ran out: Anna is asked
    assert asked.question is not None
    (timeout,) = await svc.due(clock.advance(4))  # no answer: the caretaker bids for him, the bids are shown
    assert "caretaker" in (timeout.notice or "")
    with pytest.raises(TableError, match=re.escape(REFUSALS[CARETAKER])):
        await svc.undo(CH, BEN)
    with pytest.raises(TableError, match=re.escape(REFUSALS[OTHERS])):
        await svc.undo(CH, ANNA)


async def test_a_move_logged_before_undo_existed_is_not_taken_back(db_path: Path, clock: FakeClock,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MIGRATIONS", MIGRATIONS[:8])  # the build before undo's migration (9)
    as_build_before_banks(monkeypatch)  # nor the time banks' (10)
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        await tiny_two(svc)
        await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    finally:
        await svc.close()
    monkeypatch.undo()
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        assert raw_row(db_path, "SELECT barrier, undone FROM actions WHERE kind = 'player'") == ("legacy", 0)
        with pytest.raises(TableError, match="before this table could take moves back"):
            await svc.undo(CH, ANNA)
    finally:
        await svc.close()


async def _nothing() -> None:
    return None


# ---- every real game ----------------------------------------------------------------------------------------------
USERS = [101, 102, 103, 104, 105]
#: what each game must show while played: the horizon's refusals met (beside an undo that works, and OTHERS)
EXPECTED = {
    "colonia": {SECRET, REVEAL},  # family cards / votes shown; the week's cards turned over (with bag draws)
    "strasbourg": {DRAW, REVEAL, SECRET},  # a card drawn from one's deck; a stack turned over; the planning shown
    "nuernberg": {DRAW, RANDOM},  # the event card drawn; a robber's steal
    "speicherstadt": {REVEAL},  # the next round's cards turned over (their ship cubes drawn with them)
    NIM: {SECRET},  # the picks shown
}
SECRET_STEPS = {"colonia", "strasbourg", NIM}  # games with a secret simultaneous step: a pending choice is taken back
MAX_UNDOS = 4  # successful undos per game (each replays the log)


async def _play_and_undo(svc: TableService, name: str, n: int, seed: int) -> tuple[set[str], int, bool, bool]:
    """Play ``name`` with every seat human, the game's bot choosing for them; after every move try the mover's undo
    (and the previous mover's). Returns (refusal reasons met, undos that worked, an undo in a simultaneous step,
    whether the game ended first)."""
    game = rules.get_game(name)
    await svc.create(CH, GUILD, name, USERS[0], "P0")
    for i in range(1, n):
        await svc.join(CH, USERS[i], f"P{i}")
    await svc.start(CH, USERS[0], seed=seed)
    met: set[str] = set()
    worked = 0
    together = False
    previous: int | None = None
    steps = 0
    while steps < 6000:
        table = await svc.table(CH)
        if table.status != "active" or (met >= EXPECTED[name] | {OTHERS} and worked >= MAX_UNDOS
                                        and (together or name not in SECRET_STEPS)):
            break
        user = table.awaited[0]
        seat = table.seat_of(user)
        assert seat is not None
        legal = [a for a, _ in await svc.legal(CH, user)]
        view = await svc.private_view(CH, user)
        action = game.bot_action(view, legal, seat, Rng(seed, "test", steps))
        before = await snapshot(svc)
        simultaneous = table.simultaneous
        await svc.act(CH, user, action)
        steps += 1
        if (await svc.table(CH)).status != "active":
            break
        if previous is not None and previous != user:
            try:
                await svc.undo(CH, previous)
            except TableError as exc:
                met.add(REASON_OF[exc.message])
            else:
                raise AssertionError(f"{name}: an undo across another seat's move was accepted")
        previous = user
        for other in (await svc.table(CH)).awaited:  # e.g. a card drawn for them by the chain, after this move
            if other != user:
                with pytest.raises(TableError) as refused:
                    await svc.undo(CH, other)
                met.add(REASON_OF[refused.value.message])
        if not await svc.can_undo(CH, user):
            with pytest.raises(TableError) as refused:
                await svc.undo(CH, user)
            met.add(REASON_OF[refused.value.message])
            continue
        if worked >= MAX_UNDOS and (together or not simultaneous):
            continue  # known to work: go on playing
        after = await snapshot(svc)
        update = await svc.undo(CH, user)
        worked += 1
        together |= simultaneous and len(update.table.awaited) > 1
        assert update.public_events[-1] == f"P{USERS.index(user)} took back a move."
        restored = await snapshot(svc)
        assert restored == before, f"{name}: undo did not restore the state before the move"
        replayed = await svc.rebuild(CH)  # raises unless the replay of the shortened log is the saved state
        assert replayed.to_json() == game.load(restored).to_json()
        log = await svc.store.log((await svc.table(CH)).game_id)
        assert log[-1].kind == "note" and any(r.undone for r in log)
        await svc.act(CH, user, action)  # the same move again: the same state (nothing random was undone)
        assert await snapshot(svc) == after
    return met, worked, together, (await svc.table(CH)).status != "active"


@pytest.mark.parametrize(("name", "n", "seed"), [
    ("colonia", 3, 5), ("strasbourg", 3, 5), ("nuernberg", 3, 5), ("speicherstadt", 3, 5), (NIM, 2, 5),
])
@pytest.mark.usefixtures("plugin_games")  # before ``svc_games`` opens the service on the registry's games
async def test_every_game_undoes_within_a_turn_and_refuses_across_its_horizon(
        svc_games: TableService, name: str, n: int, seed: int) -> None:
    met, worked, together, ended = await _play_and_undo(svc_games, name, n, seed)
    # a game of a handful of moves may end before MAX_UNDOS: then it must have played to its end, undoing on the way
    assert worked >= MAX_UNDOS or (ended and worked >= 2), f"{name}: only {worked} undos worked"
    # a pending secret choice (others still to choose) is taken back
    assert together or name not in SECRET_STEPS, f"{name}: no undo in a secret simultaneous step"
    missing = (EXPECTED[name] | {OTHERS}) - met
    assert not missing, f"{name}: never met {missing} (met {met})"


async def test_speicherstadt_loading_at_the_same_time_undoes_until_another_loader_acts(
        svc_games: TableService) -> None:
    svc = svc_games
    game = rules.get_game("speicherstadt")
    await svc.create(CH, GUILD, "speicherstadt", USERS[0], "P0")
    for i in range(1, 4):
        await svc.join(CH, USERS[i], f"P{i}")
    await svc.start(CH, USERS[0], seed=3)
    for steps in range(3000):
        table = await svc.table(CH)
        assert table.status == "active", "no loading at the same time came up"
        if len(table.awaited) > 1:
            break
        user = table.awaited[0]
        seat = table.seat_of(user)
        assert seat is not None
        legal = [a for a, _ in await svc.legal(CH, user)]
        await svc.act(CH, user, game.bot_action(await svc.private_view(CH, user), legal, seat,
                                                Rng(3, "test", steps)))
    first_user, second_user = table.awaited[0], table.awaited[1]
    before = await snapshot(svc)
    await svc.act(CH, first_user, next(a for a, _ in await svc.legal(CH, first_user) if a != "done"))
    update = await svc.undo(CH, first_user)  # public and seen by all, but nobody else acted: taken back
    assert await snapshot(svc) == before and set(update.table.awaited) == set(table.awaited)
    await svc.act(CH, first_user, next(a for a, _ in await svc.legal(CH, first_user) if a != "done"))
    await svc.act(CH, second_user, (await svc.legal(CH, second_user))[0][0])
    with pytest.raises(TableError, match=re.escape(REFUSALS[OTHERS])):
        await svc.undo(CH, first_user)
    assert await svc.can_undo(CH, second_user) or True  # the second loader's own step may end the loading


@pytest.fixture
async def svc_games(db_target: str, clock: FakeClock):  # type: ignore[no-untyped-def]
    service = await TableService.open(db_target, clock=clock)
    try:
        yield service
    finally:
        await service.close()


async def test_a_finished_game_with_an_undo_records_it_and_verifies(svc: TableService) -> None:
    from bot.tools.verify import verify_record

    await tiny_two(svc)
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    await svc.undo(CH, ANNA)
    for _ in range(200):
        table = await svc.table(CH)
        if table.status != "active":
            break
        user = table.awaited[0]
        await svc.act(CH, user, (await svc.legal(CH, user))[0][0])
    table = await svc.table(CH)
    assert table.status == "finished"
    record = await svc.record(table.game_id)
    assert next(e.get("undone", False) for e in record["log"] if e["kind"] == "player") is True
    verdict = verify_record(record, TEST_GAMES)
    assert verdict.ok, verdict.problems


async def test_taking_back_a_move_takes_back_its_refill(svc: TableService, clock: FakeClock) -> None:
    """A move that ends a wait refills the bank; its undo must take the refill back, else moving and taking the move
    back would fill a bank at will. The time spent stays spent."""
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), settings={"pace": "daily"})  # bank 3 days, +24 h a turn
    update = await svc.start(CH, ANNA, seed=17)
    game_id = update.table.game_id
    anna = update.table.seat_of(ANNA)
    clock.advance(30)  # Anna thinks for 30 h: 42 h left
    await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    assert anna not in await svc.store.clock_rows(game_id)  # her wait ended: 42 h + the 24 h refill banked
    assert (await svc.store.banks(game_id))[anna] == pytest.approx(66 * 3600)
    for _ in range(3):  # no refill again at each undo and move (that would fill the bank up to its size)
        await svc.undo(CH, ANNA)
        (_remind, due) = (await svc.store.clock_rows(game_id))[anna]
        assert due == pytest.approx(clock.now + 42 * 3600)
        await svc.act(CH, ANNA, await first(svc, ANNA, "play"))
    assert (await svc.store.banks(game_id))[anna] == pytest.approx(66 * 3600)
