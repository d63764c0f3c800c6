"""Each player's private news, kept by the table as it happens (docs/discord.md, "Private news"): what a change
brought a player's own screen (its private lines, or a gain without lines) is stored until the front end delivers it,
and the Update names whose news is due now. The mover's own news of their own step is not kept: the reply to their
move shows it.

Kept only when the service is opened with ``news=True`` (the Discord front end, which delivers it by DM and in
replies); the terminal shows each screen as it is and keeps nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.table.model import PrivateUpdate, Seat, secret_part


def gained(before: Any, now: Any) -> bool:
    """Whether a screen's secret part ``now`` holds something ``before`` did not: a new or changed value. A value
    that was only cleared (a secret choice of one's own, reset once everyone's was revealed) is not news."""
    if isinstance(before, dict) and isinstance(now, dict):
        return any(gained(before.get(k), v) for k, v in now.items())
    return now is not None and now != before


def news_of(private: Mapping[int, PrivateUpdate], public: dict[str, Any], seats: list[Seat],
            before: Mapping[int, dict[str, Any] | None], actor: int | None) -> dict[int, list[str]]:
    """user -> the news a change brought them: its private lines, or [] when their screen only gained something
    (``before``: each seat's secret part before the change; None or missing: unknown, so it counts). Not for the
    seat that made the change (``actor``)."""
    seat_of = {s.user_id: s.seat for s in seats if s.user_id is not None}
    out: dict[int, list[str]] = {}
    for user, update in private.items():
        seat = seat_of.get(user)
        if seat is None or seat == actor:
            continue
        was = before.get(seat)
        if update.events or was is None or gained(was, secret_part(update.view, public)):
            out[user] = list(update.events)
    return out
