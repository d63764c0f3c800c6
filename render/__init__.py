"""Board images: ``view`` dict in, PNG bytes out (see docs/architecture.md).

The renderer only ever sees ``State.view(viewer)`` (plus hints), never a State, a seed or a deck
order, so a public image cannot show a secret by construction.

- ``board(game, view, last=..., names=...)``: the public board. When ``view["over"]`` is true it
  draws the final-score image instead (per-seat breakdown from ``view["outcome"]``).
- ``private(game, view, names=...)``: one player's screen (pass that seat's view).
- ``last_events``: the public events of the last step (``rules.core.Event``); every game's renderer reads them
  (``last_from_events(view, events)``) and rings the part of the board the step touched from that data.
  ``last``: the last action, as ``{"seat": int, "action": str}``, a ``(seat, action)`` pair or an action string:
  the fallback, used where ``last_events`` is absent (the terminal, ``/game status``) or where
  ``last_from_events`` returns None because the step's events do not say what the move was.
- ``names``: player names by seat; when absent the image says "Seat 1", "Seat 2", ... A name too long for its place
  is drawn short, the short form unique at the table, and the image's foot gets a legend of the short forms drawn
  (``render/names.py``, ``render/legend.py``): every entry point here draws inside ``names.cast``.
- ``focus(game, view, ...)``: the part of the board the awaited decision is about, at a size a phone reads (a
  renderer's ``focus_region(view)`` names one or several of its canvas's regions, or its ``draw_focus`` draws
  the panel: ``render/zoom.py``), or None.

The functions are synchronous and CPU-bound: call them with ``asyncio.to_thread``.
Each game's declaration (``rules.PARTS[name].render``, see rules/__init__.py) names its module, the package
``render/<game>/`` for the four games (its ``__init__`` says which module draws what), exposing
``draw_board(view, last, names) -> Canvas`` and ``draw_private(view, names) -> Canvas`` (the ``Canvas`` records its
layout for the tests).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from PIL import Image

from render import legend, zoom
from render.kit import Box, Canvas
from render.names import cast
from rules.core import Event, public_events


def _module(game_name: str) -> ModuleType:
    """The game's renderer, as its declaration names it (``GameParts.render`` in the registry ``rules.PARTS``)."""
    import rules  # the registry (the game declarations name their renderer; rules never import render)

    parts = rules.PARTS.get(str(game_name).strip().lower())
    if parts is None or parts.render is None:
        raise ValueError(f"no renderer for game {game_name!r}")
    return importlib.import_module(parts.render)


def seats(view: dict[str, Any], names: Sequence[str] | None) -> int:
    """How many seats the view's table has (the roster of names is the table's)."""
    n = view.get("num_players")
    return int(n) if isinstance(n, int) else len(names or ())


def board_canvas(game_name: str, view: dict[str, Any], *, last: Any = None,
                 last_events: Sequence[Event] | None = None, names: Sequence[str] | None = None) -> Canvas:
    """The public board as a recorded canvas (for tests and tools); ``board`` encodes it."""
    with cast(names, seats(view, names)):
        canvas = _board_canvas(game_name, view, last, last_events, names)
    legend.add(canvas)
    return canvas


def _board_canvas(game_name: str, view: dict[str, Any], last: Any, last_events: Sequence[Event] | None,
                  names: Sequence[str] | None) -> Canvas:
    module = _module(game_name)
    if last_events is not None and hasattr(module, "last_from_events"):
        # the last move as data: the game's renderer reads what it touched from the step's public events
        # (None where the events do not say what the move was: the action, if given, draws it)
        read: Callable[..., Any] = module.last_from_events
        moved = read(view, public_events(last_events))
        if moved is not None:
            last = moved
    # The boundary: the service's JSON view goes to the game's renderer, which is typed with the game's view
    # (``render/<game>/`` takes ``rules/<game>/views.py``'s TypedDict, so mypy checks it against the rules).
    draw: Callable[..., Canvas]
    if view.get("over") and hasattr(module, "draw_final"):
        draw = module.draw_final
        return draw(view, names)
    draw = module.draw_board
    return draw(view, last, names)


def private_canvas(game_name: str, view: dict[str, Any], *, names: Sequence[str] | None = None) -> Canvas:
    draw: Callable[..., Canvas] = _module(game_name).draw_private
    with cast(names, seats(view, names)):
        canvas = draw(view, names)
    legend.add(canvas)
    return canvas


def board(game_name: str, view: dict[str, Any], *, last: Any = None, last_events: Sequence[Event] | None = None,
          names: Sequence[str] | None = None) -> bytes:
    """PNG of the public board (or of the final scores once ``view["over"]``)."""
    return board_canvas(game_name, view, last=last, last_events=last_events, names=names).png()


def private(game_name: str, view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes:
    """PNG of the private screen of ``view["viewer"]``."""
    return private_canvas(game_name, view, names=names).png()


def focus_box(game_name: str, canvas: Canvas, view: dict[str, Any]) -> Box | None:
    """The part of ``canvas`` the decision now awaited is about (the box around the regions the game's
    ``focus_region(view)`` names), or None: no decision, or the whole board is the decision."""
    cut = zoom.boxes(_module(game_name), canvas, view)
    if not cut:
        return None
    x, y = min(b.x for b in cut), min(b.y for b in cut)
    return Box(x, y, max(b.x2 for b in cut) - x, max(b.y2 for b in cut) - y)


def has_focus(game_name: str, view: dict[str, Any]) -> bool:
    """Whether ``focus`` would find a part to zoom on, without drawing: the game's ``focus_region`` names one."""
    try:
        module = _module(game_name)
    except ValueError:
        return False
    return bool(zoom.region_names(module, view))


def focus_panel(game_name: str, view: dict[str, Any], *, last: Any = None,
                last_events: Sequence[Event] | None = None, names: Sequence[str] | None = None) -> Image.Image | None:
    """The zoomed panel at the board's scale (``render/zoom.py``: never wider than ``zoom.FOCUS_MAX``), or None."""
    return zoom.panel(_module(game_name), view,
                      lambda: board_canvas(game_name, view, last=last, last_events=last_events, names=names), names)


def focus(game_name: str, view: dict[str, Any], *, last: Any = None, last_events: Sequence[Event] | None = None,
          names: Sequence[str] | None = None) -> bytes | None:
    """PNG of the board's part the current decision is about, at a size a phone reads (a phone shows the whole
    board ~400 px wide, where its smallest text is ~10 px): posted beside the board, or None when there is no
    such part."""
    image = focus_panel(game_name, view, last=last, last_events=last_events, names=names)
    return zoom.png(image) if image is not None else None


def board_and_focus(game_name: str, view: dict[str, Any], *, last: Any = None,
                    last_events: Sequence[Event] | None = None,
                    names: Sequence[str] | None = None) -> tuple[bytes, bytes | None]:
    """The board's PNG and its ``focus`` PNG (None: no part to zoom on) from ONE drawing of the board: the panel is
    cut from the very canvas the board was encoded from, so a posted move costs one drawing, not two."""
    canvas = board_canvas(game_name, view, last=last, last_events=last_events, names=names)
    image = zoom.panel(_module(game_name), view, lambda: canvas, names)
    return canvas.png(), zoom.png(image) if image is not None else None


__all__ = ["board", "board_and_focus", "board_canvas", "focus", "focus_box", "focus_panel", "has_focus", "private",
           "private_canvas"]
