"""The language machinery itself: picking a reader's language, speaking it per task, the pseudo-locale."""

from __future__ import annotations

import asyncio

import pytest

from bot.lang import PSEUDO, language_of, pseudo, speaking
from rules import words
from rules.core import IllegalAction
from rules.speicherstadt import SpeicherstadtGame
from tests.support.pseudo import untranslated

_, _n = words.translator("core")


@pytest.mark.parametrize(("locale", "lang"), [
    ("fr", "fr"), ("de", "de"), ("it", "it"), ("en-US", "en"), ("en-GB", "en"), ("pt-BR", "en"), (None, "en"),
    ("FR", "fr"), ("de_CH", "de"), ("qps", PSEUDO),
])
def test_a_discord_locale_maps_to_a_language_kontor_speaks(locale: object, lang: str) -> None:
    assert language_of(locale) == lang


def test_an_unknown_locale_takes_the_callers_fallback() -> None:
    assert language_of("ja", default="de") == "de"


def test_the_rules_speak_the_language_the_edge_installed_and_english_without_one() -> None:
    game = SpeicherstadtGame()
    with pytest.raises(IllegalAction, match="is for 2–5 players"):
        game.check_players(9)
    with speaking("fr"), pytest.raises(IllegalAction, match="joueurs"):
        game.check_players(9)
    with speaking("de"), pytest.raises(IllegalAction, match="Spieler"):
        game.check_players(9)
    assert words.language() == "en"


async def test_concurrent_tasks_each_keep_their_own_language() -> None:
    async def say(lang: str) -> str:
        with speaking(lang):
            await asyncio.sleep(0)  # the other task runs here with its own language
            return _("The game is over.")

    said = await asyncio.gather(say("fr"), say("de"), say("en"), say("it"))
    assert said[2] == "The game is over."
    assert len(set(said)) == 4


def test_the_pseudo_locale_accents_and_lengthens_but_keeps_placeholders() -> None:
    text = pseudo("Round {round} begins with {n:+d} cards.")
    assert "{round}" in text and "{n:+d}" in text
    assert len(text) >= 1.4 * len("Round {round} begins with {n:+d} cards.")
    assert untranslated(text.format(round=3, n=2)) == []
    assert untranslated("Round 3 begins") == ["Round", "begins"]


def test_the_pseudo_check_lets_names_and_ids_through() -> None:
    assert untranslated("Ana takes B04 from H28 at IV.2", allowed=["Ana"]) == ["takes", "from", "at"]


def test_numbers_are_written_the_readers_way() -> None:
    with speaking("de"):
        assert words.number(1234) == "1.234"
    with speaking("fr"):
        assert words.number(1234).replace("\u202f", " ") == "1 234"
    assert words.number(1234) == "1,234"


def test_the_front_ends_name_the_seats_in_every_language() -> None:
    from bot.table.model import name_seats
    from rules.words import seat

    for lang in ("en", "fr", "de", "it", PSEUDO):
        with speaking(lang):
            text = f"{seat(1)} → {seat(0).lower()}, {seat(7)}"
            assert name_seats(text, ["Ana", "Bo"]) == f"Bo → Ana, {seat(7)}", lang


def test_french_elides_de_and_que_before_a_name_that_starts_with_a_vowel() -> None:
    """Issue 42: "renvoie le membre de Audrey" reads "d'Audrey"; names starting with a consonant stay as they are."""
    from bot.table import name_seats

    with speaking("fr"):
        said = name_seats("Joueur 0 renvoie le membre de Joueur 1, puis celui de Joueur 0 ; plus que Joueur 2.",
                          ["Bob", "Audrey", "Éloi"])
    assert said == "Bob renvoie le membre d'Audrey, puis celui de Bob ; plus qu'Éloi."
    with speaking("en"):
        assert name_seats("the move de Seat 1", ["Bob", "Audrey"]) == "the move de Audrey"


def test_italian_says_ad_and_ed_before_a_name_that_starts_with_the_same_vowel() -> None:
    """Issue 42: "dà 1 grano a Ada" reads "ad Ada"; "e Elena" reads "ed Elena"; other names stay as they are."""
    from bot.table import name_seats

    with speaking("it"):
        said = name_seats("Giocatore 1 dà 1 grano a Giocatore 0 e Giocatore 3, poi a Giocatore 1 e Giocatore 2.",
                          ["Ada", "Bo", "Carla", "Elena"])
    assert said == "Bo dà 1 grano ad Ada ed Elena, poi a Bo e Carla."
    with speaking("fr"):
        assert name_seats("a Joueur 0", ["Ada"]) == "a Ada"


def test_a_loss_of_one_takes_the_singular() -> None:
    """Issue 42: "-1 Punkte" reads "-1 Punkt" (German plural forms chosen by the size, as in every language)."""
    from rules.words import translator

    _, _n = translator("speicherstadt")
    with speaking("de"):
        assert _n("{n} point", "{n} points", -1).format(n=-1) == "-1 Punkt"
        assert _n("{n} point", "{n} points", -2).format(n=-2) == "-2 Punkte"
    assert _n("{n} point", "{n} points", -1).format(n=-1) == "-1 point"
