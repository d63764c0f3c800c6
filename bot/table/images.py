"""The one image pipeline: every board and private-screen PNG the bot makes goes through a ``BoardImages``.

The service owns one (``TableService(images=...)``, made for it when not given) and the Discord parts reach the
same object (``bot.table.images``: the notifier's DMs, ``/game status``, **My screen**). It

- imports ``render`` lazily, at each call (the service runs without Pillow; a bench hides ``render`` to post
  without images),
- draws off the event loop: in worker processes on every core with a ``RenderPool`` (``kontor run``, the bench;
  bot/table/render_pool.py), else in a thread (``asyncio.to_thread``: drawing is CPU-bound),
- hands the renderer the last move as data: the public events of the last step (``last_events``), with the public
  action (``last``) as the fallback for a game whose renderer cannot read its events yet (render/__init__.py),
- and has one failure policy: an image never costs a move or a post. A failure returns None (the post goes without
  an image) and is logged once per game and kind (board, private) as a warning, later ones at debug. A private
  screen's failure is logged by the exception's type only: its message could quote the private view.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable, Sequence
from typing import Any

from bot.table.render_pool import NotInWorker, RenderPool
from rules.core import Event, public_events

log = logging.getLogger("bot.table.images")


def _accepts(draw: Callable[..., Any], name: str) -> bool:
    """Whether ``draw`` takes the keyword ``name`` (a stand-in renderer may take fewer than ``render.board``)."""
    try:
        params = inspect.signature(draw).parameters
    except (TypeError, ValueError):
        return False
    return name in params or any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())


class BoardImages:
    """Board and private-screen PNGs for the service and the front ends; see the module docstring."""

    def __init__(self, pool: RenderPool | None = None) -> None:
        self._failed: set[tuple[str, str]] = set()  # (kind, game) whose failure was logged
        self.pool = pool  # None: draw in a thread of this process
        self._here: set[str] = set()  # games the pool's workers do not know (registered at run time here)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()

    @staticmethod
    def _renderer(kind: str) -> Callable[..., bytes | None] | None:
        try:
            import render  # lazily: the service runs without Pillow
        except ImportError:
            return None
        draw: Callable[..., bytes | None] | None = getattr(render, kind, None)
        return draw

    async def board(self, game: str, view: dict[str, Any], *, last: dict[str, Any] | None = None,
                    last_events: Sequence[Event] | None = None, names: Sequence[str] | None = None) -> bytes | None:
        """The public board (the final scores once the view is over) as PNG, or None. ``last_events``: the public
        events of the last step (never a secret one's); ``last``: that step's public action, the fallback."""
        draw = self._renderer("board")
        if draw is None:
            return None
        kwargs: dict[str, Any] = {"last": last}
        if last_events is not None and _accepts(draw, "last_events"):
            kwargs["last_events"] = public_events(last_events)
        if names is not None and _accepts(draw, "names"):
            kwargs["names"] = list(names)
        png: bytes | None = await self._draw("board", game, draw, view, kwargs)
        return png

    async def board_with_focus(self, game: str, view: dict[str, Any], *, last: dict[str, Any] | None = None,
                               last_events: Sequence[Event] | None = None,
                               names: Sequence[str] | None = None) -> tuple[bytes | None, bytes | None]:
        """The board and, when the awaited decision concerns one part of it, that part enlarged (else None), both
        from one drawing of the board (``render.board_and_focus``). Never raises; the board alone when the renderer
        has no zoom for this view."""
        draw = self._renderer("board_and_focus")
        if draw is None or not self._wants_focus(game, view):
            return await self.board(game, view, last=last, last_events=last_events, names=names), None
        kwargs: dict[str, Any] = {"last": last, "names": list(names) if names is not None else None}
        if last_events is not None:
            kwargs["last_events"] = list(last_events)
        both = await self._draw("board", game, draw, view, kwargs, kind_drawn="board_and_focus")
        if not isinstance(both, tuple):
            return None, None
        return both[0], both[1]

    @staticmethod
    def _wants_focus(game: str, view: dict[str, Any]) -> bool:
        """Whether the renderer zooms on a part for ``view`` (most decisions concern no one part)."""
        try:
            import render

            return bool(render.has_focus(game, view))
        except Exception:
            return False

    async def private(self, game: str, view: dict[str, Any], *, names: Sequence[str] | None = None) -> bytes | None:
        """One player's screen (``view`` is that seat's) as PNG, or None."""
        draw = self._renderer("private")
        if draw is None:
            return None
        png: bytes | None = await self._draw("private", game, draw, view,
                                             {"names": list(names) if names is not None else None})
        return png

    async def chart(self, title: str, x_label: str, y_label: str, xs: Sequence[int],
                    series: Sequence[tuple[str, int, Sequence[int]]], *, from_zero: bool = True) -> bytes | None:
        """A line chart (``render/charts.py``: the profile's rating, the end report's rounds) as PNG, or None; drawn
        in a thread (a chart is small), in the language spoken now. ``series``: (name, seat, values) each."""
        try:
            from render import charts  # lazily: the service runs without Pillow
        except ImportError:
            return None
        lines = [charts.Series(name, seat, list(values)) for name, seat, values in series]
        try:
            png: bytes = await asyncio.to_thread(charts.chart_png, title, x_label, y_label, list(xs), lines,
                                                 from_zero=from_zero)
        except Exception as exc:  # a chart never costs a post or an answer: it goes without one
            if ("chart", "") not in self._failed:
                self._failed.add(("chart", ""))
                log.warning("no chart (%s); answering without it", type(exc).__name__, exc_info=True)
            return None
        return png

    async def _draw(self, kind: str, game: str, draw: Callable[..., Any], view: dict[str, Any],
                    kwargs: dict[str, Any], *, kind_drawn: str | None = None) -> Any:
        """``draw(game, view, **kwargs)`` in the render pool (or a thread); None on any failure, logged once per
        ``kind`` and game. ``kind_drawn``: the render function, when it is not ``kind`` itself."""
        try:
            if self.pool is not None and game not in self._here:
                try:
                    return await self.pool.draw(kind_drawn or kind, game, view, kwargs)
                except NotInWorker:
                    self._here.add(game)
            return await asyncio.to_thread(draw, game, view, **kwargs)
        except Exception as exc:  # an image never costs a move: post without one
            if (kind, game) in self._failed:
                log.debug("no %s image for %s again (%s)", kind, game, type(exc).__name__)
            else:
                self._failed.add((kind, game))
                # a board is drawn from the public view only, so its traceback may be logged; a screen's may not
                log.warning("no %s images for %s (%s); posting without them", kind, game, type(exc).__name__,
                            exc_info=kind != "private")
            return None
