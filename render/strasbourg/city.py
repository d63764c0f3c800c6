"""Strasbourg renderer: the city map (guild spaces with prices, members, chapel spaces, edifices)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from render import strasbourg_art as art
from render.kit import BOARD, GOLD, INK, INK_SOFT, PAPER, Box, Canvas, mix
from render.strasbourg.layout import F
from rules.strasbourg.data import BUILDING_SPACES, CHAPEL_SPACES, CITY_ROWS, COLUMNS, EDIFICES, GUILD_OF, PRICES

if TYPE_CHECKING:
    from rules.strasbourg.views import StrasbourgView


# ---------------------------------------------------------------- the city
class City:
    """Geometry of the city map inside a panel box: cells, chapel corners, coordinate labels."""

    def __init__(self, box: Box, label: int = 34) -> None:
        self.box = box
        inner = box.inset(8)
        cell = min((inner.w - label) / len(COLUMNS), (inner.h - label) / len(CITY_ROWS))
        self.cell = int(cell)
        gw, gh = self.cell * len(COLUMNS), self.cell * len(CITY_ROWS)
        self.x0 = inner.x + label + (inner.w - label - gw) / 2
        self.y0 = inner.y + label + (inner.h - label - gh) / 2
        self.label = label

    def cell_box(self, cell: str) -> Box:
        col = COLUMNS.index(cell[0])
        row = int(cell[1:]) - 1
        return Box(self.x0 + col * self.cell, self.y0 + row * self.cell, self.cell, self.cell)

    def chapel_center(self, chapel: str) -> tuple[float, float]:
        b = self.cell_box(CHAPEL_SPACES[chapel][0])
        return b.x2, b.y2

    def chapel_box(self, chapel: str) -> Box:
        x, y = self.chapel_center(chapel)
        r = self.chapel_radius
        return Box(x - r, y - r, 2 * r, 2 * r)

    @property
    def chapel_radius(self) -> int:
        return round(self.cell * 0.3)


def draw_city(c: Canvas, box: Box, view: StrasbourgView, ring: tuple[str, str] | None, prices: bool = True,
              label_chapels: bool = True) -> City:
    """The map: guild spaces (colour + pictogram + price), members, edifices and chapel spaces."""
    c.panel(box, fill=mix(art.STONE, BOARD, 0.55))
    city = City(box)
    cs = city.cell
    for col, letter in enumerate(COLUMNS):
        c.text((city.x0 + (col + 0.5) * cs, city.y0 - city.label / 2 - 2), letter, F, "bold", INK_SOFT, "mm")
    for row in range(len(CITY_ROWS)):
        c.text((city.x0 - city.label / 2 - 2, city.y0 + (row + 0.5) * cs), str(row + 1), F, "bold", INK_SOFT, "mm")
    members: dict[str, int] = {str(k): int(v) for k, v in view.get("city", {}).items()}
    built: dict[str, str] = dict(view.get("built", {}))
    icon = round(cs * 0.38)  # 14 px and more on the phone's panel of the city
    focus = view.get("step_guild") if view.get("step_kind") == "guild" and not view.get("over") else None
    for cell, guild in GUILD_OF.items():
        b = city.cell_box(cell)
        c.draw.rectangle(b.rect, fill=art.GUILD_COLOUR[guild], outline=mix(art.GUILD_COLOUR[guild], INK, 0.45))
        if cell in members:
            c.token(members[cell], (b.cx, b.cy), round(cs * 0.7))
            continue
        if guild == focus:  # a free space of the guild in play: what its Master may buy
            c.draw.rectangle(b.inset(2).rect, outline=GOLD, width=4)
        c.paste(art.pictogram(art.GUILD_ICON[guild], icon), (b.cx, b.y + icon / 2 + 4))
        if prices:
            c.text((b.cx, b.y2 - 4), str(PRICES[cell]), F, "bold", INK, "md")
    for cell in BUILDING_SPACES:
        b = city.cell_box(cell)
        c.draw.rectangle(b.rect, fill=art.STONE, outline=art.STONE_DARK)
        edifice = built.get(cell)
        size = round(cs * 0.92)
        c.paste(art.edifice_sprite(size, edifice is not None), (b.cx, b.cy))
        if edifice is not None:
            c.text((b.cx, b.cy + cs * 0.12), str(EDIFICES[edifice]["value"]), F, "bold", INK, "mm")
    grid = Box(city.x0, city.y0, cs * len(COLUMNS), cs * len(CITY_ROWS))
    c.draw.rectangle(grid.rect, outline=INK, width=2)
    built_chapels = set(view.get("chapels", []))
    r = city.chapel_radius
    for chapel in CHAPEL_SPACES:
        x, y = city.chapel_center(chapel)
        if chapel in built_chapels:
            c.paste(art.pictogram("chapel", 2 * r + 6), (x, y))
        else:  # the number of its id (CH3), as the menus name it
            c.draw.ellipse((x - r, y - r, x + r, y + r), fill=PAPER, outline=INK_SOFT, width=2)
            if label_chapels:
                c.text((x, y), chapel.removeprefix("CH"), F, "cond", INK, "mm")
    if ring is not None:
        kind, name = ring
        if kind == "cell" and (name in GUILD_OF or name in BUILDING_SPACES):
            c.highlight(city.cell_box(name), radius=6, width=5)
        elif kind == "chapel" and name in CHAPEL_SPACES:
            c.highlight(city.chapel_box(name), radius=r + 4, width=5)
    return city
