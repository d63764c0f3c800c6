"""Fire resolution and end-of-game scoring, as pure functions of a player's holdings."""

from __future__ import annotations

from typing import Any

from rules.speicherstadt.data import CARDS, KONTOR_POINTS

CATEGORIES: tuple[str, ...] = (
    "fires", "contracts", "kontor", "merchants", "church", "michaelis", "warehouse", "port", "chamber",
)


def fireman_total(cards: list[str]) -> int:
    return sum(CARDS[c]["value"] for c in cards if CARDS[c]["kind"] == "fireman")


def fire_result(totals: list[int]) -> tuple[list[int], list[int]]:
    """Seats gaining the bonus and seats losing the penalty. All equal: nobody (rulebook)."""
    high, low = max(totals), min(totals)
    if high == low:
        return [], []
    return [s for s, t in enumerate(totals) if t == high], [s for s, t in enumerate(totals) if t == low]


def contract_complete(cid: str, filled: list[str]) -> bool:
    return len(filled) == len(CARDS[cid]["goods"])


def breakdown(player: dict[str, Any]) -> dict[str, int]:
    """Points per category if the game ended now (fires already collected + end scoring)."""
    cards: list[str] = player["cards"]
    kinds = [CARDS[c]["kind"] for c in cards]
    filled = player["filled"]
    contracts = sum(CARDS[c]["points"] for c in filled if contract_complete(c, filled[c]))
    kontors = min(kinds.count("kontor"), len(KONTOR_POINTS) - 1)
    return {
        "fires": player["fire"],
        "contracts": contracts,
        "kontor": KONTOR_POINTS[kontors],
        "merchants": kinds.count("merchant"),
        "church": 3 * kinds.count("church"),
        "michaelis": 4 * kinds.count("michaelis"),
        "warehouse": sum(player["wh"].values()) if "warehouse" in kinds else 0,
        "port": kinds.count("ship") if "port" in kinds else 0,
        "chamber": player["coins"] if "chamber" in kinds else 0,
    }
