"""Everyone can follow every game, the plugin test game Secret Nim too (tests/support/games.py: two players, a
secret pick): each image's alt text is there within Discord's limit and names the last move, the words
(``Game.summary``) say everything the board and the private screen draw, and a secret shows in no public words.

Each game's own module (``test_<game>.py``) checks its words in detail across whole games; this one samples the
opening of a seeded bot game of every registered game at its own player counts (a short game: the whole of it)."""

from __future__ import annotations

import functools
import importlib
import json
from typing import Any

import pytest

import render
import rules
from rules.core import ALT_TEXT_MAX
from tests.support.games import NAMES, NIM, player_counts
from tests.support.play import by_bot, moves
from tests.support.tracking import track

pytestmark = pytest.mark.usefixtures("plugin_games")
OPENING = 120  # moves sampled of a long game
SAMPLES = 8


#: read by every image, no game information: the roster counts the seats to name them ("Seat 4"; render/names.py)
EVERY_DRAWING = frozenset({"num_players"})


def drawing_only(name: str) -> frozenset[str]:
    """The view keys a game's images read that carry no game information (its own a11y module names them)."""
    try:
        found: frozenset[str] = importlib.import_module(f"tests.a11y.test_{name}").DRAWING_ONLY
    except ModuleNotFoundError:
        return EVERY_DRAWING
    return found | EVERY_DRAWING


@functools.cache
def sampled(name: str, players: int) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """(public view, private views) at a few points of the opening of a seeded bot game, and where it stopped."""
    game = rules.get_game(name)
    state = game.new_state(players, 17)
    kept = [state.views(range(players))]
    for move in moves(state, by_bot(game, 17), max_steps=OPENING):
        if move.index % (OPENING // SAMPLES) == 0 or state.is_over():
            kept.append(state.views(range(players)))
    kept.append(state.views(range(players)))
    return [(json.loads(json.dumps(public)), [json.loads(json.dumps(v)) for v in mine.values()])
            for public, mine in kept]


def cases() -> list[tuple[str, int]]:
    return [(name, n) for name in NAMES for n in (player_counts(name).start, player_counts(name).stop - 1)]


def reads(view: dict[str, Any], reader: Any) -> set[str]:
    tracked, paths = track(json.loads(json.dumps(view)))
    reader(tracked)
    return paths


@pytest.mark.parametrize(("name", "players"), cases())
def test_every_image_has_alt_text_within_discords_limit_naming_the_last_move(name: str, players: int) -> None:
    game = rules.get_game(name)
    for public, private in sampled(name, players):
        text = game.alt_text(public, last="a move to name")
        assert 0 < len(text) <= ALT_TEXT_MAX and "a move to name" in text
        for view in private:
            mine = game.alt_text(view)
            assert 0 < len(mine) <= ALT_TEXT_MAX


@pytest.mark.parametrize("name", NAMES)
def test_the_words_say_everything_the_images_draw(name: str) -> None:
    game = rules.get_game(name)
    players = player_counts(name).start
    for public, private in sampled(name, players):
        drawn = reads(public, lambda v: render.board_canvas(name, v))
        missing = drawn - reads(public, game.summary) - drawing_only(name)
        assert not missing, (public["phase"], sorted(missing))
        for view in private:
            drawn = reads(view, lambda v: render.private_canvas(name, v))
            missing = drawn - reads(view, game.summary) - drawing_only(name)
            assert not missing, (view["phase"], view["viewer"], sorted(missing))


def test_a_secret_pick_shows_in_its_players_words_only() -> None:
    game = rules.get_game(NIM)
    state = game.new_state(2, 4)
    state.apply(1, "pick 3")  # seat 1 has picked; seat 0 has not
    public, mine = state.views(range(2))
    for words in (game.summary(public), game.alt_text(public, last=None), game.summary(mine[0]),
                  game.alt_text(mine[0])):
        assert "3" not in words.replace(f"Round {public['round']}", ""), words
        assert "picked" in words  # that seat 1 has picked is public
    assert "Your pick: 3" in game.summary(mine[1]) and "Your pick: 3" in game.alt_text(mine[1])
    drawn = " ".join(t.text for t in render.board_canvas(NIM, public).texts)
    assert "(picked)" in drawn and "3" not in drawn.replace(f"Round {public['round']}", "")
