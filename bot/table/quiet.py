"""Quiet hours: a player's night, in their own time zone, during which no reminder reaches them and turn notices come
without a ping (docs/discord.md, "Quiet hours"). Pure functions (zoneinfo, no I/O); the preference is stored with the
notification preference (``users.tz``, ``users.quiet``: migration 12).

The hours are local wall-clock hours, ``start-end`` (``22-8``: from 22:00 to 08:00 the next morning; ``1-7``: from
01:00 to 07:00). Across a change of the clocks the window follows the wall clock: a night the clocks go forward is an
hour shorter, one they go back an hour longer; an end that falls in the skipped hour ends the night when the clocks
jump."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from bot.table.model import TableError
from rules.words import translator

_, _n = translator("bot")

QUIET_RE = re.compile(r"^\s*(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?\s*$")
OFF = ("off", "none", "no", "")


@dataclass(frozen=True)
class QuietHours:
    """A player's quiet hours: their IANA time zone and the local hours ``start``-``end`` (end not included)."""

    tz: str
    start: int
    end: int

    @property
    def text(self) -> str:
        return f"{self.start}-{self.end}"


@cache
def timezone_names() -> tuple[str, ...]:
    """Every IANA name zoneinfo knows, sorted (for the autocomplete)."""
    return tuple(sorted(available_timezones()))


def check_timezone(name: str) -> str:
    """``name`` as an IANA time zone zoneinfo can load (case-insensitive), else a refusal."""
    text = str(name).strip()
    exact = {n.lower(): n for n in timezone_names()}.get(text.lower())
    if exact is None:
        raise TableError(_("I don't know the time zone {zone}: pick one from the list, e.g. Europe/Berlin.").format(
            zone=repr(text[:40])))
    try:
        ZoneInfo(exact)
    except (ZoneInfoNotFoundError, ValueError):
        raise TableError(_("The time zone {zone} cannot be loaded here.").format(zone=exact)) from None
    return exact


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``"22-8"`` -> (22, 8); ``off`` -> None; anything else a refusal."""
    value = str(text).strip().lower()
    if value in OFF:
        return None
    match = QUIET_RE.match(value)
    if match is None:
        raise TableError(_("Give quiet hours as two hours, local time: e.g. `22-8` (22:00 to 08:00), or `off`."))
    start, end = int(match.group(1)), int(match.group(2))
    if not (0 <= start <= 23 and 0 <= end <= 23):
        raise TableError(_("Quiet hours are hours of the day, 0 to 23: e.g. `22-8`."))
    if start == end:
        raise TableError(_("Quiet hours need a start and an end that differ: e.g. `22-8`."))
    return start, end


def _in_window(hour: int, start: int, end: int) -> bool:
    return start <= hour < end if start < end else hour >= start or hour < end


def quiet_until(now: float, quiet: QuietHours | None) -> float | None:
    """When the quiet hours around ``now`` end (epoch seconds), or None when ``now`` is not inside them."""
    if quiet is None:
        return None
    zone = ZoneInfo(quiet.tz)
    local = datetime.fromtimestamp(now, zone)
    if not _in_window(local.hour, quiet.start, quiet.end):
        return None
    day = local.date()
    if quiet.start > quiet.end and local.hour >= quiet.start:  # before midnight: the night ends tomorrow
        day += timedelta(days=1)
    end = datetime(day.year, day.month, day.day, quiet.end, tzinfo=zone)
    # An end in a skipped hour (the clocks go forward) reads with the offset before the jump, i.e. the jump itself.
    return max(end.timestamp(), now)
