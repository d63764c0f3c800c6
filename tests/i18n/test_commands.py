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


def test_every_game_takes_its_commands_in_the_readers_words() -> None:
    assert [g.name for g in rules.GAMES.values() if g.commands is None] == []
    with speaking("it"):
        assert rules.GAMES["colonia"].typed("commissionare sellaio") == "order saddler"
        assert rules.GAMES["strasbourg"].typed("Confermare") == "confirm"
        assert rules.GAMES["speicherstadt"].typed("piazzare 3") == "place 3"


def test_internal_ids_are_said_readably_and_both_are_typable() -> None:
    """A Speicherstadt contract by its goods, a Strasbourg chapel by the number its board prints (issue 42)."""
    speicherstadt, strasbourg = rules.GAMES["speicherstadt"], rules.GAMES["strasbourg"]
    assert speicherstadt.said("fill B02 tea") == "fill carpet+tea tea"
    assert strasbourg.said("chapel CH9") == "chapel 9"
    with speaking("fr"):
        assert speicherstadt.said("fill B02 tea") == "remplir tapis+thé thé"
        for typed in ("remplir thé+tapis thé", "remplir tapis+the the", "fill carpet+tea tea", "fill B02 tea"):
            assert speicherstadt.typed(typed) == "fill B02 tea", typed
        assert strasbourg.said("chapel CH9") == "chapelle 9"
        assert strasbourg.typed("chapelle 9") == strasbourg.typed("chapel CH9") == "chapel CH9"
        assert strasbourg.typed("chapelle 99") == "chapel 99"  # no such chapel: the rules refuse it as typed


def test_sentences_name_the_commands_in_the_readers_words() -> None:
    """No English command word inside a translated sentence: "…, poi confirm" was issue 42's example."""
    strasbourg, speicherstadt = rules.GAMES["strasbourg"], rules.GAMES["speicherstadt"]
    state = strasbourg.new_state(3, 5)
    with speaking("it"):
        refusal = state.refusal(0, "confirm")
        assert refusal is not None and "confermare" in refusal and "confirm" not in refusal, refusal
        summary = strasbourg.rules_text()
        for english in ("planning=", "in-turn", "unplace", "restart", "split 6"):
            assert english not in summary, english
        assert "riprendere" in summary and "dividere 6 | 5 1 | 4" in summary
    loading = speicherstadt.new_state(3, 5)
    with speaking("de"):
        said = loading.refusal(loading.to_act()[0], "done")
        assert said is not None and "(setzen <" in said and "place" not in said, said
