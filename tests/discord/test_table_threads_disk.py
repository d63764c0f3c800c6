"""A thread per table on a full disk: the thread made for a table the table could not record is removed again, so no
empty thread is left in the channel, and the player reads the disk's problem in plain words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.table.failures import FULL
from tests.discord.test_table_threads import threads_on
from tests.support.disks import fill


@pytest.fixture
def db_path(small_disk: Path) -> str:  # the bot's file on a small file system of its own (skipped where root is not)
    return str(small_disk / "kontor.sqlite3")


async def test_a_table_that_cannot_be_recorded_leaves_no_thread(world: Any, small_disk: Path) -> None:
    w = world
    await threads_on(w)
    filler = fill(small_disk)
    r = await w.alice.slash(w.channel, "game new", game="tally")
    assert r.ephemeral and r.response.content == FULL, r.response.content
    assert ["disk is full" in str(e.__cause__ or e) for e in w.env.errors] == [True]  # logged, as every storage error
    assert w.channel.threads == []
    filler.unlink()
    r = await w.alice.slash(w.channel, "game new", game="tally")
    (thread,) = w.channel.threads
    assert r.response.content.startswith(f"🧵 Table opened in <#{thread.id}>")
    assert (await w.bot.service.table(thread.id)).status == "lobby"
