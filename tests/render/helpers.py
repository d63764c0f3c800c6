"""What the render tests of every game check the same way: layout, PNG limits, golden images, hidden information.

Each game's test module keeps its own states, names and game-specific checks and calls these for the shared part.
Regenerate golden PNGs deliberately with ``KONTOR_UPDATE_GOLDEN=1 pytest tests/render/test_<game>.py`` and look
at them before committing.
"""

from __future__ import annotations

import io
import itertools
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from PIL import Image, ImageChops

import render
from render.kit import MIN_FONT, Canvas
from render.names import candidates
from rules.core import Game, Rng, State
from tests.support.play import by_bot, moves

GOLDEN = Path(__file__).parent / "golden"
UPDATE_GOLDEN = os.environ.get("KONTOR_UPDATE_GOLDEN") == "1"
GOLDEN_PIXEL_TOLERANCE = 40  # a channel difference above this counts as a changed pixel
GOLDEN_CHANGED_SHARE = 0.002  # below this share of changed pixels the image still matches
MAX_PNG_BYTES = 400 * 1024  # well under Discord's attachment limit, quick on a phone
PNG_SIZE = (1280, 800)

S = TypeVar("S", bound=State)
Redeal = Callable[[S, int | None, Rng], S]


def bot_step(game: Game, state: State, salt: int = 1) -> tuple[int, str]:
    """The first seat to act makes the bot's move through the contract; returns that seat and its action."""
    move = next(moves(state, by_bot(game, salt)))
    return move.seat, move.action


def play_public(game: Game, state: S, until: Callable[[S, dict[str, Any] | None], bool] | None = None
                ) -> dict[str, Any] | None:
    """Bot moves until ``until(state, last)`` holds before a move (or the game ends); returns the last move if public.

    ``last`` is the move just made as ``{"seat", "action"}`` in its public form, or None when it was secret.
    """
    last = None

    def stop(now: S) -> bool:  # asked before each move, with the last move made so far
        return until is not None and until(now, last)

    for move in moves(state, by_bot(game, 1), until=stop):
        public = game.public_action(move.action)
        last = {"seat": move.seat, "action": public} if public is not None else None
    return last


def check_last_move_from_events(game: Game, game_name: str, players: int, seed: int,
                                from_events: Callable[[Any, list[Any]], Any],
                                from_action: Callable[[Any, dict[str, Any] | None], Any],
                                as_action: Callable[[Any], Any], fallback: Callable[[str], bool],
                                names: list[str],
                                expected: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None) -> set[str]:
    """On every step of a whole seeded bot game, the last move read from the step's public events
    (``from_events(view, events)``, the renderer's ``last_from_events``) is what the action fallback reads from the
    public action (``from_action(view, last)``; ``as_action`` puts the events' answer in the same terms), or None
    where ``fallback(action)`` says the events cannot tell. The first step of each verb also draws the same PNG
    both ways (events alone, or the action where the events cannot tell, as the service hands over both).
    ``expected(view, last)``, if given, names the move the events are meant to show where they say more than
    the action (both comparisons then take it in place of the action). Returns the verbs read from events."""
    state = game.new_state(players, seed)
    read_verbs: set[str] = set()
    drawn: set[str] = set()
    steps = 0
    for move in moves(state, by_bot(game, seed)):
        seat, action = move.seat, move.action
        events = [e for e in move.step.events if e.public]
        view = state.view(None)
        public = game.public_action(action)
        last = {"seat": seat, "action": public} if public is not None else None
        if expected is not None and last is not None:
            last = expected(view, last)
        moved = from_events(view, events)
        verb = action.split()[0] if action.split() else ""
        if moved is None:
            assert fallback(action), (state.ply, action, events)
        else:
            assert as_action(moved) == from_action(view, last), (state.ply, action, events)
            read_verbs.add(verb)
        if verb not in drawn and public is not None and not view.get("over"):
            drawn.add(verb)
            by_action = render.board(game_name, view, last=last, names=names)
            by_events = render.board(game_name, view, last=last if moved is None else None, last_events=events,
                                     names=names)
            assert by_events == by_action, (state.ply, action)
        steps += 1
    assert steps > 50
    return read_verbs


# ---------------------------------------------------------------- layout
def check_texts(canvas: Canvas, slack: float = 0) -> None:
    """Something is written, nothing below MIN_FONT, nothing off the canvas (by more than ``slack`` px)."""
    assert canvas.texts, "nothing written on the image"
    for record in canvas.texts:
        assert record.size >= MIN_FONT, f"{record.text!r} is drawn at {record.size} px"
        assert record.box.inside(canvas.box.inset(-slack)), f"{record.text!r} leaves the canvas"


def check_layout(canvas: Canvas, nested: str | None = None) -> None:
    """A 16:10 canvas whose regions lie inside it without overlapping, and whose texts pass ``check_texts``.

    Regions named with the prefix ``nested`` are drawn on top of another region: they must not overlap each
    other, but are not compared with the rest.
    """
    legend = canvas.legend_box.h if canvas.legend_box else 0  # the names' legend at the foot (render/legend.py)
    assert canvas.w * 10 == (canvas.h - legend) * 16
    regions = list(canvas.regions.items())
    assert regions, "no regions recorded"
    for name, box in regions:
        assert box.inside(canvas.box), f"region {name} leaves the canvas: {box}"
    for (a, box_a), (b, box_b) in itertools.combinations(regions, 2):
        if nested is None or a.startswith(nested) == b.startswith(nested):
            assert not box_a.overlaps(box_b), f"regions {a} and {b} overlap"
    check_texts(canvas)


def texts_of(canvas: Canvas, region: str | None = None, slack: float = 0) -> list[str]:
    """The texts drawn inside ``region`` (grown by ``slack`` px), or all of them."""
    box = canvas.regions[region].inset(-slack) if region else None
    return [t.text for t in canvas.texts if box is None or t.box.inside(box)]


def is_name(text: str, name: str) -> bool:
    """``text`` is ``name``, whole or one of the short forms it may take where it does not fit (``render/names.py``:
    never cut with an ellipsis)."""
    return text == name or text in candidates(name, False)


def check_seat_numbers_stand_in(canvas: Canvas, num_players: int, names: list[str]) -> None:
    """A board drawn without names says "Seat N" for every seat and no name at all."""
    drawn = {t.text for t in canvas.texts}
    assert {f"Seat {s + 1}" for s in range(num_players)} <= drawn
    assert not drawn & set(names)


# ---------------------------------------------------------------- bytes
def check_png(png: bytes) -> Image.Image:
    """A PNG within the size limit; returned for the caller's check of its dimensions."""
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    assert len(png) <= MAX_PNG_BYTES
    return img


def check_golden(game: str, name: str, png: bytes) -> None:
    """``png`` matches golden/<game>_<name>.png up to a few changed pixels (or rewrites it when asked to)."""
    path = GOLDEN / f"{game}_{name}.png"
    if UPDATE_GOLDEN or not path.exists():
        if not UPDATE_GOLDEN:
            pytest.fail(f"missing golden image {path.name}: run with KONTOR_UPDATE_GOLDEN=1 and look at it")
        path.write_bytes(png)
        return
    got = Image.open(io.BytesIO(png)).convert("RGB")
    want = Image.open(path).convert("RGB")
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > GOLDEN_PIXEL_TOLERANCE else 0)
    changed = diff.histogram()[255] / (got.width * got.height)
    assert changed < GOLDEN_CHANGED_SHARE, (
        f"{path.name}: {changed:.2%} of pixels differ (regenerate deliberately if intended)")


# ---------------------------------------------------------------- hidden information
def check_secret_move_not_drawn(game: str, view: dict[str, Any], secret: str, names: list[str]) -> None:
    """A secret move passed as the last move leaves the board exactly as if there were no last move."""
    none = render.board_canvas(game, view, last=None, names=names)
    slip = render.board_canvas(game, view, last={"seat": 0, "action": secret}, names=names)
    assert none.img.tobytes() == slip.img.tobytes()


def check_public_image_ignores_redeal(game: str, state: S, redeal: Redeal[S], rngs: Iterable[Rng] | None = None,
                                      last: Any = None, names: list[str] | None = None) -> list[S]:
    """Re-dealing every secret (``redeal(state, None, rng)``) changes neither the public view nor the board.

    ``rngs`` defaults to three fixed ones; returns the re-dealt states for game-specific checks.
    """
    rngs = (Rng(99, "redeal", k) for k in range(3)) if rngs is None else rngs
    base = render.board(game, state.view(None), last=last, names=names)
    others = []
    for rng in rngs:
        other = redeal(state, None, rng)
        assert other.view(None) == state.view(None)
        assert render.board(game, other.view(None), last=last, names=names) == base
        others.append(other)
    return others


def check_private_images_ignore_others_secrets(game: str, state: S, redeal: Redeal[S], names: list[str]) -> None:
    """For each seat, re-dealing the secrets it cannot see changes neither its view nor its private screen."""
    for seat in range(state.num_players):
        base = render.private(game, state.view(seat), names=names)
        other = redeal(state, seat, Rng(7, "redeal", seat))
        assert other.view(seat) == state.view(seat)
        assert render.private(game, other.view(seat), names=names) == base


def check_redeal_changes_another_seats_screen(game: str, state: S, redeal: Redeal[S]) -> None:
    """The control for the two checks above: re-dealing around seat 0 does change seat 1's own screen."""
    changed = 0
    for k in range(3):
        other = redeal(state, 0, Rng(5, "redeal", k))
        changed += render.private(game, other.view(1)) != render.private(game, state.view(1))
    assert changed
