"""Colour is never the only signal: every set of marks a game tells apart by colour (seats' tokens, workers and
pieces, goods cubes) stays apart in shape or pattern under simulated protanopia, deuteranopia and tritanopia.

Marks are compared at the size a phone shows them (a 1280 px board at about 400 px wide: a 44 px sprite is some
14 px there), by their light/dark pattern after the simulation (tests/support/cvd.py), never by hue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import combinations

import pytest
from PIL import Image

from render import colonia_art, kit, nuernberg_art, strasbourg_art
from render import speicherstadt as ss
from tests.support.cvd import KINDS, difference, simulate

SIZE = 44
SEATS = range(5)

MARK_SETS: dict[str, Callable[[], Mapping[object, Image.Image]]] = {
    "seat tokens": lambda: {s: kit.token_sprite(s, SIZE) for s in SEATS},
    "workers (meeples)": lambda: {s: kit.meeple_sprite(s, SIZE) for s in SEATS},
    "Speicherstadt goods cubes": lambda: {g: ss.good_cube(g, SIZE) for g in ss.GOOD_RGB},
    "Speicherstadt empty contract slots": lambda: {g: ss.good_cube(g, SIZE, faded=True) for g in ss.GOOD_RGB},
    "Colonia material cubes": lambda: {m: kit.cube_sprite(c, SIZE, colonia_art.MATERIAL_MARK[m])
                                       for m, c in colonia_art.MATERIAL_COLOURS.items()},
    "Colonia goods": lambda: {g: colonia_art.good_sprite(g, SIZE) for g in colonia_art.GOOD_COLOURS},
    "Nürnberg settlements": lambda: {s: nuernberg_art.settlement(s, SIZE) for s in SEATS},
    "Nürnberg manufactures": lambda: {s: nuernberg_art.manufacture(s, SIZE) for s in SEATS},
    "Nürnberg toll bars": lambda: {s: nuernberg_art.toll_bar(s, 46, 16, 0) for s in SEATS},  # the panel's size
    "Nürnberg resources": lambda: {r: nuernberg_art.resource_chip(r, SIZE) for r in nuernberg_art.RESOURCE_COLOUR},
    "Strasbourg guilds and council seats": lambda: {
        seat: _on(strasbourg_art.SEAT_COLOUR[seat], strasbourg_art.pictogram(icon, SIZE))
        for seat, icon in strasbourg_art.SEAT_ICON.items()},
}


def _on(colour: tuple[int, int, int], icon: Image.Image) -> Image.Image:
    """A pictogram on its guild's colour, as the board's council cells and city spaces draw it."""
    cell = Image.new("RGBA", icon.size, (*colour, 255))
    cell.alpha_composite(icon.convert("RGBA"))
    return cell
THRESHOLD = 0.05  # share of pixels whose light/dark pattern differs: below it two marks read as one


@pytest.mark.parametrize("name", MARK_SETS)
@pytest.mark.parametrize("kind", KINDS)
def test_marks_stay_apart_without_the_colours_a_viewer_lacks(name: str, kind: str) -> None:
    marks = {key: simulate(img, kind) for key, img in MARK_SETS[name]().items()}
    alike = [(a, b, round(difference(marks[a], marks[b]), 3)) for a, b in combinations(marks, 2)
             if difference(marks[a], marks[b]) < THRESHOLD]
    assert not alike, f"{name} under {kind}: these pairs differ by colour only: {alike}"


def test_the_check_catches_marks_that_differ_by_colour_alone() -> None:
    plain = {m: kit.cube_sprite(c, SIZE) for m, c in colonia_art.MATERIAL_COLOURS.items()}
    worst = min(difference(simulate(plain[a], "deuteranopia"), simulate(plain[b], "deuteranopia"))
                for a, b in combinations(plain, 2))
    assert worst < THRESHOLD


def test_the_simulation_is_the_standard_one() -> None:
    red, green = Image.new("RGB", (1, 1), (200, 40, 40)), Image.new("RGB", (1, 1), (60, 150, 40))
    seen = [simulate(img, "deuteranopia").getpixel((0, 0)) for img in (red, green)]
    # A deuteranope sees this red and this green as two similar olive-yellows (their hue difference collapses).
    assert abs(seen[0][0] - seen[1][0]) < 40 and abs(seen[0][2] - seen[1][2]) < 40
    assert simulate(Image.new("RGB", (1, 1), (128, 128, 128)), "tritanopia").getpixel((0, 0))[:3] == (128, 128, 128)
