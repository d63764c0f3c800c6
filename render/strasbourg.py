"""Strasbourg board — owned by the strasbourg board helper.

First version: a placeholder layout; the full board (council, city, steps, stacks, prestige) follows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.kit import MIN_FONT, PAPER, Canvas


def draw_board(view: dict[str, Any], last: Any, names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    c.text((20, 20), "Strasbourg — " + str(view.get("status", "")), MIN_FONT, "bold", PAPER, max_width=1240)
    return c


def draw_private(view: dict[str, Any], names: Sequence[str] | None) -> Canvas:
    c = Canvas()
    c.text((20, 20), "Strasbourg — your screen", MIN_FONT, "bold", PAPER)
    return c
