"""User-level facts (migration 8): the notification preference, the digest's clock, and pending private news."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table import TableError, TableService
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CH, lobby


async def test_the_preference_defaults_to_mention_is_validated_and_survives_a_reopen(
        svc: TableService, db_path: Path, clock: FakeClock) -> None:
    assert await svc.notify_pref(ANNA) == "mention"
    assert await svc.set_notify_pref(ANNA, " DM ") == "dm"
    for bad in ("loud", "", "mention; DROP TABLE users"):
        with pytest.raises(TableError, match="mention, dm, digest"):
            await svc.set_notify_pref(ANNA, bad)
    assert await svc.notify_pref(ANNA) == "dm"  # a refusal changed nothing
    await svc.set_dm_ok(ANNA, False)  # the DM columns and the preference share the row: neither clobbers the other
    assert await svc.notify_pref(ANNA) == "dm" and await svc.dm_ok(ANNA) is False
    with pytest.raises(TableError):
        await svc.notify_pref(-1)
    await svc.close()
    again = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock)
    try:
        assert await again.notify_pref(ANNA) == "dm" and await again.notify_pref(BEN) == "mention"
    finally:
        await again.close()


async def test_digest_is_due_once_a_day(svc: TableService, clock: FakeClock) -> None:
    day = 24 * 3600.0
    await svc.set_notify_pref(ANNA, "digest")
    await svc.set_notify_pref(BEN, "dm")
    assert await svc.digest_due(clock.now, day) == [ANNA]  # never sent: due
    await svc.digest_sent(ANNA, clock.now)
    assert await svc.digest_due(clock.advance(23), day) == []
    assert await svc.digest_due(clock.advance(1), day) == [ANNA]


async def test_pending_news_is_kept_per_player_and_game_and_dropped_only_up_to_what_was_shown(
        svc: TableService) -> None:
    await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
    game = (await svc.table(CH)).game_id
    assert await svc.pending_news(game, ANNA) is None
    await svc.add_news(game, 3, {ANNA: ["You drew a 9."], BEN: []})
    await svc.add_news(game, 4, {ANNA: ["Ben gave you a 3."]})
    shown = await svc.pending_news(game, ANNA)
    assert shown is not None and shown.lines == ["You drew a 9.", "Ben gave you a 3."] and shown.version == 4
    ben = await svc.pending_news(game, BEN)
    assert ben is not None and ben.lines == []  # only his screen changed
    assert await svc.news_users(game) == [ANNA, BEN] and await svc.news_games(ANNA) == [game]

    await svc.add_news(game, 5, {ANNA: ["A later line."]})  # arrives while the reply is on its way
    await svc.news_delivered(shown)
    left = await svc.pending_news(game, ANNA)
    assert left is not None and left.lines == ["A later line."]  # what was not shown stays
    await svc.news_delivered(left)
    assert await svc.pending_news(game, ANNA) is None and await svc.news_users(game) == [BEN]
