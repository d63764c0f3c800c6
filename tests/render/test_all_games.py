"""The render entry points, the same way for every registered game: what the service relies on.

Each game's own test module checks its board in detail; this one checks that every game in
``rules.GAMES`` has a board, a private screen and a final sheet through ``render.board`` /
``render.private``, at its smallest and largest table, from the first move to the last, within the
shared limits (canvas size, minimum font, file size) and with names or seat numbers. It draws the plugin test
game Secret Nim too (``tests/support/games.py``: two players, a game of a handful of moves).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import render
import rules
from render.kit import Canvas
from rules.core import State
from tests.render.helpers import check_png, check_texts
from tests.support.games import NAMES
from tests.support.play import by_bot, moves

GAMES = NAMES
pytestmark = pytest.mark.usefixtures("plugin_games")


@functools.cache
def snapshots(name: str, n: int) -> list[tuple[State, dict[str, Any] | None]]:
    """A fresh game, one a quarter of the way in, one past half-way, and the finished game (bot play)."""
    game = rules.get_game(name)
    state = game.new_state(num_players=n, seed=31)
    out: list[tuple[State, dict[str, Any] | None]] = [(state.clone(), None)]
    plies: list[tuple[State, dict[str, Any] | None]] = []
    last = None
    played: list[tuple[int, str]] = []
    for move in moves(state, by_bot(game, 7), until=lambda s: s.ply >= 5000):
        if game.public_action(move.action) is not None:
            last = {"seat": move.seat, "action": move.action}
        played.append((move.seat, move.action))
        plies.append((state, last))
        if len(plies) % 40 == 0:  # keep a few copies, not every ply
            plies[-1] = (state.clone(), last)
    assert state.is_over(), f"{name}: the bot game did not finish"
    kept = [p for p in plies if p[0] is not state]
    if len(kept) < 2:  # a game of fewer than 80 moves: replay its log to the quarter and past half-way
        kept = []
        for k in (len(played) // 4, (2 * len(played)) // 3):
            again = game.new_state(num_players=n, seed=31)
            for seat, action in played[:k]:
                again.apply(seat, action)
            kept.append((again, plies[k - 1][1] if k else None))
        kept.append(kept[-1])  # so the indices below pick the two
    out += [kept[len(kept) // 4], kept[(2 * len(kept)) // 3]] if kept else []
    out.append((state, last))
    return out


def check_canvas(c: Canvas) -> None:
    """Text only (no region rules here: each game's module checks its regions), a pixel's slack at the edge."""
    check_texts(c, slack=1)


def check_image(png: bytes) -> None:
    img = check_png(png)
    assert 1000 <= img.width <= 1600 and 1.4 <= img.width / img.height <= 1.8, img.size  # ~16:10


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_renderer(name: str) -> None:
    module = render._module(name)
    for hook in ("draw_board", "draw_private"):
        assert callable(getattr(module, hook, None)), f"render/{name}.py lacks {hook}"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("size", ["min", "max"])
def test_boards_and_private_screens_through_a_game(name: str, size: str) -> None:
    game = rules.get_game(name)
    n = game.min_players if size == "min" else game.max_players
    names = [f"Player{i}" for i in range(n)]
    for state, last in snapshots(name, n):
        view = state.view(None)
        c = render.board_canvas(name, view, last=last, names=names)
        check_canvas(c)
        drawn = " ".join(t.text for t in c.texts)
        assert any(nm in drawn for nm in names), "no player name on the board"
        check_image(render.board(name, view, last=last, names=names))
        for seat in range(n):
            p = render.private_canvas(name, state.view(seat), names=names)
            check_canvas(p)
        check_image(render.private(name, state.view(n - 1), names=names))


@pytest.mark.parametrize("name", GAMES)
def test_seat_numbers_when_no_names_are_given(name: str) -> None:
    game = rules.get_game(name)
    state, last = snapshots(name, game.max_players)[2]
    c = render.board_canvas(name, state.view(None), last=last)
    drawn = " ".join(t.text for t in c.texts)
    assert "Seat 1" in drawn and f"Seat {game.max_players}" in drawn


@pytest.mark.parametrize("name", GAMES)
def test_final_image_names_every_seat_and_score(name: str) -> None:
    game = rules.get_game(name)
    n = game.max_players
    state, _ = snapshots(name, n)[-1]
    view = state.view(None)
    assert view["over"]
    names = [f"Player{i}" for i in range(n)]
    c = render.board_canvas(name, view, names=names)
    check_canvas(c)
    drawn = [t.text for t in c.texts]
    joined = " ".join(drawn)
    for seat in range(n):
        assert f"Player{seat}" in joined
        assert str(view["outcome"]["scores"][seat]) in drawn, f"final score of seat {seat} missing"
