"""Sharding (bot/table/shards.py): Discord's rule for which shard a server is on, and a service keeping the time of
its own
shards' games only — reminders, deadlines, the time given back after downtime, digests. On both backends (the shard
condition is SQL both engines run); the processes sharing one database are tests/load/test_pg_shards.py."""

from __future__ import annotations

import pytest

from bot.table import TableService
from bot.table.shards import ShardError, Shards, shard_of
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock

ANNA, BEN = 11, 12
EVEN, ODD = (2 << 22) + 5, (3 << 22) + 5  # shard 0 and shard 1 of two
TIMED = {"remind_hours": 3, "deadline_hours": 4}


def test_discords_rule_places_each_server() -> None:
    assert shard_of(EVEN, 2) == 0 and shard_of(ODD, 2) == 1
    assert shard_of(None, 4) == 0  # no server (DMs, the terminal): shard 0, as Discord routes DMs
    assert shard_of(81384788765712384, 4) == (81384788765712384 >> 22) % 4
    only_one = Shards.parse(2, "1")
    assert only_one.owns(ODD) and not only_one.owns(EVEN) and not only_one.owns(None)
    assert Shards.parse("3").ids == {0, 1, 2}  # no ids: every shard
    assert str(Shards.parse(4, "3, 1")) == "shards 1,3 of 4"


@pytest.mark.parametrize(("count", "ids"), [("0", None), ("two", None), ("2", "2"), ("2", "0,x"), ("2", "-1")])
def test_malformed_shards_are_refused(count: str, ids: str | None) -> None:
    with pytest.raises(ShardError):
        Shards.parse(count, ids)


async def _duel(svc: TableService, channel: int, guild: int | None) -> int:
    await svc.create(channel, guild, "tiny", ANNA, "Anna", settings=TIMED)
    await svc.join(channel, BEN, "Ben")
    return (await svc.start(channel, ANNA, seed=channel)).table.game_id


async def test_a_shard_keeps_only_its_own_games_time(db_target: str, clock: FakeClock) -> None:
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock)
    try:
        even = await _duel(svc, 701, EVEN)
        clock.advance(0.5)  # the odd server's game waits from later: its reminder would come first for everyone
        odd = await _duel(svc, 702, ODD)
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock, shards=Shards.parse(2, "1"))
    try:
        assert await svc.next_due() == clock.now + 3600  # the odd game's reminder; the even one's is not its to send
        reminders = await svc.due(clock.advance(3))
        assert sorted(u.table.game_id for u in reminders) == [odd, odd]
        assert await svc.due(clock.now) == []
    finally:
        await svc.close()
    svc = await TableService.open(db_target, games=TEST_GAMES, clock=clock, shards=Shards.parse(2, "0"))
    try:
        # the even shard's process was never alive: its first start counts from the one-process heartbeat (0.5 h
        # after its game's wait began), so that game got the 3 h since back, and has the other 0.5 h left
        assert await svc.due(clock.now) == []
        assert await svc.next_due() == clock.now + 1800
        assert sorted(u.table.game_id for u in await svc.due(clock.advance(0.5))) == [even, even]
    finally:
        await svc.close()


async def test_each_users_digest_comes_from_one_shard(svc: TableService, clock: FakeClock) -> None:
    users = [(k << 22) + 1 for k in range(4)]
    for user in users:
        await svc.set_notify_pref(user, "digest")
    everyone = await svc.digest_due(clock.now, 86400)
    assert everyone == users
    parts = []
    for shard in (0, 1):
        svc.shards = Shards.parse(2, str(shard))
        parts.append(await svc.digest_due(clock.now, 86400))
    assert parts == [[users[0], users[2]], [users[1], users[3]]]
