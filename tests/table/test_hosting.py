"""Host powers follow the host's seat: a moderator handing it to someone else takes them from the old host."""

from __future__ import annotations

import pytest

from bot.table import TableError, TableService
from tests.table.test_service import ANNA, BEN, CARL, CH, lobby, play_to_end

DORA, EVA, MOD = 14, 15, 99  # MOD: a moderator, never seated (the front end decides force=True)


async def _refused_as_old_host(svc: TableService, seat_of_ben: int) -> None:
    """Anna hosted once and is no longer seated: each host-only call is refused and changes nothing."""
    before = await svc.table(CH)
    with pytest.raises(TableError, match="host or a moderator"):
        await svc.update_settings(CH, ANNA, pace="fast")
    with pytest.raises(TableError, match="hand a seat over"):
        await svc.replace(CH, seat_of_ben, EVA, "Eva", by_user=ANNA)  # a stranger would read Ben's screen
    with pytest.raises(TableError, match="host or a moderator"):
        await svc.abandon(CH, ANNA)
    assert await svc.table(CH) == before


async def test_the_hosts_seat_given_to_a_human_makes_them_the_host(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"))
    started = await svc.start(CH, ANNA, seed=31)
    anna, ben = started.table.seat_of(ANNA), started.table.seat_of(BEN)
    assert anna is not None and ben is not None
    update = await svc.replace(CH, anna, DORA, "Dora", by_user=MOD, force=True)
    assert update.public_events[0] == "Anna's seat is now played by Dora. Dora now hosts the table."
    assert update.table.creator == DORA and update.table.host == DORA
    await _refused_as_old_host(svc, ben)
    # The new host has every power the old one had.
    settings = await svc.update_settings(CH, DORA, pace="fast")
    assert settings.table.settings["pace"] == "fast"
    handed = await svc.replace(CH, ben, EVA, "Eva", by_user=DORA)
    assert handed.table.seats[ben].user_id == EVA and handed.table.host == DORA
    ended = await svc.abandon(CH, DORA)
    assert ended.table.status == "abandoned"


async def test_the_hosts_seat_given_to_a_bot_passes_hosting_to_the_next_human(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"), (CARL, "Carl"))
    started = await svc.start(CH, ANNA, seed=31)
    seats = started.table.seats
    anna = started.table.seat_of(ANNA)
    assert anna is not None
    after = [*seats[anna + 1:], *seats[:anna]]  # seat order from Anna's seat on, wrapping round
    heir = next(s for s in after if s.user_id is not None)
    update = await svc.replace(CH, anna, None, None, by_user=MOD, force=True)
    assert update.public_events[0].endswith(f"{heir.name} now hosts the table.")
    assert update.table.host == heir.user_id
    other = next(s for s in seats if s.user_id not in (ANNA, heir.user_id))
    await _refused_as_old_host(svc, other.seat)
    assert heir.user_id is not None
    assert (await svc.update_settings(CH, heir.user_id, pace="fast")).table.settings["pace"] == "fast"
    final = await play_to_end(svc, update)
    assert final.table.status == "finished"


async def test_without_a_human_only_moderators_manage_the_table(svc: TableService) -> None:
    """In the lobby (a running game of bots only would just play to its end)."""
    await lobby(svc, (ANNA, "Anna"), bots=1)
    update = await svc.replace(CH, 0, None, None, by_user=MOD, force=True)
    bot = update.table.seats[0].name
    assert update.public_events == [f"Anna's seat is now played by {bot}. No player is left to host it: only"
                                     " moderators can manage the table now."]
    assert update.table.host is None and update.table.humans == []
    with pytest.raises(TableError, match="Join the table"):
        await svc.add_bot(CH, ANNA)
    with pytest.raises(TableError, match="host or a moderator"):
        await svc.update_settings(CH, ANNA, pace="fast")
    with pytest.raises(TableError, match="hand a seat over"):
        await svc.replace(CH, 1, ANNA, "Anna", by_user=ANNA)
    with pytest.raises(TableError, match="host or a moderator"):
        await svc.abandon(CH, ANNA)
    assert (await svc.update_settings(CH, MOD, force=True, pace="fast")).table.settings["pace"] == "fast"
    # A human given a seat again hosts the table that had no host.
    back = await svc.replace(CH, 1, BEN, "Ben", by_user=MOD, force=True)
    assert back.public_events == [f"{update.table.seats[1].name}'s seat is now played by Ben. Ben now hosts the table."]
    assert back.table.host == BEN
    assert (await svc.start(CH, BEN, seed=5)).table.status == "active"


async def test_the_host_handing_on_another_seat_stays_host(svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    started = await svc.start(CH, ANNA, seed=31)
    ben = started.table.seat_of(BEN)
    assert ben is not None
    update = await svc.replace(CH, ben, CARL, "Carl", by_user=MOD, force=True)
    assert update.public_events == ["Ben's seat is now played by Carl."]
    assert update.table.host == ANNA
    assert (await svc.update_settings(CH, ANNA, pace="fast")).table.settings["pace"] == "fast"
