"""Two services on one PostgreSQL database, as two processes would run them: each must see the other's moves,
whatever it cached from its own (docs/storage.md, "What the service caches")."""

from __future__ import annotations

import pytest

from bot.table import TableError, TableService
from bot.table.store import SeatRow
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock

CH, GUILD = 1001, 77
ANNA, BEN, CARL = 11, 12, 13


async def test_a_service_plays_on_from_a_move_another_service_made(pg_url: str) -> None:
    here = await TableService.open(pg_url, games=TEST_GAMES, clock=FakeClock())
    there = await TableService.open(pg_url, games=TEST_GAMES, clock=FakeClock())
    try:
        await here.create(CH, GUILD, "tiny", ANNA, "Anna")
        await here.join(CH, BEN, "Ben")
        update = await here.start(CH, ANNA, seed=7)
        assert sorted(update.awaited) == [ANNA, BEN]  # the secret bids: both at once
        # Anna bids here (this service now holds the game's row, state and seats as of its move) ...
        mine = await here.act(CH, ANNA, (await here.legal(CH, ANNA))[0][0], update.version)
        # ... Ben bids on the other service: the round's bids are revealed and a player draws.
        theirs = await there.act(CH, BEN, (await there.legal(CH, BEN))[0][0], mine.version)
        assert theirs.version == mine.version + 1 and len(theirs.awaited) == 1
        drawer = theirs.awaited[0]
        # Here, the board is the other service's: the drawer's move on it is taken, not refused as stale.
        table = await here.table(CH)
        assert table.version == theirs.version
        after = await here.act(CH, drawer, (await here.legal(CH, drawer))[0][0], theirs.version)
        assert after.version == theirs.version + 1
        log = await there.store.log(after.table.game_id)
        assert [r.version for r in log if r.kind != "note"][-3:] == [mine.version, theirs.version, after.version]
    finally:
        await here.close()
        await there.close()


async def test_a_lobby_change_that_loses_a_race_to_another_service_is_a_friendly_refusal(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    here = await TableService.open(pg_url, games=TEST_GAMES, clock=FakeClock())
    there = await TableService.open(pg_url, games=TEST_GAMES, clock=FakeClock())
    try:
        await here.create(CH, GUILD, "tiny", ANNA, "Anna")
        read_seats = here.store.seats

        async def seats_then_carl_joins_there(game_id: int) -> list[SeatRow]:
            seats = await read_seats(game_id)
            monkeypatch.undo()
            await there.join(CH, CARL, "Carl")  # between this service's read and its write
            return seats

        monkeypatch.setattr(here.store, "seats", seats_then_carl_joins_there)
        with pytest.raises(TableError, match="changed meanwhile"):
            await here.join(CH, BEN, "Ben")
        assert [s.name for s in (await here.table(CH)).seats] == ["Anna", "Carl"]  # Ben's join left nothing
        update = await here.join(CH, BEN, "Ben")  # tried again, on the current lobby
        assert [s.name for s in update.table.seats] == ["Anna", "Carl", "Ben"]
    finally:
        await here.close()
        await there.close()
