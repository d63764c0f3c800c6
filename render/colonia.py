"""Colonia board — owned by the colonia board helper.

First version: header and player strip only; the city regions follow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render import kit
from render.kit import Box, Canvas


def draw_board(view: dict[str, Any], last: Any, names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    head = cv.region("header", Box(0, 0, cv.w, 60))
    cv.text_in(head.inset(16, 0), f"Colonia · week {view['week']} · {view['day_name']}", kit.MIN_FONT, "bold",
               kit.PAPER, "left")
    return cv


def draw_private(view: dict[str, Any], names: Sequence[str] | None) -> Canvas:
    cv = Canvas()
    head = cv.region("header", Box(0, 0, cv.w, 60))
    me = view.get("me") or {}
    cv.text_in(head.inset(16, 0), f"Screen of {kit.seat_name(int(me.get('seat', 0)), names)}", kit.MIN_FONT,
               "bold", kit.PAPER, "left")
    return cv
