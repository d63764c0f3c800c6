"""A game an earlier release started, carried on through Discord after the upgrade: the bot opens the release's
file (tests/fixtures/releases/), and its players ask what happened since their last move (with the boards, drawn),
take a move back and play on, as players would."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.table.store import GameRow
from tests.discord.helpers import choose, menu_actions, open_menu

RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "releases" / "2026-11-24a"


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    db = tmp_path / "kontor.sqlite3"
    shutil.copy(RELEASE / "kontor.sqlite3", db)
    return str(db)


@pytest.fixture
def service_options() -> dict[str, Any]:
    return {"render": True}  # the real games, drawn


async def seat_here(w: Any, game_id: int) -> GameRow:
    """The old game moves into SimCord's channel and its two human seats (Ada and Ben) go to alice and bob (the
    fixture's user ids are its own): its rows are edited as they stand, log included, so each move stays its
    player's own."""
    svc = w.bot.service
    row = await svc.store.game(game_id)
    seats = await svc.store.seats(game_id)
    humans = [s.user_id for s in seats if s.user_id is not None]
    ids = dict(zip(humans, (w.alice.id, w.bob.id), strict=True))
    async with svc.store.transaction() as tx:
        await tx.move_game(game_id, w.channel.id, w.guild.id)
        for old, new in ids.items():
            await tx._write("UPDATE seats SET user_id = ? WHERE game_id = ? AND user_id = ?", (new, game_id, old))
            await tx._write("UPDATE actions SET user_id = ? WHERE game_id = ? AND user_id = ?", (new, game_id, old))
    svc.core.caches.forget(game_id)
    assert row is not None
    return row


@pytest.mark.parametrize("game_id", [8, 11])  # Strasbourg and Nürnberg: both replay only under the archived rules
async def test_an_old_game_since_undo_and_on_through_discord(world: Any, game_id: int) -> None:
    w = world
    await seat_here(w, game_id)  # 3 seats, 6 human moves made by the 2026-11-24 build
    table = await w.bot.service.table(w.channel.id)
    for actor in (w.alice, w.bob):
        r = await actor.slash(w.channel, "game since")
        text = r.response.content
        assert r.ephemeral and "went wrong" not in text, text
        if "Nothing has happened" not in text:
            assert "🖼️ Board 1 of" in text and r.response.attachments, text
    undoable = [a for a in (w.alice, w.bob) if await w.bot.service.can_undo(w.channel.id, a.id)]
    mover = undoable[0]
    r = await mover.slash(w.channel, "game undo")
    assert "Taken back" in r.response.content, r.response.content
    assert (await w.bot.service.table(w.channel.id)).version == table.version + 1
    awaited = (await w.bot.service.table(w.channel.id)).awaited
    actor = next(a for a in (w.alice, w.bob) if a.id in awaited)
    menu = await open_menu(w, actor)
    done = await choose(actor, menu, menu_actions(menu)[0])
    assert done.response.content.startswith("✅ Done"), done.response.content
    await w.bot.service.rebuild(w.channel.id)  # old rules, then today's: the log still replays to the saved game
