"""A bot move that cannot be saved after a player's move: the player hears the truth, the board is posted, and the
scheduler's next tick lets the bots move on (as it does at start-up for bots a crash left waiting)."""

from __future__ import annotations

import sqlite3
from typing import Any

import discord

from bot.table.store import Store
from tests.discord.helpers import actor_of, play_by_button, table


async def test_a_failed_bot_commit_after_a_move_says_the_move_was_saved_and_the_bots_follow(world, monkeypatch):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    for _ in range(2):
        await w.alice.slash(w.channel, "game bot add")
    # Alice must be asked each time (her last card's bid would otherwise be played for her, with the bots' moves)
    await w.alice.slash(w.channel, "game settings", auto_forced="off")
    await w.alice.slash(w.channel, "game start")
    real_append = Store.append
    failed: list[int] = []

    async def append(self: Store, game_id: int, *, kind: str, **kw: Any) -> None:
        if kind == "bot" and not failed:
            failed.append(game_id)
            raise sqlite3.OperationalError("disk I/O error")
        await real_append(self, game_id, kind=kind, **kw)

    monkeypatch.setattr(Store, "append", append)
    for _ in range(10):  # the seat order is random: Alice plays until a bot's move follows hers
        t = await table(w)
        assert t.awaited == (w.alice.id,)  # the bots never keep her waiting
        posts_before = len(w.channel.history())
        _action, reply = await play_by_button(w, w.alice)
        if failed:
            break
    assert failed, "no bot step came after Alice's moves: the test proves nothing"
    after = await table(w)
    assert after.version == t.version + 1 and after.awaited == ()  # her bid is saved; the bots are next
    assert reply.response.content.startswith("✅ Done")  # the old code said "The game is unchanged"
    assert "unchanged" not in "\n".join(m.content or "" for m in w.channel.history())
    new_posts = w.channel.history()[posts_before:]
    assert any("The move was saved" in (m.content or "") for m in new_posts)  # and its board is posted
    assert w.board().components[0].children[0].custom_id.endswith(f":{after.version}")

    # The next scheduler tick (at least the back-off later) lets the bots move, and posts their moves.
    now = discord.utils.utcnow().timestamp()
    assert await w.bot.scheduler.tick(now) == []  # not yet: no hot loop on a failing disk
    woken = await w.bot.scheduler.tick(now + 60)
    assert len(woken) == 1
    final = await table(w)
    assert final.version > after.version and (final.awaited or final.status == "finished")
    assert actor_of(w, final.awaited[0]) is w.alice if final.awaited else True
    assert w.board().components[0].children[0].custom_id.endswith(f":{final.version}")
