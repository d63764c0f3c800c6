"""Strasbourg renderer: the last move, read from the step's public events or its action, and its caption."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from render.kit import last_action, seat_name
from rules.strasbourg.data import EDIFICES, PRICES
from rules.strasbourg.names import edifice_name, goods_name
from rules.strasbourg.state import is_secret_action
from rules.words import translator

if TYPE_CHECKING:
    from rules.core import Event
    from rules.strasbourg.views import StrasbourgView

_, _n = translator("strasbourg")


def _public_last(last: Any) -> tuple[int | None, str]:
    """The ``last`` hint, or (None, "") when it is absent or names a secret (planning) action."""
    seat, action = last_action(last)
    if not action or is_secret_action(action):
        return None, ""
    return seat, action


@dataclass(frozen=True)
class LastMove:
    """The last move as data, read from its public events (``last_from_events``): the mover and the public
    action as the board draws it (``_drawn``: a reveal without its stack number, which the image never shows).
    ``draw_board`` takes it in place of an action hint."""

    seat: int | None
    action: str


def _drawn(seat: int | None, action: str) -> LastMove:
    """A public action as the board draws it (the stack a reveal names is not drawn)."""
    return LastMove(seat, "reveal" if action.partition(" ")[0] == "reveal" else action)


# Events that only a seat's own move emits (an automatic pass has a reason: "no stacks").
_MOVE_EVENTS = frozenset({"reveal", "privilege", "pass", "buy", "sell", "return", "chapel", "edifice"})


def last_from_events(view: StrasbourgView, events: Sequence[Event]) -> LastMove | None:
    """The last move from its public events: the mover's event comes first (the automatic steps, tasks and bids
    that follow come after it). None where the events do not say what the move was, so the action fallback draws
    it: ``skip``, ``done`` and ``return none`` emit no event (what follows is automatic, e.g. the next task's seat
    and goods), and an apprentice's ``goods`` emits the same ``goods`` event a master's or journeyman's task takes
    by itself. tests/render/test_strasbourg.py checks this against the action on every step of whole bot games."""
    if not events:
        return None
    first = events[0]
    seat, p = first.params.get("seat"), first.params
    if first.kind not in _MOVE_EVENTS or not isinstance(seat, int) or (first.kind == "pass" and p.get("reason")):
        return None
    if first.kind == "sell":  # one good, or several events for "sell all" (offered only with two goods or more)
        sold = 0
        for event in events:
            if event.kind != "sell" or event.params.get("seat") != seat:
                break
            sold += 1
        return LastMove(seat, "sell all" if sold > 1 else f"sell {p['guild']}")
    action = {"reveal": "reveal", "privilege": "privilege", "pass": "pass", "buy": f"buy {p.get('cell')}",
              "return": f"return {p.get('card')}", "chapel": f"chapel {p.get('space')}",
              "edifice": f"build {p.get('cell')}"}[first.kind]
    return LastMove(seat, action)


def _last_text(seat: int | None, action: str, view: StrasbourgView, names: Sequence[str] | None,
               short: bool = False) -> str:
    """The last move in words; ``short`` leaves out the detail (price, card value) where a line is too narrow."""
    who = seat_name(seat, names) if seat is not None else _("A player")
    verb, _sep, arg = action.partition(" ")
    bid, result = view.get("bid"), view.get("last")
    if verb in ("reveal", "pass", "privilege") and seat is not None and bid and bid["status"][seat] == "waiting" \
            and result:  # the move closed an earlier step: say how that step ended
        ranking = result.get("ranking") or []
        if not ranking:
            return _("step {step}: everyone passed").format(step=result["step"])
        winner, total = ranking[0]
        return _("step {step} won by {who} ({total})").format(step=result["step"],
                                                              who=seat_name(int(winner), names), total=total)
    if verb == "reveal":
        return _("{who} revealed a stack").format(who=who)
    if verb == "pass":
        return _("{who} passed").format(who=who)
    if verb == "privilege":
        return _("{who} spent a privilege").format(who=who)
    if verb == "buy" and arg in PRICES and short:
        return _("{who} bought {cell}").format(who=who, cell=arg)
    if verb == "buy" and arg in PRICES:
        coins = _n("{n} coin", "{n} coins", PRICES[arg]).format(n=PRICES[arg])
        return _("{who} bought {cell} for {coins}").format(who=who, cell=arg, coins=coins)
    if verb == "skip":
        return _("{who} placed no member").format(who=who)
    if verb == "goods":
        return _("{who} took a goods tile").format(who=who)
    if verb == "sell":
        if arg == "all":
            return _("{who} sold all goods").format(who=who)
        # TRANSLATORS: {goods} is a kind of goods (weapons, wine, shoes, meat, bread).
        return _("{who} sold {goods}").format(who=who, goods=goods_name(arg) or arg)
    if verb == "done":
        return _("{who} stopped selling").format(who=who)
    if verb == "return":
        if arg == "none":
            return _("{who} returned no card").format(who=who)
        if short:
            return _("{who} kept a card for later").format(who=who)
        return _("{who} returned a {card} to the deck").format(who=who, card=arg)
    if verb == "chapel":
        return _("{who} built a chapel").format(who=who)
    if verb == "build":
        edifice = view.get("built", {}).get(arg)
        if edifice in EDIFICES:
            return _("{who} built the {edifice}").format(who=who, edifice=edifice_name(edifice))
        return _("{who} built on {cell}").format(who=who, cell=arg)
    return f"{who}: {action}"
