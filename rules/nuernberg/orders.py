"""Nürnberg's standing orders and forced steps.

``decline`` ("decline trade offers for the rest of this turn"): every offer the active player sends this turn is
declined automatically for the seat; it lapses when the turn passes on. Only a seat that is not the active player
(who alone trades) may give it.

The proposer of an offer is awaited with one legal action, ``withdraw``; that single action is no forced step (it
would end their own offer at once), so ``forced`` leaves it to them. Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

DECLINE = "decline"


def forced(legal: list[str]) -> str | None:
    return legal[0] if len(legal) == 1 and legal[0] != "withdraw" else None


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    phase = str(view.get("phase", ""))
    if phase == "over" or phase.startswith("setup") or view.get("active") == seat or "turn" not in view:
        return []
    return [(DECLINE, f"Decline every trade offer for the rest of this turn (turn {view['turn']})")]


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    if order_id != DECLINE or view.get("phase") == "over" or view.get("active") == seat:
        return None
    return f"t{view.get('turn')}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    return DECLINE if order_id == DECLINE and view.get("phase") == "offer" and DECLINE in legal else None
