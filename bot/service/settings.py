"""Table settings: paces, validation, and the settings in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.service.model import TableError
from rules.core import printable

# pace -> (remind after, deadline after), in hours; 0 = none.
PACES: dict[str, tuple[float, float]] = {
    "live": (0.1, 0.25),
    "fast": (1.0, 4.0),
    "daily": (12.0, 24.0),
    "relaxed": (24.0, 72.0),
    "untimed": (0.0, 0.0),
}
DEFAULT_SETTINGS: dict[str, Any] = {
    "pace": "daily",
    "remind_hours": 12.0,
    "deadline_hours": 24.0,
    "caretaker": "bot",  # who plays for a seat whose deadline passed: "bot", "skip" (else bot) or "none"
    "post": "every",  # "every" move gets a message, or one "live" board message edited in place
    # "on": a human seat whose only option is one action has it played automatically (docs/discord.md, "Automatic
    # moves"); "off": they are asked. An instant automatic move tells the table the player had no other option.
    "auto_forced": "on",
}
SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "pace": tuple(PACES),
    "caretaker": ("bot", "skip", "none"),
    "post": ("every", "live"),
    "auto_forced": ("on", "off"),
}
_YES_NO = {"true": "on", "yes": "on", "1": "on", "false": "off", "no": "off", "0": "off"}
#: What the table learns from ``auto_forced`` (the settings help says it to the host and the players).
AUTO_FORCED_HELP = ("When a player's only legal move is one action (e.g. passing in Colonia with no money), Kontor "
                    "plays it for them at once, marked as automatic in the log. Everyone can infer from an instant "
                    "automatic move that the player had no other option.")
MAX_HOURS = 24.0 * 30
# The shortest timers, those of the "live" pace: a reminder seconds after a turn began, or a deadline before anyone
# could read the ping, would only let the caretaker play for people.
MIN_HOURS = {"remind_hours": PACES["live"][0], "deadline_hours": PACES["live"][1]}


def _hours(key: str, value: Any) -> float:
    try:
        hours = float(value)
    except (TypeError, ValueError):
        raise TableError(f"{key} must be a number of hours.") from None
    low = MIN_HOURS[key]
    if not (hours == 0 or low <= hours <= MAX_HOURS):  # also rejects NaN
        raise TableError(f"{key} must be 0 (off) or between {low:g} and {MAX_HOURS:g} hours.")
    return hours


def normalise_settings(given: Mapping[str, Any] | None, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Validate table settings over ``base`` (defaults). ``pace`` presets both timers unless they are given too."""
    out = dict(DEFAULT_SETTINGS)
    out.update(base or {})
    given = dict(given or {})
    for key in given:
        if key not in DEFAULT_SETTINGS:
            raise TableError(f"Unknown setting '{printable(str(key))}' (known: {', '.join(DEFAULT_SETTINGS)}).")
    for key, choices in SETTING_CHOICES.items():
        if key in given:
            value = str(given[key]).strip().lower()
            if key == "auto_forced":
                value = _YES_NO.get(value, value)
            if value not in choices:
                raise TableError(f"Setting {key} must be one of: {', '.join(choices)}.")
            out[key] = value
    if "pace" in given:
        out["remind_hours"], out["deadline_hours"] = PACES[out["pace"]]
    for key in ("remind_hours", "deadline_hours"):
        if key in given:
            out[key] = _hours(key, given[key])
    return out



def _h(hours: float) -> str:
    return f"{hours * 60:g} min" if 0 < hours < 1 else f"{hours:g} h"


def describe_settings(settings: Mapping[str, Any], keys: Any = None) -> str:
    """Table settings in words, e.g. "pace fast, reminder after 1 h, deadline after 4 h, at the deadline a bot
    plays, one live board edited in place" (only ``keys`` when given)."""
    words = {
        "pace": lambda v: f"pace {v}",
        "remind_hours": lambda v: f"reminder after {_h(v)}" if v else "no reminder",
        "deadline_hours": lambda v: f"deadline after {_h(v)}" if v else "no deadline",
        "caretaker": lambda v: {"bot": "at the deadline a bot plays", "skip": "at the deadline the turn is skipped",
                                "none": "at the deadline nothing is played"}.get(v, f"caretaker {v}"),
        "post": lambda v: {"every": "a new board message per move",
                           "live": "one live board edited in place"}.get(v, f"post {v}"),
        "auto_forced": lambda v: {"on": "a move that is the only option is played automatically",
                                  "off": "players are asked even when they have only one option"}.get(
                                      v, f"auto_forced {v}"),
    }
    shown = list(words) if keys is None else [k for k in words if k in keys]
    return ", ".join(words[k](settings[k]) for k in shown if k in settings)

