"""Render speed: median ms and KB of the public board image per game, beside a bare PNG encode of a
blank canvas of the same size (the floor any board image pays)."""

from __future__ import annotations

import io
import struct
import time

from PIL import Image

import rules
from bench.engine import bench_players, mid_game_state
from bench.stats import Row, fmt, median, ratio, target_check

RENDER_TARGET_MS = 80.0


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk (bytes 16..24 of every PNG)."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def blank_png_ms(size: tuple[int, int], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        buf = io.BytesIO()
        Image.new("RGB", size, (255, 255, 255)).save(buf, "PNG")
        times.append(time.perf_counter() - start)
    return median(times) * 1e3


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
        times, png = [], b""
        for _ in range(repeats):
            start = time.perf_counter()
            png = board(name, view)
            times.append(time.perf_counter() - start)
        ms = median(times) * 1e3
        size = png_size(png)
        floor = blank_png_ms(size, repeats)
        out.append(Row("render", f"{name}: board ms ({size[0]}x{size[1]})", fmt(ms, 1),
                       f"{floor:.1f} (blank PNG)", f"{ratio(ms, floor):.1f}x", f"<= {RENDER_TARGET_MS:.0f} ms",
                       target_check(ms <= RENDER_TARGET_MS)))
        out.append(Row("render", f"{name}: board KB", fmt(len(png) / 1024, 1)))
    return out
