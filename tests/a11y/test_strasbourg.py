"""Strasbourg for everyone (issue 25): the board in words says everything the images show, the alt text puts the
awaited decision first within Discord's 1,024 characters in every language, and the zoomed panel for phones is the
part of the board the decision is about, enlarged.

"Everything the image shows" is checked on the view's keys: ``track`` records the paths the renderer reads to draw
the board (and each seat's private screen) and the paths the summary reads for the same view; the former must be
among the latter. Strasbourg's views carry no drawing-only keys (the map's geometry, prices and pictures come from
the rules' data module), so the allowlist is empty."""

from __future__ import annotations

import functools
import io
from typing import Any

import pytest
from PIL import Image

import render
from bot.lang import PSEUDO, speaking
from render import strasbourg as sb
from render import zoom
from rules import get_game
from rules.core import ALT_TEXT_MAX
from rules.strasbourg.state import StrasbourgState
from rules.words import seat
from tests.support.play import by_bot, moves
from tests.support.tracking import track

GAME = get_game("strasbourg")
#: view keys the images read only to place things (pixel or grid geometry), never game information: none here.
DRAWING_ONLY: frozenset[str] = frozenset()
GAMES = [(3, 11, {"planning": "in-turn"}), (4, 5, {"leftovers": "discard"}), (5, 2, {})]
LANGUAGES = ("en", "fr", "de", "it", PSEUDO)


def _moment(state: StrasbourgState) -> str:
    """What kind of decision the game awaits (one view of each kind is checked in every language)."""
    if state.phase != "action":
        return state.phase
    if state.tasks:
        return f"task {state.tasks[0]['kind']}"
    return "bid"


@functools.cache
def sampled(n: int, seed: int) -> list[tuple[str, StrasbourgState]]:
    """Copies of the state along a whole bot game: every 9th position, the first of each kind of moment, the end."""
    options = next(o for k, s, o in GAMES if (k, s) == (n, seed))
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, StrasbourgState)
    out: list[tuple[str, StrasbourgState]] = []
    seen: set[str] = set()
    for played in moves(state, by_bot(GAME, seed)):
        kind = _moment(state)
        if played.index % 9 == 0 or kind not in seen:
            seen.add(kind)
            copy = GAME.load(state.dump())
            assert isinstance(copy, StrasbourgState)
            out.append((kind, copy))
    out.append(("over", state))
    return out


def _all() -> list[tuple[str, StrasbourgState]]:
    return [item for n, seed, _o in GAMES for item in sampled(n, seed)]


def _reads(view: dict[str, Any], reader: Any) -> set[str]:
    tracked, paths = track(view)
    reader(tracked)
    return paths


@pytest.mark.parametrize(("n", "seed"), [(n, s) for n, s, _o in GAMES])
def test_the_board_in_words_reads_everything_the_images_draw(n: int, seed: int) -> None:
    for kind, state in sampled(n, seed):
        view = state.view(None)
        drawn = _reads(view, lambda v: render.board_canvas("strasbourg", v))
        said = _reads(view, GAME.summary)
        assert drawn - DRAWING_ONLY <= said, f"{kind}, ply {state.ply}: the board shows {drawn - said} unsaid"
        for s in range(n):
            own = state.view(s)
            drawn = _reads(own, lambda v: render.private_canvas("strasbourg", v))
            said = _reads(own, GAME.summary)
            assert drawn - DRAWING_ONLY <= said, f"{kind}, ply {state.ply}, seat {s}: {drawn - said} unsaid"


@pytest.mark.parametrize(("n", "seed"), [(n, s) for n, s, _o in GAMES])
def test_the_summary_names_every_score_and_whose_move_it_is(n: int, seed: int) -> None:
    for kind, state in sampled(n, seed):
        view = state.view(None)
        text = GAME.summary(view)
        if view["over"]:
            final = next(line for line in text.splitlines() if line.startswith("Final: "))
            assert all(f"{seat(s)} {score}" in final for s, score in enumerate(view["scores"]))
            continue
        for s, score in enumerate(view["scores"]):
            assert f"{seat(s)}: prestige {score}," in text, kind
        lines = text.splitlines()
        now = next(i for i, line in enumerate(lines) if line.startswith("Now"))
        situation = " ".join(lines[now:now + 2])
        assert all(seat(s) in situation for s in view["to_act"]), (kind, situation)


def test_the_final_summary_has_the_score_sheet() -> None:
    state = sampled(5, 2)[-1][1]
    view = state.view(None)
    text = GAME.summary(view)
    assert "final scores" in text
    for s, parts in enumerate(view["outcome"]["breakdown"]):
        assert f"{seat(s)}: {view['scores'][s]} (council {parts['council']}, city {parts['city']}" in text
    for kept in view["final"]:
        for o in kept["objectives"]:
            assert f"{o['id']} " in text and (": met, +" in text or ": missed, -3" in text)


# ---------------------------------------------------------------- alt text
def _first_situation(view: dict[str, Any]) -> str:
    """The summary's second line: what the game waits for ("Now: …")."""
    return GAME.summary(view).splitlines()[1]


WANTED = {  # the decision's part of the board, in the alt text of each kind of moment (English)
    "planning": ("Planning: ",),
    "bid": ("This step wins: ", " so far: "),
    "task master": ("Free ", " spaces (price in coins): "),
    "task journeyman": ("Free ", " spaces (price in coins): "),
    "task apprentice": ("Free ", " spaces (price in coins): "),
    "task chapel": ("Free chapel spaces: CH", " (next to "),
    "task edifice": ("Free building spaces: ",),
    "task merchant": ("Goods sell for (coins): ",),
    "task return": ("no slot (",),
}


def test_the_alt_text_puts_the_situation_the_last_move_and_the_decision_first() -> None:
    kinds: set[str] = set()
    for kind, state in _all():
        view = state.view(None)
        alt = GAME.alt_text(view, "Seat 1 reveals 6+5 = 11.")
        lines = alt.splitlines()
        assert lines[0] == view["status"] and lines[1] == "Last move: Seat 1 reveals 6+5 = 11."
        if kind == "over":
            assert "final scores" in lines[2]
            continue
        kinds.add(kind)
        assert lines[2] == _first_situation(view) and lines[2].startswith("Now")
        for want in WANTED[kind]:
            assert want in alt, (kind, alt)
        assert "Prestige: " + ", ".join(f"{seat(s)} {v}" for s, v in enumerate(view["scores"])) in lines
    assert {"planning", "bid", "task master", "task apprentice", "task chapel", "task edifice",
            "task merchant"} <= kinds


def test_the_alt_text_of_a_private_screen_has_the_players_own_holdings() -> None:
    for kind, state in sampled(4, 5):
        for s in state.to_act():
            alt = GAME.alt_text(state.view(s))
            assert "Yours: " in alt and "Prestige: " in alt, kind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_alt_text_fits_discord_in_every_language(lang: str) -> None:
    with speaking(lang):
        for kind, state in _all():
            view = state.view(None)
            alt = GAME.alt_text(view, "x" * 120)
            assert len(alt) <= ALT_TEXT_MAX
            if kind != "over":  # the situation and the decision's first line always fit
                assert _first_situation(view) in alt, (lang, kind)
            for s in range(state.num_players):
                assert len(GAME.alt_text(state.view(s), "x" * 120)) <= ALT_TEXT_MAX


# ---------------------------------------------------------------- the zoomed panel
def test_the_focus_is_a_region_of_the_board_enlarged_for_phones() -> None:
    regions: dict[str, set[str | None]] = {}
    for kind, state in _all():
        view = state.view(None)
        name = sb.focus_region(view)
        regions.setdefault(kind, set()).add(name)
        png = render.focus("strasbourg", view)
        if name is None or kind == "over":
            assert png is None
            continue
        canvas = render.board_canvas("strasbourg", view)
        assert name in canvas.regions
        box = canvas.regions[name]
        assert png is not None
        width = Image.open(io.BytesIO(png)).width
        if box.w <= zoom.FOCUS_MAX:  # the board's own region, enlarged
            assert width >= 1.3 * box.w, (kind, name, width, box.w)
        else:  # too wide to read when zoomed: drawn for the phone instead (tests/render/test_focus.py)
            assert name == "players" and width <= zoom.FOCUS_WIDTH, (kind, width)
    assert regions["over"] == {None}
    assert regions["planning"] == {"players"} and regions["bid"] == {"players"}
    for kind in ("task master", "task apprentice", "task chapel", "task edifice"):
        assert regions[kind] == {"city"}, kind
    assert regions["task merchant"] == {None}
