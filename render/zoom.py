"""The zoomed panel for phones: the part of the board the awaited decision is about, at a size a phone can read.

Discord shows an image about ``PHONE_WIDTH`` px wide on a phone, so the whole 1280 px board's smallest text
(``MIN_FONT``) shows at ~10 px. The panel posted beside it is never wider than ``FOCUS_MAX`` at the board's scale,
so that text shows at ``READABLE_PX`` or more. A renderer says what the panel holds:

- ``focus_region(view)``: a region name of its board canvas, or a tuple of them (parts of a wide area, such as a row
  of cards) that are laid out in reading order, wrapped into rows no wider than ``FOCUS_WIDTH``; None: no panel;
- ``draw_focus(view, names) -> Canvas | None`` (optional): a panel drawn for the phone where no crop of the board
  would do (a table whose columns span the board); None: crop the board as above.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

from render import legend
from render.kit import MIN_FONT, PHONE_WIDTH, READABLE_PX, Box, Canvas, Mark
from render.names import cast

#: the widest a panel may be at the board's scale, for MIN_FONT to show at READABLE_PX on a phone
FOCUS_MAX = MIN_FONT * PHONE_WIDTH // READABLE_PX
#: parts are wrapped into rows this wide, and a panel is enlarged (at most twice) to this width
FOCUS_WIDTH = 800
GAP = 8


def region_names(module: ModuleType, view: dict[str, Any]) -> tuple[str, ...]:
    """The canvas regions the renderer's ``focus_region`` names for ``view`` (none once the game is over)."""
    pick: Callable[[dict[str, Any]], str | Sequence[str] | None] | None = getattr(module, "focus_region", None)
    if pick is None or view.get("over"):
        return ()
    picked = pick(view)
    if not picked:
        return ()
    return (picked,) if isinstance(picked, str) else tuple(picked)


def boxes(module: ModuleType, canvas: Canvas, view: dict[str, Any]) -> list[Box]:
    """The boxes of ``canvas`` the panel is cut from (regions the canvas does not have are left out)."""
    return [canvas.regions[name] for name in region_names(module, view) if name in canvas.regions]


def flow(parts: Sequence[Image.Image], background: tuple[int, int, int]) -> Image.Image:
    """``parts`` left to right, wrapped into rows no wider than ``FOCUS_WIDTH`` (a part wider than that stands
    alone in its row), rows stacked top to bottom; ``GAP`` px of ``background`` between them."""
    rows: list[list[Image.Image]] = [[]]
    width = 0
    for part in parts:
        if rows[-1] and width + GAP + part.width > FOCUS_WIDTH:
            rows.append([])
            width = 0
        width += (GAP if rows[-1] else 0) + part.width
        rows[-1].append(part)
    row_w = [sum(p.width for p in row) + GAP * (len(row) - 1) for row in rows]
    row_h = [max(p.height for p in row) for row in rows]
    out = Image.new("RGB", (max(row_w), sum(row_h) + GAP * (len(rows) - 1)), background)
    y = 0
    for row, h in zip(rows, row_h, strict=True):
        x = 0
        for part in row:
            out.paste(part, (x, y))
            x += part.width + GAP
        y += h + GAP
    return out


def drawn_panel(module: ModuleType, view: dict[str, Any], names: Sequence[str] | None) -> Canvas | None:
    """The renderer's own panel (``draw_focus``), names drawn by the one scheme with its legend, or None."""
    drawn: Callable[..., Canvas | None] | None = getattr(module, "draw_focus", None)
    if drawn is None:
        return None
    n = view.get("num_players")
    with cast(names, int(n) if isinstance(n, int) else len(names or ())):
        own = drawn(view, names)
    if own is not None:
        legend.add(own)
    return own


def panel(module: ModuleType, view: dict[str, Any], board: Callable[[], Canvas],
          names: Sequence[str] | None) -> Image.Image | None:
    """The panel at the board's scale (``board`` draws the board canvas when a crop is needed), or None."""
    if not region_names(module, view):
        return None
    own = drawn_panel(module, view, names)
    if own is not None:
        return own.img
    canvas = board()
    cut = boxes(module, canvas, view)
    if not cut:
        return None
    parts = [canvas.img.crop(box.rect) for box in cut]
    if len(parts) == 1:
        return parts[0]
    background = canvas.background
    return flow(parts, (background[0], background[1], background[2]))


def enlarged(width: float) -> float:
    """How wide ``png`` makes a panel ``width`` px wide (enlarged at most twice, to ``FOCUS_WIDTH``)."""
    return width * max(1.0, min(FOCUS_WIDTH / max(width, 1), 2.0))


def measured(module: ModuleType, view: dict[str, Any], board: Canvas,
             names: Sequence[str] | None) -> tuple[list[tuple[Mark, str]], float] | None:
    """The marks the panel shows (each with the element it shows) and the scale a phone shows them at (shown px
    per panel px: the panel is shown ``PHONE_WIDTH`` wide, or as wide as ``png`` makes it if narrower), or None
    (no panel). A crop shows the board's marks that lie in its regions; a drawn panel its own."""
    if not region_names(module, view):
        return None
    own = drawn_panel(module, view, names)
    if own is not None:
        return [(m, own.element_of(m)) for m in own.glyphs], min(PHONE_WIDTH, enlarged(own.w)) / own.w
    cut = boxes(module, board, view)
    image = panel(module, view, lambda: board, names)
    if not cut or image is None:
        return None
    inside = [(m, board.element_of(m)) for m in board.glyphs
              if any(b.x <= m.cx <= b.x2 and b.y <= m.cy <= b.y2 for b in cut)]
    return inside, min(PHONE_WIDTH, enlarged(image.width)) / image.width


def png(image: Image.Image) -> bytes:
    """The panel enlarged (at most twice) to ``FOCUS_WIDTH``, as PNG."""
    scale = min(FOCUS_WIDTH / max(image.width, 1), 2.0)
    if scale > 1:
        image = image.resize((round(image.width * scale), round(image.height * scale)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
