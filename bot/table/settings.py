"""Table settings: paces, validation, and the settings in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.lang import LANGUAGES, NAMES, PSEUDO
from bot.table.model import TableError
from rules.core import printable
from rules.words import N_, number, translator

_, _n = translator("bot")

# pace -> (bank, refill per move, reminder when this much is left), in hours; 0 = none. Each human seat has a time
# bank per game (docs/discord.md, "Time banks"): the time it is awaited is charged to it, a move refills it up to
# its size, and the caretaker vote comes when it runs out. "untimed" has no bank at all.
PACES: dict[str, tuple[float, float, float]] = {
    "live": (0.5, 0.25, 0.125),
    "fast": (12.0, 4.0, 3.0),
    "daily": (72.0, 24.0, 12.0),
    "relaxed": (168.0, 72.0, 24.0),
    "untimed": (0.0, 0.0, 0.0),
}
#: What happens when a bank ran out and nobody answered the question in time (or nobody else is there to ask).
TIMEOUT_CHOICES = ("caretaker-turn", "wait", "caretaker-seat", "end")
DEFAULT_SETTINGS: dict[str, Any] = {
    "pace": "daily",
    "bank_hours": 72.0,  # the time bank's size: a seat starts with it, a move refills up to it
    "refill_hours": 24.0,  # added to the bank by each turn a seat finishes
    "remind_hours": 12.0,  # the reminder goes out when this much of the bank is left
    # Kept for tables and commands that used it: a fixed deadline of N hours per move (bank = refill = N).
    "deadline_hours": 72.0,
    # how the caretaker plays a turn: "bot" (the game's bot), "strong" (the strong bot: bot/table/levels.py), "skip"
    # (else
    # the bot); "none": see below
    "caretaker": "bot",
    "timeout_default": "caretaker-turn",  # the table's answer when nobody answers the question about a spent bank
    "post": "every",  # "every" move gets a message, or one "live" board message edited in place
    # "on": a human seat whose only option is one action has it played automatically (docs/discord.md, "Automatic
    # moves"); "off": they are asked. An instant automatic move tells the table the player had no other option.
    "auto_forced": "on",
    # How long the addressees of another player's question (a Nürnberg trade offer: ``Game.lapse_action``) have to
    # answer before their silence answers for them; that wait is charged to nobody's time bank. 0: no limit.
    "offer_hours": 12.0,
    # The language of what the table posts to its channel (boards, images, reminders, public lines): bot/lang.py.
    # New tables take the server's locale when Kontor speaks it (the Discord layer passes it), else English.
    "language": "en",
    # "on": the game counts for the server's ratings when it started with humans only (docs/ratings.md); decided in
    # the lobby, fixed once the game starts
    "rated": "on",
    # "on": a player may ask the strong bot for a hint on their decision (docs/learning.md); only an unrated game out
    # of any tournament gives hints, so it matters only there; "off": the table gives none
    "hints": "on",
}
SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "pace": tuple(PACES),
    "caretaker": ("bot", "strong", "skip", "none"),
    "timeout_default": TIMEOUT_CHOICES,
    "post": ("every", "live"),
    "auto_forced": ("on", "off"),
    "language": LANGUAGES,
    "rated": ("on", "off"),
    "hints": ("on", "off"),
}
_YES_NO = {"true": "on", "yes": "on", "1": "on", "false": "off", "no": "off", "0": "off"}
#: What the table learns from ``auto_forced`` (the settings help says it to the host and the players).
AUTO_FORCED_HELP = N_("When a player's only legal move is one action (e.g. passing in Colonia with no money), Kontor "
                      "plays it for them at once, marked as automatic in the log. Everyone can infer from an instant "
                      "automatic move that the player had no other option.")
MAX_HOURS = 24.0 * 30
# The shortest timers, those of the "live" pace: a reminder seconds before the end, or a bank gone before anyone
# could read the ping, would only let the caretaker play for people.
MIN_HOURS = {"remind_hours": 0.1, "deadline_hours": 0.25, "bank_hours": 0.25, "refill_hours": 0.1,
             "offer_hours": 0.1}
_HOUR_KEYS = ("bank_hours", "refill_hours", "remind_hours", "deadline_hours", "offer_hours")


def _hours(key: str, value: Any) -> float:
    try:
        hours = float(value)
    except (TypeError, ValueError):
        raise TableError(_("{key} must be a number of hours.").format(key=key)) from None
    low = MIN_HOURS[key]
    if not (hours == 0 or low <= hours <= MAX_HOURS):  # also rejects NaN
        raise TableError(_("{key} must be 0 (off) or between {low} and {high} hours.").format(
            key=key, low=number(low), high=number(MAX_HOURS)))
    return hours


def upgrade_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """Settings as the time banks read them. A table made before the banks (no ``bank_hours``) keeps what it chose:
    a pace's own timers become that pace's bank; a deadline of its own (D hours, reminder R hours after the start)
    becomes a fixed deadline per move — bank = refill = D, reminder at D − R left; ``caretaker: none`` becomes
    ``timeout_default: wait`` (nobody plays unless the others say so)."""
    out = dict(settings)
    if "bank_hours" not in out and ("deadline_hours" in out or "pace" in out):
        pace = str(out.get("pace", "daily"))
        old = {"live": (0.1, 0.25), "fast": (1.0, 4.0), "daily": (12.0, 24.0), "relaxed": (24.0, 72.0),
               "untimed": (0.0, 0.0)}.get(pace)
        remind = float(out.get("remind_hours", 0) or 0)
        deadline = float(out.get("deadline_hours", 0) or 0)
        if old is not None and (remind, deadline) == old:
            out["bank_hours"], out["refill_hours"], out["remind_hours"] = PACES[pace]
        else:
            left = deadline - remind if 0 < remind < deadline else 0.0
            out["bank_hours"], out["refill_hours"], out["remind_hours"] = deadline, deadline, left
        out["deadline_hours"] = out["bank_hours"]
    if "timeout_default" not in out and "caretaker" in out:
        out["timeout_default"] = "wait" if out["caretaker"] == "none" else "caretaker-turn"
    return out


def normalise_settings(given: Mapping[str, Any] | None, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Validate table settings over ``base`` (defaults). ``pace`` presets the bank, its refill and the reminder
    unless they are given too; ``deadline_hours`` N (kept from before the banks) is a fixed N-hour deadline per
    move: bank = refill = N; ``caretaker: none`` sets ``timeout_default: wait``."""
    out = dict(DEFAULT_SETTINGS)
    out.update(upgrade_settings(base or {}))
    given = dict(given or {})
    for key in given:
        if key not in DEFAULT_SETTINGS:
            raise TableError(_("Unknown setting '{key}' (known: {known}).").format(
                key=printable(str(key)), known=", ".join(DEFAULT_SETTINGS)))
    for key, choices in SETTING_CHOICES.items():
        if key in given:
            value = str(given[key]).strip().lower()
            if key in ("auto_forced", "rated", "hints"):
                value = _YES_NO.get(value, value)
            # the pseudo-locale (bot/lang.py) is for tests (``kontor play --lang qps``), never offered
            if value not in choices and not (key == "language" and value == PSEUDO):
                raise TableError(_("Setting {key} must be one of: {choices}.").format(
                    key=key, choices=", ".join(choices)))
            out[key] = value
    if "pace" in given:
        out["bank_hours"], out["refill_hours"], out["remind_hours"] = PACES[out["pace"]]
    hours = {key: _hours(key, given[key]) for key in _HOUR_KEYS if key in given}
    if "deadline_hours" in hours:
        out["bank_hours"] = out["refill_hours"] = hours["deadline_hours"]
    out.update({k: v for k, v in hours.items() if k != "deadline_hours"})
    if out["bank_hours"] and not out["refill_hours"]:
        out["refill_hours"] = out["bank_hours"]  # a bank nothing refills would only run out
    out["deadline_hours"] = out["bank_hours"]
    if given.get("caretaker") == "none" and "timeout_default" not in given:
        out["timeout_default"] = "wait"
    return out


def _h(hours: float) -> str:
    if 0 < hours < 1:
        return _("{n} min").format(n=number(float(f"{hours * 60:g}")))
    if hours >= 48 and hours % 24 == 0:
        days = int(hours // 24)
        return _n("{n} day", "{n} days", days).format(n=number(days))
    return _("{n} h").format(n=number(float(f"{hours:g}")))


TIMEOUT_WORDS = {"caretaker-turn": N_("the caretaker plays that turn"),
                 "wait": N_("the table waits another day (the refill, if shorter)"),
                 "caretaker-seat": N_("the caretaker takes the seat"), "end": N_("the game ends")}


def describe_settings(settings: Mapping[str, Any], keys: Any = None) -> str:
    """Table settings in words, e.g. "pace fast, a time bank of 12 h, +4 h per move, reminder at 3 h left, …" (only
    ``keys`` when given)."""
    settings = upgrade_settings(settings)
    untimed = not settings.get("bank_hours")
    words = {
        # TRANSLATORS: {pace} is the setting's value as typed: live, fast, daily, relaxed or untimed
        "pace": lambda v: _("pace {pace}").format(pace=v),
        "bank_hours": lambda v: _("a time bank of {time}").format(time=_h(v)) if v else _("no time bank"),
        "refill_hours": lambda v: "" if untimed else _("+{time} per move").format(time=_h(v)),
        "remind_hours": lambda v: "" if untimed else (
            _("reminder at {time} left").format(time=_h(v)) if v else _("no reminder")),
        "caretaker": lambda v: "" if untimed else {"bot": _("the caretaker plays with the game's bot"),
                                                   "strong": _("the caretaker plays as a strong bot"),
                                                   "skip": _("the caretaker skips where it can"),
                                                   "none": ""}.get(v, _("caretaker {value}").format(value=v)),
        "timeout_default": lambda v: "" if untimed else (
            _("when a bank runs out and nobody answers, {what}").format(what=_(TIMEOUT_WORDS[v]) if v in
                                                                        TIMEOUT_WORDS else v)),
        "offer_hours": lambda v: (_("a trade offer left unanswered {time} counts as declined").format(time=_h(v))
                                  if v else _("trade offers wait for every answer")),
        "post": lambda v: {"every": _("a new board message per move"),
                           "live": _("one live board edited in place")}.get(v, _("post {value}").format(value=v)),
        "auto_forced": lambda v: {"on": _("a move that is the only option is played automatically"),
                                  "off": _("players are asked even when they have only one option")}.get(
                                      v, _("auto_forced {value}").format(value=v)),
        "rated": lambda v: {"on": _("rated when only humans play"),
                            "off": _("not rated")}.get(v, _("rated {value}").format(value=v)),
        "hints": lambda v: {"on": _("hints on request in an unrated game"),
                            "off": _("no hints")}.get(v, _("hints {value}").format(value=v)),
        # TRANSLATORS: {language} is the language's own name: English, Français, Deutsch, Italiano
        "language": lambda v: _("the channel reads {language}").format(language=NAMES.get(v, v)),
    }
    if keys is not None and "deadline_hours" in keys:
        keys = {*keys, "bank_hours", "refill_hours"}
    shown = list(words) if keys is None else [k for k in words if k in keys]
    return ", ".join(text for k in shown if k in settings and (text := words[k](settings[k])))
