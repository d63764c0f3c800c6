"""Colonia's standing orders in the passing loops (market stalls, craftsmen's orders, loading, relic purchases,
insurance): "pass for the rest of this loop", and a plan-ahead "my next action in this loop" (``plans``).

A pass in a Colonia loop is final for that loop, so the order is an instruction given ahead: when the loop reaches
the seat, it passes. It lapses when the loop ends (its scope is the week, day and loop kind). A plan-ahead order
(``next …``, kind ``plan``) stands beside it and is answered first (the service asks the specific kinds before
the usual one), so "order a saddle, then pass" is two orders. Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.colonia import plans
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
        loop=_(LOOP_NAMES[kind]) if kind in LOOP_NAMES else kind, week=view["week"], day=view["day_name"])),
        *plans.offers(view, seat)]


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    if order_id.startswith(plans.PREFIX + " "):
        return plans.scope(order_id, view, seat)
    loop = _loop(view, seat)
    if order_id != PASS or loop is None:
        return None
    return f"w{view['week']}:d{view['day']}:{loop['kind']}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    if order_id.startswith(plans.PREFIX + " "):
        return plans.answer(order_id, view, legal, seat)
    return PASS if order_id == PASS and PASS in legal and _loop(view, seat) is not None else None


def kind(order_id: str) -> str:
    """``plan`` for a plan-ahead action (it stands beside the pass order), else ``""``."""
    return plans.KIND if plans.parse(order_id) is not None else ""


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    """Why a plan-ahead action lapsed unplayed (another player took its target); a pass order says nothing."""
    return plans.lapsed(order_id, view, seat)
