"""Render speed: median ms and KB of the public board image per game, beside a bare PNG encode of a
blank canvas of the same size (the floor any board image pays); and the focus panel a posted move adds to its board
(``render.board_and_focus`` less ``render.board``), beside that board.

Times are CPU time of this process (``time.process_time``): on a shared machine wall time measures the other jobs.
"""

from __future__ import annotations

import io
import struct
import time
from collections.abc import Callable
from typing import Any

from PIL import Image

import rules
from bench.engine import bench_players, mid_game_state
from bench.stats import Row, fmt, median, ratio, target_check

RENDER_TARGET_MS = 80.0
BLANK_RATIO_TARGET = 1.5  # a board within 1.5x the blank PNG of its size (issue 43)
FOCUS_RATIO_TARGET = 0.5  # the focus panel within half its board


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk (bytes 16..24 of every PNG)."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def blank_png_ms(size: tuple[int, int], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        buf = io.BytesIO()
        Image.new("RGB", size, (255, 255, 255)).save(buf, "PNG")
        times.append(time.process_time() - start)
    return median(times) * 1e3


def cpu_ms(draw: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        draw()
        times.append(time.process_time() - start)
    return median(times) * 1e3


def focus_view(name: str, game: rules.Game) -> dict[str, Any] | None:
    """A mid-game public view whose decision has a focus panel (the first of a few seeds), or None."""
    import render

    for seed in range(4242, 4272):
        view = mid_game_state(game, bench_players(game), seed=seed).view(None)
        if render.has_focus(name, view):
            return view
    return None


def rows(repeats: int) -> list[Row]:
    try:
        import render
        board = render.board
    except (ImportError, AttributeError):
        return [Row("render", "board image", "render.board not available")]
    out = []
    for name, game in rules.GAMES.items():
        view = mid_game_state(game, bench_players(game), seed=4242).view(None)
        try:
            board(name, view)  # warm: fonts, cached static layers
        except (ValueError, ImportError) as exc:
            out.append(Row("render", f"{name}: board image", f"no renderer ({exc})"))
            continue
        png = board(name, view)
        ms = cpu_ms(lambda: board(name, view), repeats)  # noqa: B023  (called at once)
        size = png_size(png)
        floor = blank_png_ms(size, repeats)
        ok = ms <= RENDER_TARGET_MS and ratio(ms, floor) <= BLANK_RATIO_TARGET
        out.append(Row("render", f"{name}: board ms CPU ({size[0]}x{size[1]})", fmt(ms, 1),
                       f"{floor:.1f} (blank PNG)", f"{ratio(ms, floor):.2f}x",
                       f"<= {RENDER_TARGET_MS:.0f} ms, <= {BLANK_RATIO_TARGET}x", target_check(ok)))
        out.append(Row("render", f"{name}: board KB", fmt(len(png) / 1024, 1)))
        zoomed = focus_view(name, game)
        if zoomed is None:
            out.append(Row("render", f"{name}: focus panel", "", verdict="no mid-game view with a panel"))
            continue
        both = render.board_and_focus(name, zoomed)
        alone = cpu_ms(lambda: board(name, zoomed), repeats)  # noqa: B023
        with_focus = cpu_ms(lambda: render.board_and_focus(name, zoomed), repeats)  # noqa: B023
        extra = max(0.0, with_focus - alone)
        out.append(Row("render", f"{name}: focus panel ms CPU (its board's view)", fmt(extra, 1),
                       f"{alone:.1f} (its board)", f"{ratio(extra, alone):.2f}x", f"<= {FOCUS_RATIO_TARGET}x",
                       target_check(ratio(extra, alone) <= FOCUS_RATIO_TARGET),
                       ))
        out.append(Row("render", f"{name}: focus panel KB", fmt(len(both[1] or b"") / 1024, 1)))
    return out
