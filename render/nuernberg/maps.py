"""Die Siedler von Nürnberg: the two hex boards (countryside with its trade routes, and the city).

Both boards use the view's pointy-top axial coordinates in hex radii (pixel centre of hex (q, r) =
(sqrt(3)*(q + r/2), 1.5*r), y down); crossings, discs, walls and towers come with their own ``xy``. The
terrain and district tiles never change, so they are drawn once per layout (supersampled, cached) and the
pieces are pasted on top at every render.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import nuernberg_art as art
from render.kit import BOARD, HIGHLIGHT, INK, INK_SOFT, MIN_FONT, PAPER, RGB, Box, Canvas, font, hex_rgb, mix, player

SQRT3 = math.sqrt(3)
Point = tuple[float, float]

ROAD = hex_rgb("#efe3c4")
NUMBER_RED = hex_rgb("#b3261e")
FIELD = hex_rgb("#5f8fa8")  # the countryside board's surround (river blue-grey)
CITY_GROUND = hex_rgb("#cdb991")
WALL_OPEN = hex_rgb("#a59a88")
TRADE_ALL: tuple[str, ...] = ("wood", "wool", "grain", "brick", "ore")


@dataclass(frozen=True)
class Grid:
    """Maps hex-radius coordinates to canvas pixels: ``(ox + R*x, oy + R*y)``."""

    ox: float
    oy: float
    R: float

    def at(self, xy: Iterable[float]) -> Point:
        x, y = xy
        return (self.ox + self.R * x, self.oy + self.R * y)

    def centre(self, q: int, r: int) -> Point:
        return self.at((SQRT3 * (q + r / 2), 1.5 * r))

    def corners(self, q: int, r: int, scale: float = 1.0) -> list[Point]:
        cx, cy = self.centre(q, r)
        rad = self.R * scale
        return [(cx + rad * math.cos(math.radians(-90 + 60 * i)), cy + rad * math.sin(math.radians(-90 + 60 * i)))
                for i in range(6)]


def _bounds(points: Iterable[Point]) -> tuple[float, float, float, float]:
    xs, ys = zip(*points, strict=True)
    return min(xs), min(ys), max(xs), max(ys)


def fit_grid(box: Box, points: list[Point], pad: tuple[float, float, float, float] = (0.3, 0.3, 0.3, 0.3)) -> Grid:
    """The largest grid that shows ``points`` (hex-radius units) inside ``box`` with ``pad`` units (l, t, r, b)."""
    x0, y0, x1, y1 = _bounds(points)
    x0, y0, x1, y1 = x0 - pad[0], y0 - pad[1], x1 + pad[2], y1 + pad[3]
    rad = min(box.w / (x1 - x0), box.h / (y1 - y0))
    ox = box.cx - rad * (x0 + x1) / 2
    oy = box.cy - rad * (y0 + y1) / 2
    return Grid(ox, oy, rad)


def _hex_points(hexes: list[dict[str, Any]]) -> list[Point]:
    out: list[Point] = []
    for h in hexes:
        cx, cy = SQRT3 * (h["q"] + h["r"] / 2), 1.5 * h["r"]
        out.extend((cx + math.cos(math.radians(-90 + 60 * i)), cy + math.sin(math.radians(-90 + 60 * i)))
                   for i in range(6))
    return out


def _ring(cv: Canvas, centre: Point, radius: float, width: int = 6) -> None:
    x, y = centre
    r = radius + width / 2
    cv.draw.ellipse((x - r, y - r, x + r, y + r), outline=HIGHLIGHT, width=width)


def _paste(cv: Canvas, sprite: Image.Image, centre: Point) -> None:
    cv.paste(sprite, centre)


# ================================================================ countryside
@dataclass(frozen=True)
class CountrysideLayout:
    grid: Grid
    box: Box


def countryside_layout(box: Box, countryside: dict[str, Any]) -> CountrysideLayout:
    points = _hex_points(countryside["hexes"])
    for route in countryside["routes"]:
        points.extend(tuple(c["xy"]) for c in route["crossings"])
    # room on the left and right for the route badges of routes that end on the rim
    return CountrysideLayout(fit_grid(box.inset(6), points, (0.45, 0.2, 0.45, 0.2)), box)


Tile = tuple[str, int, int, str, str]  # id, q, r, terrain or kind, resource or good ("" if none)


def _hex_key(hexes: list[dict[str, Any]]) -> tuple[Tile, ...]:
    """The hashable static part of a board's hexes (the cache key of its tile layer)."""
    return tuple((h["id"], h["q"], h["r"], h.get("terrain") or h.get("kind") or "",
                  h.get("resource") or h.get("good") or "") for h in hexes)


@lru_cache(maxsize=8)
def _countryside_tiles(size: tuple[int, int], grid: Grid, tiles: tuple[Tile, ...], background: RGB) -> Image.Image:
    """The static countryside: the surround and the terrain hexes with their pictograms (RGB, box-sized)."""
    ss = 3
    w, h = size
    big = Image.new("RGB", (w * ss, h * ss), background)
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius=14 * ss, fill=FIELD, outline=INK_SOFT, width=2 * ss)
    big_grid = Grid(grid.ox * ss, grid.oy * ss, grid.R * ss)
    for _hid, q, r, terrain, _res in tiles:
        fill = art.TERRAIN_COLOUR.get(terrain, BOARD)
        d.polygon(big_grid.corners(q, r, 1.0), fill=mix(fill, INK, 0.55))
        d.polygon(big_grid.corners(q, r, 0.93), fill=fill)
    img = big.resize(size, Image.Resampling.LANCZOS)
    icon_size = round(grid.R * 0.62)
    for _hid, q, r, terrain, res in tiles:
        cx, cy = grid.centre(q, r)
        if terrain == "nuernberg":
            sprite = art.icon("city", round(grid.R * 1.05))
            img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)
        elif terrain == "raubritterburg":
            sprite = art.icon("castle", round(grid.R * 0.95))
            img.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2 - grid.R * 0.05)), sprite)
        elif res in art.ICON_NAMES:
            sprite = art.icon(res, icon_size)
            img.paste(sprite, (round(cx - icon_size / 2), round(cy - grid.R * 0.62)), sprite)
    return img


def _record_countryside_icons(cv: Canvas, grid: Grid, tiles: tuple[Tile, ...]) -> None:
    """The pictograms of the cached tile layer, recorded where ``_countryside_tiles`` pastes them (the phone test
    counts every mark, cached or not)."""
    for _hid, q, r, terrain, res in tiles:
        cx, cy = grid.centre(q, r)
        if terrain == "nuernberg":
            size = round(grid.R * 1.05)
            cv.record("icon", "icon city", Box(cx - size / 2, cy - size / 2, size, size))
        elif terrain == "raubritterburg":
            size = round(grid.R * 0.95)
            cv.record("icon", "icon castle", Box(cx - size / 2, cy - size / 2 - grid.R * 0.05, size, size))
        elif res in art.ICON_NAMES:
            size = round(grid.R * 0.62)
            cv.record("icon", f"icon {res}", Box(cx - size / 2, cy - grid.R * 0.62, size, size))


@lru_cache(maxsize=8)
def _number_disc(size: int) -> Image.Image:
    big = Image.new("RGBA", (size * 4, size * 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse((4, 4, size * 4 - 4, size * 4 - 4), fill=hex_rgb("#f8f0da"), outline=INK, width=6)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def _section_geometry(grid: Grid, a: Point, b: Point) -> tuple[Point, float, float]:
    pa, pb = grid.at(a), grid.at(b)
    mid = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
    angle = math.degrees(math.atan2(pb[1] - pa[1], pb[0] - pa[0]))
    return mid, angle, math.dist(pa, pb)


def _badge_spot(grid: Grid, box: Box, end: Point, size: tuple[float, float], hexes: list[Point]) -> Point:
    """Where a route's badge goes: near its last crossing, inside the board, as far from hex centres as possible."""
    ex, ey = grid.at(end)
    w, h = size
    best, best_score = (ex, ey), -1.0
    for i in range(16):
        a = 2 * math.pi * i / 16
        for dist in (0.75, 1.0):
            cx = ex + math.cos(a) * grid.R * dist * (0.5 + w / (2 * grid.R))
            cy = ey + math.sin(a) * grid.R * dist * (0.5 + h / (2 * grid.R))
            cand = Box(cx - w / 2, cy - h / 2, w, h)
            if not cand.inside(box.inset(4)):
                continue
            score = min(_rect_dist(cand, hx, hy) for hx, hy in hexes) - 0.05 * math.dist((cx, cy), (ex, ey))
            if score > best_score:
                best, best_score = (cx, cy), score
    return best


def _rect_dist(box: Box, x: float, y: float) -> float:
    dx = max(box.x - x, 0.0, x - box.x2)
    dy = max(box.y - y, 0.0, y - box.y2)
    return math.hypot(dx, dy)


def draw_countryside(cv: Canvas, lay: CountrysideLayout, countryside: dict[str, Any]) -> dict[str, Any]:
    """Draw the countryside; return the pixel anchors of hexes, crossings, sections and route badges."""
    grid = lay.grid
    hexes = countryside["hexes"]
    tiles = _hex_key(hexes)
    x0, y0, x1, y1 = lay.box.rect
    local = Grid(grid.ox - x0, grid.oy - y0, grid.R)
    cv.img.paste(_countryside_tiles((x1 - x0, y1 - y0), local, tiles, cv.background), (x0, y0))
    _record_countryside_icons(cv, grid, tiles)
    anchors: dict[str, Any] = {"hex": {}, "crossing": {}, "section": {}, "route": {}}
    disc = round(grid.R * 0.8)
    for h in hexes:
        centre = grid.centre(h["q"], h["r"])
        anchors["hex"][h["id"]] = centre
        if h.get("number"):
            pos = (centre[0], centre[1] + grid.R * 0.36)
            _paste(cv, _number_disc(disc), pos)
            colour = NUMBER_RED if h["number"] in (6, 8) else INK
            style = "bold" if h["number"] < 10 else "cond"
            cv.text(pos, str(h["number"]), MIN_FONT, style, colour, "mm")
    # roads first (under every piece), then toll bars, then crossings and settlements
    for route in countryside["routes"]:
        xy = {c["id"]: tuple(c["xy"]) for c in route["crossings"]}
        for sec in route["sections"]:
            a, b = (grid.at(xy[e]) for e in sec["ends"])
            cv.draw.line((*a, *b), fill=INK, width=max(6, round(grid.R * 0.16)))
            cv.draw.line((*a, *b), fill=ROAD, width=max(3, round(grid.R * 0.09)))
    for route in countryside["routes"]:
        xy = {c["id"]: tuple(c["xy"]) for c in route["crossings"]}
        for sec in route["sections"]:
            mid, angle, length = _section_geometry(grid, *(xy[e] for e in sec["ends"]))
            anchors["section"][sec["id"]] = mid
            if sec.get("toll") is not None:
                _paste(cv, art.toll_bar(sec["toll"], round(length * 0.78), round(grid.R * 0.3), round(angle)), mid)
    house = round(grid.R * 0.62)
    dot = max(4, round(grid.R * 0.1))
    for route in countryside["routes"]:
        for c in route["crossings"]:
            p = grid.at(c["xy"])
            anchors["crossing"][c["id"]] = p
            if c.get("settlement") is not None:
                _paste(cv, art.settlement(c["settlement"], house), (p[0], p[1] - house * 0.12))
            elif c.get("origin"):
                cv.draw.ellipse((p[0] - dot * 1.4, p[1] - dot * 1.4, p[0] + dot * 1.4, p[1] + dot * 1.4), fill=INK)
            else:
                cv.draw.ellipse((p[0] - dot, p[1] - dot, p[0] + dot, p[1] + dot), fill=PAPER, outline=INK, width=2)
    robber_hex = countryside.get("robber")
    if robber_hex in anchors["hex"]:
        cx, cy = anchors["hex"][robber_hex]
        size = round(grid.R * 0.9)
        spot = (cx + grid.R * 0.45, cy - grid.R * 0.1)
        _paste(cv, art.robber(size), spot)
        anchors["robber"] = spot
    hex_centres = list(anchors["hex"].values())
    for route in countryside["routes"]:
        anchors["route"][route["id"]] = route_badge(cv, grid, lay.box, route, hex_centres)
    return anchors


def route_badge(cv: Canvas, grid: Grid, box: Box, route: dict[str, Any], hexes: list[Point]) -> Box:
    """The route's numeral at its far end, with the Wegerecht holder's token (or an empty slot)."""
    numeral = str(route["numeral"])
    tw = cv.draw.textlength(numeral, font=_font_cond())
    h = 42
    w = tw + 22 + h - 6
    cx, cy = _badge_spot(grid, box, tuple(route["crossings"][-1]["xy"]), (w, h), hexes)
    b = Box(cx - w / 2, cy - h / 2, w, h)
    cv.draw.rounded_rectangle(b.rect, radius=10, fill=BOARD, outline=INK, width=2)
    cv.text((b.x + 10, b.cy), numeral, MIN_FONT, "cond", INK, "lm")
    slot = (b.x2 - h / 2, b.cy)
    holder = route.get("holder")
    if holder is not None:
        cv.token(holder, slot, h - 10)
    else:
        r = (h - 16) / 2
        cv.draw.ellipse((slot[0] - r, slot[1] - r, slot[0] + r, slot[1] + r), outline=INK_SOFT, width=2)
    return b


def _font_cond() -> Any:
    return font(MIN_FONT, "cond")


# ================================================================ city
@dataclass(frozen=True)
class CityLayout:
    grid: Grid
    box: Box


def city_layout(box: Box, city: dict[str, Any]) -> CityLayout:
    points = _hex_points(city["hexes"])
    for wall in city["walls"]:
        points.extend(tuple(p) for p in wall["ends"])
    return CityLayout(fit_grid(box, points, (0.32, 0.45, 0.32, 0.4)), box)


@lru_cache(maxsize=8)
def _city_tiles(size: tuple[int, int], grid: Grid, tiles: tuple[Tile, ...]) -> Image.Image:
    """The static city board: district hexes in their good's colour with its pictogram (RGBA, box-sized)."""
    ss = 3
    w, h = size
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    big_grid = Grid(grid.ox * ss, grid.oy * ss, grid.R * ss)
    for _hid, q, r, kind, good in tiles:
        if kind == "market":
            fill = hex_rgb("#f1d58a")
        elif kind == "bauhof":
            fill = hex_rgb("#b9b2a6")
        else:
            fill = mix(art.GOOD_COLOUR.get(good, CITY_GROUND), BOARD, 0.45)
        d.polygon(big_grid.corners(q, r, 1.0), fill=mix(fill, INK, 0.5))
        d.polygon(big_grid.corners(q, r, 0.94), fill=fill)
    img = big.resize(size, Image.Resampling.LANCZOS)
    icon_size = round(grid.R * 0.8)
    for _hid, q, r, kind, good in tiles:
        name = {"market": "market", "bauhof": "bauhof"}.get(kind, good or "")
        if name in art.ICON_NAMES:
            sprite = art.icon(name, icon_size)
            cx, cy = grid.centre(q, r)
            img.alpha_composite(sprite, (round(cx - icon_size / 2), round(cy - icon_size / 2)))
    return img


@lru_cache(maxsize=8)
def _trade_disc(trade: str | None, size: int) -> Image.Image:
    """A manufacture space: plain, a 2:1 resource chip, or the 3:1 disc (a wheel of all five resources)."""
    if trade in art.RESOURCE_COLOUR:
        return art.resource_chip(trade, size)
    s = size * 4
    big = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    if trade is None:
        d.ellipse((s * 0.28, s * 0.28, s * 0.72, s * 0.72), fill=hex_rgb("#f3ead5"), outline=INK, width=6)
    else:
        for i, res in enumerate(TRADE_ALL):
            d.pieslice((4, 4, s - 4, s - 4), -90 + 72 * i, -18 + 72 * i, fill=art.RESOURCE_COLOUR[res])
        d.ellipse((4, 4, s - 4, s - 4), outline=INK, width=8)
        d.ellipse((s * 0.3, s * 0.3, s * 0.7, s * 0.7), fill=PAPER, outline=INK, width=6)
    return big.resize((size, size), Image.Resampling.LANCZOS)


def draw_city(cv: Canvas, lay: CityLayout, city: dict[str, Any]) -> dict[str, Any]:
    grid = lay.grid
    box = lay.box
    cv.panel(box, fill=CITY_GROUND)
    tiles = _hex_key(city["hexes"])
    local = Grid(grid.ox - round(box.x), grid.oy - round(box.y), grid.R)
    layer = _city_tiles((round(box.w), round(box.h)), local, tiles)
    cv.img.paste(layer, (round(box.x), round(box.y)), layer)
    icon_size = round(grid.R * 0.8)  # the district pictograms of the cached layer, recorded as ``_city_tiles`` draws
    for _hid, q, row, kind, good in tiles:
        name = {"market": "market", "bauhof": "bauhof"}.get(kind, good or "")
        if name in art.ICON_NAMES:
            cx, cy = grid.centre(q, row)
            cv.record("icon", f"icon {name}", Box(cx - icon_size / 2, cy - icon_size / 2, icon_size, icon_size))
    anchors: dict[str, Any] = {"disc": {}, "wall": {}, "tower": {}}
    thick = max(8, round(grid.R * 0.2))
    for wall in city["walls"]:
        a, b = (grid.at(p) for p in wall["ends"])
        anchors["wall"][wall["id"]] = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        seat = wall.get("built_by")
        if seat is None:
            cv.draw.line((*a, *b), fill=WALL_OPEN, width=max(3, thick // 3))
            continue
        cv.draw.line((*a, *b), fill=INK, width=thick + 4)
        cv.draw.line((*a, *b), fill=player(seat).colour, width=thick)
    nxt = city.get("next_wall")
    if nxt in anchors["wall"]:
        x, y = anchors["wall"][nxt]
        r = thick * 0.75
        cv.draw.ellipse((x - r, y - r, x + r, y + r), fill=PAPER, outline=INK, width=2)
    tower_size = round(grid.R * 0.78)
    for t in city["towers"]:
        p = grid.at(t["xy"])
        anchors["tower"][t["id"]] = p
        if t.get("built_by") is not None:
            _paste(cv, art.tower(t["built_by"], tower_size), p)
        elif t.get("open"):
            _paste(cv, art.tower(None, round(tower_size * 0.8)), p)
        else:
            r = thick * 0.45
            cv.draw.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=WALL_OPEN, outline=INK, width=1)
    disc = round(grid.R * 0.62)
    shop = round(grid.R * 0.8)
    for d in city["discs"]:
        p = grid.at(d["xy"])
        anchors["disc"][d["id"]] = p
        if d.get("owner") is None:
            _paste(cv, _trade_disc(d.get("trade"), disc), p)
            continue
        _paste(cv, art.manufacture(d["owner"], shop), p)
        if d.get("trade"):  # the disc's trade stays visible beside the manufacture built on it
            small = round(disc * 0.7)
            _paste(cv, _trade_disc(d["trade"], small), (p[0] + shop * 0.42, p[1] + shop * 0.32))
    return anchors


def ring(cv: Canvas, centre: Point, radius: float) -> None:
    """The last-action marker around a point-like target."""
    _ring(cv, centre, radius)


