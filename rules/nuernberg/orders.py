"""Nürnberg's standing orders and forced steps.

``decline`` ("decline trade offers for the rest of this turn"): every offer the active player sends this turn is
declined automatically for the seat; it lapses when the turn passes on. ``decline until mine`` ("… until my next
turn"): every offer of every turn before the seat's own; it lapses when that turn begins. Only a seat that is not
the active player (who alone trades) may give them.

An addressee of an offer is never answered for automatically, even with ``decline`` as the only legal action: an
instant decline would tell the table that they lack the cards, and they may still counter. An addressee who stays
silent declines when the table's offer time runs out (``lapse``). Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.words import translator

_, _n = translator("nuernberg")

DECLINE = "decline"
UNTIL_MINE = "decline until mine"


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


def _my_next_turn(view: dict[str, Any], seat: int) -> int:
    """The number of the seat's next turn (turns are counted across the table, one per player in seat order)."""
    return int(view["turn"]) + (seat - int(view.get("active", 0))) % int(view["num_players"])


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    phase = str(view.get("phase", ""))
    if phase == "over" or phase.startswith("setup") or view.get("active") == seat or "turn" not in view:
        return []
    return [(DECLINE, _("Decline every trade offer for the rest of this turn (turn {turn})").format(turn=view["turn"])),
            (UNTIL_MINE, _("Decline every trade offer until my next turn (turn {turn})").format(
                turn=_my_next_turn(view, seat)))]


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    if order_id not in (DECLINE, UNTIL_MINE) or view.get("phase") == "over" or view.get("active") == seat:
        return None
    if "turn" not in view or str(view.get("phase", "")).startswith("setup"):
        return None
    return f"t{view['turn']}" if order_id == DECLINE else f"m{_my_next_turn(view, seat)}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    return DECLINE if order_id in (DECLINE, UNTIL_MINE) and view.get("phase") == "offer" and DECLINE in legal else None


def kind(order_id: str) -> str:
    return ""  # one order per seat


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    return None  # its loop or turn ended: nothing to explain
