"""Typed commands in the reader's words (issue 42): every game's command words, in every language, read back to the
same action; none is two words, none stands for two English words, none is another English word of the game."""

from __future__ import annotations

import random

import pytest

import rules
from bot.lang import LANGUAGES, speaking
from rules.words import _fold

GAMES = [g for g in rules.GAMES.values() if g.commands is not None]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_command_words_are_single_unambiguous_words(game: rules.Game, lang: str) -> None:
    commands = game.commands
    assert commands is not None
    with speaking(lang):
        said = {word: commands.said(word) for word in commands.words}
    assert [w for w, s in said.items() if not s or " " in s] == []
    folded: dict[str, str] = {}
    for word, s in said.items():
        assert folded.setdefault(_fold(s), word) == word, f"{lang}: '{s}' says both {folded[_fold(s)]} and {word}"
    english = {_fold(w) for w in commands.words}
    assert [s for w, s in said.items() if _fold(s) in english and _fold(s) != _fold(w)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_menu_action_said_in_the_readers_words_reads_back(game: rules.Game, lang: str) -> None:
    rnd = random.Random(42)
    state = game.new_state(game.min_players, 42)
    seen = 0
    with speaking(lang):
        for _ply in range(400):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                assert game.typed(game.said(action)) == action, (lang, action, game.said(action))
                assert game.typed(action) == action  # English still works
                seen += 1
            state.apply(seat, rnd.choice(legal))
    assert seen > 100
