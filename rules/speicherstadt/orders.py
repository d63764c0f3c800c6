"""Speicherstadt's standing orders: the purchase walk-down, decided ahead.

``upto C N`` ("buy column C for N coins or less"): while the seat decides on column C at a price above N, it
declines automatically; at N or less it **buys** automatically. A player who says "up to N" has accepted any price
up to N, and a walk-down only ever lowers the price, so asking again at a price they already accepted would only
cost them a day. ``upto C 0`` reads "Decline column C". The order lapses once column C is sold or discarded (or
the round's purchase is over). Each column's order is a kind of its own (``upto3``): a seat may hold one for every
column it has a worker above, given while it places them, and a new order for a column replaces that column's.

``place C`` ("place my next worker above column C"), a plan-ahead order of its own kind (``plan``, so it stands
beside an ``upto`` order): given during Demand, while others place or together with one's own placement, it places
the seat's next worker above column C the moment the seat is awaited — **if nobody has placed above C since**
(a conditional move, as in correspondence chess). Its scope is the column's number of workers, so any placement
there (another's, or its own playing it) ends it: one-shot; the owner is told privately when another player's
placement ended it unplayed (``lapsed``), and is asked as usual. Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.speicherstadt.data import BUILDING_SPACES
from rules.speicherstadt.text import card_name
from rules.words import translator

_, _n = translator("speicherstadt")


def _plan(order_id: str) -> int | None:
    """The column of a ``place C`` order, else None."""
    word, _sp, number = order_id.partition(" ")
    return int(number) if word == "place" and number.isascii() and number.isdigit() else None


def _plannable(view: dict[str, Any], col: int, seat: int) -> dict[str, Any] | None:
    """Column ``col`` if ``seat`` can still place its next worker there this Demand phase."""
    row = view.get("row") or []
    if view.get("phase") != "demand" or not 1 <= col <= len(row) or int(view["players"][seat]["workers"]) < 1:
        return None
    slot: dict[str, Any] = row[col - 1]
    return slot if len(slot.get("workers", [])) < BUILDING_SPACES else None


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
        slot = _plannable(view, col, seat)
        if slot is not None:
            out.append((f"place {col}", _("Place my next worker above column {col} ({card}) if nobody else places "
                                          "there first").format(col=col, card=card_name(slot["card"]))))
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
    col = _plan(order_id)
    if col is not None:
        slot = _plannable(view, col, seat)
        return None if slot is None else f"r{view.get('round')}:p{col}:{len(slot['workers'])}"
    parsed = _parse(order_id)
    if parsed is None or _column(view, parsed[0], seat) is None:
        return None
    return f"r{view.get('round')}:c{parsed[0]}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    col = _plan(order_id)
    if col is not None:
        return order_id if order_id in legal and _plannable(view, col, seat) is not None else None
    parsed = _parse(order_id)
    if parsed is None or view.get("phase") != "purchase" or view.get("deciding") != parsed[0]:
        return None
    slot = _column(view, parsed[0], seat)
    if slot is None or "buy" not in legal or "decline" not in legal:
        return None
    price = len(slot.get("workers", []))
    return "buy" if price <= parsed[1] else "decline"


def kind(order_id: str) -> str:
    """``plan`` for a plan-ahead placement; ``uptoC`` for column C's purchase order: each stands beside the others."""
    if _plan(order_id) is not None:
        return "plan"
    parsed = _parse(order_id)
    return f"upto{parsed[0]}" if parsed is not None else ""


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    """Why a plan-ahead placement ended unplayed: another player placed above its column (during Demand; an order
    whose Demand phase ended says nothing)."""
    col = _plan(order_id)
    row = view.get("row") or []
    if col is None or view.get("phase") != "demand" or not 1 <= col <= len(row):
        return None
    slot = row[col - 1]
    if len(slot.get("workers", [])) >= BUILDING_SPACES:
        text = _("Your plan to place your next worker above column {col} ({card}) was not played: the column is "
                 "full now. You will be asked as usual.")
    else:
        text = _("Your plan to place your next worker above column {col} ({card}) was not played: another player "
                 "placed a worker there since. You will be asked as usual.")
    return text.format(col=col, card=card_name(slot["card"]))
