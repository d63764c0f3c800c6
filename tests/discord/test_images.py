"""Images: the board PNG goes with every public post, a private screen PNG only by DM or ephemerally,
and each is drawn from the right view (the spectator's for the channel, the player's own for them)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import render
from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table

DRAWN: list[tuple[str, dict[str, Any]]] = []


def fake_board(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
    DRAWN.append(("board", view))
    return b"\x89PNG board " + json.dumps(view, sort_keys=True).encode()


def fake_private(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
    DRAWN.append(("private", view))
    return b"\x89PNG screen " + json.dumps(view, sort_keys=True).encode()


@pytest.fixture
def service_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(render, "board", fake_board)
    monkeypatch.setattr(render, "private", fake_private)
    DRAWN.clear()
    return {"render": True}


async def test_board_image_is_public_view_and_screens_are_private(world):
    w = world
    await new_table(w, w.alice, w.bob)
    board = w.board()
    assert [a.filename for a in board.attachments] == ["board.png"]
    assert board.embeds[0].image.url == "attachment://board.png"
    assert all(view["viewer"] is None and "hand" not in view for kind, view in DRAWN if kind == "board")

    seats = {s.user_id: s.seat for s in (await table(w)).seats}
    privates = [view for kind, view in DRAWN if kind == "private"]
    assert sorted(v["viewer"] for v in privates) == sorted(seats.values())  # one screen per player, their own
    for actor in (w.alice, w.bob):
        dm = actor.user.dm_channel.history()[-1]
        assert [a.filename for a in dm.attachments] == ["screen.png"]

    actor = actor_of(w, (await table(w)).awaited[0])
    menu = await open_menu(w, actor)
    await choose(actor, menu, menu_actions(menu)[0])
    r = await actor.click(w.board(), label="My screen")
    assert r.ephemeral and [a.filename for a in r.response.attachments] == ["screen.png"]
    assert DRAWN[-1] == ("private", await w.bot.service.private_view(w.channel.id, actor.id))

    r = await w.carol.slash(w.channel, "game status")
    assert r.ephemeral and [a.filename for a in r.response.attachments] == ["board.png"]
    assert DRAWN[-1][0] == "board" and DRAWN[-1][1]["viewer"] is None
