"""Speicherstadt's standing orders: the purchase walk-down, decided ahead.

``upto C N`` ("buy column C for N coins or less"): while the seat decides on column C at a price above N, it
declines automatically; at N or less it **buys** automatically. A player who says "up to N" has accepted any price
up to N, and a walk-down only ever lowers the price, so asking again at a price they already accepted would only
cost them a day. ``upto C 0`` reads "Decline column C". The order lapses once column C is sold or discarded (or
the round's purchase is over); one order per seat, so a new order replaces the old one. Pure functions of the
seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.speicherstadt.data import BUILDING_SPACES
from rules.speicherstadt.text import card_name
from rules.words import translator

_, _n = translator("speicherstadt")


def _parse(order_id: str) -> tuple[int, int] | None:
    words = order_id.split(" ")
    if len(words) != 3 or words[0] != "upto" or not all(w.isascii() and w.isdigit() for w in words[1:]):
        return None
    return int(words[1]), int(words[2])


def _column(view: dict[str, Any], col: int, seat: int) -> dict[str, Any] | None:
    """Column ``col`` (1-based) if an order on it can still matter for ``seat``: open, not yet passed by the
    purchase, and holding one of the seat's workers (during Purchase; in Demand one may still come)."""
    phase = view.get("phase")
    row = view.get("row") or []
    if phase not in ("demand", "purchase") or not 1 <= col <= len(row):
        return None
    slot = row[col - 1]
    if slot.get("status") != "open":
        return None
    if phase == "purchase":
        deciding = view.get("deciding") or 0
        if col < deciding or seat not in slot.get("workers", []):
            return None
    found: dict[str, Any] = slot
    return found


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    if view.get("phase") not in ("demand", "purchase"):
        return []
    coins = int(view["players"][seat]["coins"])
    out: list[tuple[str, str]] = []
    for col in range(1, len(view.get("row") or []) + 1):
        slot = _column(view, col, seat)
        if slot is None or (view.get("phase") == "demand" and seat not in slot.get("workers", [])):
            continue
        name = card_name(slot["card"]) if "card" in slot else _("the card")
        out.append((f"upto {col} 0", _("Decline column {col} ({card}) whatever the price").format(col=col, card=name)))
        out.extend((f"upto {col} {n}", _n("Buy column {col} ({card}) for {n} coin or less, else decline",
                                          "Buy column {col} ({card}) for {n} coins or less, else decline", n).format(
            col=col, card=name, n=n)) for n in range(1, min(coins, BUILDING_SPACES) + 1))
    return out


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    parsed = _parse(order_id)
    if parsed is None or _column(view, parsed[0], seat) is None:
        return None
    return f"r{view.get('round')}:c{parsed[0]}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    parsed = _parse(order_id)
    if parsed is None or view.get("phase") != "purchase" or view.get("deciding") != parsed[0]:
        return None
    slot = _column(view, parsed[0], seat)
    if slot is None or "buy" not in legal or "decline" not in legal:
        return None
    price = len(slot.get("workers", []))
    return "buy" if price <= parsed[1] else "decline"
