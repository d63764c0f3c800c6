"""Clock arithmetic: when a seat's reminder and deadline fall due, which seats have a clock, how a wait is said.

Pure functions (no I/O); the service stores their results in the ``deadlines`` table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.model import Seat
from rules.core import Game, State

SKIP_ACTIONS = ("skip", "pass")
MIN_GRACE_H = 0.1


def awaited_humans(state: State, seats: list[Seat]) -> list[int]:
    """The awaited seats that have a clock (bots move at once and have none)."""
    return [s for s in state.to_act() if not seats[s].is_bot]


def reminder_at(start: float, remind_hours: float, deadline_hours: float) -> float | None:
    """When a wait that began at ``start`` gets its reminder (None: never; a reminder at or after the deadline
    is dropped)."""
    if not remind_hours or (deadline_hours and remind_hours >= deadline_hours):
        return None
    return start + remind_hours * 3600


def deadline_at(start: float, deadline_hours: float) -> float | None:
    """When a wait that began at ``start`` falls due (None: no deadline)."""
    return start + deadline_hours * 3600 if deadline_hours else None


def reminder_grace(settings: Mapping[str, Any]) -> float:
    """Seconds a player gets after a reminder before anyone plays for them: the table's usual gap between reminder
    and deadline (half the deadline without reminders), at least six minutes."""
    remind, deadline = float(settings.get("remind_hours", 0) or 0), float(settings.get("deadline_hours", 0) or 0)
    gap = deadline - remind if 0 < remind < deadline else deadline / 2
    return max(MIN_GRACE_H, gap) * 3600


def skip_action(game: Game, state: State, seat: int) -> str | None:
    """The game's way to skip a turn: a ``skip_action(view, legal)`` hook, else a legal "skip"/"pass"."""
    legal = state.legal_actions(seat)
    hook = getattr(game, "skip_action", None)
    if callable(hook):
        choice = hook(state.view(seat), legal)
        return choice if choice in legal else None
    return next((a for a in SKIP_ACTIONS if a in legal), None)


def duration(seconds: float) -> str:
    """A wait in words: "25 min", "3 h", "4 days"."""
    minutes = max(0, round(seconds / 60))
    if minutes < 90:
        return f"{minutes} min"
    hours = minutes / 60
    return f"{hours:.0f} h" if hours < 48 else f"{hours / 24:.0f} days"
