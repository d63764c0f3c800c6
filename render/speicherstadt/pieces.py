"""Speicherstadt board: the small pieces drawn everywhere: a goods cube (or an empty contract slot's hole), a row of
cubes, a card's points.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import BOARD, INK, MIN_FONT, SS, Box, Canvas, mix
from render.speicherstadt.layout import GOOD_MARK, GOOD_RGB, GOODS

_cache: dict[tuple[Any, ...], Image.Image] = {}


def good_cube(good: str, size: int, faded: bool = False) -> Image.Image:
    """A goods cube with its good's mark (``GOOD_MARK``), so no two goods rest on colour alone."""
    key = ("cube", good, size, faded)
    if key in _cache:
        return _cache[key]
    colour = GOOD_RGB[good]
    if faded:  # an empty contract slot: a round hole ringed in the good's colour, never a square like a cube
        s = size * SS
        big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        d = ImageDraw.Draw(big)
        lw = max(SS, round(s / 8))
        edge = colour if good != "rubber" else mix(colour, INK, 0.3)
        pad = round(s * 0.1)
        d.ellipse((pad, pad, s - pad, s - pad), fill=mix(BOARD, INK, 0.12), outline=INK, width=SS * 2)
        d.ellipse((pad + SS * 3, pad + SS * 3, s - pad - SS * 3, s - pad - SS * 3), outline=edge, width=lw)
        kit.draw_mark(d, GOOD_MARK[good], s / 2, s / 2, s * 0.26, INK, max(SS * 2, s // 12))
        img = big.resize((size, size), Image.Resampling.LANCZOS)
    else:
        img = kit.cube_sprite(colour, size, GOOD_MARK[good])
    _cache[key] = img
    return img


def cube(c: Canvas, good: str, center: tuple[float, float], size: int, faded: bool = False) -> None:
    c.paste(good_cube(good, size, faded), center)


def cubes_in_row(c: Canvas, box: Box, goods: list[str], size: int, gap: int = 4) -> None:
    """Cubes side by side, centred in ``box``."""
    if not goods:
        return
    total = len(goods) * size + (len(goods) - 1) * gap
    x = box.cx - total / 2 + size / 2
    for g in goods:
        cube(c, g, (x, box.cy), size)
        x += size + gap


def expand(counts: dict[str, int] | None) -> list[str]:
    return [g for g in GOODS for _ in range((counts or {}).get(g, 0))]


def _points(c: Canvas, box: Box, points: int) -> None:
    kit.icon(c, "star", (box.cx - 30, box.cy), 40)
    c.text((box.cx - 4, box.cy), str(points), MIN_FONT, "bold", INK, "lm")
