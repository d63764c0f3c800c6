"""Undo: why a step cannot be taken back (its barrier), and how far a seat's undo reaches in the log.

Part of the rules contract (``rules/core.py`` re-exports every name here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.events import Event

#: Why a step cannot be taken back (``Step.barrier``); None: it can.
RANDOM = "random"  # the step drew from the per-ply ``Rng`` (a die, a shuffle, a cube from the bag)
DRAW = "draw"  # a card came off a pile nobody had seen into someone's hand or onto the table
REVEAL = "reveal"  # something hidden became visible (a card turned over, a stack revealed)
SECRET = "secret"  # a secret simultaneous step resolved: everyone's choices were shown
PRIVATE = "private"  # another seat was told something only it may see
BARRIERS = (RANDOM, DRAW, REVEAL, SECRET, PRIVATE)


@dataclass(frozen=True)
class Step:
    """One applied action: its events, and ``barrier``: None when it can be taken back (nothing was drawn, shown or
    told to another seat), else why not (one of ``BARRIERS``)."""

    events: list[Event]
    barrier: str | None


@dataclass(frozen=True)
class Logged:
    """One logged action as undo sees it: ``kind`` ('player', 'auto', 'bot', 'caretaker'), its seat, and its
    barrier (``Step.barrier``, or any other reason text the log gives: e.g. a move made before undo existed)."""

    kind: str
    seat: int
    barrier: str | None


@dataclass(frozen=True)
class Horizon:
    """What ``seat``'s next undo takes back: the ``take`` latest actions (0: nothing), and when nothing, why."""

    take: int
    reason: str | None = None  # a barrier, or OTHERS / CARETAKER / NOTHING


OTHERS = "others"  # another seat acted since (a bot, another player, their automatic move)
CARETAKER = "caretaker"  # the caretaker played for the seat since
NOTHING = "nothing"  # the seat has no move of its own to take back


def undo_horizon(log: Sequence[Logged], seat: int) -> Horizon:
    """How many of the latest actions of ``log`` (oldest first; notes and undone actions left out) ``seat``'s undo
    takes back: its latest own move (kind 'player') with every automatic move of its own after it (kind 'auto': a
    forced prompt, a standing order), as one unit, since the chain would play those again at once. Refused (0 with a
    reason) when another seat acted after that move, the caretaker did, or any step of the unit has a barrier.

    A pure function of the records, so a front end or the service needs no game knowledge; called again after an
    undo (the undone actions left out), it reaches further back, as far as the barriers allow."""
    for back, entry in enumerate(reversed(log), start=1):
        if entry.seat != seat or entry.kind == "bot":
            return Horizon(0, OTHERS)
        if entry.kind == "caretaker":
            return Horizon(0, CARETAKER)
        if entry.barrier is not None:
            return Horizon(0, entry.barrier)
        if entry.kind == "player":
            return Horizon(back)
        if entry.kind != "auto":
            return Horizon(0, OTHERS)
    return Horizon(0, NOTHING)
