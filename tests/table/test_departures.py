"""A seated player leaves the server: the table is told once, they are no longer pinged, hosting passes on, and
the players still there decide by majority: a bot plays the seat, or the game ends."""

from __future__ import annotations

import pytest

from bot.table import TableError, TableService
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby

DORA = 14


async def four(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"), (DORA, "Dora"))
    await svc.start(CH, ANNA, seed=3)


async def ben_left(svc: TableService) -> int:
    """A four-player game in which Ben has left the server; his seat."""
    await four(svc)
    await svc.member_left(CH, BEN)
    ben = (await svc.table(CH)).seat_of(BEN)
    assert ben is not None
    return ben


async def test_a_departed_player_is_announced_once_and_never_pinged(svc: TableService) -> None:
    await four(svc)
    update = await svc.member_left(CH, BEN)
    assert update is not None and "Ben has left the server" in update.public_events[0]
    assert "majority of 2" in update.public_events[0]  # three players still here
    assert await svc.member_left(CH, BEN) is None  # told once
    assert await svc.member_left(CH, 999) is None  # not seated: nothing to say
    assert BEN in (await svc.table(CH)).awaited  # still seated and awaited (the bids are simultaneous)
    moved = await svc.act(CH, ANNA, (await svc.legal(CH, ANNA))[0][0])
    assert BEN not in moved.awaited and CARL in moved.awaited  # the ping list leaves him out


async def test_the_players_still_here_vote_a_bot_into_the_seat(svc: TableService) -> None:
    ben = await ben_left(svc)
    with pytest.raises(TableError, match="still at the table"):
        await svc.vote_seat(CH, ANNA, (await svc.table(CH)).seat_of(CARL) or 0, "bot")
    with pytest.raises(TableError, match="Only the players still at the table"):
        await svc.vote_seat(CH, BEN, ben, "bot")
    with pytest.raises(TableError, match="Vote `bot`"):
        await svc.vote_seat(CH, ANNA, ben, "maybe")
    first = await svc.vote_seat(CH, ANNA, ben, "bot")
    assert first.public_events == ["Anna votes that a bot plays it for Ben's seat (1/2 votes)."]
    assert (await svc.table(CH)).seats[ben].user_id == BEN
    done = await svc.vote_seat(CH, CARL, ben, "bot")
    assert done.public_events[0] == "Carl votes that a bot plays it for Ben's seat (2/2 votes)."
    table = await svc.table(CH)
    assert table.seats[ben].is_bot and table.status == "active"
    assert BEN not in table.awaited  # the bot bid for the seat at once


async def test_the_players_still_here_can_end_the_game_and_hosting_passes_on(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    await svc.start(CH, ANNA, seed=3)
    update = await svc.member_left(CH, ANNA)  # the host of a two-player game leaves
    assert update is not None and update.table.host == BEN
    assert any("Ben now hosts the table." in line for line in update.public_events)
    anna = update.table.seat_of(ANNA)
    assert anna is not None
    ended = await svc.vote_seat(CH, BEN, anna, "end")  # Ben alone is the majority: no moderator needed
    assert ended.table.status == "abandoned"


async def test_a_player_who_leaves_a_lobby_just_leaves_it(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    update = await svc.member_left(CH, BEN)
    assert update is not None and [s.user_id for s in update.table.seats] == [ANNA]


async def test_the_players_still_here_can_vote_another_member_into_the_seat(svc: TableService) -> None:
    ben = await ben_left(svc)
    with pytest.raises(TableError, match="already has a seat"):
        await svc.vote_seat(CH, ANNA, ben, "member", member=CARL, member_name="Carl")
    first = await svc.vote_seat(CH, ANNA, ben, "member", member=77, member_name="Eve")
    assert first.public_events == ["Anna votes that Eve takes it for Ben's seat (1/2 votes)."]
    other = await svc.vote_seat(CH, CARL, ben, "member", member=78, member_name="Finn")  # votes for others count apart
    assert other.public_events == ["Carl votes that Finn takes it for Ben's seat (1/2 votes)."]
    done = await svc.vote_seat(CH, CARL, ben, "member", member=77, member_name="Eve")  # Carl changes his vote
    assert done.public_events[0] == "Carl votes that Eve takes it for Ben's seat (2/2 votes)."
    table = await svc.table(CH)
    assert table.seats[ben].user_id == 77 and table.seats[ben].name == "Eve"
