"""Sprites: shapes that must look smooth (seat tokens, meeples, cubes with their marks, coins, pictograms), drawn at
``SS`` x and downscaled once, then cached and pasted with their alpha as mask onto an RGB canvas (fast: Pillow draws
no anti-aliased shapes itself, and a cached sprite is one paste).

Part of the drawing kit (``render/kit.py`` re-exports every name here).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.palette import BOARD, GOLD, INK, PAPER, RGB, hex_rgb, ink_on, mix, player

SS = 4  # supersampling factor for sprites


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A seat's mark (square, triangle, diamond, plus, star; hexagon) as a polygon of radius about ``r``."""
    def ring(n: int, start: float, radius: float = r) -> list[tuple[float, float]]:
        angles = [start + 2 * math.pi * i / n for i in range(n)]
        return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]

    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return ring(3, -math.pi / 2, r * 1.1)
    if shape == "diamond":
        return ring(4, -math.pi / 2, r * 1.05)
    if shape == "hexagon":
        return ring(6, 0)
    if shape == "plus":
        a, b = r * 0.36, r * 0.95
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a), (cx + b, cy + a),
                (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b), (cx - a, cy + a), (cx - b, cy + a),
                (cx - b, cy - a), (cx - a, cy - a)]
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r * 1.05 if i % 2 == 0 else r * 0.5
            a = -math.pi / 2 + math.pi * i / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return pts
    raise ValueError(shape)


def _finish(big: Image.Image, size: tuple[int, int]) -> Image.Image:
    return big.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def token_sprite(seat: int, size: int, ring: RGB = INK) -> Image.Image:
    """The seat's shape in the seat's colour, outlined (``ring``)."""
    p = player(seat)
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = s / 2
    r = s / 2 - 2 * SS
    lw = max(SS, round(size * SS / 14))
    if p.shape == "circle":
        d.ellipse((c - r, c - r, c + r, c + r), fill=p.colour, outline=ring, width=lw)
    else:
        pts = shape_points(p.shape, c, c, r * 0.95)
        d.polygon(pts, fill=p.colour, outline=ring, width=lw)
    return _finish(big, (size, size))


@lru_cache(maxsize=64)
def meeple_sprite(seat: int, size: int) -> Image.Image:
    """A worker meeple in the seat's colour, with the seat's shape as a light mark on its chest."""
    p = player(seat)
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    u = s / 20
    body = [(6 * u, 19 * u), (8.2 * u, 11 * u), (2 * u, 11.5 * u), (1.2 * u, 8.6 * u), (7 * u, 6.4 * u),
            (13 * u, 6.4 * u), (18.8 * u, 8.6 * u), (18 * u, 11.5 * u), (11.8 * u, 11 * u), (14 * u, 19 * u)]
    lw = max(SS, round(s / 28))
    d.polygon(body, fill=p.colour, outline=INK, width=lw)
    d.ellipse((6.6 * u, 0.6 * u, 13.4 * u, 7.4 * u), fill=p.colour, outline=INK, width=lw)
    # The seat's shape, large enough to read on a phone: at 400 px a worker is a dozen pixels tall.
    mark = shape_points(p.shape, 10 * u, 13.2 * u, 3.6 * u) if p.shape != "circle" else None
    light = ink_on(p.colour)
    if mark is None:
        d.ellipse((6.6 * u, 9.8 * u, 13.4 * u, 16.6 * u), fill=light)
    else:
        d.polygon(mark, fill=light)
    return _finish(big, (size, size))


#: The marks that tell goods apart without colour (each game maps its goods to them: Speicherstadt, Colonia).
MARKS = ("dot", "ring", "cross", "bar", "stripes", "vein", "chevron", "grain")


def draw_mark(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill: RGB, width: float) -> None:
    """One of ``MARKS`` centred on (cx, cy) within radius ``r``: a second signal beside a good's colour."""
    w = max(1, round(width))
    if kind == "dot":
        d.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), fill=fill)
    elif kind == "ring":
        d.ellipse((cx - r * 0.75, cy - r * 0.75, cx + r * 0.75, cy + r * 0.75), outline=fill, width=w)
    elif kind == "cross":
        k = r * 0.7
        d.line((cx - k, cy - k, cx + k, cy + k), fill=fill, width=w)
        d.line((cx - k, cy + k, cx + k, cy - k), fill=fill, width=w)
    elif kind == "bar":
        d.rectangle((cx - r * 0.85, cy - r * 0.28, cx + r * 0.85, cy + r * 0.28), fill=fill)
    elif kind == "stripes":
        for dy in (-0.45, 0.45):
            d.line((cx - r * 0.85, cy + dy * r, cx + r * 0.85, cy + dy * r), fill=fill, width=w)
    elif kind == "vein":
        d.line((cx - r * 0.7, cy + r * 0.6, cx + r * 0.7, cy - r * 0.6), fill=fill, width=w)
    elif kind == "chevron":
        d.line((cx - r * 0.8, cy - r * 0.4, cx, cy + r * 0.4, cx + r * 0.8, cy - r * 0.4), fill=fill, width=w,
               joint="curve")
    elif kind == "grain":
        for dx in (-0.45, 0.45):
            d.line((cx + dx * r, cy - r * 0.85, cx + dx * r, cy + r * 0.85), fill=fill, width=w)
    else:
        raise ValueError(kind)


@lru_cache(maxsize=64)
def cube_sprite(colour: RGB, size: int, mark: str | None = None) -> Image.Image:
    """A wooden cube seen slightly from above: a front face and a lighter top strip; ``mark`` (one of ``MARKS``)
    on the face in the ink that contrasts with it, so that no good is told apart by its colour alone."""
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    lw = max(SS, round(s / 22))
    top = s * 0.28
    d.rounded_rectangle((lw, lw, s - lw, s - lw), radius=s * 0.12, fill=mix(colour, (0, 0, 0), 0.18),
                        outline=INK, width=lw)
    d.rounded_rectangle((lw * 2, lw * 2, s - lw * 2, top + lw), radius=s * 0.1, fill=mix(colour, (255, 255, 255), 0.35))
    d.rectangle((lw * 2, top, s - lw * 2, s - lw * 2.2), fill=colour)
    if mark is not None:
        draw_mark(d, mark, s / 2, (top + s - lw * 2.2) / 2, (s - lw * 4.4 - top) * 0.42, ink_on(colour), s / 11)
    return _finish(big, (size, size))


@lru_cache(maxsize=16)
def coin_sprite(size: int) -> Image.Image:
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    lw = max(SS, round(s / 24))
    d.ellipse((lw, lw, s - lw, s - lw), fill=mix(GOLD, (120, 80, 0), 0.3), outline=INK, width=lw)
    d.ellipse((s * 0.12, s * 0.12, s * 0.88, s * 0.88), fill=GOLD)
    return _finish(big, (size, size))


@lru_cache(maxsize=32)
def icon_sprite(kind: str, size: int, colour: RGB = INK) -> Image.Image:
    """Small pictograms: flame (fire), helmet (fireman), ship, star (points), cards (pile)."""
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    u = s / 20
    lw = max(SS, round(s / 24))
    if kind == "flame":
        outer = [(10 * u, 1 * u), (15 * u, 8 * u), (17 * u, 13 * u), (14 * u, 18 * u), (10 * u, 19.4 * u),
                 (6 * u, 18 * u), (3 * u, 13 * u), (5 * u, 8 * u), (7 * u, 10 * u)]
        d.polygon(outer, fill=hex_rgb("#e4572e"), outline=INK, width=lw)
        d.polygon([(10 * u, 8 * u), (13 * u, 13 * u), (12.5 * u, 17 * u), (10 * u, 18 * u), (7.5 * u, 17 * u),
                   (7 * u, 13.5 * u)], fill=GOLD)
    elif kind == "helmet":
        d.pieslice((2 * u, 4 * u, 18 * u, 24 * u), 180, 360, fill=hex_rgb("#c0392b"), outline=INK, width=lw)
        d.rounded_rectangle((0.5 * u, 13 * u, 19.5 * u, 16 * u), radius=u, fill=hex_rgb("#8e1c12"), outline=INK,
                            width=lw)
        d.rectangle((9 * u, 5 * u, 11 * u, 13 * u), fill=GOLD)
    elif kind == "ship":
        d.polygon([(1 * u, 11 * u), (19 * u, 11 * u), (16 * u, 17 * u), (4 * u, 17 * u)], fill=hex_rgb("#7a4e2d"),
                  outline=INK, width=lw)
        d.rectangle((9.2 * u, 2 * u, 10.8 * u, 11 * u), fill=INK)
        d.polygon([(11 * u, 3 * u), (17 * u, 9.5 * u), (11 * u, 9.5 * u)], fill=PAPER, outline=INK, width=lw)
    elif kind == "star":
        d.polygon(shape_points("star", 10 * u, 10.5 * u, 9.5 * u), fill=GOLD, outline=INK, width=lw)
    elif kind == "cards":
        for i, off in enumerate((0, 2.5, 5)):
            d.rounded_rectangle(((3 + off) * u, (1 + off) * u, (13 + off) * u, (15 + off) * u), radius=u,
                                fill=BOARD if i < 2 else hex_rgb("#7a4e2d"), outline=INK, width=lw)
    else:
        raise ValueError(kind)
    return _finish(big, (size, size))
