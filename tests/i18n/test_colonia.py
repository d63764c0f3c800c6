"""Colonia speaks every language: its catalogs are complete, every text it makes goes through them (whole bot games
under the pseudo-locale), and its images fit their texts in English, French, German, Italian and the pseudo-locale."""

from __future__ import annotations

from typing import Any

import pytest

import render
from bot.lang import PSEUDO, speaking
from bot.tools import catalogs
from render.kit import Canvas
from rules import get_game
from rules.colonia import data as D
from rules.colonia.names import _
from rules.colonia.refusal import WHEN
from rules.colonia.state import ColoniaState
from rules.core import Rng
from rules.words import seat
from tests.render.helpers import is_name
from tests.support.pseudo import untranslated

GAME = get_game("colonia")
NAMES = ["Annelie", "Bartholomäus", "Cord", "Dietlinde", "Egbert", "Friederike"]
#: Card ids are typed as they are ("buy BER-SHRINE"); the others have digits, which the check lets through anyway.
IDS = [r.id for r in D.RELICS if r.shrine]
#: What players type, which a refusal may quote as it is: the command words and the names of the goods, craftsmen
#: and currencies ("Choose one of the goods: saddle, …"). Only refusals may show them untranslated.
TYPED = [*WHEN, *D.GOODS, *D.CRAFTSMEN, *D.CURRENCIES]


def _clean(text: str, where: str) -> None:
    left = untranslated(text, allowed=NAMES + IDS + (TYPED if where.startswith("refusal") else []))
    assert left == [], f"{where}: {text!r} has words that skipped the catalogs: {left}"


def test_the_colonia_catalogs_are_complete() -> None:
    assert catalogs.problems("colonia") == []


def _bot_move(state: ColoniaState) -> tuple[int, str]:
    seat_ = state.to_act()[state.ply % len(state.to_act())]
    return seat_, GAME.bot_action(state.view(seat_), state.legal_actions(seat_), seat_, Rng(state.seed, "i18n",
                                                                                                  state.ply))


def _every_text(state: ColoniaState, mover: int, events: list[Any]) -> list[tuple[str, str]]:
    """Each text a reader may be shown now: the step's events, every seat's menu labels, orders, view and summary."""
    out = [(f"event {e.kind}", GAME.event_text(e)) for e in events]
    for s in range(state.num_players):
        view = state.view(s)
        out.append(("summary", GAME.summary(view)))
        out.append(("status", str(view["status"])))
        for action in state.legal_actions(s):
            out.append((f"label {action}", state.describe_for(s, action)))
            out.append((f"public label {action}", state.describe(action)))
        out.extend((f"order {oid}", label) for oid, label in GAME.standing_orders(view, s))
    out.append(("public summary", GAME.summary(state.view(None))))
    # refusals: an action of another day, a stall or an order out of reach, a relic nobody can afford
    for action in ("family 9", "family 3", "stall 1", "stall 9", "order saddler", "order nobody", "load S01 1",
                   "buy LON-15-1", "insure LON-5-1", "exchange pfund", "exchange 3 pfund to mark", "take nothing",
                   "give saddle", "extra S01", "enshrine BER-5-1", "vote yes"):
        reason = state.refusal(mover, action)
        if reason is not None:
            out.append((f"refusal {action}", reason))
    return out


@pytest.mark.parametrize(("players", "seed"), [(3, 31), (5, 32)])
def test_a_whole_game_in_the_pseudo_locale_leaves_no_english(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    assert isinstance(state, ColoniaState)
    checked = 0
    with speaking(PSEUDO):
        _clean(_(GAME.rules_summary), "rules summary")
        for line in GAME.reconstructed:
            _clean(_(line), "reconstructed")
        _clean(GAME.summary(state.view(0)), "summary at the start")
        while state.to_act():
            mover, action = _bot_move(state)
            step = state.apply_step(mover, action)
            texts = _every_text(state, mover, step.events) if state.ply % 3 == 0 or step.events else [
                (f"event {e.kind}", GAME.event_text(e)) for e in step.events]
            for where, text in texts:
                _clean(text, where)
                checked += 1
        for where, text in _every_text(state, 0, []):
            _clean(text, where)
    assert checked > 1000


def test_a_seat_inside_a_text_is_named_in_every_language() -> None:
    from rules.colonia.names import seat_in_text

    for lang, word in (("en", "seat 2"), ("fr", "joueur 2"), ("de", "Spieler 2"), ("it", "giocatore 2")):
        with speaking(lang):
            assert seat_in_text(2) == word
            assert seat(2).lower() == word.lower()


# ---------------------------------------------------------------- images
def _fits(canvas: Canvas, lang: str, what: str) -> None:
    for record in canvas.texts:
        # a long player name may be cut on purpose (its chip has the room it has); no text of the game may
        assert not record.cut or any(is_name(record.text, n) for n in NAMES), f"{lang} {what}: {record.text!r} was cut"
        assert record.box.inside(canvas.box), f"{lang} {what}: {record.text!r} leaves the canvas"


Moment = tuple[str, ColoniaState, list[Any]]


def _moments(players: int, seed: int) -> list[Moment]:
    """Moments of one game (each stage, loop and last move kind once, first week and later) with the last step's
    events (the board writes the last move), and the end."""
    state = GAME.new_state(players, seed)
    assert isinstance(state, ColoniaState)
    kept: list[Moment] = []
    seen: set[str] = set()
    events: list[Any] = []
    while state.to_act():
        loop = state.loop["kind"] if state.loop else ""
        key = f"{state.stage}:{loop}:{state.week > 1}:{state.lean}:{state.extra_holds}:" + ",".join(
            e.kind for e in events[:1])
        if key not in seen:
            seen.add(key)
            snapshot = GAME.load(state.dump())  # a copy of its own: play goes on in ``state``
            assert isinstance(snapshot, ColoniaState)
            kept.append((key, snapshot, events))
        mover, action = _bot_move(state)
        events = state.apply_step(mover, action).events
    kept.append(("over", state, events))
    return kept


@pytest.fixture(scope="module")
def moments() -> list[Moment]:
    return _moments(6, 33) + _moments(3, 34)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", PSEUDO])
def test_every_image_fits_its_texts(lang: str, moments: list[Moment]) -> None:
    with speaking(lang):
        for key, state, events in moments:
            view = state.view(None)
            board = render.board_canvas("colonia", view, last_events=[e for e in events if e.public],
                                        names=NAMES[: state.num_players])
            _fits(board, lang, f"board {key}")
            if not view.get("over"):
                for s in range(state.num_players):
                    private = render.private_canvas("colonia", state.view(s), names=NAMES[: state.num_players])
                    _fits(private, lang, f"private {key} seat {s}")


def test_every_image_text_goes_through_the_catalogs(moments: list[Moment]) -> None:
    """Under the pseudo-locale every word drawn is accented (a text shown in a shorter wording too)."""
    with speaking(PSEUDO):
        for key, state, events in moments:
            view = state.view(None)
            canvases = [render.board_canvas("colonia", view, last_events=[e for e in events if e.public],
                                            names=NAMES[: state.num_players])]
            if not view.get("over"):
                canvases += [render.private_canvas("colonia", state.view(s), names=NAMES[: state.num_players])
                             for s in range(state.num_players)]
            for canvas in canvases:
                for record in canvas.texts:
                    assert record.box.inside(canvas.box), f"{key}: {record.text!r} leaves the canvas"
                    shown = record.text.rstrip("…")  # a cut name leaves its head
                    left = [w for w in untranslated(shown, allowed=NAMES + IDS)
                            if not any(n.startswith(w) for n in NAMES)]
                    assert left == [], f"image {key}: {record.text!r} has words that skipped the catalogs: {left}"
