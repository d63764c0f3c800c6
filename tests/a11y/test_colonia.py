"""Colonia for everyone (issue 25): the board in words says everything the images show, the alt text puts the
awaited decision first within Discord's 1,024 characters in every language, and the zoomed panel for phones is the
part of the board the decision is about, enlarged.

"Everything the image shows" is checked on the view's keys: ``track`` records the paths the renderer reads to draw
the board (and each seat's private screen, and the final score sheet) and the paths the summary reads for the same
view; the former must be among the latter. The views are sampled across whole seeded bot games (3, 4 and 6
players, the final view included)."""

from __future__ import annotations

import functools
import io
import json
from typing import Any, NamedTuple

import pytest
from PIL import Image

import render
from bot.lang import PSEUDO, speaking
from render import colonia as col
from rules import get_game
from rules.colonia.names import seat_in_text
from rules.colonia.state import ColoniaState
from rules.colonia.views import step_of
from rules.core import ALT_TEXT_MAX
from rules.words import seat
from tests.support.play import by_bot, moves
from tests.support.tracking import track

GAME = get_game("colonia")
GAMES = [(3, 4), (4, 5), (6, 3)]
EVERY = 11  # one view in this many moves, the first of each kind of moment, and the final one
LANGUAGES = ("en", "fr", "de", "it", PSEUDO)

#: View keys the images read that carry no game information: a relic card's id names the spot the last-move ring
#: marks (``Board.spots``); the card itself (city, price, VP, shrine, insurer) is drawn, and said.
DRAWING_ONLY = frozenset({"relics.display[].id", "relics.extra[].id", "num_players"})  # the roster counts seats


class Snapshot(NamedTuple):
    kind: str
    public: dict[str, Any]
    private: list[dict[str, Any]]


def _copy(view: Any) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(view))
    return copied


def moment(view: dict[str, Any]) -> str:
    """What kind of decision the game awaits."""
    if view["over"]:
        return "over"
    if view.get("vote"):
        return "vote"
    step = step_of(view)
    if step:
        return step
    if (view.get("pending") or {}).get("kind") == "shrine":
        return "shrine"
    return str((view.get("loop") or {}).get("kind") or "other")


@functools.cache
def snapshots(n: int, seed: int) -> list[Snapshot]:
    state = GAME.new_state(n, seed)
    assert isinstance(state, ColoniaState)
    out: list[Snapshot] = []
    seen: set[str] = set()
    for played in moves(state, by_bot(GAME, seed)):
        view = state.view(None)
        kind = moment(view)
        if played.index % EVERY == 0 or kind not in seen or state.is_over():
            seen.add(kind)
            out.append(Snapshot(kind, _copy(view), [_copy(state.view(s)) for s in range(n)]))
    assert out[-1].public["over"]
    return out


def _all() -> list[Snapshot]:
    return [snap for n, seed in GAMES for snap in snapshots(n, seed)]


def _reads(view: dict[str, Any], reader: Any) -> set[str]:
    tracked, paths = track(_copy(view))
    reader(tracked)
    return paths


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_the_board_in_words_reads_everything_the_images_draw(n: int, seed: int) -> None:
    for snap in snapshots(n, seed):
        drawn = _reads(snap.public, lambda v: render.board_canvas("colonia", v))
        said = _reads(snap.public, GAME.summary)
        assert drawn - DRAWING_ONLY <= said, (snap.kind, sorted(drawn - said - DRAWING_ONLY))
        for s, own in enumerate(snap.private):
            drawn = _reads(own, lambda v: render.private_canvas("colonia", v))
            said = _reads(own, GAME.summary)
            assert drawn - DRAWING_ONLY <= said, (snap.kind, s, sorted(drawn - said - DRAWING_ONLY))


def test_the_drawing_only_keys_are_read_by_the_board() -> None:
    """The allowlist holds keys the board really reads (else it hides nothing and should shrink)."""
    snap = snapshots(4, 5)[0]
    assert "relics.display[].id" in _reads(snap.public, lambda v: render.board_canvas("colonia", v))


@pytest.mark.parametrize(("n", "seed"), GAMES)
def test_the_summary_names_every_score_and_whose_move_it_is(n: int, seed: int) -> None:
    for snap in snapshots(n, seed):
        view = snap.public
        text = GAME.summary(view)
        lines = text.splitlines()
        if view["over"]:
            for s, score in enumerate(view["outcome"]["scores"]):
                rank = view["outcome"]["ranks"][s]
                assert any(line.startswith(f"  {rank}. {seat(s)}: {score} VP (relics ") for line in lines), s
            continue
        scores = next(line for line in lines if line.startswith("Shrine VP so far"))
        assert all(f"{seat(s)}: {score}" in scores for s, score in enumerate(view["scores"]))
        assert lines[0] == view["status"]
        assert all(seat_in_text(s) in lines[0] for s in view["to_act"]), (snap.kind, lines[0])


def test_the_final_summary_has_the_score_sheet_and_the_windows() -> None:
    view = snapshots(6, 3)[-1].public
    text = GAME.summary(view)
    assert "Colonia · final scores" in text
    windows = next(line for line in text.splitlines() if line.startswith("Stained-glass windows: "))
    for w in view["final"]["windows"]:
        owner = w["seat"]
        assert (f"{w['city']}: {seat(owner)} (paid {w['paid']})" if isinstance(owner, int)
                else f"{w['city']}: not awarded") in windows


# ---------------------------------------------------------------- alt text
WANTED = {  # the decision's part of the board, in the alt text of each kind of moment (English)
    "family": (" order", "cards left "),
    "vote": ("Vote on ", "still to vote: "),
    "stall": ("Market stalls:",),
    "order": ("Craftsmen (inputs → good;",),
    "load": ("holds by number):", "berth 1 ("),
    "extra": ("holds by number):", "berth 1 ("),
    "buy": ("Relics on display: ", "relic deck: "),
    "insure": ("Relics on display: ",),
    "exchange": ("Relics on display: ",),
}


def test_the_alt_text_puts_the_situation_the_last_move_and_the_decision_first() -> None:
    kinds: set[str] = set()
    for snap in _all():
        view = snap.public
        alt = GAME.alt_text(view, "Seat 1 takes stall 3.")
        lines = alt.splitlines()
        assert lines[0] == view["status"] and lines[1] == "Last move: Seat 1 takes stall 3."
        if snap.kind == "over":
            assert lines[2] == "Colonia · final scores"
            assert all(f"{seat(s)}: {v} VP" in alt for s, v in enumerate(view["outcome"]["scores"]))
            continue
        kinds.add(snap.kind)
        for want in WANTED.get(snap.kind, ()):
            assert want in alt, (snap.kind, want, alt)
        assert any(line.startswith("Shrine VP so far") for line in lines), snap.kind
        if snap.kind in ("stall", "order", "load", "buy"):  # the decision comes before the rest of the board
            assert alt.index(WANTED[snap.kind][0]) < alt.index("Shrine VP so far")
    assert {"family", "vote", "stall", "order", "load", "buy", "insure"} <= kinds


def test_the_alt_text_of_a_private_screen_has_the_players_own_holdings() -> None:
    for snap in snapshots(4, 5):
        for own in snap.private:
            alt = GAME.alt_text(own)
            assert "Yours: money " in alt and "Shrine VP so far" in alt, snap.kind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_alt_text_fits_discord_in_every_language(lang: str) -> None:
    with speaking(lang):
        for snap in _all():
            view = snap.public
            alt = GAME.alt_text(view, "x" * 120)
            assert len(alt) <= ALT_TEXT_MAX
            assert alt.splitlines()[0] == view["status"].strip(), (lang, snap.kind)
            for own in snap.private:
                assert len(GAME.alt_text(own, "x" * 120)) <= ALT_TEXT_MAX


# ---------------------------------------------------------------- the zoomed panel
REGIONS = {"family": {"players"}, "vote": {"decrees"}, "stall": {"market"}, "order": {"craftsmen"},
           "load": {"harbour"}, "extra": {"harbour"}, "buy": {"relics"}, "insure": {"relics"},
           "exchange": {"relics"}, "shrine": {None}, "other": {None}, "over": {None}}


def test_the_focus_is_a_region_of_the_board_enlarged_for_phones() -> None:
    regions: dict[str, set[str | None]] = {}
    for snap in _all():
        view = snap.public
        name = col.focus_region(view)
        regions.setdefault(snap.kind, set()).add(name)
        png = render.focus("colonia", view)
        if name is None:
            assert png is None
            continue
        canvas = render.board_canvas("colonia", view)
        assert name in canvas.regions
        box = canvas.regions[name]
        assert png is not None
        width = Image.open(io.BytesIO(png)).width
        assert width >= 1.3 * box.w or box.w >= 800, (snap.kind, name, width, box.w)
    for kind, names in regions.items():
        assert names <= REGIONS[kind], (kind, names)
    assert {"family", "vote", "stall", "order", "load", "buy", "over"} <= set(regions)
