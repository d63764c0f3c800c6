"""The Speicherstadt speaks French, German and Italian: complete catalogs, every text of whole games through them
(the pseudo-locale finds any that skipped), and images whose texts fit in every language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import rules
from bot.lang import PSEUDO, speaking
from bot.tools import catalogs
from render import speicherstadt as ss
from render.kit import Canvas
from rules.core import State
from rules.speicherstadt.data import GOODS, RECONSTRUCTED, reconstructed_from_cards
from rules.speicherstadt.state import SpeicherstadtState
from rules.speicherstadt.text import card_name, describe_action
from rules.words import translator
from tests.support.play import Played, by_bot, moves
from tests.support.pseudo import untranslated

GAME = rules.get_game("speicherstadt")
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]
_, _n = translator("speicherstadt")

#: Typed actions that each get refused in some phase (wrong phase, no such card, good or cube, full hall...).
PROBES = ("place 9", "place 1", "buy", "decline", "fill B02 tea", "fill XX tea", "fill B02", "fill b02 tea",
          "sell tea", "sell plum", "store tea", "hall coffee", "take tea", "take tea wh", "take tea hall",
          "marketsell", "convert tea", "done")
#: What players type stays English in a refusal that tells them what to type (the protocol, like chess notation).
TYPED = ("place", "buy", "decline", "done", "fill", "sell", "store", "hall", "take", "wh", "marketsell", "convert",
         "plum", "XX", "b02", *GOODS)


def _game(n: int, seed: int) -> Iterator[tuple[State[Any], Played]]:
    state = GAME.new_state(n, seed)
    for move in moves(state, by_bot(GAME, seed)):
        yield state, move


def _fine(text: str, allowed: tuple[str, ...] = ()) -> None:
    assert untranslated(text, allowed=allowed) == [], text


def test_the_catalogs_are_complete() -> None:
    assert catalogs.problems("speicherstadt") == []


@pytest.mark.parametrize(("n", "seed"), [(2, 11), (5, 13)])
def test_every_text_of_a_whole_game_goes_through_the_catalogs(n: int, seed: int) -> None:
    refusals = 0
    with speaking(PSEUDO):
        for state, move in _game(n, seed):
            for event in move.step.events:
                _fine(GAME.event_text(event))
            _fine(GAME.summary(state.view(None)))
            for seat in state.to_act():
                view = state.view(seat)
                _fine(GAME.summary(view))
                for action in state.legal_actions(seat):
                    _fine(state.describe_for(seat, action))
                    _fine(state.describe(action))
                for _order, label in GAME.standing_orders(view, seat):
                    _fine(label)
                for action in PROBES:
                    why = state.refusal(seat, action)
                    if why is not None:
                        refusals += 1
                        _fine(why, TYPED)
        assert state.view(None)["over"]
        for seat in range(n):
            _fine(GAME.summary(state.view(seat)))
        for text in (GAME.title, GAME.rules_summary, GAME.together_text, GAME.tiebreak_label):
            _fine(_(text))
        for text in GAME.reconstructed:
            _fine(_(text))
    assert refusals > 100


def test_the_reconstructed_data_as_written_for_the_catalogs_is_the_card_lists() -> None:
    assert RECONSTRUCTED[:3] == reconstructed_from_cards()


def test_the_english_names_of_the_cards_are_the_datas_and_every_language_has_its_own() -> None:
    state = GAME.new_state(3, 1)
    assert isinstance(state, SpeicherstadtState)
    assert card_name("B04") == "Contract coffee+tea+rubber+carpet" and card_name("A12") == "Fireman 2"
    with speaking("fr"):
        assert card_name("B04") == "Contrat café+thé+caoutchouc+tapis"
        assert card_name("D15") == "Saint-Michel"
        assert describe_action(state, "place 1").startswith("Ouvrier au-dessus de la carte 1")
    with speaking("de"):
        assert card_name("A01") == "Kontor" and card_name("E01") == "4. Brand"
    with speaking("it"):
        assert card_name("A09") == "Torrefattore di caffè"


def _canvases(state: State[Any], names: list[str]) -> Iterator[Canvas]:
    assert isinstance(state, SpeicherstadtState)
    view = state.view(None)
    yield ss.draw_board(view, None, names)
    yield from (ss.draw_private(state.view(seat), names) for seat in range(state.num_players))
    if view["over"]:
        yield ss.draw_final(view, names)


@pytest.mark.parametrize(("n", "seed"), [(3, 5), (5, 4)])
def test_the_images_fit_every_language(n: int, seed: int) -> None:
    """Sampled through a whole game (5 players: the narrowest cards and panels), every text of every image is drawn
    whole and inside the image in English, French, German and Italian. The pseudo-locale, 40% longer than English,
    may cut (the images never shrink a font below the phone-readable size) but draws only catalogued text."""
    names = NAMES[:n]
    samples = [state.clone() for state, move in _game(n, seed) if move.index % 13 == 0 or not state.to_act()]
    assert samples[-1].view(None)["over"]
    for lang in ("en", "fr", "de", "it", PSEUDO):
        every = 1 if lang == "fr" else 2  # French, the showcase, on every sample; the others on half (and the end)
        with speaking(lang):
            for state in [*samples[:-1:every], samples[-1]]:
                for canvas in _canvases(state, names):
                    for record in canvas.texts:
                        box = record.box
                        assert box.x >= 0 and box.y >= 0 and box.x2 <= canvas.w and box.y2 <= canvas.h, (lang, record)
                        if lang == PSEUDO:
                            _fine(record.text, tuple(names))
                        else:
                            assert not record.cut, (lang, record.text)


def test_a_good_put_on_a_contract_is_delivered_not_fulfilled() -> None:
    """Issue 42: "(erfüllt: Kaffee)" said a contract was complete when one good had been delivered to it."""
    from bot.lang import speaking
    from rules.words import translator

    _, _n = translator("speicherstadt")
    with speaking("de"):
        assert _("(filled: {goods})").format(goods="Kaffee") == "(geliefert: Kaffee)"
    with speaking("fr"):
        assert _("(filled: {goods})").format(goods="café") == "(reçu : café)"
