"""Speicherstadt's standing orders: the purchase walk-down, decided ahead.

``upto C N`` ("buy column C for N coins or less"): while the seat decides on column C at a price above N, it
declines automatically; at N or less it **buys** automatically. A player who says "up to N" has accepted any price
up to N, and a walk-down only ever lowers the price, so asking again at a price they already accepted would only
cost them a day. ``upto C 0`` reads "Decline column C". The order lapses once column C is sold or discarded (or
the round's purchase is over). Each column's order is a kind of its own (``upto3``): a seat may hold one for every
column it has a worker above, given while it places them, and a new order for a column replaces that column's.

``place C.n`` ("place my next worker above column C"; ``n``: the workers above C when the order was given) and
``place C.n D.m`` ("… or above column D if someone placed above C first"), a plan-ahead order of its own kind
(``plan``, so it stands beside the purchase orders): given during Demand, while others place or together with one's
own placement, it places the seat's next worker above the first of its columns **nobody else has placed above since
the order was given** (a conditional move, as in correspondence chess: the counts in the id are the situation it
was planned for) the moment the seat is awaited. Its scope is the seat's own workers left, so its own next placement
ends it (one-shot); it lapses when others have placed above all its columns, and its owner is then told privately
why (``lapsed``) and asked as usual. Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.speicherstadt.data import BUILDING_SPACES
from rules.speicherstadt.text import card_name
from rules.words import translator

_, _n = translator("speicherstadt")


def _plan(order_id: str) -> list[tuple[int, int]] | None:
    """The (column, workers above it when given) alternatives of a ``place`` order, in order, else None."""
    words = order_id.split(" ")
    if words[0] != "place" or not 2 <= len(words) <= 3:
        return None
    out = []
    for word in words[1:]:
        col, dot, n = word.partition(".")
        if not (dot and col.isascii() and col.isdigit() and n.isascii() and n.isdigit()):
            return None
        out.append((int(col), int(n)))
    return out


def _holding(view: dict[str, Any], plan: list[tuple[int, int]], seat: int) -> list[int]:
    """The plan's columns nobody has placed above since it was given (and the seat can still place there)."""
    return [col for col, n in plan
            if (slot := _plannable(view, col, seat)) is not None and len(slot.get("workers", [])) == n]


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
    open_ = [(col, slot) for col in range(1, len(view.get("row") or []) + 1)
             if (slot := _plannable(view, col, seat)) is not None]
    here = {col: f"{col}.{len(slot['workers'])}" for col, slot in open_}  # the situation a plan is given for
    out.extend((f"place {here[col]}", _("Place my next worker above card {col} ({card}) if nobody else places "
                                        "there first").format(col=col, card=card_name(slot["card"])))
               for col, slot in open_)
    for col in range(1, len(view.get("row") or []) + 1):
        slot = _column(view, col, seat)
        if slot is None or (view.get("phase") == "demand" and seat not in slot.get("workers", [])):
            continue
        name = card_name(slot["card"]) if "card" in slot else _("the card")
        out.append((f"upto {col} 0", _("Decline card {col} ({card}) whatever the price").format(col=col, card=name)))
        out.extend((f"upto {col} {n}", _n("Buy card {col} ({card}) for {n} coin or less, else decline",
                                          "Buy card {col} ({card}) for {n} coins or less, else decline", n).format(
            col=col, card=name, n=n)) for n in range(1, min(coins, BUILDING_SPACES) + 1))
    # the plans with a fallback last: the longest list (one per pair of columns)
    out.extend((f"place {here[col]} {here[other]}", _(
        "Place my next worker above card {col} ({card}), or above card {other} ({other_card}) if another "
        "player places above {col} first").format(col=col, card=card_name(slot["card"]), other=other,
                                                  other_card=card_name(other_slot["card"])))
               for col, slot in open_ for other, other_slot in open_ if other != col)
    return out


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    plan = _plan(order_id)
    if plan is not None:
        holding = _holding(view, plan, seat)
        return f"r{view.get('round')}:w{view['players'][seat]['workers']}" if holding else None
    parsed = _parse(order_id)
    if parsed is None or _column(view, parsed[0], seat) is None:
        return None
    return f"r{view.get('round')}:c{parsed[0]}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    plan = _plan(order_id)
    if plan is not None:
        return next((f"place {col}" for col in _holding(view, plan, seat) if f"place {col}" in legal), None)
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
    """Why a plan-ahead placement ended unplayed: other players placed above its columns (during Demand; an order
    whose Demand phase ended says nothing)."""
    plan = _plan(order_id)
    row = view.get("row") or []
    if plan is None or view.get("phase") != "demand" or not all(1 <= col <= len(row) for col, _n in plan):
        return None
    col = plan[0][0]
    if len(plan) == 1:
        return _("Your plan to place your next worker above card {col} ({card}) was not played: another player "
                 "placed a worker there since. You will be asked as usual.").format(
            col=col, card=card_name(row[col - 1]["card"]))
    return _("Your plan to place your next worker above card {col} or {other} was not played: other players "
             "placed workers above both since. You will be asked as usual.").format(col=col, other=plan[1][0])
