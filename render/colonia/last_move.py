"""Colonia board: the last move, read from its public events (``last_from_events``) or from its action (``parse_last``),
its caption (``last_text``, ``last_short``) and the spot its ring marks (``_last_target``).
A secret move (family card, vote, money changing) is never drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from render import kit
from render.colonia.layout import ROMAN, _relic_label
from render.kit import Box
from rules.colonia.names import _, name

if TYPE_CHECKING:
    from rules.colonia.views import ColoniaView
    from rules.core import Event


# Only these verbs are ever drawn as the last move: family cards, votes, lucky finds and money changing are
# secret (rules: ColoniaGame.secret_verbs), so anything unknown is left out rather than risked.
PUBLIC_VERBS = frozenset({"stall", "order", "load", "extra", "give", "buy", "insure", "enshrine", "keep", "decide",
                          "pass"})


def parse_last(last: Any) -> tuple[int | None, str, str]:
    seat, action = kit.last_action(last)
    verb, _sep, rest = action.strip().partition(" ")
    if verb not in PUBLIC_VERBS:
        return None, "", ""
    return seat, verb, rest.strip()


@dataclass(frozen=True)
class LastMove:
    """The last move as data, read from its public events (``last_from_events``): the mover, the verb and its
    argument as ``parse_last`` reads them from the action (``seat=None, verb=""``: nothing to draw). ``draw_board``
    takes it in place of an action hint."""

    seat: int | None
    verb: str
    rest: str


NOTHING = LastMove(None, "", "")
# The public events of secret moves (family card, vote, money changing), drawn as nothing like their action. (A
# good's choice has only a private event: ``last_from_events`` finds no move and the fallback draws nothing.)
_SECRET_MOVES = frozenset({"family_chosen", "vote_cast", "exchange_done"})


def last_from_events(view: ColoniaView, events: Sequence[Event]) -> LastMove | None:
    """The last move from its public events: the mover's event comes first (forced passes of other seats and the
    automatic steps that follow never name a move). None where the events do not say what the move was, so the
    action fallback draws it: ``extra <ship>`` (claiming an extra hold emits nothing until its good is given) and
    ``keep shrine empty`` (no event either). tests/render/test_colonia.py checks that this reads what
    ``parse_last`` reads from the action on every step of whole bot games."""
    for event in events:
        p = event.params
        seat = p.get("seat")
        kind = event.kind
        if kind in _SECRET_MOVES:
            return NOTHING
        if kind == "vote_result":  # not after a vote cast: the mayor broke the tie (``decide yes|no``)
            order = view.get("turn_order") or []
            return LastMove(order[0], "decide", "yes" if p["passed"] else "no") if order else None
        if not isinstance(seat, int):
            continue
        if kind == "pass" and not p.get("forced"):
            return LastMove(seat, "pass", "")
        if kind == "stall":
            return LastMove(seat, "stall", str(p["stall"]))
        if kind == "order":
            return LastMove(seat, "order", str(p["craftsman"]))
        if kind == "load":
            return LastMove(seat, "load", f"{p['ship']} {p['hold']}")
        if kind == "extra_load":
            return LastMove(seat, "give", str(p["good"]))
        if kind in ("buy", "insure", "enshrine"):
            return LastMove(seat, kind, str(p["relic"]))
    return None


def last_text(view: ColoniaView, verb: str, rest: str) -> str:
    """A short public description of the last move (the mover is shown by their token)."""
    berth = {s["id"]: ROMAN[s["berth"] - 1] for s in view.get("harbour", {}).get("ships", [])}
    words = rest.split()
    if verb == "stall":
        what = _("took stall {stall}").format(stall=rest)
    elif verb == "order":
        what = _("{craftsman} order").format(craftsman=name(rest))
    elif verb == "load" and len(words) == 2:
        what = _("loaded {berth} hold {hold}").format(berth=berth.get(words[0], words[0]), hold=words[1])
    elif verb == "extra":
        what = _("extra hold on {berth}").format(berth=berth.get(rest, rest))
    elif verb == "give":
        what = _("loaded a {good}").format(good=name(rest))
    elif verb == "buy":
        what = _("bought {relic}").format(relic=_relic_label(rest))
    elif verb == "insure":
        what = _("insured {relic}").format(relic=_relic_label(rest))
    elif verb == "enshrine":
        what = _("enshrined {relic}").format(relic=_relic_label(rest))
    elif verb == "keep":
        what = _("shrine left empty")
    elif verb == "decide":
        what = _("mayor decided yes") if rest == "yes" else _("mayor decided no")
    elif verb == "pass":
        what = _("passed")
    else:
        what = f"{verb} {rest}".strip()
    return what


def last_short(verb: str) -> str:
    """A shorter wording of the last move, for a language whose full one does not fit its box."""
    shorter = {"stall": _("took a stall"), "order": _("placed an order"), "load": _("loaded a hold"),
               "extra": _("extra hold"), "give": _("loaded the extra hold"), "buy": _("bought a relic"),
               "insure": _("insured a relic"), "enshrine": _("filled a shrine")}
    return shorter.get(verb, "")


def _last_target(view: ColoniaView, seat: int | None, verb: str, rest: str,
                 marks: dict[str, Box]) -> tuple[str, Box] | None:
    keys: list[str] = []
    if verb == "stall":
        keys = [f"stall {rest}"]
    elif verb == "order":
        keys = [f"order {rest} {seat}", f"craftsman {rest}"]
    elif verb == "load":
        keys = [f"hold {rest}"]
    elif verb == "extra":
        keys = [f"extra {rest}"]
    elif verb == "give":
        keys = [f"extra seat {seat}", "harbour"]
    elif verb == "insure":
        keys = [f"relic {rest}"]
    elif verb in ("buy", "enshrine", "keep", "pass"):
        keys = [f"player {seat}", "relics" if verb == "buy" else ""]
    elif verb == "decide":
        votes = view.get("votes") or []
        keys = [f"decree {votes[-1]['decree']}"] if votes else []
    for key in keys:
        if key in marks:
            return key, marks[key]
    return None
