"""Every game's image has a description for screen readers within Discord's limit (``Game.alt_text``)."""

from __future__ import annotations

import pytest

import rules
from rules.core import ALT_TEXT_MAX, Rng, fit_lines
from tests.support.games import NAMES, some_players


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.usefixtures("plugin_games")
def test_every_board_has_alt_text_within_discords_limit(name: str) -> None:
    game = rules.GAMES[name]
    state = game.new_state(some_players(name, game.min_players + 1), 5)
    for ply in range(60):
        awaited = state.to_act()
        if not awaited:
            break
        seat = awaited[0]
        legal = state.legal_actions(seat)
        state.apply(seat, game.bot_action(state.view(seat), legal, seat, Rng(5, "test", ply)))
        text = game.alt_text(state.view(None), last="Seat 1 did something")
        assert 0 < len(text) <= ALT_TEXT_MAX
        assert "Seat 1 did something" in text


def test_fit_lines_keeps_whole_lines_and_cuts_only_a_first_line_too_long() -> None:
    assert fit_lines(["aaaa", "bbbb", "cccc"], 9) == "aaaa\nbbbb"
    assert fit_lines(["x" * 20], 5) == "xxxx…"
    assert fit_lines(["", "  a  ", ""], 10) == "a"
