"""Die Siedler von Nürnberg board — owned by the nuernberg board helper.

First version: a placeholder layout; the full board (countryside, city, markets, timeline) follows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.kit import Box, Canvas, seat_name


def draw_board(view: dict[str, Any], last: Any, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    box = cv.region("status", Box(20, 20, cv.w - 40, 60))
    cv.text_in(box, str(view.get("status", "")), align="left")
    for s, score in enumerate(view.get("scores", [])):
        cv.text((20, 100 + 50 * s), f"{seat_name(s, names)}: {score} VP")
    return cv


def draw_private(view: dict[str, Any], names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    seat = view.get("viewer")
    me = view["players"][seat] if seat is not None else None
    cv.text((20, 20), seat_name(seat or 0, names))
    if me and me.get("hand"):
        for i, (res, n) in enumerate(me["hand"].items()):
            cv.text((20, 80 + 45 * i), f"{res}: {n}")
    return cv
