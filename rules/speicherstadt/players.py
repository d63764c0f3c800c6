"""A seat's holdings as the state keeps them (shared by the phases)."""

from __future__ import annotations

from typing import Any

from rules.speicherstadt.data import GOODS, START_COINS, WORKERS


def no_goods() -> dict[str, int]:
    return dict.fromkeys(GOODS, 0)


def new_player() -> dict[str, Any]:
    return {
        "coins": START_COINS, "fire": 0, "cards": [], "workers": WORKERS, "bought": False,
        "hand": no_goods(), "wh": no_goods(), "hall": no_goods(), "filled": {}, "puts": 0,
    }
