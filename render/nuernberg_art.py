"""Die Siedler von Nürnberg pictures: resource and goods icons, the pieces and the robber knight.

Every picture is drawn at ``SS`` times its size on a 20 x 20 unit grid and downscaled once (LANCZOS), then
cached; boards paste them with their alpha as mask. Pieces carry the seat's shape as a light mark so that no
information rests on colour alone.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.kit import INK, PAPER, RGB, SS, hex_rgb, ink_on, mix, player, shape_points

Draw = ImageDraw.ImageDraw
Unit = Callable[[float, float], tuple[float, float]]

RESOURCE_COLOUR: dict[str, RGB] = {
    "wood": hex_rgb("#2f6f34"),
    "wool": hex_rgb("#9fcb5b"),
    "grain": hex_rgb("#e9c649"),
    "brick": hex_rgb("#c4582f"),
    "ore": hex_rgb("#8c909c"),
}
TERRAIN_COLOUR: dict[str, RGB] = {
    "forest": hex_rgb("#4f8a45"),
    "pasture": hex_rgb("#b6d77a"),
    "fields": hex_rgb("#eccf6a"),
    "hills": hex_rgb("#d27a52"),
    "mountains": hex_rgb("#a3a6b0"),
    "nuernberg": hex_rgb("#e7d3a6"),
    "raubritterburg": hex_rgb("#6d6259"),
}
GOOD_COLOUR: dict[str, RGB] = {
    "helmets": hex_rgb("#9fb3c8"),
    "paper": hex_rgb("#f4ecd2"),
    "compasses": hex_rgb("#d9a441"),
    "armour": hex_rgb("#6f7f8f"),
    "lyres": hex_rgb("#a0673a"),
}
GOLD_COIN = hex_rgb("#e8b931")
STONE = hex_rgb("#b7ab97")
STONE_DARK = hex_rgb("#6e6353")
ROBBER = hex_rgb("#2b2b30")


def _canvas(size: int) -> tuple[Image.Image, Draw, float, int]:
    s = size * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), s / 20, max(SS, round(s / 26))


def _finish(big: Image.Image, size: int) -> Image.Image:
    return big.resize((size, size), Image.Resampling.LANCZOS)


def _pts(u: float, *xy: float) -> list[tuple[float, float]]:
    return [(xy[i] * u, xy[i + 1] * u) for i in range(0, len(xy), 2)]


def _mark(d: Draw, seat: int, cx: float, cy: float, r: float) -> None:
    p = player(seat)
    light = ink_on(p.colour)
    if p.shape == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=light)
    else:
        d.polygon(shape_points(p.shape, cx, cy, r), fill=light)


# ---------------------------------------------------------------- resources
def _wood(d: Draw, u: float, lw: int) -> None:
    d.rectangle((8.8 * u, 14 * u, 11.2 * u, 19.2 * u), fill=hex_rgb("#6b4423"), outline=INK, width=lw)
    green, dark = hex_rgb("#3f9b46"), hex_rgb("#23592a")
    d.polygon(_pts(u, 10, 5, 17.5, 15, 2.5, 15), fill=dark, outline=INK, width=lw)
    d.polygon(_pts(u, 10, 0.8, 16, 10, 4, 10), fill=green, outline=INK, width=lw)


def _wool(d: Draw, u: float, lw: int) -> None:
    for x in (5.5, 9.5, 13.5):
        d.line(_pts(u, x, 13, x, 18.5), fill=INK, width=lw * 2)
    fleece = hex_rgb("#fbfaf3")
    d.ellipse((2 * u, 5.5 * u, 16.5 * u, 15 * u), fill=fleece, outline=INK, width=lw)
    for x, y in ((4, 5), (8, 3.8), (12, 4.6)):
        d.ellipse((x * u, y * u, (x + 4.6) * u, (y + 4.6) * u), fill=fleece, outline=INK, width=lw)
    d.ellipse((13.5 * u, 5.5 * u, 19.4 * u, 11.5 * u), fill=hex_rgb("#3a3330"), outline=INK, width=lw)


def _grain(d: Draw, u: float, lw: int) -> None:
    d.line(_pts(u, 10, 19.5, 10, 3), fill=hex_rgb("#8a6a1d"), width=lw * 2)
    kernel = hex_rgb("#f2c94c")
    for i in range(4):
        y = 3.2 + i * 3.4
        d.ellipse((5.2 * u, y * u, 9.6 * u, (y + 3.6) * u), fill=kernel, outline=INK, width=lw)
        d.ellipse((10.4 * u, y * u, 14.8 * u, (y + 3.6) * u), fill=kernel, outline=INK, width=lw)
    d.ellipse((8 * u, 0.6 * u, 12 * u, 4.6 * u), fill=kernel, outline=INK, width=lw)


def _brick(d: Draw, u: float, lw: int) -> None:
    fill = hex_rgb("#b9482a")
    rows = ((3, (1.5, 10)), (3, (10, 18.5)), (8, (1.5, 6)), (8, (6, 14)), (8, (14, 18.5)), (13, (1.5, 10)),
            (13, (10, 18.5)))
    for y, (x0, x1) in rows:
        d.rectangle((x0 * u, y * u, x1 * u, (y + 5) * u), fill=fill, outline=INK, width=lw)


def _ore(d: Draw, u: float, lw: int) -> None:
    d.polygon(_pts(u, 1, 18, 4, 9, 8.5, 4, 12, 7, 15, 5, 19, 18), fill=hex_rgb("#7b7f8c"), outline=INK, width=lw)
    d.polygon(_pts(u, 8.5, 4, 12, 7, 10, 11), fill=hex_rgb("#c9ccd6"))
    d.polygon(_pts(u, 4, 9, 10, 11, 7, 18, 1, 18), fill=hex_rgb("#5e6270"))
    d.line(_pts(u, 10, 11, 13, 18), fill=INK, width=lw)


# ---------------------------------------------------------------- goods
def _helmets(d: Draw, u: float, lw: int) -> None:
    steel = hex_rgb("#aebfd1")
    d.pieslice((3 * u, 4 * u, 17 * u, 22 * u), 180, 360, fill=steel, outline=INK, width=lw)
    d.polygon(_pts(u, 1, 13, 19, 13, 17, 16.5, 3, 16.5), fill=hex_rgb("#7d8fa3"), outline=INK, width=lw)
    d.line(_pts(u, 10, 4, 10, 13), fill=INK, width=lw)
    d.ellipse((8 * u, 0.5 * u, 12 * u, 4.5 * u), fill=hex_rgb("#c0392b"), outline=INK, width=lw)


def _paper(d: Draw, u: float, lw: int) -> None:
    d.polygon(_pts(u, 4, 1.5, 13, 1.5, 17, 5.5, 17, 18.5, 4, 18.5), fill=hex_rgb("#fffaf0"), outline=INK, width=lw)
    d.polygon(_pts(u, 13, 1.5, 13, 5.5, 17, 5.5), fill=hex_rgb("#d8ccb0"), outline=INK, width=lw)
    for y in (8, 11, 14):
        d.line(_pts(u, 6.5, y, 14.5, y), fill=hex_rgb("#6a5a45"), width=lw)


def _compasses(d: Draw, u: float, lw: int) -> None:
    d.ellipse((1.5 * u, 1.5 * u, 18.5 * u, 18.5 * u), fill=hex_rgb("#d9a441"), outline=INK, width=lw)
    d.ellipse((4 * u, 4 * u, 16 * u, 16 * u), fill=hex_rgb("#fbf3dc"), outline=INK, width=lw)
    d.polygon(_pts(u, 10, 4.5, 12, 10, 8, 10), fill=hex_rgb("#c0392b"))
    d.polygon(_pts(u, 10, 15.5, 12, 10, 8, 10), fill=INK)


def _armour(d: Draw, u: float, lw: int) -> None:
    d.polygon(_pts(u, 3, 2, 7, 1, 10, 3, 13, 1, 17, 2, 16.5, 11, 13, 18.5, 7, 18.5, 3.5, 11), fill=hex_rgb("#7c8c9c"),
              outline=INK, width=lw)
    d.line(_pts(u, 10, 3, 10, 18), fill=INK, width=lw)
    d.line(_pts(u, 5, 11, 15, 11), fill=hex_rgb("#c8d2dc"), width=lw)


def _lyres(d: Draw, u: float, lw: int) -> None:
    wood = hex_rgb("#9a5b2e")
    d.line(_pts(u, 4, 2, 3.5, 10, 6, 17, 10, 18.5, 14, 17, 16.5, 10, 16, 2), fill=wood, width=lw * 4, joint="curve")
    d.line(_pts(u, 3, 4, 17, 4), fill=INK, width=lw * 2)
    for x in (7.5, 10, 12.5):
        d.line(_pts(u, x, 4, x, 17), fill=INK, width=lw)


# ---------------------------------------------------------------- other pictograms
def _prestige(d: Draw, u: float, lw: int) -> None:
    """A banner (prestige points from walls and towers)."""
    d.line(_pts(u, 3.5, 1, 3.5, 19.5), fill=INK, width=lw * 2)
    d.polygon(_pts(u, 4, 2, 17.5, 2, 15, 6.5, 17.5, 11, 4, 11), fill=hex_rgb("#8e2c2c"), outline=INK, width=lw)
    d.polygon(_pts(u, 8, 4, 12, 4, 12, 7, 10, 9, 8, 7), fill=GOLD_COIN)


def _castle(d: Draw, u: float, lw: int) -> None:
    dark = hex_rgb("#3e3833")
    d.polygon(_pts(u, 2, 19, 2, 6, 4.5, 6, 4.5, 8, 7, 8, 7, 3, 9, 3, 9, 5, 11, 5, 11, 3, 13, 3, 13, 8, 15.5, 8,
                   15.5, 6, 18, 6, 18, 19), fill=dark, outline=PAPER, width=lw)
    d.pieslice((8 * u, 13 * u, 12 * u, 21 * u), 180, 360, fill=PAPER)


def _city(d: Draw, u: float, lw: int) -> None:
    wall = hex_rgb("#c9a46a")
    d.rectangle((2 * u, 10 * u, 18 * u, 19 * u), fill=wall, outline=INK, width=lw)
    for x in (2, 14):
        d.rectangle((x * u, 5 * u, (x + 4) * u, 19 * u), fill=wall, outline=INK, width=lw)
        d.polygon(_pts(u, x - 0.5, 5, x + 2, 1, x + 4.5, 5), fill=hex_rgb("#a6402c"), outline=INK, width=lw)
    d.rectangle((8 * u, 7 * u, 12 * u, 19 * u), fill=wall, outline=INK, width=lw)
    d.polygon(_pts(u, 7.5, 7, 10, 2.5, 12.5, 7), fill=hex_rgb("#a6402c"), outline=INK, width=lw)
    d.pieslice((8.5 * u, 14 * u, 11.5 * u, 22 * u), 180, 360, fill=INK)


def _market(d: Draw, u: float, lw: int) -> None:
    """Scales: the Hauptmarkt."""
    d.line(_pts(u, 10, 3, 10, 17), fill=INK, width=lw * 2)
    d.line(_pts(u, 3, 6, 17, 6), fill=INK, width=lw * 2)
    d.rectangle((6 * u, 17 * u, 14 * u, 19 * u), fill=INK)
    for x in (3, 17):
        d.line(_pts(u, x, 6, x - 2.5, 12), fill=INK, width=lw)
        d.line(_pts(u, x, 6, x + 2.5, 12), fill=INK, width=lw)
        d.pieslice(((x - 3.2) * u, 9 * u, (x + 3.2) * u, 15 * u), 0, 180, fill=GOLD_COIN, outline=INK, width=lw)


def _bauhof(d: Draw, u: float, lw: int) -> None:
    """A hammer and a trowel: the Bauhof (builders' yard)."""
    d.line(_pts(u, 4, 17, 13, 6), fill=hex_rgb("#7a4e2d"), width=lw * 3)
    d.polygon(_pts(u, 9.5, 4.5, 14, 0.8, 18.5, 5.6, 14, 9.3), fill=hex_rgb("#5e6270"), outline=INK, width=lw)
    d.polygon(_pts(u, 12, 12, 18.5, 12, 18.5, 18.5), fill=hex_rgb("#c9ccd6"), outline=INK, width=lw)


def _tower_plain(d: Draw, u: float, lw: int) -> None:
    d.rectangle((5 * u, 6 * u, 15 * u, 19 * u), fill=STONE, outline=INK, width=lw)
    for x in (4, 8.3, 12.6):
        d.rectangle((x * u, 2 * u, (x + 3.4) * u, 6.5 * u), fill=STONE, outline=INK, width=lw)


def _shuffle(d: Draw, u: float, lw: int) -> None:
    """Two crossing arrows: the deck is reshuffled on this space."""
    for y0, y1 in ((5, 15), (15, 5)):
        d.line(_pts(u, 2, y0, 7, y0, 13, y1, 16, y1), fill=INK, width=lw * 2, joint="curve")
        d.polygon(_pts(u, 15, y1 - 3, 19, y1, 15, y1 + 3), fill=INK)


def _flag(d: Draw, u: float, lw: int) -> None:
    """The end of the game."""
    d.line(_pts(u, 4, 1, 4, 19.5), fill=INK, width=lw * 2)
    for i in range(3):
        for j in range(2):
            fill = INK if (i + j) % 2 == 0 else PAPER
            d.rectangle(((4.5 + i * 4.5) * u, (2 + j * 4) * u, (9 + i * 4.5) * u, (6 + j * 4) * u), fill=fill)
    d.rectangle((4.5 * u, 2 * u, 18 * u, 10 * u), outline=INK, width=lw)


def _check(d: Draw, u: float, lw: int) -> None:
    d.line(_pts(u, 2.5, 10.5, 8, 16.5, 17.5, 3.5), fill=hex_rgb("#2e8b57"), width=lw * 3, joint="curve")


def _cross(d: Draw, u: float, lw: int) -> None:
    red = hex_rgb("#c0392b")
    d.line(_pts(u, 4, 4, 16, 16), fill=red, width=lw * 3)
    d.line(_pts(u, 16, 4, 4, 16), fill=red, width=lw * 3)


def _coin(d: Draw, u: float, lw: int) -> None:
    d.ellipse((1 * u, 1 * u, 19 * u, 19 * u), fill=mix(GOLD_COIN, (120, 80, 0), 0.3), outline=INK, width=lw)
    d.ellipse((3 * u, 3 * u, 17 * u, 17 * u), fill=GOLD_COIN)


def _card(d: Draw, u: float, lw: int) -> None:
    """A face-down resource card (counts of other players' hands)."""
    d.rounded_rectangle((4 * u, 1.5 * u, 16 * u, 18.5 * u), radius=1.6 * u, fill=hex_rgb("#7a4e2d"), outline=INK,
                        width=lw)
    d.rounded_rectangle((6 * u, 3.5 * u, 14 * u, 16.5 * u), radius=u, outline=GOLD_COIN, width=lw)


def _event(d: Draw, u: float, lw: int) -> None:
    """The event deck."""
    for off, fill in ((0, hex_rgb("#d6c39d")), (2.5, hex_rgb("#e9dcc0"))):
        d.rounded_rectangle(((2 + off) * u, (1 + off) * u, (15 + off) * u, (16.5 + off) * u), radius=1.4 * u,
                            fill=fill, outline=INK, width=lw)
    d.polygon(_pts(u, 11, 7, 14, 11, 11, 15, 8, 11), fill=hex_rgb("#8e2c2c"))


def _house(d: Draw, u: float, lw: int) -> None:
    """A neutral settlement (column headings)."""
    d.polygon(_pts(u, 2.5, 9.5, 10, 2, 17.5, 9.5, 17.5, 18.5, 2.5, 18.5), fill=STONE, outline=INK, width=lw * 2)
    d.rectangle((8 * u, 12 * u, 12 * u, 18.5 * u), fill=STONE_DARK)


def _workshop(d: Draw, u: float, lw: int) -> None:
    """A neutral manufacture (column headings)."""
    d.rectangle((13 * u, 1.5 * u, 16.5 * u, 8 * u), fill=STONE, outline=INK, width=lw * 2)
    d.polygon(_pts(u, 1.5, 19, 1.5, 8, 6.5, 4, 6.5, 8, 11.5, 4, 11.5, 8, 18.5, 8, 18.5, 19), fill=STONE, outline=INK,
              width=lw * 2)


def _signpost(d: Draw, u: float, lw: int) -> None:
    """A route signpost: the Wegerecht cards."""
    d.line(_pts(u, 10, 2, 10, 19.5), fill=hex_rgb("#6b4423"), width=lw * 3)
    d.polygon(_pts(u, 3, 3, 15, 3, 18.5, 6, 15, 9, 3, 9), fill=hex_rgb("#e9dcc0"), outline=INK, width=lw)
    d.polygon(_pts(u, 17, 10, 5, 10, 1.5, 13, 5, 16, 17, 16), fill=hex_rgb("#e9dcc0"), outline=INK, width=lw)


def _council(d: Draw, u: float, lw: int) -> None:
    """A sealed charter: a council card."""
    d.rounded_rectangle((3 * u, 1.5 * u, 17 * u, 17 * u), radius=u, fill=hex_rgb("#f4e4b8"), outline=INK, width=lw)
    for y in (5, 8, 11):
        d.line(_pts(u, 6, y, 14, y), fill=hex_rgb("#6a5a45"), width=lw)
    d.ellipse((10 * u, 12 * u, 17.5 * u, 19.5 * u), fill=hex_rgb("#b3261e"), outline=INK, width=lw)


def _hourglass(d: Draw, u: float, lw: int) -> None:
    """A seat whose answer the game awaits (other than the active player)."""
    wood = hex_rgb("#6b4423")
    d.polygon(_pts(u, 5, 3, 15, 3, 10.6, 10, 15, 17, 5, 17, 9.4, 10), fill=hex_rgb("#fbf3dc"), outline=INK, width=lw)
    d.polygon(_pts(u, 7.5, 15.8, 12.5, 15.8, 10, 12.5), fill=GOLD_COIN)
    d.polygon(_pts(u, 7, 4.5, 13, 4.5, 10, 8.5), fill=GOLD_COIN)
    d.rectangle((3 * u, 1 * u, 17 * u, 3 * u), fill=wood, outline=INK, width=lw)
    d.rectangle((3 * u, 17 * u, 17 * u, 19 * u), fill=wood, outline=INK, width=lw)


_ICONS: dict[str, Callable[[Draw, float, int], None]] = {
    "hourglass": _hourglass, "house": _house, "workshop": _workshop, "signpost": _signpost, "council": _council,
    "wood": _wood, "wool": _wool, "grain": _grain, "brick": _brick, "ore": _ore,
    "helmets": _helmets, "paper": _paper, "compasses": _compasses, "armour": _armour, "lyres": _lyres,
    "prestige": _prestige, "castle": _castle, "city": _city, "market": _market, "bauhof": _bauhof,
    "tower": _tower_plain, "shuffle": _shuffle, "flag": _flag, "check": _check, "cross": _cross,
    "gold": _coin, "card": _card, "event": _event,
}
ICON_NAMES = frozenset(_ICONS)


@lru_cache(maxsize=256)
def icon(kind: str, size: int) -> Image.Image:
    """A pictogram: a resource, a good, gold, a card, prestige, or a board feature."""
    big, d, u, lw = _canvas(size)
    _ICONS[kind](d, u, lw)
    return _finish(big, size)


@lru_cache(maxsize=64)
def resource_chip(res: str, size: int) -> Image.Image:
    """A resource on a round chip of its colour (legible on any background)."""
    big, d, u, lw = _canvas(size)
    d.ellipse((0.6 * u, 0.6 * u, 19.4 * u, 19.4 * u), fill=mix(RESOURCE_COLOUR[res], (255, 255, 255), 0.45),
              outline=INK, width=lw)
    inner = icon(res, size * SS * 7 // 10)
    off = (size * SS - inner.width) // 2
    big.alpha_composite(inner, (off, off))
    return _finish(big, size)


# ---------------------------------------------------------------- pieces
@lru_cache(maxsize=64)
def settlement(seat: int, size: int) -> Image.Image:
    """A house in the seat's colour with the seat's mark."""
    big, d, u, lw = _canvas(size)
    colour = player(seat).colour
    d.polygon(_pts(u, 2.5, 9.5, 10, 2, 17.5, 9.5, 17.5, 18.5, 2.5, 18.5), fill=colour, outline=INK, width=lw * 2)
    _mark(d, seat, 10 * u, 12.8 * u, 3.6 * u)
    return _finish(big, size)


@lru_cache(maxsize=64)
def manufacture(seat: int, size: int) -> Image.Image:
    """A workshop (saw-tooth roof and chimney) in the seat's colour with the seat's mark."""
    big, d, u, lw = _canvas(size)
    colour = player(seat).colour
    d.rectangle((13 * u, 1.5 * u, 16.5 * u, 8 * u), fill=colour, outline=INK, width=lw * 2)
    d.polygon(_pts(u, 1.5, 19, 1.5, 8, 6.5, 4, 6.5, 8, 11.5, 4, 11.5, 8, 18.5, 8, 18.5, 19), fill=colour, outline=INK,
              width=lw * 2)
    _mark(d, seat, 10 * u, 13.5 * u, 4.4 * u)
    return _finish(big, size)


@lru_cache(maxsize=64)
def tower(seat: int | None, size: int) -> Image.Image:
    """A round city tower: in the builder's colour with their mark, or bare stone when open."""
    big, d, u, lw = _canvas(size)
    fill = player(seat).colour if seat is not None else mix(STONE, (255, 255, 255), 0.3)
    d.rectangle((4 * u, 7 * u, 16 * u, 19 * u), fill=fill, outline=INK, width=lw * 2)
    for x in (3, 8.2, 13.4):
        d.rectangle((x * u, 2 * u, (x + 3.6) * u, 7.5 * u), fill=fill, outline=INK, width=lw * 2)
    if seat is not None:
        _mark(d, seat, 10 * u, 13 * u, 3.4 * u)
    return _finish(big, size)


@lru_cache(maxsize=64)
def toll_bar(seat: int, length: int, thick: int, angle: float) -> Image.Image:
    """A toll bar along a route section: a bar in the seat's colour with the seat's mark in its middle."""
    p = player(seat)
    s = length * SS
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = s / 2
    t = thick * SS / 2
    d.rounded_rectangle((0.5 * SS, c - t, s - 0.5 * SS, c + t), radius=t, fill=p.colour, outline=INK, width=SS * 2)
    d.line((c - t * 1.6, c - t, c - t * 1.6, c + t), fill=INK, width=SS)
    d.line((c + t * 1.6, c - t, c + t * 1.6, c + t), fill=INK, width=SS)
    rotated = big.rotate(-angle, resample=Image.Resampling.BICUBIC)
    dm = ImageDraw.Draw(rotated)
    light = ink_on(p.colour)
    r = t * 0.95  # the seat's shape as large as the bar allows: it, not the colour, tells the owner on a phone
    if p.shape == "circle":
        dm.ellipse((c - r, c - r, c + r, c + r), fill=light)
    else:
        dm.polygon(shape_points(p.shape, c, c, r), fill=light)
    return _finish(rotated, length)


@lru_cache(maxsize=8)
def robber(size: int) -> Image.Image:
    """The robber knight: a dark pawn with a light rim, visible on every terrain."""
    big, d, u, lw = _canvas(size)
    d.polygon(_pts(u, 4, 19.5, 6.5, 9, 13.5, 9, 16, 19.5), fill=ROBBER, outline=PAPER, width=lw * 2)
    d.ellipse((5.2 * u, 0.8 * u, 14.8 * u, 10.4 * u), fill=ROBBER, outline=PAPER, width=lw * 2)
    d.rectangle((6 * u, 4.5 * u, 14 * u, 6 * u), fill=hex_rgb("#c0392b"))
    return _finish(big, size)
