"""A full disk reaches the player in plain words through Discord, and the move can be made once there is room."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.table.failures import FULL
from tests.discord.helpers import choose, menu_actions, new_table, open_menu, table
from tests.support.disks import fill


@pytest.fixture
def db_path(small_disk: Path) -> str:  # the bot's file on a small file system of its own (skipped where root is not)
    return str(small_disk / "kontor.sqlite3")


async def test_a_move_on_a_full_disk_says_so_and_can_be_made_once_there_is_room(world, small_disk: Path) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol)
    before = await table(w)
    menu = await open_menu(w, w.alice)
    action = menu_actions(menu)[0]
    filler = fill(small_disk)
    r = await choose(w.alice, menu, action)
    assert r.response.content == FULL, r.response.content  # not "something went wrong"
    assert (await table(w)).version == before.version
    filler.unlink()
    menu = await open_menu(w, w.alice)
    r = await choose(w.alice, menu, action)
    assert r.response.content.startswith("✅ Done"), r.response.content
    assert (await table(w)).version > before.version
