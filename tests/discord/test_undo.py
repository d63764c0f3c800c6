"""Undo through Discord: the ↩️ Undo button in a move's private reply, and ``/game undo`` (SimCord, offline)."""

from __future__ import annotations

from typing import Any

import simcord

from tests.discord.helpers import choose, menu_actions, new_table, open_menu, table


def buttons(result: simcord.InteractionResult) -> list[str]:
    assert result.response is not None
    return [c.get("label", "") for row in result.response.components for c in row.get("components", [])
            if c.get("type") == 2]


def took_back(w: Any) -> list[str]:
    return [t for t in w.texts() if "took back a move" in t]


async def test_the_undo_button_in_the_move_reply_takes_a_pending_bid_back(world):
    w = world
    await new_table(w, w.alice, w.bob)
    before = await table(w)
    menu = await open_menu(w, w.alice)
    done = await choose(w.alice, menu, menu_actions(menu)[0])
    assert done.response.content.startswith("✅ Done")
    assert "Undo" in buttons(done)  # nothing was shown to anyone yet: the bid can be taken back
    undone = await w.alice.click(done.response, label="Undo")
    assert "Taken back" in undone.response.content, undone.response.content
    assert menu_actions(undone)  # her options again, at once
    after = await table(w)
    assert set(after.awaited) == {w.alice.id, w.bob.id} and after.version == before.version + 2
    assert took_back(w), w.texts()  # the table sees it
    entries = await w.bot.service.log_entries(w.channel.id)
    assert [e.undone for e in entries if e.kind == "player"] == [True]
    # the same button again: that board is gone
    again = await w.alice.click(done.response, label="Undo")
    assert "moved on" in again.response.content


async def test_game_undo_takes_back_and_refuses_once_the_bids_are_shown(world):
    w = world
    await new_table(w, w.alice, w.bob)
    menu = await open_menu(w, w.alice)
    await choose(w.alice, menu, menu_actions(menu)[0])
    r = await w.alice.slash(w.channel, "game undo")
    assert "Taken back" in r.response.content, r.response.content
    assert took_back(w)
    menu = await open_menu(w, w.alice)
    await choose(w.alice, menu, menu_actions(menu)[0])
    menu = await open_menu(w, w.bob)
    done = await choose(w.bob, menu, menu_actions(menu)[0])  # the last bid: all bids are shown
    assert "Undo" not in buttons(done)
    r = await w.bob.slash(w.channel, "game undo")
    assert "secret choices were revealed" in r.response.content
    r = await w.alice.slash(w.channel, "game undo")
    assert "Another player has acted" in r.response.content
    r = await w.carol.slash(w.channel, "game undo")
    assert "not playing at this table" in r.response.content
    assert len(took_back(w)) == 1
