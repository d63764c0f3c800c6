"""Colonia's standing orders: "pass for the rest of this loop" in the passing loops (market stalls, craftsmen's
orders, loading, relic purchases, insurance).

A pass in a Colonia loop is final for that loop, so the order is an instruction given ahead: when the loop reaches
the seat, it passes. It lapses when the loop ends (its scope is the week, day and loop kind). Pure functions of the
seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.colonia.names import _
from rules.colonia.views import LOOP_NAMES

PASS = "pass"


def _loop(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    loop = view.get("loop")
    if not isinstance(loop, dict) or seat in loop.get("passed", []):
        return None
    return loop


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    loop = _loop(view, seat)
    if loop is None:
        return []
    kind = loop["kind"]
    return [(PASS, _("Pass in this {loop} loop (week {week}, {day})").format(
        loop=_(LOOP_NAMES[kind]) if kind in LOOP_NAMES else kind, week=view["week"], day=view["day_name"]))]


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    loop = _loop(view, seat)
    if order_id != PASS or loop is None:
        return None
    return f"w{view['week']}:d{view['day']}:{loop['kind']}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    return PASS if order_id == PASS and PASS in legal and _loop(view, seat) is not None else None


def kind(order_id: str) -> str:
    return ""  # one order per seat


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    return None  # its loop or turn ended: nothing to explain
