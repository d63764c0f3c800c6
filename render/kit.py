"""Shared drawing kit: fonts, palette, layout boxes, a recording canvas and board-game primitives.

Every board is drawn on a ``Canvas`` of ``W`` x ``H`` (16:10). The canvas records each top-level
region and every text it draws (with its font size), so tests can check the layout without pixels:
regions inside the canvas and not overlapping, and no text below ``MIN_FONT``. ``MIN_FONT`` is chosen
so that text is still >= ~14 px tall when the image is shown 550 px wide on a phone.

Shapes that must look smooth (tokens, meeples, cubes, coins) are sprites drawn at 4x and downscaled
once, then cached and pasted with their alpha as mask onto an RGB canvas (fast; see ecosystem.md 3.2).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from rules.words import translator

_, _n = translator("core")

W, H = 1280, 800
PHONE_WIDTH = 550
MIN_FONT = 32  # 32 px on a 1280 px canvas is 13.75 px at 550 px wide
SS = 4  # supersampling factor for sprites

RGB = tuple[int, int, int]


def hex_rgb(value: str) -> RGB:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved ``t`` of the way towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(c: RGB) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255


def ink_on(c: RGB) -> RGB:
    """Dark or light text, whichever reads on background ``c``."""
    return INK if luminance(c) > 0.55 else PAPER


# ---------------------------------------------------------------- palette
PAPER = hex_rgb("#f6efe0")  # light text on dark
TABLE = hex_rgb("#2f3b45")  # the table the board lies on (canvas background)
BOARD = hex_rgb("#e9dcc0")  # parchment panels
BOARD_DARK = hex_rgb("#d6c39d")
INK = hex_rgb("#241c15")
INK_SOFT = hex_rgb("#5a4a3a")
WATER = hex_rgb("#3f7f9f")
WATER_DARK = hex_rgb("#2d5f78")
GOLD = hex_rgb("#e8b931")
HIGHLIGHT = hex_rgb("#ff3fa4")  # last action: a hot pink ring, distinct from every player colour
GOOD = hex_rgb("#2e8b57")
BAD = hex_rgb("#c0392b")


@dataclass(frozen=True)
class PlayerStyle:
    colour: RGB
    shape: str  # circle, square, triangle, diamond, plus, star
    letter: str  # redundancy for colour-blind readers: the seat number

    @property
    def ink(self) -> RGB:
        return ink_on(self.colour)


# Okabe-Ito colours (distinguishable under the common colour-vision deficiencies), each paired with
# its own shape so that no information rests on colour alone.
PLAYERS: tuple[PlayerStyle, ...] = (
    PlayerStyle(hex_rgb("#0072b2"), "circle", "1"),
    PlayerStyle(hex_rgb("#e69f00"), "square", "2"),
    PlayerStyle(hex_rgb("#009e73"), "triangle", "3"),
    PlayerStyle(hex_rgb("#cc79a7"), "diamond", "4"),
    PlayerStyle(hex_rgb("#d55e00"), "plus", "5"),  # not a hexagon: too like the circle on a phone
    PlayerStyle(hex_rgb("#56b4e9"), "star", "6"),
)


def player(seat: int) -> PlayerStyle:
    return PLAYERS[seat % len(PLAYERS)]


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The player's name if given, else "Seat N" (views carry seat numbers only).

    Characters the bundled font cannot draw (emoji, CJK) are dropped rather than shown as boxes; a name
    with nothing drawable left falls back to "Seat N" too."""
    if names is not None and 0 <= seat < len(names) and names[seat]:
        name = " ".join(drawable(str(names[seat])).split())
        if name:
            return name
    return _("Seat {n}").format(n=seat + 1)


def drawable(text: str) -> str:
    """``text`` without the characters DejaVu Sans Bold has no glyph for."""
    return "".join(ch for ch in text if ch.isspace() or _has_glyph(ch))


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    if ord(ch) < 0x250:  # Latin, Latin-1 and Latin Extended: all present
        return ch.isprintable()
    return ch.isprintable() and _glyph_pixels(ch) != _glyph_pixels("\U0010fffd")  # a code point no font defines


@lru_cache(maxsize=4096)
def _glyph_pixels(ch: str) -> bytes:
    """The pixels DejaVu Sans Bold draws for ``ch`` (its "missing" box when it has no glyph)."""
    img = Image.new("L", (MIN_FONT * 2, MIN_FONT * 2))
    ImageDraw.Draw(img).text((MIN_FONT // 2, MIN_FONT // 2), ch, font=font(MIN_FONT, "bold"), fill=255)
    return img.tobytes()


# ---------------------------------------------------------------- fonts
_FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed-Bold.ttf",
}


@lru_cache(maxsize=64)
def font(size: int, style: str = "regular") -> ImageFont.FreeTypeFont:
    """A bundled DejaVu font; ``style`` is regular, bold or cond (condensed bold, for tight labels)."""
    data = (files("render") / "fonts" / _FONT_FILES[style]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size, layout_engine=ImageFont.Layout.BASIC)


def text_width(text: str, size: int, style: str = "regular") -> float:
    return font(size, style).getlength(text)


def fit_text(text: str, size: int, style: str, max_width: float) -> str:
    """``text`` cut with an ellipsis so it fits ``max_width`` at ``size`` (never shrinks the font)."""
    if text_width(text, size, style) <= max_width:
        return text
    f = font(size, style)
    while text and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


# ---------------------------------------------------------------- layout
@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle; the layout helper. Split it into rows, columns and grids."""

    x: float
    y: float
    w: float
    h: float

    @property
    def x2(self) -> float:
        return self.x + self.w

    @property
    def y2(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    @property
    def rect(self) -> tuple[int, int, int, int]:
        return (round(self.x), round(self.y), round(self.x2), round(self.y2))

    def inset(self, dx: float, dy: float | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x + dx, self.y + dy, max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * dy))

    def top(self, h: float) -> Box:
        return Box(self.x, self.y, self.w, h)

    def bottom(self, h: float) -> Box:
        return Box(self.x, self.y2 - h, self.w, h)

    def left(self, w: float) -> Box:
        return Box(self.x, self.y, w, self.h)

    def right(self, w: float) -> Box:
        return Box(self.x2 - w, self.y, w, self.h)

    def rest_below(self, h: float, gap: float = 0) -> Box:
        """What is left after cutting ``h`` (+ ``gap``) off the top."""
        return Box(self.x, self.y + h + gap, self.w, max(0.0, self.h - h - gap))

    def rows(self, *weights: float, gap: float = 0) -> list[Box]:
        """Split top to bottom in proportion to ``weights`` (a weight < 0 is a fixed height in px)."""
        return [Box(self.x, a, self.w, b) for a, b in _split(self.y, self.h, weights, gap)]

    def cols(self, *weights: float, gap: float = 0) -> list[Box]:
        """Split left to right in proportion to ``weights`` (a weight < 0 is a fixed width in px)."""
        return [Box(a, self.y, b, self.h) for a, b in _split(self.x, self.w, weights, gap)]

    def grid(self, n: int, columns: int, gap: float = 0) -> list[Box]:
        """``n`` equal cells in reading order, ``columns`` per row."""
        nrows = max(1, math.ceil(n / columns))
        out: list[Box] = []
        for row in self.rows(*([1] * nrows), gap=gap):
            out.extend(row.cols(*([1] * columns), gap=gap))
        return out[:n]

    def overlaps(self, other: Box) -> bool:
        return self.x < other.x2 and other.x < self.x2 and self.y < other.y2 and other.y < self.y2

    def inside(self, other: Box) -> bool:
        eps = 0.5
        return (
            self.x >= other.x - eps and self.y >= other.y - eps and self.x2 <= other.x2 + eps
            and self.y2 <= other.y2 + eps
        )


def _split(start: float, length: float, weights: Sequence[float], gap: float) -> list[tuple[float, float]]:
    fixed = sum(-w for w in weights if w < 0)
    flexible = sum(w for w in weights if w > 0)
    free = max(0.0, length - fixed - gap * (len(weights) - 1))
    out = []
    pos = start
    for w in weights:
        size = -w if w < 0 else (free * w / flexible if flexible else 0.0)
        out.append((pos, size))
        pos += size + gap
    return out


@dataclass
class TextRecord:
    text: str
    size: int
    box: Box
    #: the text did not fit its width and was cut with an ellipsis (the language tests forbid it)
    cut: bool = False


@dataclass
class Canvas:
    """An RGB image plus a record of its named regions and texts (for the structural tests)."""

    w: int = W
    h: int = H
    background: RGB = TABLE
    img: Image.Image = field(init=False)
    draw: ImageDraw.ImageDraw = field(init=False)
    regions: dict[str, Box] = field(default_factory=dict)
    texts: list[TextRecord] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.img = Image.new("RGB", (self.w, self.h), self.background)
        self.draw = ImageDraw.Draw(self.img)

    @property
    def box(self) -> Box:
        return Box(0, 0, self.w, self.h)

    def region(self, name: str, box: Box) -> Box:
        """Register a top-level region (regions must not overlap; tests check)."""
        self.regions[name] = box
        return box

    # -------------------------------------------------------------- text
    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = MIN_FONT,
        style: str = "regular",
        fill: RGB = INK,
        anchor: str = "la",
        max_width: float | None = None,
    ) -> Box:
        """Draw one line; cut with an ellipsis past ``max_width``. Returns the drawn box."""
        text = wanted = str(text)
        if max_width is not None:
            text = fit_text(text, size, style, max_width)
        f = font(size, style)
        self.draw.text((round(xy[0]), round(xy[1])), text, font=f, fill=fill, anchor=anchor)
        x0, y0, x1, y1 = self.draw.textbbox((round(xy[0]), round(xy[1])), text, font=f, anchor=anchor)
        drawn = Box(x0, y0, x1 - x0, y1 - y0)
        self.texts.append(TextRecord(text, size, drawn, cut=text != wanted))
        return drawn

    def text_in(self, box: Box, text: str, size: int = MIN_FONT, style: str = "regular", fill: RGB = INK,
                align: str = "center") -> Box:
        """One line fitted into ``box``, vertically centred; align left, center or right."""
        x = {"left": box.x, "center": box.cx, "right": box.x2}[align]
        anchor = {"left": "lm", "center": "mm", "right": "rm"}[align]
        return self.text((x, box.cy), text, size, style, fill, anchor, max_width=box.w)

    # -------------------------------------------------------------- shapes
    def panel(self, box: Box, fill: RGB = BOARD, outline: RGB | None = INK_SOFT, radius: int = 14,
              width: int = 2) -> None:
        self.draw.rounded_rectangle(box.rect, radius=radius, fill=fill, outline=outline, width=width)

    def highlight(self, box: Box, radius: int = 16, width: int = 6, edged: bool = False) -> None:
        """The last-action marker: a thick ring just outside ``box``.

        ``edged`` lines the ring with ink on both sides: to red-green colour-blind eyes the pink alone is
        a mid grey-blue that can vanish against blue or grey backgrounds; the dark edges keep it visible."""
        ring = box.inset(-width / 2 - 2)
        if edged:
            self.draw.rounded_rectangle(ring.inset(-width / 2 - 1).rect, radius=radius + width // 2, outline=INK,
                                        width=2)
            self.draw.rounded_rectangle(ring.inset(width / 2 + 1).rect, radius=max(2, radius - width // 2),
                                        outline=INK, width=2)
        self.draw.rounded_rectangle(ring.rect, radius=radius, outline=HIGHLIGHT, width=width)

    def paste(self, sprite: Image.Image, center: tuple[float, float]) -> None:
        x = round(center[0] - sprite.width / 2)
        y = round(center[1] - sprite.height / 2)
        self.img.paste(sprite, (x, y), sprite)

    def token(self, seat: int, center: tuple[float, float], size: int) -> None:
        """A player's marker: their colour in their shape."""
        self.paste(token_sprite(seat, size), center)

    def meeple(self, seat: int, center: tuple[float, float], size: int) -> None:
        self.paste(meeple_sprite(seat, size), center)

    def cube(self, colour: RGB, center: tuple[float, float], size: int, mark: str | None = None) -> None:
        self.paste(cube_sprite(colour, size, mark), center)

    def coin(self, center: tuple[float, float], size: int, value: int | str | None = None) -> None:
        self.paste(coin_sprite(size), center)
        if value is not None:
            self.text(center, str(value), MIN_FONT, "cond", INK, "mm")

    def chip(self, box: Box, text: str, fill: RGB, size: int = MIN_FONT, style: str = "bold") -> Box:
        """A rounded pill with a label (badges, counters)."""
        self.draw.rounded_rectangle(box.rect, radius=round(min(box.h, box.w) / 2), fill=fill,
                                    outline=mix(fill, INK, 0.5), width=2)
        return self.text_in(box, text, size, style, ink_on(fill))

    def player_chip(self, box: Box, seat: int, label: str, size: int = MIN_FONT, style: str = "bold",
                    tight: bool = False) -> None:
        """A pill in the player's colour carrying their shape and a label (name, score...).

        ``tight`` packs the shape closer to the edge, leaving the label ~20 px more (narrow panels)."""
        p = player(seat)
        self.draw.rounded_rectangle(box.rect, radius=round(box.h / 2), fill=p.colour, outline=INK, width=2)
        icon = round(box.h * 0.62)
        icon_x = box.x + (icon / 2 + 6 if tight else box.h / 2 + 2)
        self.paste(token_sprite(seat, icon, ring=PAPER), (icon_x, box.cy))
        text_x = icon_x + icon / 2 + 6 if tight else box.x + box.h + 4
        self.text_in(Box(text_x, box.y, box.x2 - text_x - 8, box.h), label, size, style, p.ink,
                     "left")

    def track(self, box: Box, values: Sequence[int], lo: int | None = None, hi: int | None = None) -> None:
        """A score track: a bar from lo to hi with each seat's token at its value (ties stack)."""
        lo = min([0, *values]) if lo is None else lo
        hi = max([lo + 10, *values]) if hi is None else hi
        bar = Box(box.x + box.h / 2, box.cy - 5, box.w - box.h, 10)
        self.draw.rounded_rectangle(bar.rect, radius=5, fill=BOARD_DARK, outline=INK_SOFT)
        seen: dict[int, int] = {}
        size = round(box.h * 0.5)
        for seat, v in enumerate(values):
            x = bar.x + (v - lo) / max(1, hi - lo) * bar.w
            k = seen.get(v, 0)
            seen[v] = k + 1
            self.token(seat, (x, box.cy - (k % 2) * size * 0.5 + (k // 2) * 4), size)

    def table(self, box: Box, header: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
              size: int = MIN_FONT, row_fill: Iterable[RGB | None] | None = None) -> list[list[Box]]:
        """A plain grid of one-line cells; the first column left-aligned, the others centred."""
        nrows = len(rows) + 1
        lines = box.rows(*([1] * nrows))
        fills = list(row_fill) if row_fill is not None else [None] * len(rows)
        cells: list[list[Box]] = []
        for r, line in enumerate(lines):
            cols = line.cols(*widths)
            if r == 0:
                self.draw.rectangle(line.rect, fill=BOARD_DARK)
            elif fills[r - 1] is not None:
                self.draw.rectangle(line.rect, fill=fills[r - 1])
            values = header if r == 0 else rows[r - 1]
            for c, (cell, value) in enumerate(zip(cols, values, strict=False)):
                self.text_in(cell.inset(8, 0), value, size, "bold" if r == 0 or c == 0 else "regular",
                             INK, "left" if c == 0 else "center")
            cells.append(cols)
            if r:
                self.draw.line((line.x, line.y, line.x2, line.y), fill=INK_SOFT, width=1)
        return cells

    # -------------------------------------------------------------- output
    def png(self, colours: int = 128, level: int = 3) -> bytes:
        """PNG bytes, quantised to an adaptive palette (flat board art loses nothing visible).

        128 colours at zlib level 3 measured ~2x faster than 256 at level 6 on a 5-player board (about 15 vs
        30 ms), for ~10 KB more (58 KB); ``colours=0`` keeps full RGB."""
        out = io.BytesIO()
        img = self.img.quantize(colours, method=Image.Quantize.FASTOCTREE) if colours else self.img
        img.save(out, format="PNG", compress_level=level)
        return out.getvalue()


# ---------------------------------------------------------------- sprites
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


def icon(canvas: Canvas, kind: str, center: tuple[float, float], size: int) -> None:
    canvas.paste(icon_sprite(kind, size), center)


# ---------------------------------------------------------------- hints
def last_action(last: Any) -> tuple[int | None, str]:
    """Normalise the ``last`` hint: a dict {"seat", "action"}, a (seat, action) pair, or an action string."""
    if last is None:
        return None, ""
    if isinstance(last, dict):
        seat = last.get("seat")
        return (int(seat) if isinstance(seat, int) else None), str(last.get("action") or "")
    if isinstance(last, tuple | list) and len(last) == 2:
        seat, action = last
        return (int(seat) if isinstance(seat, int) else None), str(action or "")
    return None, str(last)
