"""Colonia pictures: goods, raw-material colours, cities and currencies, relic cards, shrines, the crown.

Sprites are drawn at ``kit.SS`` times their size and downscaled once (anti-aliased), then cached.
Every kind of thing carries a shape or a symbol as well as a colour, so nothing rests on colour alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import kit
from render.kit import INK, PAPER, RGB, Box, Canvas, hex_rgb, mix
from rules.colonia.names import _
from rules.words import N_

# Raw materials in the rulebook's cube colours: leather brown, iron black, wood natural, linen light blue, fur white.
MATERIAL_COLOURS: dict[str, RGB] = {
    "leather": hex_rgb("#8b5a2b"),
    "iron": hex_rgb("#3b3f45"),
    "wood": hex_rgb("#d7b07a"),
    "linen": hex_rgb("#8ec3e6"),
    "fur": hex_rgb("#f7f5ee"),
}

# The relic card colours of the rulebook (brown, turquoise, beige, violet), each with its currency's sign.
CITY_COLOURS: dict[str, RGB] = {
    "London": hex_rgb("#8c5a3c"),
    "Nowgorod": hex_rgb("#1f9e8f"),
    "Bergen": hex_rgb("#c7a052"),
    "Bruegge": hex_rgb("#7b5ea7"),
}
CITY_OF_CURRENCY = {"pfund": "London", "grivna": "Nowgorod", "mark": "Bergen", "gulden": "Bruegge"}
CITY_OF_CODE = {"LON": "London", "NOW": "Nowgorod", "BER": "Bergen", "BRU": "Bruegge"}
CURRENCY_SIGN: dict[str, str] = {"pfund": "£", "grivna": "G", "mark": "M", "gulden": "ƒ"}
SIGN_OF_CITY: dict[str, str] = {city: CURRENCY_SIGN[cur] for cur, city in CITY_OF_CURRENCY.items()}
#: city key -> its name on the images (Brügge as the cards print it)
CITY_LABEL = {"London": N_("London"), "Nowgorod": N_("Nowgorod"), "Bergen": N_("Bergen"), "Bruegge": N_("Brügge")}

GOOD_COLOURS: dict[str, RGB] = {
    "saddle": hex_rgb("#a0522d"),
    "cartwheel": hex_rgb("#6e4b2a"),
    "painting": hex_rgb("#d4a017"),
    "clothing": hex_rgb("#3c6eb4"),
    "shoes": hex_rgb("#4a3222"),
}
#: Each material's mark on its cube (render/kit.py ``draw_mark``): wood's grain, iron's ingot bar, linen's weave,
#: leather's stitch, fur's tuft; brown, black and white cubes must not rest on colour alone.
MATERIAL_MARK: dict[str, str] = {"leather": "chevron", "iron": "bar", "wood": "grain", "linen": "cross", "fur": "dot"}
WOOD = hex_rgb("#9a6a3a")


def city_colour(city: str) -> RGB:
    return CITY_COLOURS.get(city, kit.INK_SOFT)


def city_label(city: str) -> str:
    return _(CITY_LABEL[city]) if city in CITY_LABEL else city


def city_fit(city: str, width: float, size: int = kit.MIN_FONT) -> str:
    """The city's name, or its first three letters where the name does not fit ``width``."""
    label = city_label(city)
    return label if kit.text_width(label, size, "cond") <= width else label[:3].upper()


# ---------------------------------------------------------------- goods
@lru_cache(maxsize=64)
def good_sprite(good: str, size: int, faded: bool = False) -> Image.Image:
    """A light round tile with the good's pictogram: saddle, cartwheel, painting, clothing or shoes."""
    s = size * kit.SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    u = s / 20
    lw = max(kit.SS, round(s / 20))
    col = GOOD_COLOURS.get(good, INK)
    d.ellipse((lw / 2, lw / 2, s - lw / 2, s - lw / 2), fill=PAPER, outline=INK, width=lw)
    if good == "saddle":
        seat = [(3 * u, 7 * u), (6 * u, 9.5 * u), (14 * u, 9.5 * u), (17 * u, 6 * u), (16.5 * u, 10.5 * u),
                (13 * u, 13 * u), (7 * u, 13 * u), (3.5 * u, 10.5 * u)]
        d.polygon(seat, fill=col, outline=INK, width=lw)
        d.line((10 * u, 13 * u, 10 * u, 16 * u), fill=INK, width=lw)
        d.rounded_rectangle((8 * u, 15.5 * u, 12 * u, 17.5 * u), radius=u, outline=INK, width=lw)
    elif good == "cartwheel":
        d.ellipse((3.5 * u, 3.5 * u, 16.5 * u, 16.5 * u), outline=col, width=round(2.2 * u))
        for k in range(4):
            a = math.pi * k / 4
            dx, dy = 6.5 * u * math.cos(a), 6.5 * u * math.sin(a)
            d.line((10 * u - dx, 10 * u - dy, 10 * u + dx, 10 * u + dy), fill=col, width=round(1.2 * u))
        d.ellipse((8.3 * u, 8.3 * u, 11.7 * u, 11.7 * u), fill=col, outline=INK, width=lw)
    elif good == "painting":
        d.rectangle((3.5 * u, 4.5 * u, 16.5 * u, 15.5 * u), fill=col, outline=INK, width=lw)
        d.rectangle((5.5 * u, 6.5 * u, 14.5 * u, 13.5 * u), fill=hex_rgb("#9fd0f0"))
        d.polygon([(5.5 * u, 13.5 * u), (9 * u, 9 * u), (11.5 * u, 11.5 * u), (13 * u, 10 * u), (14.5 * u, 13.5 * u)],
                  fill=hex_rgb("#3d8b3d"))
    elif good == "clothing":
        tunic = [(7 * u, 3.5 * u), (13 * u, 3.5 * u), (17.5 * u, 7 * u), (15.5 * u, 9.5 * u), (14 * u, 8.5 * u),
                 (14 * u, 16.5 * u), (6 * u, 16.5 * u), (6 * u, 8.5 * u), (4.5 * u, 9.5 * u), (2.5 * u, 7 * u)]
        d.polygon(tunic, fill=col, outline=INK, width=lw)
        d.line((8.5 * u, 3.7 * u, 10 * u, 6 * u, 11.5 * u, 3.7 * u), fill=PAPER, width=lw)
    elif good == "shoes":
        boot = [(6 * u, 3.5 * u), (11 * u, 3.5 * u), (11 * u, 10.5 * u), (16.5 * u, 12.5 * u), (17 * u, 15.5 * u),
                (4.5 * u, 15.5 * u), (4.5 * u, 12 * u)]
        d.polygon(boot, fill=col, outline=INK, width=lw)
        d.line((4.5 * u, 14 * u, 17 * u, 14 * u), fill=PAPER, width=lw)
    else:  # any good (the decree's extra hold): a question mark tile
        d.ellipse((4 * u, 4 * u, 16 * u, 16 * u), fill=kit.BOARD_DARK, outline=INK, width=lw)
    img = big.resize((size, size), Image.Resampling.LANCZOS)
    if faded:
        alpha = img.getchannel("A").point(lambda a: a * 2 // 5)
        img.putalpha(alpha)
    return img


def good(cv: Canvas, name: str, center: tuple[float, float], size: int, faded: bool = False) -> None:
    cv.paste(good_sprite(name, size, faded), center)


def cube(cv: Canvas, material: str, center: tuple[float, float], size: int) -> None:
    cv.cube(MATERIAL_COLOURS.get(material, kit.INK_SOFT), center, size, MATERIAL_MARK.get(material))


# ---------------------------------------------------------------- small icons
@lru_cache(maxsize=32)
def shrine_sprite(colour: RGB, size: int, filled: bool) -> Image.Image:
    """A little temple: roof, three columns, a base. Hollow when the shrine is still empty."""
    s = size * kit.SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    u = s / 20
    lw = max(kit.SS, round(s / 16))
    body = colour if filled else mix(colour, PAPER, 0.6)
    d.polygon([(1.5 * u, 7.5 * u), (10 * u, 1.5 * u), (18.5 * u, 7.5 * u)], fill=body, outline=INK, width=lw)
    for x in (4, 9, 14):
        d.rectangle((x * u, 8 * u, (x + 2) * u, 16 * u), fill=body, outline=INK, width=max(kit.SS, lw // 2))
    d.rectangle((1.5 * u, 16 * u, 18.5 * u, 18.5 * u), fill=body, outline=INK, width=lw)
    if not filled:
        d.rectangle((4 * u, 8 * u, 16 * u, 9.2 * u), fill=colour)
        d.rectangle((1.5 * u, 16 * u, 18.5 * u, 18.5 * u), fill=colour, outline=INK, width=lw)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=8)
def crown_sprite(size: int) -> Image.Image:
    """The mayor's crown."""
    s = size * kit.SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    u = s / 20
    lw = max(kit.SS, round(s / 18))
    pts = [(2 * u, 16 * u), (2 * u, 6 * u), (6.5 * u, 10.5 * u), (10 * u, 3.5 * u), (13.5 * u, 10.5 * u),
           (18 * u, 6 * u), (18 * u, 16 * u)]
    d.polygon(pts, fill=kit.GOLD, outline=INK, width=lw)
    d.rectangle((2 * u, 14 * u, 18 * u, 17.5 * u), fill=mix(kit.GOLD, (120, 70, 0), 0.35), outline=INK, width=lw)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def meeple_plain(size: int, colour: RGB = kit.INK_SOFT) -> Image.Image:
    """A family member without a seat (column headers, counts)."""
    s = size * kit.SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    u = s / 20
    lw = max(kit.SS, round(s / 24))
    body = [(6 * u, 19 * u), (8.2 * u, 11 * u), (2 * u, 11.5 * u), (1.2 * u, 8.6 * u), (7 * u, 6.4 * u),
            (13 * u, 6.4 * u), (18.8 * u, 8.6 * u), (18 * u, 11.5 * u), (11.8 * u, 11 * u), (14 * u, 19 * u)]
    d.polygon(body, fill=colour, outline=INK, width=lw)
    d.ellipse((6.6 * u, 0.6 * u, 13.4 * u, 7.4 * u), fill=colour, outline=INK, width=lw)
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def coin_sprite(currency: str, size: int) -> Image.Image:
    """A coin in the city's colour (its sign is drawn on top as text)."""
    s = size * kit.SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    lw = max(kit.SS, round(s / 22))
    col = city_colour(CITY_OF_CURRENCY.get(currency, ""))
    d.ellipse((lw, lw, s - lw, s - lw), fill=mix(col, INK, 0.3), outline=INK, width=lw)
    d.ellipse((s * 0.1, s * 0.1, s * 0.9, s * 0.9), fill=col)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def paste(cv: Canvas, sprite: Image.Image, center: tuple[float, float]) -> None:
    cv.paste(sprite, center)


# ---------------------------------------------------------------- cards and chips
def relic_parts(card: Mapping[str, Any]) -> tuple[str, str, str]:
    """(city, price label, value label) of a relic card dict."""
    city = str(card.get("city", ""))
    sign = SIGN_OF_CITY.get(city, "")
    price = f"{sign}{card.get('price', '')}"
    value = "×2" if card.get("shrine") else f"{card.get('vp', 0)}★"
    return city, price, value


def relic_card(cv: Canvas, box: Box, card: Mapping[str, Any] | None, size: int = kit.MIN_FONT,
               extra: bool = False, show_city: bool = False) -> None:
    """A relic card: city-coloured band on the left, price on top, VP (or the shrine) below; the insuring
    member's seat token in the corner."""
    if card is None:
        cv.draw.rounded_rectangle(box.rect, radius=8, fill=mix(kit.BOARD, kit.BOARD_DARK, 0.6),
                                  outline=kit.INK_SOFT if not extra else kit.BOARD_DARK, width=2)
        if extra:
            cv.text_in(box, "+", size, "bold", kit.INK_SOFT)
        return
    city, price, value = relic_parts(card)
    col = city_colour(city)
    insured = card.get("insured_by")
    cv.draw.rounded_rectangle(box.rect, radius=8, fill=mix(col, PAPER, 0.78), outline=INK, width=2)
    band = Box(box.x, box.y, 12, box.h)
    cv.draw.rounded_rectangle(band.rect, radius=6, fill=col)
    cv.draw.rectangle((round(band.x2 - 6), round(box.y + 1), round(band.x2), round(box.y2 - 1)), fill=col)
    inner = Box(box.x + 18, box.y, box.w - 20, box.h)
    if show_city:
        name, inner = inner.rows(1, 2)
        cv.text_in(name, city_fit(city, name.w, size), size, "cond", mix(col, INK, 0.5), "left")
    top, bottom = inner.rows(1, 1)
    cv.text_in(top, price, size, "cond", INK, "left")
    if card.get("shrine"):
        sh = round(min(bottom.h - 6, 26))
        cv.paste(shrine_sprite(col, sh, True), (bottom.x + sh / 2 - 2, bottom.cy))
        cv.text_in(Box(bottom.x + sh, bottom.y, bottom.w - sh, bottom.h), "×2", size, "cond", INK, "left")
    else:
        cv.text_in(bottom, value, size, "cond", INK, "left")
    if isinstance(insured, int):
        t = 30
        cv.draw.rounded_rectangle(box.rect, radius=8, outline=kit.player(insured).colour, width=4)
        cv.token(insured, (box.x2 - t / 2 - 3, bottom.cy), t)


def seat_cell(cv: Canvas, box: Box, seat: int, number: int | None, size: int = kit.MIN_FONT) -> None:
    """A space taken by a seat: the seat's colour, its shape, and a member count."""
    p = kit.player(seat)
    cv.draw.rounded_rectangle(box.rect, radius=8, fill=p.colour, outline=INK, width=2)
    if number is None:
        cv.paste(kit.token_sprite(seat, round(min(box.w, box.h) - 8), PAPER), (box.cx, box.cy))
        return
    digits = kit.text_width(str(number), size, "cond")
    t = round(min(box.h - 10, 20))
    if box.w >= t + digits + 8:  # the shape beside the count
        cv.paste(kit.token_sprite(seat, t, PAPER), (box.x + t / 2 + 4, box.cy))
        cv.text_in(Box(box.x + t + 4, box.y, box.w - t - 6, box.h), str(number), size, "cond", p.ink)
    else:  # narrow: the count in the middle, the shape as a corner mark
        m = 16
        cv.paste(kit.token_sprite(seat, m, PAPER), (box.x + m / 2 + 1, box.y + m / 2 + 1))
        cv.text_in(box, str(number), size, "cond", p.ink)


def shrine_card(cv: Canvas, box: Box, shrine: dict[str, Any], size: int = kit.MIN_FONT) -> None:
    """A player's shrine: its city, the temple, and the doubled VP of its relic (or "empty")."""
    city = CITY_OF_CODE.get(str(shrine.get("id", "")).partition("-")[0], "")
    col = city_colour(city)
    filled = bool(shrine.get("relic"))
    cv.draw.rounded_rectangle(box.rect, radius=8, fill=mix(col, PAPER, 0.6 if filled else 0.85), outline=INK,
                              width=2)
    name, icon, value = box.inset(8, 4).rows(1, 1, 1)
    cv.text_in(name, city_fit(city, name.w, size), size, "cond", mix(col, INK, 0.5), "left")
    sh = round(min(icon.h, 36))
    cv.paste(shrine_sprite(col, sh, filled), (icon.x + sh / 2, icon.cy))
    cv.text_in(Box(icon.x + sh + 6, icon.y, icon.w - sh - 6, icon.h), _("shrine"), size, "cond", INK, "left")
    cv.text_in(value, f"{shrine.get('vp', 0)}★ (×2)" if filled else _("empty"), size, "cond", INK, "left")
