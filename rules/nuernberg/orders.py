"""Nürnberg's standing orders and forced steps.

``decline`` ("decline trade offers for the rest of this turn"): every offer the active player sends this turn is
declined automatically for the seat; it lapses when the turn passes on. ``decline until mine`` ("… until my next
turn"): every offer of every turn before the seat's own; it lapses when that turn begins. Only a seat that is not
the active player (who alone trades) may give them.

``end after <mark>`` ("end my turn after my next move"): given by the active player during their own turn, it ends
the turn as soon as they are back at the top of their turn (no menu open, no offer out) and their own situation
differs from the one it was given in (``<mark>``: a digest of their hand, gold, pieces, points, prestige and offers
left); it lapses with the turn. So a player who knows their last move of the turn says so with it, and the table
does not wait for them a second time.

``take first`` ("take the first acceptance of my offer"): given by the proposer while their offer is out; once
everyone has answered, it takes the first acceptance in seat order (what they asked for, so nothing to weigh); with
none, the proposer is asked as usual (a counter is theirs to judge). It lapses with that offer.

An addressee of an offer is never answered for automatically, even with ``decline`` as the only legal action: an
instant decline would tell the table that they lack the cards, and they may still counter. An addressee who stays
silent declines when the table's offer time runs out (``lapse``). Pure functions of the seat's own view.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from rules.words import translator

_, _n = translator("nuernberg")

DECLINE = "decline"
UNTIL_MINE = "decline until mine"
END_AFTER = "end after"
TAKE_FIRST = "take first"


def _proposing(view: dict[str, Any], seat: int) -> bool:
    offer = view.get("offer")
    return view.get("phase") == "offer" and offer is not None and offer.get("from") == seat


def mark(view: dict[str, Any], seat: int) -> str:
    """A digest of what the seat's own next move changes (its row of the view and the offers left this turn)."""
    me = view["players"][seat]
    own = [me.get("hand"), me.get("gold"), me.get("pieces_left"), me.get("vp"), me.get("prestige"),
           view.get("offers_left"), view.get("turn")]
    return f"{zlib.crc32(json.dumps(own, sort_keys=True).encode()):08x}"


def _at_top(view: dict[str, Any], seat: int) -> bool:
    return view.get("phase") == "main" and view.get("active") == seat and view.get("menu") is None


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
    if _at_top(view, seat) and "turn" in view:
        return [(f"{END_AFTER} {mark(view, seat)}", _("End my turn after my next move (turn {turn})").format(
            turn=view["turn"]))]
    if _proposing(view, seat) and "turn" in view:
        return [(TAKE_FIRST, _("Take the first acceptance of my offer (in seat order); if there is none, ask me"))]
    if phase == "over" or phase.startswith("setup") or view.get("active") == seat or "turn" not in view:
        return []
    return [(DECLINE, _("Decline every trade offer for the rest of this turn (turn {turn})").format(turn=view["turn"])),
            (UNTIL_MINE, _("Decline every trade offer until my next turn (turn {turn})").format(
                turn=_my_next_turn(view, seat)))]


def _end_after(order_id: str) -> str | None:
    """The mark of an ``end after`` order, else None."""
    words = order_id.split(" ")
    return words[2] if len(words) == 3 and " ".join(words[:2]) == END_AFTER and len(words[2]) == 8 else None


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    if order_id == TAKE_FIRST:  # this offer: the turn and the offers left then tell it from a later one
        return f"o{view['turn']}:{view.get('offers_left')}" if _proposing(view, seat) and "turn" in view else None
    if _end_after(order_id) is not None:  # the seat's own turn, its trade offers included
        own = view.get("active") == seat and view.get("phase") in ("main", "offer") and "turn" in view
        return f"e{view['turn']}" if own else None
    if order_id not in (DECLINE, UNTIL_MINE) or view.get("phase") == "over" or view.get("active") == seat:
        return None
    if "turn" not in view or str(view.get("phase", "")).startswith("setup"):
        return None
    return f"t{view['turn']}" if order_id == DECLINE else f"m{_my_next_turn(view, seat)}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    if order_id == TAKE_FIRST:
        if not _proposing(view, seat):
            return None
        answers = view["offer"]["answers"]
        return next((a for a in legal if a.startswith("take ") and answers.get(a.split()[1]) == "accept"), None)
    given = _end_after(order_id)
    if given is not None:
        return "end" if _at_top(view, seat) and "end" in legal and mark(view, seat) != given else None
    return DECLINE if order_id in (DECLINE, UNTIL_MINE) and view.get("phase") == "offer" and DECLINE in legal else None


def kind(order_id: str) -> str:
    return ""  # one order per seat


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    return None  # its loop or turn ended: nothing to explain
