"""The one image pipeline (bot/table/images.py): the last move handed to the renderer as data, and one failure
policy."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.table import TableService, name_seats
from bot.table.images import BoardImages
from rules.core import Event
from tests.support.toygame import TEST_GAMES
from tests.table.conftest import FakeClock
from tests.table.test_service import ANNA, BEN, CH, lobby


async def test_the_board_gets_the_last_steps_public_events(db_path: Path, clock: FakeClock,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import render

    calls: list[dict[str, Any]] = []

    def board(game: str, view: dict[str, Any], *, last: Any = None, last_events: Any = None,
              names: Any = None) -> bytes:
        calls.append({"last": last, "last_events": last_events})
        return b"PNG"

    monkeypatch.setattr(render, "board", board)
    images = BoardImages()
    svc = await TableService.open(str(db_path), games=TEST_GAMES, clock=clock, render=True, images=images)
    try:
        assert svc.images is images
        await lobby(svc, (ANNA, "Anna"), (BEN, "Ben"))
        await svc.start(CH, ANNA, seed=5)
        action = (await svc.legal(CH, BEN))[0][0]
        update = await svc.act(CH, BEN, action)
        seat = update.table.seat_of(BEN)
        assert calls[-1]["last"] == {"seat": seat, "action": action}
        # the step's public events only: the private "you bid ..." stays out of the image's hands
        assert calls[-1]["last_events"] == [Event("chose", {"seat": seat})]
    finally:
        await svc.close()


async def test_a_failed_image_is_logged_once_per_game_and_never_quotes_a_screen(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import render

    def broken(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
        raise RuntimeError(f"secret hand {view['hand']}")

    monkeypatch.setattr(render, "private", broken)
    images = BoardImages()
    with caplog.at_level(logging.DEBUG, logger="bot.table.images"):
        for _ in range(3):
            assert await images.private("tiny", {"hand": [17]}, names=["A"]) is None
        assert await images.private("other", {"hand": [17]}) is None
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage() for r in warnings] == ["no private images for tiny (RuntimeError); posting without them",
                                                  "no private images for other (RuntimeError); posting without them"]
    assert not any("17" in r.getMessage() or r.exc_info for r in caplog.records)


async def test_without_render_there_are_no_images(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "render", None)  # as bench/async_transport.py's no_images does
    assert await BoardImages().board("speicherstadt", {}) is None
    assert await BoardImages().private("speicherstadt", {}) is None


async def test_a_move_with_a_zoom_draws_the_board_once(db_path: Path, clock: FakeClock,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus panel is cut from the very canvas the board was encoded from: one drawing per posted move (the board
    was drawn a second time for the panel before)."""
    import render

    drawn: list[int] = []
    real = render.board_canvas

    def counting(*args: Any, **kwargs: Any) -> Any:
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(render, "board_canvas", counting)
    svc = await TableService.open(str(db_path), clock=clock, render=True, images=BoardImages())
    try:
        await svc.create(CH, 1, "speicherstadt", ANNA, "Anna")
        await svc.join(CH, BEN, "Ben")
        update = await svc.start(CH, ANNA, seed=7)
        zoomed = 0
        for _ in range(40):
            user = update.awaited[0]
            drawn.clear()
            update = await svc.act(CH, user, (await svc.legal(CH, user))[0][0])
            assert update.image is not None and len(drawn) == 1, len(drawn)
            # the board's words come with it, names in (bot/table/in_words.py): the summary, and the alt texts
            game, names = svc.game("speicherstadt"), list(update.table.names)
            assert update.summary == name_seats(game.summary(update.public_view or {}), names) and "Anna" in (
                update.summary)
            if update.public_events:
                assert update.alt == name_seats(game.alt_text(update.public_view or {}, update.public_events[-1]),
                                                names)
            if update.focus is not None:
                zoomed += 1
                assert update.focus.startswith(b"\x89PNG") and update.focus != update.image
                assert update.focus_alt == name_seats(game.alt_text(update.public_view or {}), names)
                break
        assert zoomed, "no move of the game had a part to zoom on"
    finally:
        await svc.close()
