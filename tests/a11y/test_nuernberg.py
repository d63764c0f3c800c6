"""Everyone can follow Die Siedler von Nürnberg (issue 25): the board in words says everything the images draw
(the map hex by hex, each route's toll bars and settlements, the city's discs, walls and towers, the robber knight),
the alt text puts the awaited decision first within Discord's limit, and the zoomed panel shows the part of the
board the decision is about, enlarged.

The views are sampled across whole seeded bot games (3 and 4 players, beginner and free set-up, the final view
included)."""

from __future__ import annotations

import functools
import io
import json
import re
from typing import Any, NamedTuple, cast

import pytest
from PIL import Image

import render
from bot.lang import PSEUDO, speaking
from render import nuernberg as nb
from rules.core import ALT_TEXT_MAX, Event
from rules.nuernberg import GAME
from rules.nuernberg.board_words import free_crossings
from rules.nuernberg.state import NuernbergState
from rules.nuernberg.views import NuernbergView
from rules.words import seat
from tests.support.play import by_bot, moves
from tests.support.tracking import track

GAMES = [(3, 31, "beginner"), (4, 32, "beginner"), (3, 33, "free"), (4, 34, "free")]
EVERY = 40  # one view in this many moves, the first few of each phase and menu, and the final one
FIRST = 3

#: View keys the images read that carry no game information: pixel geometry only (hex coordinates on the two
#: boards, where a crossing, a disc, a tower or a wall's ends are drawn). Everything else drawn must be said.
DRAWING_ONLY = frozenset({
    "countryside.hexes[].q", "countryside.hexes[].r", "countryside.routes[].crossings[].xy",
    "city.hexes[].q", "city.hexes[].r", "city.discs[].xy", "city.towers[].xy", "city.walls[].ends",
    "num_players",  # the roster counts the seats to name them (render/names.py)
})


class Snapshot(NamedTuple):
    public: dict[str, Any]
    private: list[dict[str, Any]]
    events: list[Event]  # the public events of the move that led here


def _copy(view: Any) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(view))
    return copied


@functools.cache
def snapshots(n: int, seed: int, setup: str) -> list[Snapshot]:
    state = GAME.new_state(n, seed, {"setup": setup})
    assert isinstance(state, NuernbergState)
    out: list[Snapshot] = []
    seen: dict[tuple[str, str], int] = {}
    for move in moves(state, by_bot(GAME, seed)):
        moment = (state.phase, (state.menu or "").split(" ")[0])
        seen[moment] = seen.get(moment, 0) + 1
        if move.index % EVERY == 0 or seen[moment] <= FIRST or state.is_over():
            out.append(Snapshot(_copy(state.view(None)), [_copy(state.view(s)) for s in range(n)],
                                [e for e in move.step.events if e.public]))
    assert out[-1].public["over"]
    return out


def _all() -> list[Snapshot]:
    return [snap for game in GAMES for snap in snapshots(*game)]


def _reads(view: dict[str, Any], reader: Any) -> set[str]:
    tracked, paths = track(_copy(view))
    reader(tracked)
    return paths


@pytest.mark.parametrize("game", GAMES)
def test_the_board_in_words_says_everything_the_board_image_draws(game: tuple[int, int, str]) -> None:
    for snap in snapshots(*game):
        drawn = _reads(snap.public, lambda v: render.board_canvas("nuernberg", v))
        said = _reads(snap.public, GAME.summary)
        missing = drawn - said - DRAWING_ONLY
        assert not missing, (snap.public["phase"], sorted(missing))


@pytest.mark.parametrize("game", GAMES[:2])
def test_a_players_screen_in_words_says_everything_their_private_image_draws(game: tuple[int, int, str]) -> None:
    for snap in snapshots(*game)[::2]:
        for view in snap.private:
            drawn = _reads(view, lambda v: render.private_canvas("nuernberg", v))
            said = _reads(view, GAME.summary)
            missing = drawn - said - DRAWING_ONLY
            assert not missing, (view["phase"], view["viewer"], sorted(missing))


def test_the_drawing_only_keys_are_coordinates() -> None:
    view = snapshots(*GAMES[0])[0].public
    for path in DRAWING_ONLY:
        value: Any = view
        for key in path.split("."):
            value = value[key.removesuffix("[]")]
            if key.endswith("[]"):
                value = value[0]
        assert isinstance(value, (int, float, list)) and not isinstance(value, bool), path
        assert all(isinstance(x, (int, float, list)) for x in (value if isinstance(value, list) else [value]))


def test_the_board_in_words_names_the_map_by_the_menus_ids() -> None:
    snap = next(s for s in reversed(snapshots(4, 32, "beginner")) if not s.public["over"])
    view = snap.public
    lines = GAME.summary(view).splitlines()
    text = "\n".join(lines)
    for h in view["countryside"]["hexes"]:  # every hex with its number
        assert re.search(rf"\b{h['id']}{' ' + str(h['number']) if h['number'] else ''}\b", text), h["id"]
    assert f"Robber knight: {view['countryside']['robber']}" in text
    for route in view["countryside"]["routes"]:
        head = next(i for i, ln in enumerate(lines) if ln.startswith(f"Route {route['numeral']}"))
        holder = route["holder"]
        assert lines[head].endswith(f"Wegerecht: {seat(holder) if holder is not None else 'nobody'}")
        for section in route["sections"]:
            if section["toll"] is not None:
                assert f"{section['id']} ({'–'.join(section['ends'])}) {seat(section['toll'])}" in lines[head + 1]
        for c in route["crossings"]:
            if c["settlement"] is not None:
                assert f"{c['id']} {seat(c['settlement'])}" in lines[head + 2]
    for d in view["city"]["discs"]:
        owner = seat(d["owner"]) if d["owner"] is not None else "free"
        assert any(ln.strip().startswith(f"{d['id']} (") and ln.endswith(f": {owner}") for ln in lines), d["id"]
    for w in view["city"]["walls"]:
        if w["built_by"] is not None:
            assert f"{w['id']} {seat(w['built_by'])}" in text
    for t in view["city"]["towers"]:
        if t["built_by"] is not None:
            assert f"{t['id']} {seat(t['built_by'])}" in text


def test_the_summary_names_every_score_and_whose_move_it_is() -> None:
    for snap in _all():
        view = snap.public
        lines = GAME.summary(view).splitlines()
        for pl in view["players"]:
            line = next(line for line in lines if line.startswith(f"{seat(pl['seat'])}: "))
            assert f": {pl['vp']} VP" in line, line
        if view["over"]:
            assert "game over" in lines[0]
            assert "Final scores:" in lines
        else:
            assert all(seat(s) in lines[0].split("waiting for")[1] for s in view["to_act"]), lines[0]


def test_the_private_screen_in_words_says_what_the_player_can_build_and_sell() -> None:
    view = snapshots(4, 32, "beginner")[5].private[1]
    text = GAME.summary(view)
    assert "Build (cost): can you build now?" in text and "Produce and sell (recipe): can you now?" in text
    public = GAME.summary(snapshots(4, 32, "beginner")[5].public)
    assert "Build (cost)" not in public and "Yours:" not in public


def _decision(view: dict[str, Any], text: str) -> list[str]:
    lines = text.splitlines()
    scores = next(i for i, ln in enumerate(lines) if ln.startswith("Scores: "))
    return lines[:scores]


def test_the_alt_text_says_the_situation_then_the_last_move_then_the_decision() -> None:
    seen: set[str] = set()
    for snap in _all():
        view = snap.public
        last = GAME.event_text(snap.events[0]) if snap.events else None
        text = GAME.alt_text(view, last)
        assert len(text) <= ALT_TEXT_MAX
        lines = text.splitlines()
        assert lines[0] == GAME.summary(view).splitlines()[0]
        if last:
            assert lines[1] == f"Last move: {last}"
        scores = "Scores: " + ", ".join(f"{seat(s)} {v} VP" for s, v in enumerate(view["scores"]))
        assert scores in lines
        decision = _decision(view, text)
        phase = "over" if view["over"] else view["phase"]
        menu = (view["menu"] or "").split()
        if phase in ("setup_toll", "setup_settle"):
            assert "Trade routes (toll bars on sections, settlements on crossings):" in decision
        elif phase == "draw":
            assert any(ln.startswith("Event cards: ") for ln in decision)
        elif phase == "discard":
            for p in view["players"]:
                if p["discard_due"]:
                    assert any(ln.startswith(f"{seat(p['seat'])} must return {p['discard_due']} card")
                               for ln in decision)
        elif phase in ("robber", "robber_hex", "steal"):
            assert any(ln.startswith("Robber knight: ") for ln in decision)
        elif phase == "council":
            assert any(ln.startswith("Council: ") for ln in decision)
        elif phase == "offer":
            assert any(ln.startswith(f"Offer from {seat(view['offer']['from'])}") for ln in decision)
        elif phase == "over":
            assert "Final scores:" in decision
        elif menu[:1] == ["settle"]:
            route = next(r for r in view["countryside"]["routes"] if r["id"] == menu[1])
            assert any(", ".join(free_crossings(route)) in ln for ln in decision)
            assert any(ln.startswith("Toll bars: ") for ln in decision)
        elif menu == ["manufacture"]:
            free = [d["id"] for d in view["city"]["discs"] if d["owner"] is None]
            assert sum(1 for ln in decision if re.match(r"D\d+: ", ln)) == len(free)
        elif menu == ["tower"]:
            assert any(ln.startswith("Open to build: ") for ln in decision)
        else:
            assert any(ln.startswith(f"{seat(view['active'])}: ") for ln in decision)
        seen.add(phase if phase != "main" else f"main {menu[0] if menu else ''}")
    assert {"setup_toll", "setup_settle", "draw", "discard", "robber", "steal", "offer", "over", "main ",
            "main settle", "main manufacture"} <= seen, seen


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", PSEUDO])
def test_the_alt_text_fits_discords_limit_in_every_language(lang: str) -> None:
    with speaking(lang):
        for snap in _all():
            last = " ".join(GAME.event_text(e) for e in snap.events) or None
            text = GAME.alt_text(snap.public, last)
            assert 0 < len(text) <= ALT_TEXT_MAX, len(text)
            for view in snap.private:
                assert len(GAME.alt_text(view, last)) <= ALT_TEXT_MAX


def test_the_zoomed_panel_is_the_decisions_region_enlarged() -> None:
    seen: set[str] = set()
    moments: dict[tuple[str, str], int] = {}
    for snap in _all():
        view = snap.public
        moment = (str(view["phase"]), (view["menu"] or "").split(" ")[0])
        moments[moment] = moments.get(moment, 0) + 1
        if moments[moment] > 2 and not view["over"]:  # two of each phase and menu: drawing a board takes a while
            continue
        name = nb.focus_region(cast("NuernbergView", view))
        png = render.focus("nuernberg", view)
        menu = (view["menu"] or "").split()
        if view["over"] or view["phase"] == "draw" or (view["phase"] == "main" and menu[:1] not in (
                ["settle"], ["manufacture"], ["tower"])):
            assert png is None, (view["phase"], menu)
            continue
        canvas = render.board_canvas("nuernberg", view)
        assert name in canvas.regions, name
        expected = {"setup_toll": "countryside", "setup_settle": "countryside", "robber": "countryside",
                    "robber_hex": "countryside", "discard": "players", "steal": "players", "council": "council",
                    "offer": "news"}.get(view["phase"]) or ("countryside" if menu[0] == "settle" else "city")
        assert name == expected, (view["phase"], menu, name)
        assert png is not None
        box = canvas.regions[name]
        width = Image.open(io.BytesIO(png)).size[0]
        assert width >= 800 or width >= 1.3 * box.w, (name, width, box.w)
        seen.add(name)
    assert seen >= {"countryside", "players", "news", "city"}, seen
