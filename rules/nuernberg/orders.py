"""Nürnberg's standing orders and forced steps.

``decline`` ("decline trade offers for the rest of this turn"): every offer the active player sends this turn is
declined automatically for the seat; it lapses when the turn passes on. Only a seat that is not the active player
(who alone trades) may give it.

An addressee of an offer is never answered for automatically, even with ``decline`` as the only legal action: an
instant decline would tell the table that they lack the cards, and they may still counter. An addressee who stays
silent declines when the table's offer time runs out (``lapse``). Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.words import translator

_, _n = translator("nuernberg")

DECLINE = "decline"


def _addressee(view: dict[str, Any], seat: int) -> bool:
    offer = view.get("offer")
    return view.get("phase") == "offer" and offer is not None and seat in offer["to"]


def forced(view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    if _addressee(view, seat):
        return None
    return legal[0] if len(legal) == 1 else None


def lapse(view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    """What an addressee's silence plays when the offer time is up: ``decline``."""
    return DECLINE if _addressee(view, seat) and DECLINE in legal else None


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    phase = str(view.get("phase", ""))
    if phase == "over" or phase.startswith("setup") or view.get("active") == seat or "turn" not in view:
        return []
    return [(DECLINE, _("Decline every trade offer for the rest of this turn (turn {turn})").format(turn=view["turn"]))]


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    if order_id != DECLINE or view.get("phase") == "over" or view.get("active") == seat:
        return None
    return f"t{view.get('turn')}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    return DECLINE if order_id == DECLINE and view.get("phase") == "offer" and DECLINE in legal else None
