"""The table service on the tiny test game: lobby, play, refusals, privacy, rebuild, restart, deadlines."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.table import StaleVersion, TableError, TableService, Update
from rules.core import seed_digest
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock

CH, GUILD = 1001, 77
ANNA, BEN, CARL = 11, 12, 13


async def lobby(svc: TableService, *humans: tuple[int, str], bots: int = 0, channel: int = CH,
                game: str = "tiny", settings: dict | None = None) -> Update:
    (creator, name), *others = humans
    update = await svc.create(channel, GUILD, game, creator, name, settings=settings)
    for user, uname in others:
        update = await svc.join(channel, user, uname)
    for _ in range(bots):
        update = await svc.add_bot(channel, creator)
    return update


async def play_to_end(svc: TableService, update: Update, channel: int = CH) -> Update:
    """Every awaited human plays their first legal action until the game ends."""
    for _ in range(500):
        if update.table.status != "active":
            return update
        user = update.awaited[0]
        legal = await svc.legal(channel, user)
        update = await svc.act(channel, user, legal[0][0], update.version)
    raise AssertionError("the game did not end")


async def read_row(svc: TableService, sql: str, *params: object) -> tuple:
    """One row read straight from the service's database (on either backend), past every cache."""
    row = await svc.store._fetchone(sql, params)
    return None if row is None else tuple(row)


async def read_rows(svc: TableService, sql: str, *params: object) -> list[tuple]:
    """Rows read straight from the service's database (on either backend), past every cache."""
    return [tuple(r) for r in await svc.store._fetchall(sql, params)]


def raw_row(db_path: Path, sql: str, *params: object) -> tuple:
    """One row of the SQLite file, read on a connection of its own (the tests about the file itself)."""
    con = sqlite3.connect(db_path)
    try:
        return con.execute(sql, params).fetchone()
    finally:
        con.close()


# ---- lobby ---------------------------------------------------------------------------------------
async def test_create_join_bots_start(svc: TableService) -> None:
    update = await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), bots=1)
    assert update.table.status == "lobby"
    assert [s.name for s in update.table.seats] == ["Anna", "Ben", "Bot Bruno"]  # not "Bot Anna" next to Anna
    assert update.table.seats[2].is_bot
    update = await svc.start(CH, ANNA, seed=99)
    assert update.table.status == "active"
    assert sorted(s.name for s in update.table.seats) == ["Anna", "Ben", "Bot Bruno"]
    # Bid phase: everyone chooses at once; the bot already did, the two humans are awaited.
    assert sorted(update.awaited) == [ANNA, BEN]
    assert any("chose a card" in t for t in update.public_events)
    assert update.table.seed is None and update.table.seed_digest == seed_digest(99)
    assert update.public_view is not None and "hand" not in update.public_view


async def test_one_open_game_per_channel_and_threads_are_separate_tables(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"))
    with pytest.raises(TableError, match="already has an open game"):
        await svc.create(CH, GUILD, "tiny", BEN, "Ben")
    other = await svc.create(CH + 1, GUILD, "tiny", BEN, "Ben")  # a thread of the same server
    assert other.table.channel == CH + 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.create(CH, GUILD, "chess", ANNA, "Anna"), "Unknown game"),
        (lambda s: s.create(CH, GUILD, "tiny", ANNA, "Anna", options={"variant": "sour"}), "must be one of"),
        (lambda s: s.create(CH, GUILD, "tiny", ANNA, "Anna", options={"colour": "red"}), "Unknown option"),
        (lambda s: s.create(CH, GUILD, "tiny", ANNA, "Anna", settings={"caretaker": "cat"}), "must be one of"),
        (lambda s: s.create(CH, GUILD, "tiny", ANNA, "Anna", settings={"deadline_hours": "soon"}), "number"),
        (lambda s: s.create(CH, GUILD, "tiny", ANNA, "Anna", settings={"remind_hours": -1}), "between"),
        (lambda s: s.create(CH, GUILD, "tiny", ANNA, "Anna", settings={"colour": 1}), "Unknown setting"),
        (lambda s: s.create("x", GUILD, "tiny", ANNA, "Anna"), "Unknown channel"),
        (lambda s: s.create(CH, GUILD, "tiny", -5, "Anna"), "Unknown user"),
        (lambda s: s.join(CH, BEN, "Ben"), "no open game"),
        (lambda s: s.act(CH, ANNA, "play 3"), "no open game"),
        (lambda s: s.table(CH), "No game"),
    ],
)
async def test_bad_input_is_a_friendly_refusal_and_changes_nothing(svc: TableService, call,
                                                                   message: str) -> None:
    with pytest.raises(TableError, match=message):
        await call(svc)
    assert await read_row(svc, "SELECT COUNT(*) FROM games") == (0,)


async def test_lobby_rules(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    with pytest.raises(TableError, match="already joined"):
        await svc.join(CH, BEN, "Ben")
    await svc.add_bot(CH, BEN)
    await svc.add_bot(CH, BEN)
    with pytest.raises(TableError, match="full"):
        await svc.join(CH, CARL, "Carl")
    update = await svc.remove_bot(CH, ANNA)
    assert [s.name for s in update.table.seats] == ["Anna", "Ben", "Bot Bruno"]
    with pytest.raises(TableError, match="host"):
        await svc.start(CH, BEN)
    update = await svc.leave(CH, ANNA)  # the host leaves: hosting passes on
    assert update.table.creator == BEN and [s.name for s in update.table.seats] == ["Ben", "Bot Bruno"]
    update = await svc.leave(CH, BEN)  # the last human leaves: the lobby closes
    assert update.table.status == "abandoned"
    await svc.create(CH, GUILD, "tiny", CARL, "Carl")  # the channel is free again


async def test_start_needs_enough_seats(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"))
    with pytest.raises(TableError, match="needs 2–4 seats"):
        await svc.start(CH, ANNA)


async def test_names_are_cleaned(svc: TableService) -> None:
    update = await svc.create(CH, GUILD, "tiny", ANNA, "  An\x00na\n the\tgreat " + "x" * 50)
    name = update.table.seats[0].name
    assert name.startswith("An na the great") and len(name) <= 32 and name.isprintable()


# ---- play ----------------------------------------------------------------------------------------
async def test_full_game_with_bots_through_act(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=2)
    update = await play_to_end(svc, await svc.start(CH, ANNA, seed=1234))
    assert update.table.status == "finished"
    assert update.finished is not None and update.finished == update.table.outcome
    assert update.table.seed == 1234  # revealed at the end
    assert any("The seed was 1234" in line for line in update.public_events)
    assert update.awaited == [] and update.public_view is not None and update.public_view["over"]
    assert await read_row(svc, "SELECT status, outcome IS NOT NULL FROM games") == ("finished", 1)
    assert await read_row(svc, "SELECT COUNT(*) FROM deadlines") == (0,)
    # Finished games stay as history; the channel can host the next one.
    await svc.create(CH, GUILD, "tiny", ANNA, "Anna")
    assert [t.status for t in await svc.history(CH)] == ["finished", "lobby"]


async def test_every_action_is_one_logged_version(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=3)
    before = update.version
    legal = await svc.legal(CH, ANNA)
    update = await svc.act(CH, ANNA, legal[0][0], before)
    assert update.version == before + 1
    row = await read_row(svc, "SELECT kind, seat, user_id, action, events FROM actions ORDER BY id DESC LIMIT 1")
    assert row[0] == "player" and row[2] == ANNA and row[3] == legal[0][0]
    assert json.loads(row[4]) == update.public_events


async def test_stale_version_is_refused_and_changes_nothing(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=5)
    old = update.version
    update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0], old)
    snapshot = await read_row(svc, "SELECT snapshot, version FROM games")
    with pytest.raises(StaleVersion) as err:  # Ben's button was drawn before Anna moved
        await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0], old)
    assert err.value.current == update.version
    assert await read_row(svc, "SELECT snapshot, version FROM games") == snapshot
    await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0], update.version)  # with the current board it works


async def test_a_choice_made_earlier_in_the_same_simultaneous_step_stands_but_not_one_from_an_earlier_step(
        svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=5)
    bids_open = update.version  # both menus of round 1's bids are drawn on this board
    update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0], bids_open)
    with pytest.raises(StaleVersion):
        await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0], bids_open)
    update = await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0], chosen_at=bids_open)  # Ben waited since
    while ANNA not in update.awaited or len(update.awaited) < 2:  # the draw phase, up to round 2's bids
        update = await svc.act(CH, update.awaited[0], "pass", update.version)
    round_two = update.version
    snapshot = await read_row(svc, "SELECT snapshot, version FROM games")
    again = (await svc.legal(CH, ANNA))[0][0]
    for chosen_at, refusal in [(bids_open, "earlier step"), (round_two + 1, "does not belong")]:
        with pytest.raises(StaleVersion, match=refusal):
            await svc.act(CH, ANNA, again, chosen_at=chosen_at)
    with pytest.raises(TableError, match="Unknown board version"):
        await svc.act(CH, ANNA, again, chosen_at="3")  # type: ignore[arg-type]
    assert await read_row(svc, "SELECT snapshot, version FROM games") == snapshot
    await svc.act(CH, ANNA, again, chosen_at=round_two)


async def test_actions_from_outsiders_and_non_awaited_seats_are_refused(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=5)
    update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
    update = await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0])
    # Draw phase: only the first seat is awaited.
    first = update.awaited[0]
    other = ANNA if first == BEN else BEN
    snapshot = await read_row(svc, "SELECT snapshot, version FROM games")
    with pytest.raises(TableError, match="not your turn"):
        await svc.act(CH, other, "pass")
    with pytest.raises(TableError, match="not playing"):
        await svc.act(CH, CARL, "pass")
    assert await svc.legal(CH, other) == []
    for junk in ["", "   ", "x" * 81, "pass\x00", "play\n3", "fly away", "play 999", 42]:
        with pytest.raises(TableError):
            await svc.act(CH, first, junk)  # type: ignore[arg-type]
    assert await read_row(svc, "SELECT snapshot, version FROM games") == snapshot


async def test_private_updates_reach_only_the_right_users(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"))
    update = await svc.start(CH, ANNA, seed=21)
    anna_hand = (await svc.private_view(CH, ANNA))["hand"]
    update = await svc.act(CH, ANNA, f"play {anna_hand[0]}")
    assert set(update.private) == {ANNA}  # only Anna's secret part changed
    assert update.private[ANNA].events == [f"You bid {anna_hand[0]}."]
    assert update.private[ANNA].view["hand"] == anna_hand[1:]
    assert all(str(anna_hand[0]) not in line for line in update.public_events)  # the bid stays secret
    update = await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0])
    update = await svc.act(CH, CARL, (await svc.legal(CH, CARL))[0][0])
    # All bids in: revealed publicly. The draw phase begins with seat 0.
    assert any(line.startswith("Bids revealed") for line in update.public_events)
    drawer = update.awaited[0]
    update = await svc.act(CH, drawer, "draw")
    assert set(update.private) == {drawer}
    (drawn_line,) = update.private[drawer].events
    card = int(drawn_line.removeprefix("You drew ").rstrip("."))
    assert card in update.private[drawer].view["hand"]
    assert update.public_view is not None and "hand" not in update.public_view


async def test_my_games_lists_tables_waiting_for_me(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=1)
    await svc.start(CH, ANNA, seed=8)
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), channel=CH + 1)
    assert [t.channel for t in await svc.my_games(ANNA)] == [CH]  # the lobby does not wait for anyone
    assert [t.channel for t in await svc.my_games(ANNA, awaiting_only=False)] == [CH, CH + 1]
    assert await svc.my_games(BEN) == []


async def test_log_pages_newest_last(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=1)
    update = await play_to_end(svc, await svc.start(CH, ANNA, seed=2))
    everything = await svc.log(CH, limit=1000)
    assert everything[0] == "Anna opened a table for Tiny Auction."
    assert everything[-1] == update.public_events[-1]
    assert await svc.log(CH, limit=3) == everything[-3:]
    assert await svc.log(CH, offset=3, limit=2) == everything[-5:-3]
    with pytest.raises(TableError):
        await svc.log(CH, offset=-1)


# ---- rebuild and restart ------------------------------------------------------------------------
async def test_rebuild_equals_the_snapshot(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=2)
    update = await svc.start(CH, ANNA, seed=77)
    for _ in range(4):
        update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[-1][0])
    rebuilt = await svc.rebuild(CH)
    assert rebuilt.dump() == (await read_row(svc, "SELECT snapshot FROM games"))[0]
    await play_to_end(svc, update)
    assert (await svc.rebuild(CH)).dump() == (await read_row(svc, "SELECT snapshot FROM games"))[0]


async def test_rebuild_detects_a_tampered_snapshot(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=1)
    await svc.start(CH, ANNA, seed=77)
    await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
    async with svc.store.transaction() as tx:  # behind the service's back, as a damaged disk or a hand edit would
        await tx._write("UPDATE games SET snapshot = replace(snapshot, '\"round\":1', '\"round\":2')")
    with pytest.raises(TableError, match="does not reproduce"):
        await svc.rebuild(CH)


async def test_restart_resumes_the_game(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
        update = await svc.start(CH, ANNA, seed=11)
        update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
        hand = (await svc.private_view(CH, BEN))["hand"]
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        table = await svc.table(CH)
        assert table.version == update.version and table.awaited == (BEN,)
        assert (await svc.private_view(CH, BEN))["hand"] == hand
        update = await play_to_end(svc, await svc.act(CH, BEN, f"play {hand[0]}", table.version))
        assert update.table.status == "finished"
        assert (await svc.rebuild(CH)).is_over()
    finally:
        await svc.close()


# ---- abandon and replace ------------------------------------------------------------------------
async def test_abandon(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=4242)
    with pytest.raises(TableError, match="host or a moderator"):
        await svc.abandon(CH, BEN)
    update = await svc.abandon(CH, BEN, force=True)
    assert update.table.status == "abandoned" and update.table.seed == 4242
    assert await read_row(svc, "SELECT COUNT(*) FROM deadlines") == (0,)
    with pytest.raises(TableError, match="no open game"):
        await svc.act(CH, ANNA, "pass")
    assert (await svc.table(CH)).status == "abandoned"  # kept for history
    await svc.create(CH, GUILD, "tiny", BEN, "Ben")


async def test_abandon_by_vote_needs_a_majority_and_survives_a_restart(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"))
        started = await svc.start(CH, ANNA, seed=77)
        update = await svc.vote_abandon(CH, BEN)
        assert update.table.status == "active" and update.version == started.version  # a vote is no game change
        assert update.public_events == ["Ben votes to abandon the game (1/2 votes)."]
        with pytest.raises(TableError, match="already voted"):
            await svc.vote_abandon(CH, BEN)
        with pytest.raises(TableError, match="seated players"):
            await svc.vote_abandon(CH, 99)  # a spectator has no vote
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)  # a restart keeps the vote
    try:
        assert await svc.abandon_votes(CH) == ([BEN], 2)
        update = await svc.vote_abandon(CH, CARL)
        assert update.table.status == "abandoned" and update.table.seed == 77
        assert update.public_events[:2] == ["Carl votes to abandon the game (2/2 votes).",
                                             "The game was abandoned by vote."]
        assert "The seed was 77" in update.public_events[2]
        assert await read_row(svc, "SELECT COUNT(*) FROM abandon_votes") == (0,)
        assert await read_row(svc, "SELECT COUNT(*) FROM deadlines") == (0,)
        assert any("votes to abandon" in line for line in await svc.log(CH))
    finally:
        await svc.close()


async def test_abandon_votes_end_with_the_game_and_leave_with_the_voter(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"))
    update = await svc.start(CH, ANNA, seed=78)
    await svc.vote_abandon(CH, BEN)
    seat = update.table.seat_of(BEN)
    assert seat is not None
    replaced = await svc.replace(CH, seat, None, None, by_user=ANNA)  # Ben's seat goes to a bot, his vote too
    assert await svc.abandon_votes(CH) == ([], 2)
    update = await svc.vote_abandon(CH, CARL)
    assert update.table.status == "active" and "(1/2 votes)" in update.public_events[0]
    final = await play_to_end(svc, replaced)  # the vote left the version alone
    assert final.table.status == "finished"
    assert await read_row(svc, "SELECT COUNT(*) FROM abandon_votes") == (0,)  # forgotten when the game ended


async def test_the_only_human_ends_the_game_with_one_vote(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), bots=2)
    await svc.start(CH, ANNA, seed=79)
    update = await svc.vote_abandon(CH, ANNA)
    assert update.table.status == "abandoned" and "(1/1 votes)" in update.public_events[0]


async def test_replace_hands_a_seat_to_a_new_player_or_a_bot(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=31)
    ben_seat = update.table.seat_of(BEN)
    assert ben_seat is not None
    with pytest.raises(TableError, match="hand a seat over"):
        await svc.replace(CH, ben_seat, CARL, "Carl", by_user=CARL)
    with pytest.raises(TableError, match="already has a seat"):
        await svc.replace(CH, ben_seat, ANNA, "Anna", by_user=ANNA)
    update = await svc.replace(CH, ben_seat, CARL, "Carl", by_user=BEN)  # Ben hands over his own seat
    assert update.table.seats[ben_seat].user_id == CARL
    assert CARL in update.private and "hand" in update.private[CARL].view
    with pytest.raises(TableError, match="not playing"):
        await svc.legal(CH, BEN)
    # The host hands Carl's seat to a bot: it bids at once, so only Anna is awaited.
    update = await svc.replace(CH, ben_seat, None, None, by_user=ANNA)
    assert update.table.seats[ben_seat].is_bot
    assert update.awaited == [ANNA]
    final = await play_to_end(svc, update)
    assert final.table.status == "finished"
    assert (await svc.rebuild(CH)).is_over()


async def test_settings_and_live_message(svc: TableService) -> None:
    update = await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    assert update.table.settings["caretaker"] == "bot" and update.table.settings["post"] == "every"
    with pytest.raises(TableError, match="host or a moderator"):
        await svc.update_settings(CH, BEN, post="live")
    update = await svc.update_settings(CH, ANNA, pace="fast", post="live", caretaker="skip")
    assert update.table.settings == {"pace": "fast", "bank_hours": 12.0, "refill_hours": 4.0, "remind_hours": 3.0,
                                     "deadline_hours": 12.0, "caretaker": "skip",
                                     "timeout_default": "caretaker-turn", "post": "live", "auto_forced": "on",
                                     "offer_hours": 12.0, "language": "en", "rated": "on", "hints": "on"}
    await svc.set_live_message(CH, 555)
    assert (await svc.table(CH)).live_message_id == 555


async def test_dm_failures_are_remembered(svc: TableService) -> None:
    assert await svc.dm_ok(ANNA)
    await svc.set_dm_ok(ANNA, False)
    assert not await svc.dm_ok(ANNA)


# ---- deadlines ----------------------------------------------------------------------------------
async def _timed_duel(svc: TableService, caretaker: str, game: str = "tiny") -> Update:
    # A fixed 4-hour deadline per move (bank = refill = 4 h), the reminder at 3 h left (1 h after a wait began).
    settings = {"remind_hours": 3, "deadline_hours": 4, "caretaker": caretaker}
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), game=game, settings=settings)
    return await svc.start(CH, ANNA, seed=17)


async def expire(svc: TableService, clock: FakeClock) -> list[Update]:
    """Let the running 1 h / 4 h clocks of ``_timed_duel`` run out: the reminders first, then the banks (the other
    player is asked), then the table's day (4 h) passes without an answer: the table's default."""
    reminders = await svc.due(clock.advance(1.5))
    assert reminders and all((u.notice or "").startswith("Reminder") for u in reminders)
    asked = await svc.due(clock.advance(3.5))
    assert asked and all(u.question is not None and u.question.kind == "timeout" for u in asked)
    return await svc.due(clock.advance(4))


async def test_reminder_then_caretaker_bot_at_the_deadline(svc: TableService, clock: FakeClock) -> None:
    await _timed_duel(svc, "bot")
    update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
    assert await svc.due(clock.advance(0.5)) == []
    (reminder,) = await svc.due(clock.advance(0.6))
    assert reminder.awaited == [BEN] and "Reminder" in (reminder.notice or "") and "Ben" in (reminder.notice or "")
    assert reminder.version == update.version  # a reminder changes nothing in the game
    assert await svc.due(clock.advance(0.1)) == []  # reminded once only
    (asked,) = await svc.due(clock.advance(3))  # Ben's bank ran out: Anna is asked
    assert asked.question is not None and asked.question.voters == (ANNA,) and asked.version == update.version
    (timeout,) = await svc.due(clock.advance(4))  # no answer within the table's day: the caretaker plays
    assert "the caretaker plays this turn for Ben" in (timeout.notice or "")
    assert "🤖 the caretaker played for Ben." in timeout.public_events
    assert timeout.version > update.version
    assert any("Bids revealed" in line for line in timeout.public_events)
    assert BEN in timeout.private  # Ben's hand changed while he was away
    assert (await svc.table(CH)).seats[timeout.table.seat_of(BEN) or 0].user_id == BEN  # still his seat
    assert (await svc.rebuild(CH)).dump()  # the caretaker's moves are in the log and replay


async def test_deadlines_survive_a_restart(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        await _timed_duel(svc, "bot")
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        assert await svc.next_due() == clock.now + 3600
        reminders = await svc.due(clock.advance(1.5))  # nobody is played for before they were reminded
        assert sorted(u.notice or "" for u in reminders) == [
            "Reminder: the table is waiting for Anna (their time bank runs out in 2 h).",
            "Reminder: the table is waiting for Ben (their time bank runs out in 2 h).",
        ]
        assert len(await svc.due(clock.advance(3))) == 2  # each is asked about the other's spent bank
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)  # the questions survive a restart
    try:
        updates = await svc.due(clock.advance(4))
        assert sorted(u.notice or "" for u in updates) == [
            "Nobody answered about Anna's time bank in time: the caretaker plays this turn for Anna.",
            "Nobody answered about Ben's time bank in time: the caretaker plays this turn for Ben.",
        ]
    finally:
        await svc.close()


async def test_skip_caretaker_passes_where_the_game_allows(svc: TableService, clock: FakeClock) -> None:
    update = await _timed_duel(svc, "skip")
    update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
    update = await svc.act(CH, BEN, (await svc.legal(CH, BEN))[0][0])
    drawer = update.table.seats[update.table.awaited_seats[0]]
    (timeout,) = await expire(svc, clock)
    assert timeout.notice == (f"Nobody answered about {drawer.name}'s time bank in time: the caretaker plays this turn"
                              f" for {drawer.name}.")
    assert f"{drawer.name} passed." in timeout.public_events


async def test_skip_falls_back_to_the_caretaker_bot_without_a_skip_notion(svc: TableService,
                                                                          clock: FakeClock) -> None:
    await _timed_duel(svc, "skip", game="tiny_noskip")
    updates = await expire(svc, clock)  # bidding has no skip: the bot bids for both
    assert len(updates) == 2 and all("the caretaker plays this turn" in (u.notice or "") for u in updates)
    assert all(any("Bids revealed" in line for line in u.public_events) for u in updates[1:])


async def test_no_caretaker_only_tells_the_table(svc: TableService, clock: FakeClock) -> None:
    update = await _timed_duel(svc, "none")  # read as timeout_default "wait": nobody plays unless the others say so
    snapshot = await read_row(svc, "SELECT snapshot, version FROM games")
    updates = await expire(svc, clock)
    assert len(updates) == 2 and all("the table waits 4 h more" in (u.notice or "") for u in updates)
    assert await read_row(svc, "SELECT snapshot, version FROM games") == snapshot
    assert await svc.due(clock.advance(0.5)) == []  # said once
    assert update.version == (await svc.table(CH)).version


async def test_acting_restarts_only_my_clock(svc: TableService, clock: FakeClock) -> None:
    await _timed_duel(svc, "bot")
    assert len(await svc.due(clock.advance(3))) == 2  # both reminded
    await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
    (timeout,) = await svc.due(clock.advance(1.5))  # Ben's 4 h are up; Anna is no longer awaited
    assert timeout.question is not None and timeout.question.name == "Ben"


# ---- concurrency, rendering, the real games ----------------------------------------------------
async def test_a_double_click_moves_once(svc: TableService) -> None:
    import asyncio

    await lobby(svc, (ANNA, "Anna"), bots=1)
    update = await svc.start(CH, ANNA, seed=6)
    action = (await svc.legal(CH, ANNA))[0][0]
    results = await asyncio.gather(svc.act(CH, ANNA, action, update.version),
                                   svc.act(CH, ANNA, action, update.version), return_exceptions=True)
    assert sum(isinstance(r, Update) for r in results) == 1
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert await read_row(svc, "SELECT COUNT(*) FROM actions WHERE kind = 'player'") == (1,)


async def test_games_in_different_channels_run_side_by_side(svc: TableService) -> None:
    import asyncio

    for channel in (CH, CH + 1, CH + 2):
        await lobby(svc, (ANNA, "Anna"), bots=2, channel=channel)
    starts = await asyncio.gather(*(svc.start(c, ANNA, seed=c) for c in (CH, CH + 1, CH + 2)))
    finals = await asyncio.gather(*(play_to_end(svc, u, channel=u.channel) for u in starts))
    assert [f.table.status for f in finals] == ["finished"] * 3
    for channel in (CH, CH + 1, CH + 2):
        assert (await svc.rebuild(channel)).is_over()


async def test_render_puts_the_public_board_in_the_update(db_target: str, clock: FakeClock,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import render

    calls: list[tuple[str, dict, object, object]] = []

    def fake_board(game: str, view: dict, *, last: object = None, names: object = None) -> bytes:
        calls.append((game, view, last, names))
        return b"PNG" + str(len(calls)).encode()

    monkeypatch.setattr(render, "board", fake_board, raising=False)
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock, render=True)
    try:
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
        start = await svc.start(CH, ANNA, seed=5)
        assert start.image == b"PNG1" and calls[0][2] is None
        action = (await svc.legal(CH, BEN))[0][0]
        update = await svc.act(CH, BEN, action)
        assert update.image == b"PNG2"
        game, view, last, names = calls[-1]
        assert game == "tiny" and view == update.public_view and "hand" not in view
        assert last == {"seat": update.table.seat_of(BEN), "action": action}
        assert names == update.table.names
    finally:
        await svc.close()


async def test_a_failing_renderer_never_costs_a_move(db_target: str, clock: FakeClock,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import render

    def broken(game: str, view: dict, **kwargs: object) -> bytes:
        raise RuntimeError("out of ink")

    monkeypatch.setattr(render, "board", broken, raising=False)
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock, render=True)
    try:
        await lobby(svc, (ANNA, "Anna"), bots=1)
        update = await play_to_end(svc, await svc.start(CH, ANNA, seed=5))
        assert update.table.status == "finished" and update.image is None
    finally:
        await svc.close()


@pytest.mark.skipif("speicherstadt" not in __import__("rules").GAMES, reason="Speicherstadt not registered")
async def test_speicherstadt_through_the_service(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, clock=clock)
    try:
        await svc.create(CH, GUILD, "speicherstadt", ANNA, "Anna")
        await svc.join(CH, BEN, "Ben")
        await svc.add_bot(CH, ANNA)
        update = await svc.start(CH, ANNA, seed=2024)
        assert update.public_view is not None and update.public_view["game"] == "speicherstadt"
        for _ in range(6):  # a few moves, then a restart in the middle of the game
            user = update.awaited[0]
            update = await svc.act(CH, user, (await svc.legal(CH, user))[0][0], update.version)
            assert all("Seat " not in line for line in update.public_events)  # names, not seat numbers
    finally:
        await svc.close()
    svc = await TableService.open(db_target, clock=clock)
    try:
        assert (await svc.rebuild(CH)).dump() == (await read_row(svc, "SELECT snapshot FROM games"))[0]
        final = await play_to_end(svc, await svc.act(CH, update.awaited[0],
                                                     (await svc.legal(CH, update.awaited[0]))[-1][0]))
        assert final.finished is not None and final.table.seed == 2024
        assert sorted(final.finished.ranks)[0] == 1
        assert (await svc.rebuild(CH)).is_over()
    finally:
        await svc.close()


async def test_a_new_pace_applies_from_the_next_wait_and_never_shortens_a_running_one(
    svc: TableService, clock: FakeClock
) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))  # default pace: daily (a 72 h bank, reminder at 12 h left)
    start = clock.now
    await svc.start(CH, ANNA, seed=4)
    assert await svc.next_due() == start + 60 * 3600
    clock.advance(2)
    update = await svc.update_settings(CH, ANNA, pace="fast")  # a 12 h bank: from the next wait
    assert update.version == (await svc.table(CH)).version  # settings are not a game change
    assert await svc.next_due() == start + 60 * 3600  # a running wait keeps its time
    assert await svc.due(clock.now) == []  # nobody is reminded or played for 2 s after the change
    await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])  # Anna's next wait is a fast one
    anna = await read_row(svc, "SELECT due_at FROM deadlines WHERE seat = ?", update.table.seat_of(ANNA))
    assert anna is None or anna == (clock.now + 12 * 3600,)
    await svc.update_settings(CH, ANNA, pace="relaxed")  # a running wait keeps its time
    ben = await read_row(svc, "SELECT due_at FROM deadlines WHERE seat = ?", update.table.seat_of(BEN))
    assert ben == (start + 72 * 3600,)
    await svc.update_settings(CH, ANNA, pace="untimed")
    assert await read_row(svc, "SELECT due_at FROM deadlines WHERE seat = ?", update.table.seat_of(BEN)) == (None,)


@pytest.mark.parametrize(("key", "value"), [("deadline_hours", 0.01), ("remind_hours", 0.05), ("deadline_hours", 0.2)])
async def test_timers_shorter_than_the_live_pace_are_refused(svc: TableService, key: str, value: float) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    with pytest.raises(TableError, match=f"{key} must be 0 \\(off\\) or between"):
        await svc.update_settings(CH, ANNA, **{key: value})


async def test_a_crashing_bot_falls_back_to_a_legal_action(svc: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    game = TEST_GAMES["tiny"]

    def broken(view: dict, legal: list[str], seat: int, rng: object) -> str:
        raise ZeroDivisionError("bot bug")

    monkeypatch.setattr(game, "bot_action", broken)
    await lobby(svc, (ANNA, "Anna"), bots=1)
    update = await play_to_end(svc, await svc.start(CH, ANNA, seed=8))
    assert update.table.status == "finished"


async def test_bot_trouble_is_logged_without_the_bots_cards_or_choices(
    svc: TableService, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = TEST_GAMES["tiny"]
    calls = []

    def troubled(view: dict, legal: list[str], seat: int, rng: object) -> str:
        calls.append(legal)
        if len(calls) % 2:
            raise KeyError(f"secret hand {view.get('hand')}")  # a bug whose message quotes the bot's hand
        return "play 999"  # not legal

    monkeypatch.setattr(game, "bot_action", troubled)
    await lobby(svc, (ANNA, "Anna"), bots=1)
    with caplog.at_level("DEBUG", logger="bot.table"):
        await play_to_end(svc, await svc.start(CH, ANNA, seed=8))
    lines = [r.getMessage() for r in caplog.records if r.name == "bot.table"]
    assert any("failed" in line and "KeyError" in line for line in lines)
    assert any("illegal" in line for line in lines)
    legal_seen = {a for legal in calls for a in legal}
    for line in lines:
        assert "hand" not in line and "999" not in line and not any(a in line for a in legal_seen), line
        assert not any(r.exc_info for r in caplog.records if r.name == "bot.table")


def _renderable_game() -> str | None:
    """The first registered game the real renderer can draw (None until render.board and a module exist)."""
    import render
    import rules

    board = getattr(render, "board", None)
    if board is None:
        return None
    for name, game in rules.GAMES.items():
        try:
            board(name, game.new_state(game.min_players, 1).view(None), last=None)
        except Exception:
            continue
        return name
    return None


async def test_real_render_integration(db_target: str, clock: FakeClock) -> None:
    name = _renderable_game()
    if name is None:
        pytest.skip("no game can be rendered yet")
    svc = await TableService.open(db_target, clock=clock, render=True)
    try:
        await svc.create(CH, GUILD, name, ANNA, "Anna")
        game = svc.game(name)
        for _ in range(game.min_players - 1):
            await svc.add_bot(CH, ANNA)
        update = await svc.start(CH, ANNA, seed=12)
        assert update.image is not None and update.image.startswith(b"\x89PNG\r\n\x1a\n")
        user = update.awaited[0]
        update = await svc.act(CH, user, (await svc.legal(CH, user))[0][0])
        assert update.image is not None and update.image.startswith(b"\x89PNG")
        assert (await svc.board_image(CH) or b"").startswith(b"\x89PNG")
    finally:
        await svc.close()


async def test_a_failed_save_leaves_readers_and_players_with_the_committed_state(
    svc: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from bot.table.store import Store

    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=5)
    hand = (await svc.private_view(CH, ANNA))["hand"]
    saving, release = asyncio.Event(), asyncio.Event()
    real_append = Store.append

    async def slow_append(self: Store, *args: object, **kwargs: object) -> None:
        saving.set()
        await release.wait()
        raise OSError("disk full (injected)")

    monkeypatch.setattr(Store, "append", slow_append)
    mover = asyncio.ensure_future(svc.act(CH, ANNA, f"play {hand[0]}"))
    await saving.wait()
    # The move is applied in memory but its save fails: a reader waiting meanwhile gets the committed state.
    reader = asyncio.ensure_future(svc.private_view(CH, ANNA))
    release.set()
    with pytest.raises(OSError):
        await mover
    assert (await reader)["hand"] == hand
    monkeypatch.setattr(Store, "append", real_append)
    assert sorted((await svc.table(CH)).awaited) == [ANNA, BEN]
    assert (await svc.private_view(CH, ANNA))["hand"] == hand
    update = await svc.act(CH, ANNA, f"play {hand[0]}")  # and the table plays on
    assert update.private[ANNA].view["hand"] == hand[1:]


async def test_the_board_never_names_a_secret_choice_as_last_move(db_target: str, clock: FakeClock) -> None:
    """Secret choices (a Colonia family card, a Strasbourg objective) never reach the board's "last move"."""
    import rules

    service = await TableService.open(db_target, games=rules.GAMES, clock=clock)
    try:
        assert service.core.public_last("colonia", 1, "family 4") is None
        assert service.core.public_last("strasbourg", 0, "keep O07") is None
        assert service.core.public_last("speicherstadt", 2, "place 3") == {"seat": 2, "action": "place 3"}
        assert service.core.public_last("speicherstadt", None, None) is None
    finally:
        await service.close()


# ---- what act() remembers between moves -------------------------------------------------------
async def test_changes_between_moves_reach_the_next_move(svc: TableService) -> None:
    """act() keeps the game's row, seats and secret parts from the last move; every other change refreshes them."""
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.start(CH, ANNA, seed=5)
    update = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0], update.version)
    await svc.update_settings(CH, ANNA, pace="fast")
    await svc.set_live_message(CH, 555)
    ben_seat = update.table.seat_of(BEN)
    assert ben_seat is not None
    update = await svc.replace(CH, ben_seat, CARL, "Carl", by_user=BEN)
    with pytest.raises(TableError, match="not playing"):
        await svc.act(CH, BEN, "play 1")
    update = await svc.act(CH, CARL, (await svc.legal(CH, CARL))[0][0], update.version)
    assert update.table.settings["pace"] == "fast" and update.table.live_message_id == 555
    assert update.table.seats[ben_seat].name == "Carl"
    assert update.table == await svc.table(CH)  # the same table a fresh read gives


async def test_remembering_between_moves_changes_no_update(tmp_path: Path, clock: FakeClock) -> None:
    """A service that keeps running and one reopened before every move produce the very same updates."""
    kept = await TableService.open(str(tmp_path / "kept.sqlite3"), games=TEST_GAMES, clock=clock)
    path = str(tmp_path / "reopened.sqlite3")
    reopened = await TableService.open(path, games=TEST_GAMES, clock=clock)
    try:
        for svc in (kept, reopened):
            await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"), bots=1, settings={"pace": "fast"})
        a, b = await kept.start(CH, ANNA, seed=12), await reopened.start(CH, ANNA, seed=12)
        told: list[set[int]] = []
        while a.table.status == "active":
            assert a == b
            user = a.awaited[-1]
            action = (await kept.legal(CH, user))[-1][0]
            clock.advance(0.1)
            await reopened.close()
            reopened = await TableService.open(path, games=TEST_GAMES, clock=clock)
            a, b = await kept.act(CH, user, action, a.version), await reopened.act(CH, user, action, b.version)
            told.append(set(a.private))
        assert a == b and a.finished is not None
        # Both kinds of move happened: some told a human something private, some told a human nothing.
        assert any(told) and any(len(t) < 3 for t in told)
    finally:
        await kept.close()
        await reopened.close()


@pytest.mark.parametrize("name", ["speicherstadt", "nuernberg"])  # long multi-step turns and simultaneous steps
async def test_deadline_rows_follow_the_awaited_seats_after_every_move(name: str, db_target: str,
                                                                       clock: FakeClock) -> None:
    """A clock row per awaited human and no other; it (re)starts at the version where that seat's wait began,
    also when act() leaves out the statements that would change nothing."""
    import random

    svc = await TableService.open(db_target, clock=clock)
    try:
        await svc.create(CH, GUILD, name, ANNA, "Anna")
        await svc.join(CH, BEN, "Ben")
        await svc.add_bot(CH, ANNA)
        update = await svc.start(CH, ANNA, seed=31)
        game_id = update.table.game_id
        seat_of = {s.user_id: s.seat for s in update.table.seats}
        waits = {seat_of[u]: update.version for u in update.awaited}  # seat -> version its wait began
        rnd = random.Random(31)
        for _ in range(150):
            if update.table.status != "active":
                break
            clock.advance(0.01)
            user, before = rnd.choice(update.awaited), update.version
            update = await svc.act(CH, user, rnd.choice(await svc.legal(CH, user))[0], update.version)
            rows = {d.seat: d for d in await svc.store.deadlines(game_id)}
            assert set(rows) == {seat_of[u] for u in update.awaited}
            since = {seat: await svc.store.awaited_since(game_id, seat) for seat in rows}
            for seat, version in since.items():
                if seat in waits and seat != seat_of[user]:
                    assert version == waits[seat]  # still the same wait (bots may have moved in between)
                else:  # the mover's clock restarted with its move (or a later one); a new wait began in between
                    assert before < version <= update.version
            waits = since
    finally:
        await svc.close()


async def test_speicherstadt_loading_together_is_public_and_labels_are_each_players_own(db_target: str,
                                                                                         clock: FakeClock) -> None:
    """Several humans load at once: the Table says simultaneous but not secret, each step shows at once, a choice
    made on the board before another player's step stands, and "done" counts the asking player's own cubes."""
    import random

    from rules import get_game
    from rules.core import Rng

    game = get_game("speicherstadt")
    svc = await TableService.open(db_target, clock=clock)
    try:
        await svc.create(CH, GUILD, "speicherstadt", ANNA, "Anna")
        await svc.join(CH, BEN, "Ben")
        await svc.join(CH, CARL, "Carl")
        update = await svc.start(CH, ANNA, seed=5)
        rnd = random.Random(5)
        for _ in range(3000):
            table = update.table
            assert table.status == "active"
            if len(table.awaited) > 1:
                break
            user = table.awaited[0]
            view = await svc.private_view(CH, user)
            legal = [a for a, _ in await svc.legal(CH, user)]
            action = game.bot_action(view, legal, table.seat_of(user), Rng(5, rnd.random()))
            update = await svc.act(CH, user, action, update.version)
        table = update.table
        assert table.simultaneous and not table.secret
        assert (await svc.public_view(CH))["phase"] == "loading"
        state = await svc.rebuild(CH)
        first, second = table.awaited[0], table.awaited[1]
        for user in (first, second):
            seat = table.seat_of(user)
            assert seat is not None
            labels = dict(await svc.legal(CH, user))
            assert labels.get("done", "") == state.describe_for(seat, "done")
        board = update.version
        action = (await svc.legal(CH, first))[0][0]
        update = await svc.act(CH, first, action, board)
        assert update.public_events  # the step shows at once
        second_choice = (await svc.legal(CH, second))[0][0]
        update = await svc.act(CH, second, second_choice, chosen_at=board)  # chosen before the first one's step
        assert update.version == board + 2
    finally:
        await svc.close()
