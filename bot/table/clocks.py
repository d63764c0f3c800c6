"""Clock arithmetic: time banks, when a seat's reminder and bank run out, the away allowance, the caretaker vote's
count, which seats have a clock, how a wait is said.

Pure functions (no I/O); the service stores their results (``deadlines``, ``banks``, ``aways``, ``timeouts``)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from bot.table.model import Seat
from bot.table.settings import TIMEOUT_CHOICES, upgrade_settings
from rules.core import Game, State
from rules.words import number, translator

_, _n = translator("bot")

MIN_GRACE_H = 0.1
HOUR = 3600.0
DAY = 24 * HOUR
AWAY_CAP_S = 14 * DAY  # away time per player per game
MAX_AWAY_DAYS = 14
#: The answers to "Ana's bank ran out", mildest first: a tie goes to the mildest of the tied.
MILDNESS = ("wait", "caretaker-turn", "caretaker-seat", "end")
assert set(MILDNESS) == set(TIMEOUT_CHOICES)


@dataclass(frozen=True)
class BankTerms:
    """A table's time bank, in seconds: its size, the refill a finished turn adds, the reminder (this much left),
    and the table's "day": how long the others have to answer when a bank runs out, and what "wait" grants."""

    cap: float
    refill: float
    remind: float
    day: float


def bank_terms(settings: Mapping[str, Any]) -> BankTerms | None:
    """The table's bank (None: untimed, no bank)."""
    s = upgrade_settings(settings)
    cap = float(s.get("bank_hours", 0) or 0) * HOUR
    if cap <= 0:
        return None
    refill = float(s.get("refill_hours", 0) or 0) * HOUR or cap
    remind = float(s.get("remind_hours", 0) or 0) * HOUR
    return BankTerms(cap=cap, refill=refill, remind=remind if remind < cap else 0.0, day=min(DAY, refill))


def awaited_humans(state: State[Any], seats: list[Seat], caretaken: Collection[int] = ()) -> list[int]:
    """The awaited seats that have a clock (bots, and seats given to the caretaker, move at once and have none)."""
    return [s for s in state.to_act() if not seats[s].is_bot and s not in caretaken]


def window_seats(game: Game, state: State[Any], awaited: list[int]) -> set[int]:
    """The awaited seats in a response window (``Game.lapse_action`` has an answer for their silence, e.g. Nürnberg's
    addressees of a trade offer): they have the table's ``offer_hours`` to answer, charged to no bank."""
    if type(game).lapse_action is Game.lapse_action:
        return set()  # the usual case, without building views
    out = set()
    for seat in awaited:
        legal = state.legal_actions(seat)
        if game.lapse_action(state.view(seat), legal, seat) in legal:
            out.add(seat)
    return out


def window_seconds(settings: Mapping[str, Any]) -> float:
    """How long a response window stays open (0: until answered)."""
    return float(upgrade_settings(settings).get("offer_hours", 12.0) or 0) * HOUR


def bank_left(due_at: float | None, stored: float | None, terms: BankTerms, now: float) -> float:
    """What is left of a seat's bank at ``now``: a running clock's time to its end (``due_at``), else the stored
    bank (an idle, away or asked seat), else a full one (no row yet)."""
    if due_at is not None:
        return max(0.0, due_at - now)
    return terms.cap if stored is None else max(0.0, stored)


def refilled(left: float, terms: BankTerms) -> float:
    """The bank after a finished turn: the refill added, up to the bank's size (new settings apply from here: a bank
    above a size lowered meanwhile comes down to it)."""
    return min(terms.cap, left + terms.refill)


def wait_times(left: float, terms: BankTerms, now: float) -> tuple[float | None, float]:
    """(reminder at, runs out at) of a clock that starts at ``now`` with ``left`` in the bank. No separate reminder
    when the wait starts inside the reminder window: the ping that the turn began is the reminder."""
    due = now + left
    remind = due - terms.remind if terms.remind and due - terms.remind > now else None
    return remind, due


def reminder_at(start: float, remind_hours: float, deadline_hours: float) -> float | None:
    """When a fixed wait that began at ``start`` gets its reminder (None: never; a reminder at or after the deadline
    is dropped)."""
    if not remind_hours or (deadline_hours and remind_hours >= deadline_hours):
        return None
    return start + remind_hours * 3600


def deadline_at(start: float, deadline_hours: float) -> float | None:
    """When a fixed wait that began at ``start`` falls due (None: no deadline)."""
    return start + deadline_hours * 3600 if deadline_hours else None


def reminder_grace(settings: Mapping[str, Any]) -> float:
    """Seconds a player gets after a late reminder before their bank counts as spent: the table's reminder window
    (half the bank without reminders), at least six minutes."""
    terms = bank_terms(settings)
    if terms is None:
        return MIN_GRACE_H * HOUR
    gap = terms.remind if terms.remind else terms.cap / 2
    return max(MIN_GRACE_H * HOUR, gap)


def away_until(now: float, days: float, used: float) -> float | None:
    """When an away of ``days`` days asked for at ``now`` ends in a game where ``used`` seconds of away were taken
    already: cut to the per-game allowance (``AWAY_CAP_S``); None when none is left."""
    left = AWAY_CAP_S - max(0.0, used)
    if left <= 60:
        return None
    return now + min(days * DAY, left)


def decide(votes: Mapping[int, str], voters: int, *, final: bool) -> str | None:
    """The answer of the players asked about a spent bank: the choice with the most votes among those who answered
    (a tie: the mildest of the tied, ``MILDNESS``). Before the time is up (``final`` False) only a count no later
    vote can change decides: every voter answered, or one choice has more than half of all voters. None: not
    decided yet (or, when final, nobody answered: the table's default applies)."""
    counts = {c: sum(v == c for v in votes.values()) for c in MILDNESS}
    if not votes:
        return None
    if not final and len(votes) < voters and max(counts.values()) * 2 <= voters:
        return None
    best = max(counts.values())
    return next(c for c in MILDNESS if counts[c] == best)


def skip_action(game: Game, state: State[Any], seat: int) -> str | None:
    """The game's way to skip a turn (``Game.skip_action``; by default a legal "skip"/"pass"), if it is legal."""
    legal = state.legal_actions(seat)
    choice = game.skip_action(state.view(seat), legal)
    return choice if choice in legal else None


def duration(seconds: float) -> str:
    """A wait in words: "25 min", "3 h", "4 days"."""
    minutes = max(0, round(seconds / 60))
    if minutes < 90:
        return _("{n} min").format(n=number(minutes))
    hours = minutes / 60
    if hours < 48:
        return _("{n} h").format(n=number(int(f"{hours:.0f}")))
    days = int(f"{hours / 24:.0f}")
    return _n("{n} day", "{n} days", days).format(n=number(days))


def bank_text(seconds: float) -> str:
    """A bank shortly, for the seat list: "2d 4h", "5h 20m", "12m", "0m"."""
    minutes = max(0, int(seconds // 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    # TRANSLATORS: short units of a time bank in the seat list: d days, h hours, m minutes
    if days:
        return (_("{d}d {h}h") if hours else _("{d}d")).format(d=days, h=hours)
    if hours:
        return (_("{h}h {m}m") if mins else _("{h}h")).format(h=hours, m=mins)
    return _("{m}m").format(m=mins)
