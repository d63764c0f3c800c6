"""What a step answers: the events it caused, as data, or ``IllegalAction``, the one refusal of the rules layer.

Part of the rules contract (``rules/core.py`` re-exports every name here).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


class IllegalAction(Exception):
    """Raised by ``State.apply`` for anything illegal; the state is left exactly as it was."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Event:
    """Something that happened, as data. ``to`` is None for everyone, else the only seat that may see it."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    to: int | None = None

    @property
    def public(self) -> bool:
        return self.to is None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "params": self.params, "to": self.to}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return cls(data["kind"], dict(data.get("params", {})), data.get("to"))


def public_events(events: Iterable[Event]) -> list[Event]:
    """The events everyone may see: the one place that decides it, for the channel's lines, the board's last move
    and the images (the service passes on what this kept; the renderer asks again only for callers of its own)."""
    return [e for e in events if e.public]
