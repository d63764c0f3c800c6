"""Board images in worker processes (bot/table/render_pool.py): the same PNGs as drawn in a thread, drawn in another
process (the parent's renderer is not even called), and a game only the parent knows drawn in a thread there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import render
import rules
from bot.table.images import BoardImages
from bot.table.render_pool import RenderPool
from rules.core import Event, Rng
from tests.support.toygame import TALLY, TALLY_PARTS

NAMES = ["Ana", "Ben", "Cleo", "Dario"]


@pytest.fixture(scope="module")
def pool() -> Iterator[RenderPool]:
    workers = RenderPool(2)
    yield workers
    workers.close()


def _positions() -> list[tuple[str, dict, list[Event], dict]]:
    """Per game: a seeded position a few steps in, with the last step's events, and seat 0's private view."""
    out = []
    for name, game in rules.GAMES.items():
        state = game.new_state(num_players=max(3, game.min_players), seed=11)
        events: list[Event] = []
        rng = Rng(11, "test")
        for _ in range(6):
            if not state.to_act():
                break
            seat = state.to_act()[0]
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        out.append((name, state.view(None), events, state.view(0)))
    return out


async def test_pooled_images_are_the_inline_ones_drawn_elsewhere(pool: RenderPool,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    inline, pooled = BoardImages(), BoardImages(pool=pool)
    expected = {}
    for name, view, events, mine in _positions():
        expected[name] = (await inline.board(name, view, last_events=events, names=NAMES),
                          await inline.private(name, mine, names=NAMES))
        assert expected[name][0] is not None and expected[name][1] is not None

    def not_here(*_args: object, **_kwargs: object) -> bytes:
        raise AssertionError("drawn in the bot's own process")

    monkeypatch.setattr(render, "board", not_here)  # the parent's renderer: never called with a pool
    monkeypatch.setattr(render, "private", not_here)
    before = pool.drawn
    for name, view, events, mine in _positions():
        got = (await pooled.board(name, view, last_events=events, names=NAMES),
               await pooled.private(name, mine, names=NAMES))
        assert got == expected[name], name
    assert pool.drawn - before == 2 * len(rules.GAMES)


async def test_a_game_registered_here_only_is_drawn_here(pool: RenderPool) -> None:
    images = BoardImages(pool=pool)
    with rules.registered(TALLY_PARTS):
        view = TALLY.new_state(2, 5).view(None)
        before = pool.drawn
        png = await images.board("tally", view, names=["Ana", "Ben"])
        assert png == render.board("tally", view, names=["Ana", "Ben"])
        assert pool.drawn == before  # the workers do not know it: a thread here drew it


async def test_the_workers_are_other_processes(pool: RenderPool) -> None:
    import os

    pids = await pool.warm()
    assert pids and len(pids) <= 2 and os.getpid() not in pids  # the pool's workers, none of them this process


async def test_a_worker_draws_in_the_language_of_the_task_that_asked(pool: RenderPool) -> None:
    from bot.lang import speaking

    name, view, events, _mine = _positions()[0]
    inline, pooled = BoardImages(), BoardImages(pool=pool)
    with speaking("fr"):
        french = await inline.board(name, view, last_events=events, names=NAMES)
        assert await pooled.board(name, view, last_events=events, names=NAMES) == french
    assert await pooled.board(name, view, last_events=events, names=NAMES) != french  # English, not the last one
