"""One damaged row must not brick its channel: the file is corrupted with plain sqlite3 (as a failing disk or a
hand edit would) while another game of the same players, in another channel, keeps playing."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

import pytest

from bot.table import TableError, TableService
from rules.core import Game
from tests.support.toygame import TEST_GAMES, TinyGame
from tests.table.conftest import FakeClock
from tests.table.test_service import play_to_end, raw_row

CH, CH2, GUILD = 2001, 2002, 77  # CH's game gets damaged; CH2's (another game kind) must not notice
ANNA, BEN, MOD = 11, 12, 99
MESSAGE = "This game's saved data is damaged; a moderator can end it with /game abandon."


class UnloadableTiny(TinyGame):
    """Tiny Auction whose ``load`` fails (a snapshot this build cannot read, or a bug in the game's loader)."""

    def load(self, text: str):  # type: ignore[no-untyped-def]
        raise RuntimeError("this build cannot read that snapshot")


class Damage(NamedTuple):
    name: str
    sql: str | None  # run against CH's game, `?` = its id
    games: Mapping[str, Game] = TEST_GAMES


DAMAGES = [
    Damage("options not JSON", "UPDATE games SET options = '{\"variant\": ' WHERE id = ?"),
    Damage("options of the wrong shape", "UPDATE games SET options = '[\"plain\"]' WHERE id = ?"),
    Damage("settings not JSON", "UPDATE games SET settings = 'pace=daily' WHERE id = ?"),
    Damage("snapshot not JSON", "UPDATE games SET snapshot = substr(snapshot, 1, 40) WHERE id = ?"),
    Damage("snapshot a JSON list", "UPDATE games SET snapshot = '[1, 2, 3]' WHERE id = ?"),
    Damage("snapshot missing its keys", "UPDATE games SET snapshot = '{\"n\": 3}' WHERE id = ?"),
    Damage("snapshot gone", "UPDATE games SET snapshot = NULL WHERE id = ?"),
    Damage("snapshot the game cannot load", None, {**TEST_GAMES, "tiny": UnloadableTiny()}),
    Damage("outcome not JSON", "UPDATE games SET outcome = '{oops' WHERE id = ?"),
    Damage("a seat row lost", "DELETE FROM seats WHERE game_id = ? AND seat = 2"),
]


def corrupt(db_path: Path, sql: str, *params: object) -> None:
    con = sqlite3.connect(db_path)
    try:
        with con:
            con.execute(sql, params)
    finally:
        con.close()


async def two_tables(db_path: Path, clock: FakeClock, **settings: str) -> tuple[int, int]:
    """Anna (host) and Ben with a bot in CH (Tiny Auction) and in CH2 (its no-skip variant); both running."""
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        for channel, game in ((CH, "tiny"), (CH2, "tiny_noskip")):
            await svc.create(channel, GUILD, game, ANNA, "Anna", settings=settings or None)
            await svc.join(channel, BEN, "Ben")
            await svc.add_bot(channel, ANNA)
            await svc.start(channel, ANNA, seed=99)
        return (await svc.table(CH)).game_id, (await svc.table(CH2)).game_id


async def move(svc: TableService, channel: int) -> int:
    """The first awaited player's first legal action; returns the new version."""
    table = await svc.table(channel)
    user = table.awaited[0]
    update = await svc.act(channel, user, (await svc.legal(channel, user))[0][0], table.version)
    return update.version


async def refused(call: object) -> str:
    with pytest.raises(TableError) as err:
        await call  # type: ignore[misc]
    return str(err.value)


@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
async def test_a_damaged_game_is_refused_plainly_ended_by_a_moderator_and_the_other_plays_on(
    db_path: Path, clock: FakeClock, damage: Damage
) -> None:
    bad, good = await two_tables(db_path, clock)
    if damage.sql is not None:
        corrupt(db_path, damage.sql, bad)
    version = raw_row(db_path, "SELECT version FROM games WHERE id = ?", bad)[0]
    async with await TableService.open(str(db_path), games=damage.games, clock=clock) as svc:
        # Every way into the damaged game says the same plain thing, and changes nothing.
        assert await refused(svc.table(CH)) == MESSAGE
        assert await refused(svc.legal(CH, ANNA)) == MESSAGE
        assert await refused(svc.act(CH, ANNA, "play 1")) == MESSAGE
        assert await refused(svc.private_view(CH, ANNA)) == MESSAGE
        assert await refused(svc.create(CH, GUILD, "tiny", BEN, "Ben")) == MESSAGE
        assert await refused(svc.abandon(CH, BEN)) == "Only the table's host or a moderator can abandon this game."
        assert raw_row(db_path, "SELECT version, status FROM games WHERE id = ?", bad) == (version, "active")
        assert any("Tiny Auction begins" in line for line in await svc.log(CH))  # its log still reads

        # The same players' other game is listed and plays on.
        assert [t.game_id for t in await svc.my_games(ANNA, awaiting_only=False)] == [good]
        assert await svc.history(CH) == []
        before = (await svc.table(CH2)).version
        assert await move(svc, CH2) > before

        # A moderator ends the damaged game; the answer is the truth of what was committed.
        ended = await svc.abandon(CH, MOD, force=True)
        assert (ended.table.status, ended.version, ended.table.game_id) == ("abandoned", version + 1, bad)
        assert ended.public_events[0] == "The game was abandoned."
        assert ended.public_events[1].startswith("The seed was 99 ")
        assert raw_row(db_path, "SELECT version, status FROM games WHERE id = ?", bad) == (version + 1, "abandoned")
        assert (await svc.table(CH)).status == "abandoned"  # over: shown as far as it can be read

        # The channel is free again.
        created = await svc.create(CH, GUILD, "tiny_noskip", BEN, "Ben")
        assert created.table.status == "lobby" and created.table.creator == BEN
        assert [t.game_id for t in await svc.history(CH)] == [created.table.game_id]
        assert await move(svc, CH2) > before + 1


async def test_the_refusal_is_one_message_constant(svc: TableService) -> None:
    from bot.table import DAMAGED, DamagedGame

    assert DAMAGED == MESSAGE
    err = DamagedGame(7, "snapshot")
    assert isinstance(err, TableError) and err.message == MESSAGE and (err.game_id, err.part) == (7, "snapshot")


async def test_the_host_can_abandon_a_damaged_game_and_open_a_new_one(db_path: Path, clock: FakeClock) -> None:
    bad, _ = await two_tables(db_path, clock)
    corrupt(db_path, "UPDATE games SET settings = '' WHERE id = ?", bad)
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        ended = await svc.abandon(CH, ANNA)  # Anna hosts it: no force needed
        assert ended.table.status == "abandoned"
        assert (await svc.create(CH, GUILD, "tiny", ANNA, "Anna")).table.status == "lobby"


@pytest.mark.parametrize("outcome", ["{oops", '{"scores": [1, 2]}', '{"scores": 1, "ranks": 1, "breakdown": 1}'])
async def test_history_leaves_out_a_finished_game_with_a_damaged_outcome(
    db_path: Path, clock: FakeClock, outcome: str
) -> None:
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        await svc.create(CH, GUILD, "tiny", ANNA, "Anna")
        await svc.add_bot(CH, ANNA)
        await play_to_end(svc, await svc.start(CH, ANNA, seed=3), CH)
        finished = (await svc.table(CH)).game_id
        await svc.create(CH, GUILD, "tiny", BEN, "Ben")  # a second game in the same channel, still in its lobby
    corrupt(db_path, "UPDATE games SET outcome = ? WHERE id = ?", outcome, finished)
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        assert [t.status for t in await svc.history(CH)] == ["lobby"]
        await svc.abandon(CH, BEN)
        shown = await svc.table(CH)  # the latest game is now the abandoned lobby …
        assert shown.status == "abandoned"
        assert [t.status for t in await svc.history(CH)] == ["abandoned"]  # … and the finished one stays out


@pytest.mark.parametrize("events", ['["Anna opened', '{"lines": 1}', '[1, 2]'])
async def test_a_damaged_log_entry_shows_as_one_line_and_play_goes_on(
    db_path: Path, clock: FakeClock, events: str
) -> None:
    bad, _ = await two_tables(db_path, clock)
    first = raw_row(db_path, "SELECT MIN(id) FROM actions WHERE game_id = ?", bad)[0]
    corrupt(db_path, "UPDATE actions SET events = ? WHERE id = ?", events, first)
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        lines = await svc.log(CH)
        assert lines[0] == "(One entry of this game's log is damaged and cannot be shown.)"
        assert any("Tiny Auction begins" in line for line in lines[1:])
        before = (await svc.table(CH)).version
        assert await move(svc, CH) == before + 1
        assert (await svc.board_image(CH)) is None  # no renderer for the test game; and no error either
        assert len(await svc.history(CH)) == 1


async def test_a_damaged_game_whose_deadline_passed_does_not_fire_at_every_tick(
    db_path: Path, clock: FakeClock
) -> None:
    bad, _ = await two_tables(db_path, clock, pace="fast")  # banks of 12 h, reminders at 3 h left
    corrupt(db_path, "UPDATE games SET snapshot = 'x' WHERE id = ?", bad)
    async with await TableService.open(str(db_path), games=TEST_GAMES, clock=clock) as svc:
        clock.advance(10)
        assert {u.channel for u in await svc.due()} == {CH2}  # the healthy game's reminders
        clock.advance(3)
        updates = await svc.due()
        assert {u.channel for u in updates} == {CH2}  # the healthy game asks about the spent banks
        nxt = await svc.next_due()
        assert nxt is None or nxt > clock.now  # the damaged one no longer falls due again at once
        assert await svc.due() == []
        ended = await svc.abandon(CH, MOD, force=True)
        assert ended.table.status == "abandoned"


async def test_abandon_stands_and_answers_even_when_the_update_cannot_be_built(
    db_path: Path, clock: FakeClock
) -> None:
    """A build without the game's rules: abandoning still commits, and the caller gets the truth back."""
    bad, _ = await two_tables(db_path, clock)
    version = raw_row(db_path, "SELECT version FROM games WHERE id = ?", bad)[0]
    games = {"tiny_noskip": TEST_GAMES["tiny_noskip"]}
    async with await TableService.open(str(db_path), games=games, clock=clock) as svc:
        ended = await svc.abandon(CH, ANNA)
        assert (ended.table.status, ended.version, ended.table.title) == ("abandoned", version + 1, "tiny")
        assert ended.table.seed == 99 and ended.public_events[0] == "The game was abandoned."
        assert raw_row(db_path, "SELECT status FROM games WHERE id = ?", bad) == ("abandoned",)
        assert [t.channel for t in await svc.my_games(BEN, awaiting_only=False)] == [CH2]
