"""Strasbourg in every language: the catalogs are complete, whole bot games say nothing that skipped them (the
pseudo-locale), and the images fit their texts in English, French, German and Italian.

The pseudo-locale makes every text 40% longer than the English: on a board drawn at the 32 px minimum font that
is more than its narrowest boxes hold (a seat's name on the council, an edifice on the rounds strip), so there
the images are held to their texts staying on the canvas and all coming from the catalogs, and the real
languages to every text fitting whole."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from bot.lang import PSEUDO, speaking
from bot.tools import catalogs
from render import strasbourg as sb
from render.kit import Canvas
from rules import get_game
from rules.strasbourg.data import RECONSTRUCTED
from rules.strasbourg.state import SCORE_COLUMNS, StrasbourgState
from rules.words import translator
from tests.support.play import by_bot, moves
from tests.support.pseudo import untranslated

GAME = get_game("strasbourg")
NAMES = ["Alexandra", "Bo", "Christophe", "Dagmar", "Eleonore"]
# a name cut to its chip ("Christop…") is still a name, not a text that skipped the catalogs
NAME_PARTS = sorted({name[:k] for name in NAMES for k in range(2, len(name) + 1)})
# Well-formed actions that are often not legal now: their refusals are said to the player.
PROBES = ("reveal 9", "privilege", "pass", "buy A1", "buy I6", "sell smiths", "sell all", "done", "skip", "goods",
          "return 6", "chapel CH1", "build B2", "keep O01", "drop O02", "confirm", "draw", "stop", "add 6", "add all",
          "close", "singles", "unplace", "restart", "split 6 | 5", "6 5 | 4")

_, _n = translator("strasbourg")


def test_the_strasbourg_catalogs_are_complete() -> None:
    assert catalogs.problems("strasbourg") == []


def _said(text: str, where: str) -> None:
    assert untranslated(text) == [], f"{where}: {text!r}"


@pytest.mark.parametrize(("n", "seed", "options"), [
    (3, 11, {"planning": "in-turn"}), (4, 5, {"leftovers": "discard"}), (5, 2, {}),
])
def test_whole_bot_games_say_everything_in_the_readers_language(n: int, seed: int, options: dict[str, str]) -> None:
    """Every event (public and private), menu label, refusal and summary of whole games, under the pseudo-locale."""
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, StrasbourgState)
    refused = 0
    with speaking(PSEUDO):
        for played in moves(state, by_bot(GAME, seed)):
            for event in played.step.events:
                _said(GAME.event_text(event), f"event {event.kind}")
            for seat in state.to_act():
                for action in state.legal_actions(seat):
                    _said(state.describe_for(seat, action), f"label of {action}")
                    _said(state.describe(action), f"label of {action}")
                for probe in PROBES:
                    if not state._is_legal(seat, probe) and (refusal := state.refusal(seat, probe)) is not None:
                        _said(refusal, f"refusal of {probe}")
                        refused += 1
            for viewer in (None, *range(n)):
                _said(GAME.summary(state.view(viewer)), f"summary for {viewer}")
        _said(GAME.rules_text(), "rules summary")
        for line in RECONSTRUCTED:
            _said(_(line), "reconstructed data")
        for column in SCORE_COLUMNS:
            _said(_(column), "score column")
    assert state.is_over()
    assert refused > 100


def test_english_is_what_it_was() -> None:
    state = GAME.new_state(4, 5)
    assert isinstance(state, StrasbourgState)
    status = GAME.summary(state.view(0)).splitlines()[0]
    assert status == "Round 1/5 · planning · waiting for seat 0, seat 1, seat 2, seat 3"
    assert state.describe("draw") == "Draw the top influence card"
    with speaking("fr"):
        assert state.describe("draw") == "Piocher la carte d'influence du dessus"
        status = GAME.summary(state.view(0)).splitlines()[0]
        assert status.startswith("Tour 1/5 · programmation · en attente de joueur 0")  # rules.words.seat_in_text


# ---------------------------------------------------------------- images
def _situation(state: StrasbourgState) -> str:
    """What an image of this state shows that another does not (one image of each is enough)."""
    if state.phase == "planning":
        return f"planning {state.round == 1} {state.players[0]['plan']}"
    if state.tasks:
        return f"task {state.tasks[0]['kind']}"
    if state.bid is not None:
        return f"bid {state.letter} {'revealed' in state.bid['status']}"
    return state.phase


@functools.cache
def _snapshots() -> list[tuple[StrasbourgState, dict[str, Any] | None]]:
    """One state per situation of two bot games, and their ends, each with the last public move."""
    out: dict[str, tuple[StrasbourgState, dict[str, Any] | None]] = {}
    for n, seed, options in ((4, 7, {}), (5, 3, {"planning": "in-turn"})):
        state = GAME.new_state(n, seed, options)
        assert isinstance(state, StrasbourgState)
        last: dict[str, Any] | None = None
        for played in moves(state, by_bot(GAME, seed)):
            if GAME.public_action(played.action) is not None:
                last = {"seat": played.seat, "action": played.action}
            copy = state.clone()
            assert isinstance(copy, StrasbourgState)
            out.setdefault(f"{n} {_situation(state)}", (copy, last))
    return list(out.values())


def _images(state: StrasbourgState, last: dict[str, Any] | None) -> list[tuple[str, Canvas]]:
    names = NAMES[: state.num_players]
    images = [("board", sb.draw_board(state.view(None), last, names))]
    images += [(f"screen of {seat}", sb.draw_private(state.view(seat), names)) for seat in range(state.num_players)]
    if state.is_over():
        images.append(("final", sb.draw_final(state.view(None), names)))
    return images


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", PSEUDO])
def test_every_image_fits_its_texts(lang: str) -> None:
    with speaking(lang):
        for state, last in _snapshots():
            for image, canvas in _images(state, last):
                where = f"{lang} {image}, {state.num_players} players, {_situation(state)}"
                for record in canvas.texts:
                    box = record.box
                    assert box.x >= 0 and box.x2 <= canvas.w and box.y >= 0 and box.y2 <= canvas.h, (where, record)
                    if lang == PSEUDO:
                        assert untranslated(record.text, allowed=NAME_PARTS) == [], (where, record.text)
                    else:
                        assert not record.cut, (where, record.text)
