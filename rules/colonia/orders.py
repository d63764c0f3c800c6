"""Colonia's standing orders in the passing loops (market stalls, craftsmen's orders, loading, relic purchases,
insurance): "pass for the rest of this loop", and a plan-ahead "my next action in this loop" (``plans``).

A pass in a Colonia loop is final for that loop, so the order is an instruction given ahead: when the loop reaches
the seat, it passes. It lapses when the loop ends (its scope is the week, day and loop kind). A plan-ahead order
(``next …``, kind ``plan``) stands beside it and is answered first (the service asks the specific kinds before
the usual one), so "order a saddle, then pass" is two orders. A vote given ahead (``vote D07 yes``, kind ``vote
D07``: one per decree of the week) is played when that decree's vote begins, in secret like any vote. Pure
functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.colonia import plans
from rules.colonia.names import _, decree_name
from rules.colonia.views import LOOP_NAMES

PASS = "pass"
VOTE = "vote"  # "vote D07 yes": the seat's vote on a decree of this week, given before its vote begins


def _vote_order(order_id: str) -> tuple[str, str] | None:
    """(decree, "yes"/"no") of a vote given ahead, else None."""
    words = order_id.split(" ")
    if len(words) == 3 and words[0] == VOTE and words[2] in ("yes", "no") and len(words[1]) <= 4:
        return words[1], words[2]
    return None


def _pending(view: dict[str, Any]) -> list[dict[str, Any]]:
    """This week's decrees not voted on yet (the one being voted on included)."""
    return [d for d in view.get("decrees") or [] if d.get("result") is None]


def _loop(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    loop = view.get("loop")
    if not isinstance(loop, dict) or seat in loop.get("passed", []):
        return None
    return loop


def _votes(view: dict[str, Any]) -> list[tuple[str, str]]:
    """A vote given ahead for each decree still to be voted on this week: secret, played when its vote begins."""
    voting = (view.get("vote") or {}).get("decree")
    out = []
    for d in _pending(view):
        if d["id"] == voting:
            continue  # its vote is open: the seat votes as usual
        name = f"{d['id']} {decree_name(d['id'])}"
        out += [(f"{VOTE} {d['id']} yes", _("Vote Yes on {decree} when it comes to the vote").format(decree=name)),
                (f"{VOTE} {d['id']} no", _("Vote No on {decree} when it comes to the vote").format(decree=name))]
    return out


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    loop = _loop(view, seat)
    if loop is None:
        return _votes(view)
    kind = loop["kind"]
    return [(PASS, _("Pass in this {loop} loop (week {week}, {day})").format(
        loop=_(LOOP_NAMES[kind]) if kind in LOOP_NAMES else kind, week=view["week"], day=view["day_name"])),
        *plans.offers(view, seat), *_votes(view)]


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    vote = _vote_order(order_id)
    if vote is not None:  # until that decree's vote is over (its result known)
        return f"w{view.get('week')}:{vote[0]}" if any(d["id"] == vote[0] for d in _pending(view)) else None
    if order_id.startswith(plans.PREFIX + " "):
        return plans.scope(order_id, view, seat)
    loop = _loop(view, seat)
    if order_id != PASS or loop is None:
        return None
    return f"w{view['week']}:d{view['day']}:{loop['kind']}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    vote = _vote_order(order_id)
    if vote is not None:
        wanted = f"vote {vote[1]}"
        return wanted if (view.get("vote") or {}).get("decree") == vote[0] and wanted in legal else None
    if order_id.startswith(plans.PREFIX + " "):
        return plans.answer(order_id, view, legal, seat)
    return PASS if order_id == PASS and PASS in legal and _loop(view, seat) is not None else None


def kind(order_id: str) -> str:
    """``plan`` for a plan-ahead action (it stands beside the pass order), ``vote <decree>`` for a vote given ahead
    (one per decree), else ``""``."""
    vote = _vote_order(order_id)
    if vote is not None:
        return f"{VOTE} {vote[0]}"
    return plans.KIND if plans.parse(order_id) is not None else ""


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    """Why a plan-ahead action lapsed unplayed (another player took its target); a pass order says nothing."""
    return plans.lapsed(order_id, view, seat)
