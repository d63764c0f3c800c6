"""Strasbourg pictograms and palette (part of the Strasbourg board).

Guild colours are pale so that the players' tokens stand out on the city; every guild also has a pictogram
(bread, ham, boot, barrel, hammer) so that nothing rests on colour alone. Sprites are drawn at ``SS``x and
downscaled once (cached), like the kit's.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import BOARD, GOLD, INK, PAPER, RGB, SS, hex_rgb, mix

GUILD_COLOUR: dict[str, RGB] = {
    "bakers": hex_rgb("#f2d98d"),
    "butchers": hex_rgb("#eaa9a0"),
    "shoemakers": hex_rgb("#cfae86"),
    "vintners": hex_rgb("#c3b0df"),
    "smiths": hex_rgb("#aebdca"),
}
GUILD_ICON = {"bakers": "bread", "butchers": "ham", "shoemakers": "boot", "vintners": "barrel", "smiths": "hammer"}
SEAT_COLOUR: dict[str, RGB] = {
    "nobility": hex_rgb("#d9c27a"),
    "church": hex_rgb("#e8e4da"),
    "merchants": hex_rgb("#b7d3b0"),
    **GUILD_COLOUR,
}
SEAT_ICON = {"nobility": "crown", "church": "church", "merchants": "purse", **GUILD_ICON}
STONE = hex_rgb("#9b958a")
STONE_DARK = hex_rgb("#6f695f")
ROOF = hex_rgb("#a8432f")
WAX = hex_rgb("#6e1a3a")
BROWN = hex_rgb("#7a4e2d")
CARD_BACK = hex_rgb("#38506b")
CARD_FACE = hex_rgb("#fbf6ea")


def _canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, float, int]:
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), s / 20, max(SS, round(s / 26))


@lru_cache(maxsize=128)
def pictogram(kind: str, size: int) -> Image.Image:
    """A small outlined pictogram on a transparent square of ``size`` px."""
    big, d, u, lw = _canvas(size)
    if kind == "bread":
        d.ellipse((1.5 * u, 5 * u, 18.5 * u, 16 * u), fill=hex_rgb("#c8893f"), outline=INK, width=lw)
        for x in (6, 10, 14):
            d.line(((x - 1.5) * u, 8 * u, (x + 1.5) * u, 13 * u), fill=INK, width=lw)
    elif kind == "ham":
        d.line((12 * u, 12 * u, 18 * u, 18 * u), fill=PAPER, width=round(3 * u))
        d.ellipse((15.5 * u, 15 * u, 19.5 * u, 19 * u), fill=PAPER, outline=INK, width=lw)
        d.ellipse((1 * u, 1 * u, 14.5 * u, 14.5 * u), fill=hex_rgb("#c0453a"), outline=INK, width=lw)
        d.ellipse((4.5 * u, 4.5 * u, 9 * u, 9 * u), fill=hex_rgb("#f2c2b8"))
    elif kind == "boot":
        pts = [(5 * u, 1.5 * u), (12 * u, 1.5 * u), (12 * u, 10 * u), (18.5 * u, 13 * u), (18.5 * u, 18 * u),
               (2 * u, 18 * u), (3 * u, 10 * u)]
        d.polygon(pts, fill=BROWN, outline=INK, width=lw)
        d.line((2.5 * u, 15.5 * u, 18.5 * u, 15.5 * u), fill=INK, width=lw)
    elif kind == "barrel":
        d.rounded_rectangle((3.5 * u, 1.5 * u, 16.5 * u, 18.5 * u), radius=5 * u, fill=hex_rgb("#a0673a"),
                            outline=INK, width=lw)
        for y in (6, 14):
            d.line((3.8 * u, y * u, 16.2 * u, y * u), fill=INK, width=lw)
    elif kind == "hammer":
        d.line((10 * u, 7 * u, 10 * u, 19 * u), fill=BROWN, width=round(3 * u))
        d.rounded_rectangle((2 * u, 2 * u, 18 * u, 8 * u), radius=u, fill=hex_rgb("#5d6770"), outline=INK, width=lw)
    elif kind == "crown":
        pts = [(2 * u, 16 * u), (2 * u, 5 * u), (6.5 * u, 10 * u), (10 * u, 3 * u), (13.5 * u, 10 * u),
               (18 * u, 5 * u), (18 * u, 16 * u)]
        d.polygon(pts, fill=GOLD, outline=INK, width=lw)
        d.rectangle((2 * u, 15 * u, 18 * u, 18 * u), fill=hex_rgb("#b8871b"), outline=INK, width=lw)
    elif kind == "church":
        d.polygon([(4 * u, 10 * u), (10 * u, 3.5 * u), (16 * u, 10 * u)], fill=ROOF, outline=INK, width=lw)
        d.rectangle((5 * u, 10 * u, 15 * u, 19 * u), fill=PAPER, outline=INK, width=lw)
        d.rectangle((9.2 * u, 0.5 * u, 10.8 * u, 5 * u), fill=INK)
        d.rectangle((8 * u, 1.6 * u, 12 * u, 3 * u), fill=INK)
        d.rectangle((8.5 * u, 14 * u, 11.5 * u, 19 * u), fill=INK)
    elif kind == "purse":
        d.ellipse((2.5 * u, 6 * u, 17.5 * u, 19 * u), fill=hex_rgb("#6b8e3e"), outline=INK, width=lw)
        d.polygon([(6 * u, 2 * u), (14 * u, 2 * u), (11.5 * u, 7 * u), (8.5 * u, 7 * u)], fill=hex_rgb("#6b8e3e"),
                  outline=INK, width=lw)
        d.ellipse((7 * u, 10 * u, 13 * u, 16 * u), fill=GOLD, outline=INK, width=lw)
    elif kind == "chapel":
        d.ellipse((0.5 * u, 0.5 * u, 19.5 * u, 19.5 * u), fill=PAPER, outline=INK, width=lw)
        d.polygon([(5 * u, 10.5 * u), (10 * u, 5.5 * u), (15 * u, 10.5 * u)], fill=ROOF, outline=INK, width=lw)
        d.rectangle((6 * u, 10.5 * u, 14 * u, 16 * u), fill=CARD_FACE, outline=INK, width=lw)
        d.rectangle((9.3 * u, 2 * u, 10.7 * u, 6.5 * u), fill=INK)
        d.rectangle((8 * u, 3 * u, 12 * u, 4.2 * u), fill=INK)
    elif kind == "seal":  # a privilege: a round wax seal (16 lobes), darker than any player colour
        pts = []
        for a in range(32):
            rad = 9.4 * u if a % 2 == 0 else 8.3 * u
            ang = a * math.pi / 16
            pts.append((10 * u + rad * math.cos(ang), 10 * u + rad * math.sin(ang)))
        d.polygon(pts, fill=WAX, outline=INK, width=lw)
        d.ellipse((5 * u, 5 * u, 15 * u, 15 * u), outline=GOLD, width=round(1.3 * u))
        d.ellipse((8.4 * u, 8.4 * u, 11.6 * u, 11.6 * u), fill=GOLD)
    elif kind == "seal_spent":
        base = pictogram("seal", size).resize((size * SS, size * SS))
        big.paste(base, (0, 0))
        d.line((2 * u, 18 * u, 18 * u, 2 * u), fill=INK, width=round(2.4 * u))
        d.line((2 * u, 18 * u, 18 * u, 2 * u), fill=PAPER, width=round(1.1 * u))
    elif kind == "deck":
        for off in (3, 1.5, 0):
            d.rounded_rectangle(((4 + off) * u, (1 + off) * u, (15 + off) * u, (16 + off) * u), radius=u,
                                fill=CARD_BACK, outline=INK, width=lw)
    elif kind == "pillar":
        d.polygon([(1.5 * u, 6 * u), (10 * u, 1 * u), (18.5 * u, 6 * u)], fill=BOARD, outline=INK, width=lw)
        for col in (4.0, 8.5, 13.0):
            d.rectangle((col * u, 7 * u, (col + 3) * u, 16 * u), fill=PAPER, outline=INK, width=lw)
        d.rectangle((1.5 * u, 16 * u, 18.5 * u, 19 * u), fill=BOARD, outline=INK, width=lw)
    elif kind == "person":
        d.ellipse((6.5 * u, 1 * u, 13.5 * u, 8 * u), fill=BOARD, outline=INK, width=lw)
        d.pieslice((2.5 * u, 9 * u, 17.5 * u, 27 * u), 180, 360, fill=BOARD, outline=INK, width=lw)
    elif kind == "coin":
        d.ellipse((1 * u, 1 * u, 19 * u, 19 * u), fill=mix(GOLD, (120, 80, 0), 0.3), outline=INK, width=lw)
        d.ellipse((3 * u, 3 * u, 17 * u, 17 * u), fill=GOLD)
    else:
        raise ValueError(kind)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def edifice_sprite(size: int, built: bool = True) -> Image.Image:
    """An edifice tile: a townhouse with a red roof (the value is written on it by the caller)."""
    big, d, u, lw = _canvas(size)
    body = hex_rgb("#f3e6c8") if built else mix(STONE, PAPER, 0.35)
    roof = ROOF if built else STONE_DARK
    d.polygon([(1 * u, 8 * u), (10 * u, 1 * u), (19 * u, 8 * u)], fill=roof, outline=INK, width=lw)
    d.rectangle((2.5 * u, 8 * u, 17.5 * u, 19 * u), fill=body, outline=INK, width=lw)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=32)
def card_sprite(w: int, h: int, face: bool) -> Image.Image:
    """An influence card: face up (cream, value written by the caller) or its back (blue)."""
    s_w, s_h = w * SS, h * SS
    big = Image.new("RGBA", (s_w, s_h), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    lw = max(SS, round(min(s_w, s_h) / 22))
    fill = CARD_FACE if face else CARD_BACK
    d.rounded_rectangle((lw // 2, lw // 2, s_w - lw, s_h - lw), radius=round(min(s_w, s_h) * 0.16), fill=fill,
                        outline=INK, width=lw)
    if not face:
        inner = round(min(s_w, s_h) * 0.16)
        d.rounded_rectangle((inner, inner, s_w - inner - lw, s_h - inner - lw), radius=lw * 2,
                            outline=mix(CARD_BACK, PAPER, 0.45), width=lw)
    return big.resize((w, h), Image.Resampling.LANCZOS)
