"""Strasbourg's plan-ahead bids: a seat's decision in a later bidding step of this round, given ahead.

The bids of steps A–G go clockwise from the first player, one seat at a time, so each is a wait for the table. A
player who knows already what they will do in a later step of the round says so while others act:

- ``bid X pass`` ("pass in step X"): when the seat's turn in step X comes, it passes. Nothing others do in X can
  make a pass a worse idea than the seat found it, so it holds whatever happens before.
- ``bid X 5+1`` ("in step X, reveal my stack 5+1 if nobody before me has revealed one"): a conditional move, as in
  correspondence chess. It was planned for a step nobody had bid in yet; once another seat reveals a stack in step
  X before the seat's turn, the situation it was planned for is gone: the order lapses, its owner is told privately
  why (``lapsed``) and is asked as usual. The stack is named by its cards (numbers shift as stacks are revealed).

One order per step (kind ``bidX``), so a seat may plan several steps; each lapses when its step is over (played or
not), with the round, or when the stack it names is gone. Pure functions of the seat's own view.
"""

from __future__ import annotations

from typing import Any

from rules.strasbourg.data import GUILD_NAMES
from rules.words import N_, translator

_, _n = translator("strasbourg")

BIDDING = "ABCDEFG"
_WHAT = {"A": N_("Nobility & Church"), "C": N_("Merchants"), "E": N_("Merchants"), "G": N_("Merchants + seat")}


def _parse(order_id: str) -> tuple[str, list[int] | None] | None:
    """(step letter, the stack's cards or None for a pass) of a ``bid`` order, else None."""
    words = order_id.split(" ")
    if len(words) != 3 or words[0] != "bid" or len(words[1]) != 1 or words[1] not in BIDDING:
        return None
    if words[2] == "pass":
        return words[1], None
    cards = words[2].split("+")
    if not all(c.isascii() and c.isdigit() and len(c) == 1 for c in cards):
        return None
    return words[1], [int(c) for c in cards]


def _cards(stack: list[int]) -> str:
    return "+".join(str(c) for c in stack)


def _stacks(view: dict[str, Any]) -> list[list[int]]:
    return [list(s) for s in (view.get("private") or {}).get("stacks") or []]


def _future_steps(view: dict[str, Any], seat: int) -> list[str]:
    """The bidding steps of this round the seat may still decide in (the current one if it has not yet)."""
    if view.get("phase") != "action" or view.get("over") or not _stacks(view):
        return []
    now = view.get("step") or ""
    if now not in "ABCDEFGHI" or not now:
        return []
    bid = view.get("bid")
    steps = [x for x in BIDDING if x > now]
    if now in BIDDING and bid is not None and bid["status"][seat] == "waiting":
        steps.insert(0, now)  # its turn in this step is still to come (or is now); no bid: the step's tasks
    return steps


def _what(view: dict[str, Any], letter: str) -> str:
    if letter in _WHAT:
        return _(_WHAT[letter])
    cards = view.get("round_cards") or []
    rnd = int(view.get("round") or 0)
    guild = cards[rnd - 1].get(letter) if 1 <= rnd <= len(cards) else None
    return _(GUILD_NAMES[guild]) if guild in GUILD_NAMES else ""


def offers(view: dict[str, Any], seat: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    stacks = sorted({_cards(s) for s in _stacks(view) if s}, key=lambda c: (-sum(map(int, c.split("+"))), c))
    for letter in _future_steps(view, seat):
        what = _what(view, letter)
        out.append((f"bid {letter} pass", _("Pass in step {step} ({what})").format(step=letter, what=what)))
        out.extend((f"bid {letter} {cards}", _(
            "In step {step} ({what}), reveal my stack {cards} if nobody before me has revealed one").format(
            step=letter, what=what, cards=cards)) for cards in stacks)
    return out


def _taken(view: dict[str, Any], seat: int) -> bool:
    """Whether another seat has revealed a stack in the current step's bid."""
    bid = view.get("bid")
    return bid is not None and any(st == "revealed" for s, st in enumerate(bid["status"]) if s != seat)


def scope(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    parsed = _parse(order_id)
    if parsed is None or parsed[0] not in _future_steps(view, seat):
        return None
    letter, cards = parsed
    if cards is not None:
        if cards not in _stacks(view):
            return None  # the stack is gone (revealed in another step)
        if letter == view.get("step") and _taken(view, seat):
            return None  # someone revealed before the seat's turn: not the situation it was planned for
    return f"r{view.get('round')}:{letter}"


def answer(order_id: str, view: dict[str, Any], legal: list[str], seat: int) -> str | None:
    parsed = _parse(order_id)
    if parsed is None or view.get("step") != parsed[0] or "pass" not in legal or scope(order_id, view, seat) is None:
        return None
    cards = parsed[1]
    if cards is None:
        return "pass"
    index = _stacks(view).index(cards) + 1
    return f"reveal {index}" if f"reveal {index}" in legal else None


def kind(order_id: str) -> str:
    parsed = _parse(order_id)
    return f"bid{parsed[0]}" if parsed is not None else ""


def lapsed(order_id: str, view: dict[str, Any], seat: int) -> str | None:
    """Why a planned reveal ended unplayed: another seat revealed a stack in that step before the seat's turn."""
    parsed = _parse(order_id)
    if parsed is None or parsed[1] is None or view.get("step") != parsed[0] or not _taken(view, seat):
        return None
    bid = view.get("bid")
    if bid is None or bid["status"][seat] != "waiting":
        return None
    return _("Your plan to reveal your stack {cards} in step {step} was not played: another player revealed a stack "
             "before your turn. You will be asked as usual.").format(cards=_cards(parsed[1]), step=parsed[0])
