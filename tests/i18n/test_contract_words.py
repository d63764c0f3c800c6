"""The words the games mark with ``N_()`` for the front ends: score categories named in the reader's language (never a
raw breakdown key), the rules summary and reconstructed lines of ``/game rules`` and the terminal's ``rules``, and a
word whose translation depends on its use (French "aucun"/"aucune") told apart by a gettext context."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import rules
from bot.lang import speaking
from bot.terminal.text import score_table
from tests.support.games import NAMES, some_players
from tests.support.play import by_bot, moves
from tests.support.pseudo import untranslated

GAMES = NAMES  # the plugin test game Secret Nim too (tests/support/games.py: two players)
pytestmark = pytest.mark.usefixtures("plugin_games")


def finished(name: str, players: int | None = None, seed: int = 5):
    game = rules.GAMES[name]
    state = game.new_state(some_players(name) if players is None else players, seed, {})
    for _played in moves(state, by_bot(game, seed)):
        pass
    assert state.is_over()
    return state.outcome()


@pytest.mark.parametrize("name", GAMES)
def test_every_score_category_has_a_label_and_the_final_table_reads_no_raw_key(name: str) -> None:
    game = rules.GAMES[name]
    outcome = finished(name)
    keys = {k for part in outcome.breakdown for k in part}
    assert keys and keys <= set(game.score_labels), keys - set(game.score_labels)
    table = SimpleNamespace(game=name, names=["Ada", "Bo", "Cy"][:len(outcome.scores)])
    with speaking("qps"):
        text = score_table(table, outcome)  # type: ignore[arg-type]
    for key in keys:
        assert key not in text.lower().split(), key
    head = text.splitlines()[0]
    assert untranslated(head) == [], head


def test_speicherstadts_final_table_reads_french() -> None:
    outcome = finished("speicherstadt")
    table = SimpleNamespace(game="speicherstadt", names=["Ada", "Bo", "Cy"])
    with speaking("fr"):
        text = score_table(table, outcome)  # type: ignore[arg-type]
    assert "Incendies" in text.splitlines()[0] or "Contrats" in text.splitlines()[0], text
    assert "fires" not in text and "contracts" not in text


@pytest.mark.parametrize("name", GAMES)
def test_the_rules_summary_and_the_reconstructed_lines_are_translated(name: str) -> None:
    game = rules.GAMES[name]
    from rules.words import translator

    _, _n = translator(name)
    with speaking("qps"):
        for text in [game.rules_summary, *game.reconstructed]:
            if text:
                assert _(text) != text, text


def test_none_takes_the_gender_of_what_it_counts_in_french() -> None:
    from rules.words import contextual, translator

    _, _n = translator("strasbourg")
    _p = contextual("strasbourg")
    with speaking("fr"):
        assert _p("members", "none") == "aucun" and _p("objectives", "none") == "aucun"
        assert _("none") == "aucune"  # the cards, the stacks
    with speaking("en"):
        assert _p("objectives", "none") == "none"
    with speaking("qps"):
        assert _p("spaces", "none") != "none"


def test_a_seat_mid_sentence_is_lower_case_but_in_german() -> None:
    from rules import words

    said = {}
    for lang in ("en", "fr", "de", "it"):
        with speaking(lang):
            said[lang] = words.seat_in_text(2)
            assert words.seat_pattern().fullmatch(said[lang])  # the front ends still find it to put the name there
    assert said["en"] == "seat 2" and said["de"][:1].isupper() and said["fr"][:1].islower() and said["it"][:1].islower()
    from rules.colonia import names
    from rules.speicherstadt import text

    assert text.seat_in_text is words.seat_in_text and names.seat_in_text is words.seat_in_text  # one definition


async def test_the_terminals_rules_command_shows_the_summary_and_the_reconstructed_lines_translated(tmp_path) -> None:
    import argparse
    import io

    from bot.terminal import table as terminal
    from rules.words import translator

    game = rules.GAMES["speicherstadt"]
    _, _n = translator("speicherstadt")
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    args = parser.parse_args(["speicherstadt", "--db", str(tmp_path / "t.sqlite3"), "--name", "Ada", "--seats",
                              "Ada,bot", "--seed", "3", "--lang", "fr"])
    out = io.StringIO()
    assert await terminal.play(args, io.StringIO("rules\nq\n"), out) == 0
    text = out.getvalue()
    with speaking("fr"):
        expected = [game.rules_text(), *(_(line) for line in game.reconstructed)]
    assert game.reconstructed and "Données de matériel reconstituées :" in text
    for line in expected:
        assert line in text and line not in (game.rules_summary, *game.reconstructed), line
