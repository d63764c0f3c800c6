"""Everyone can follow The Speicherstadt (issue 25): the board in words says everything the images draw, the alt
text puts the awaited decision first within Discord's limit, and the zoomed panel shows the part of the board the
decision is about, enlarged.

The views are sampled across whole seeded bot games (2, 3, 4 and 5 players, the final view included)."""

from __future__ import annotations

import functools
import io
import json
import re
from typing import Any, NamedTuple

import pytest
from PIL import Image

import render
from bot.lang import PSEUDO, speaking
from render import speicherstadt as ss
from rules import get_game
from rules.core import ALT_TEXT_MAX, Event
from rules.speicherstadt.state import SpeicherstadtState
from rules.speicherstadt.text import card_name, seat_in_text
from rules.words import seat
from tests.support.play import by_bot, moves
from tests.support.tracking import track

GAME = get_game("speicherstadt")
GAMES = [(2, 21), (3, 22), (4, 23), (5, 24)]
EVERY = 9  # one view in this many moves, and every view where the phase changes, and the final one

#: View keys the images read that carry no game information (pixel or layout geometry): none in this game, whose
#: views hold no coordinates. Anything drawn must be said.
DRAWING_ONLY: frozenset[str] = frozenset()


class Snapshot(NamedTuple):
    public: dict[str, Any]
    private: list[dict[str, Any]]
    events: list[Event]  # the public events of the move that led here


def _copy(view: Any) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(view))
    return copied


@functools.cache
def snapshots(n: int, seed: int) -> list[Snapshot]:
    state = GAME.new_state(n, seed)
    assert isinstance(state, SpeicherstadtState)
    out: list[Snapshot] = []
    phase = None
    for move in moves(state, by_bot(GAME, seed)):
        if move.index % EVERY == 0 or state.phase != phase or state.is_over():
            out.append(Snapshot(_copy(state.view(None)), [_copy(state.view(s)) for s in range(n)],
                                [e for e in move.step.events if e.public]))
        phase = state.phase
    assert out[-1].public["over"]
    return out


def _all() -> list[Snapshot]:
    return [snap for n, seed in GAMES for snap in snapshots(n, seed)]


def _reads(view: dict[str, Any], reader: Any) -> set[str]:
    tracked, paths = track(_copy(view))
    reader(tracked)
    return paths


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_the_board_in_words_says_everything_the_board_image_draws(n: int, seed: int) -> None:
    for snap in snapshots(n, seed):
        drawn = _reads(snap.public, lambda v: render.board_canvas("speicherstadt", v))
        said = _reads(snap.public, GAME.summary)
        missing = drawn - said - DRAWING_ONLY
        assert not missing, (snap.public["phase"], sorted(missing))


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_a_players_screen_in_words_says_everything_their_private_image_draws(n: int, seed: int) -> None:
    for snap in snapshots(n, seed)[::2]:
        for view in snap.private:
            drawn = _reads(view, lambda v: render.private_canvas("speicherstadt", v))
            said = _reads(view, GAME.summary)
            missing = drawn - said - DRAWING_ONLY
            assert not missing, (view["phase"], view["viewer"], sorted(missing))


def test_the_private_screen_in_words_lists_the_cards_and_the_points_by_category() -> None:
    view = snapshots(3, 22)[-2].private[1]
    text = GAME.summary(view)
    assert f"Your cards ({len(view['players'][1]['cards'])}):" in text
    assert "If the game ended now:" in text
    assert "Your cards" not in GAME.summary(snapshots(3, 22)[-2].public)


def test_the_summary_names_every_score_and_whose_move_it_is() -> None:
    for snap in _all():
        view = snap.public
        lines = GAME.summary(view).splitlines()
        for pl in view["players"]:
            line = next(line for line in lines if line.startswith(seat(pl["seat"])))
            assert re.search(rf"(^|\D){pl['score']} points?\b", line), line
        if view["over"]:
            assert lines[0].startswith("Game over")
            assert any(line.startswith("Final scores") for line in lines)
        else:
            assert all(seat_in_text(s) in lines[0] for s in view["to_act"]), lines[0]


def test_the_final_words_rank_every_seat_with_its_points_and_coins() -> None:
    view = snapshots(4, 23)[-1].public
    text = GAME.summary(view)
    outcome = view["outcome"]
    for s in range(4):
        assert f"#{outcome['ranks'][s]} {seat(s)}: {outcome['scores'][s]} point" in text


def _phase_of(view: dict[str, Any]) -> str:
    return "over" if view["over"] else str(view["phase"])


def test_the_alt_text_says_the_situation_then_the_last_move_then_the_decision() -> None:
    seen: set[str] = set()
    for snap in _all():
        view = snap.public
        last = GAME.event_text(snap.events[0]) if snap.events else None
        text = GAME.alt_text(view, last)
        lines = text.splitlines()
        assert len(text) <= ALT_TEXT_MAX
        assert lines[0] == GAME.summary(view).splitlines()[0]
        if last:
            assert lines[1] == f"Last move: {last}"
        scores = "Scores: " + ", ".join(f"{seat_in_text(s)}: {v}" for s, v in enumerate(view["scores"]))
        assert scores in lines
        phase = _phase_of(view)
        seen.add(phase)
        decision = lines[: lines.index(scores)]
        if phase == "purchase":
            slot = view["row"][view["deciding"] - 1]
            assert any(line.startswith(f"{slot['col']}. ") and f"price {slot['price']}" in line for line in decision)
            who = view["to_act"][0]
            coins = view["players"][who]["coins"]
            assert any(line.startswith(seat(who)) and re.search(rf"\b{coins} coins?\b", line) for line in decision)
        elif phase == "demand":
            assert "Cards in the row:" in decision
            assert sum(1 for line in decision if re.match(r"\d\. ", line)) == len(view["row"])
        elif phase == "loading":
            for s in view["to_act"]:
                assert any(line.startswith(seat(s)) for line in decision)
            assert any(line.startswith("Reserve: ") for line in decision)
        else:
            assert "Final scores (tied scores are ranked by coins):" in decision
    assert seen == {"demand", "purchase", "loading", "over"}


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", PSEUDO])
def test_the_alt_text_fits_discords_limit_in_every_language(lang: str) -> None:
    with speaking(lang):
        for snap in _all():
            last = " ".join(GAME.event_text(e) for e in snap.events) or None
            text = GAME.alt_text(snap.public, last)
            assert 0 < len(text) <= ALT_TEXT_MAX, len(text)
            for view in snap.private:
                assert len(GAME.alt_text(view, last)) <= ALT_TEXT_MAX


def test_the_alt_text_names_the_offered_card_in_every_language() -> None:
    snap = next(s for s in _all() if s.public["phase"] == "purchase")
    slot = snap.public["row"][snap.public["deciding"] - 1]
    for lang in ("fr", "de", "it", PSEUDO):
        with speaking(lang):
            assert card_name(slot["card"]) in GAME.alt_text(snap.public, None).splitlines()[0]


def test_the_zoomed_panel_is_the_decisions_region_enlarged() -> None:
    seen: set[str] = set()
    for snap in _all():
        view = snap.public
        name = ss.focus_region(view)
        png = render.focus("speicherstadt", view)
        if view["over"] or (view["phase"] == "loading" and len(view["to_act"]) > 1):
            assert png is None
            continue
        canvas = render.board_canvas("speicherstadt", view)
        every_card = tuple(f"col{i + 1}" for i in range(len(view["row"])))
        expected = {"purchase": f"col{view['deciding']}", "demand": every_card,
                    "loading": f"seat{view['to_act'][0]}"}[view["phase"]]
        assert name == expected
        assert png is not None
        parts = [canvas.regions[n] for n in ((name,) if isinstance(name, str) else name)]
        # a single part is enlarged; a row of parts is wrapped into lines no wider than the panel
        width = Image.open(io.BytesIO(png)).size[0]
        assert width >= 800 or width >= 1.3 * max(box.w for box in parts), (name, width)
        seen.add(view["phase"])
    assert seen == {"demand", "purchase", "loading"}
