"""The pictures of the application emojis (goods, resources, buildings and coins), drawn once from the games' own
sprites and palette so a menu or a log line shows the same mark as the board.

``THINGS[game][thing]`` draws one ``EMOJI_SIZE`` square on a transparent ground; ``draw(game, thing)`` gives its PNG.
``bot/tools/emojis.py`` writes them into the Discord layer's folder (checked in), and the bot uploads them as
application emojis at start (``bot/discord/emojis/``). The ids are the rules' own (goods, resources, guilds,
currencies), so the Discord layer can map an action to its thing without any rule of its own.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from PIL import Image, ImageDraw

from render import colonia_art, nuernberg_art, strasbourg_art
from render.kit import coin_sprite, cube_sprite, ink_on
from render.speicherstadt.layout import GOOD_MARK, GOOD_RGB, GOODS
from render.typeface import font

EMOJI_SIZE = 128  # Discord shows an emoji at 22-48 px; 128 keeps it sharp on any screen
Drawing = Callable[[int], Image.Image]


def _square(sprite: Image.Image, size: int) -> Image.Image:
    """The sprite centred on a transparent square of ``size`` (sprites may come a pixel short)."""
    out = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    sprite = sprite.convert("RGBA")
    out.alpha_composite(sprite, ((size - sprite.width) // 2, (size - sprite.height) // 2))
    return out


def _colonia_coin(currency: str) -> Drawing:
    def draw(size: int) -> Image.Image:
        img = _square(colonia_art.coin_sprite(currency, size), size)
        sign = colonia_art.CURRENCY_SIGN[currency]
        colour = colonia_art.city_colour(colonia_art.CITY_OF_CURRENCY[currency])
        d = ImageDraw.Draw(img)
        d.text((size / 2, size / 2), sign, font=font(int(size * 0.5), "bold"), fill=ink_on(colour), anchor="mm")
        return img
    return draw


def _big(draw: Callable[[int], Image.Image]) -> Drawing:
    """A sprite that supersamples on its own (``SS``), drawn straight at the size asked."""
    return lambda size: _square(draw(size), size)


def _cube(good: str) -> Drawing:
    return _big(lambda size: cube_sprite(GOOD_RGB[good], size, GOOD_MARK[good]))


def _colonia_good(good: str) -> Drawing:
    return _big(lambda size: colonia_art.good_sprite(good, size))


def _pictogram(kind: str) -> Drawing:
    return _big(lambda size: strasbourg_art.pictogram(kind, size))


def _chip(resource: str) -> Drawing:
    return _big(lambda size: nuernberg_art.resource_chip(resource, size))


def _icon(kind: str) -> Drawing:
    return _big(lambda size: nuernberg_art.icon(kind, size))


_COLONIA_GOODS = ("saddle", "cartwheel", "painting", "clothing", "shoes")

THINGS: dict[str, dict[str, Drawing]] = {
    "speicherstadt": {**{g: _cube(g) for g in GOODS}, "coin": _big(coin_sprite)},
    "colonia": {
        **{g: _colonia_good(g) for g in _COLONIA_GOODS},
        **{c: _colonia_coin(c) for c in colonia_art.CURRENCY_SIGN},
    },
    "strasbourg": {
        **{guild: _pictogram(icon) for guild, icon in strasbourg_art.GUILD_ICON.items()},
        "coin": _pictogram("coin"),
        "chapel": _pictogram("chapel"),
        "edifice": _big(strasbourg_art.edifice_sprite),
    },
    "nuernberg": {
        **{r: _chip(r) for r in nuernberg_art.RESOURCE_COLOUR},
        **{g: _icon(g) for g in nuernberg_art.GOOD_COLOUR},
        "gold": _icon("gold"),
        "settlement": _icon("house"),
        "manufacture": _icon("workshop"),
        "toll": _icon("signpost"),
        "wall": _icon("castle"),
    },
}


def draw(game: str, thing: str, size: int = EMOJI_SIZE) -> bytes:
    """The thing's picture as PNG bytes (deterministic: the same sprite gives the same file)."""
    image = THINGS[game][thing](size)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()

