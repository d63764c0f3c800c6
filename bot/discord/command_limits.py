"""Discord's documented limits for application commands, checked offline before every sync.

discord.py 2.7 enforces only some of them when a command is defined (names, nesting, counts); it
accepts over-long descriptions, more than 25 options or choices and oversized payloads that
Discord would then reject at sync time. ``problems(payloads)`` walks exactly what
``tree.sync()`` would send and lists every breach, so a sync can never be rejected.
Source: docs.discord.com/developers/interactions/application-commands (limits table, 2026-08).
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

import discord
from discord import app_commands

MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_VALUE = 100
MAX_STRING_LENGTH = 6000
MAX_COMBINED = 8000
MAX_CHAT_COMMANDS = 100
MAX_MENU_COMMANDS = 15
MAX_INT = 2**53 - 1

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
LOCALES = frozenset(locale.value for locale in discord.Locale)


class CommandLimitError(ValueError):
    """The command tree would be rejected by Discord; ``problems`` lists why."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def name_ok(name: object) -> bool:
    """Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lowercase where a lowercase exists."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or name.lower() != name:
        return False
    return all(
        ch in "-_'"
        or unicodedata.category(ch)[0] in "LN"
        or 0x0900 <= ord(ch) <= 0x097F
        or 0x0E00 <= ord(ch) <= 0x0E7F
        for ch in name
    )


def _text_ok(text: object, low: int, high: int) -> bool:
    return isinstance(text, str) and low <= len(text) <= high


def _localised(field: str, node: Mapping[str, Any], where: str, check: Any, out: list[str]) -> int:
    """Check ``<field>_localizations``; return the longest text (only that one counts for the 8000 rule)."""
    longest = len(str(node.get(field) or ""))
    for locale, text in (node.get(f"{field}_localizations") or {}).items():
        if locale not in LOCALES:
            out.append(f"{where}: unknown locale {locale!r} in {field}_localizations")
        elif not check(text):
            out.append(f"{where}: {field}_localizations[{locale}] breaks the rules for {field}")
        longest = max(longest, len(str(text)))
    return longest


def _check_choices(option: Mapping[str, Any], where: str, out: list[str]) -> int:
    choices = option.get("choices") or []
    if choices and option.get("autocomplete"):
        out.append(f"{where}: choices cannot be combined with autocomplete")
    if len(choices) > MAX_CHOICES:
        out.append(f"{where}: {len(choices)} choices (at most {MAX_CHOICES})")
    size = 0
    for choice in choices:
        label = f"{where} choice {choice.get('name')!r}"
        if not _text_ok(choice.get("name"), 1, MAX_DESCRIPTION):
            out.append(f"{label}: name must be 1-{MAX_DESCRIPTION} characters")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > MAX_CHOICE_VALUE:
            out.append(f"{label}: value longer than {MAX_CHOICE_VALUE}")
        if isinstance(value, int | float) and not -MAX_INT <= value <= MAX_INT:
            out.append(f"{label}: value out of range")
        size += _localised("name", choice, label, lambda t: _text_ok(t, 1, MAX_DESCRIPTION), out)
        size += len(str(value))
    return size


def _check_ranges(option: Mapping[str, Any], where: str, out: list[str]) -> None:
    if option.get("type") == STRING:
        low, high = option.get("min_length"), option.get("max_length")
        if low is not None and not 0 <= low <= MAX_STRING_LENGTH:
            out.append(f"{where}: min_length must be 0-{MAX_STRING_LENGTH}")
        if high is not None and not 1 <= high <= MAX_STRING_LENGTH:
            out.append(f"{where}: max_length must be 1-{MAX_STRING_LENGTH}")
    if option.get("type") in (INTEGER, NUMBER):
        for key in ("min_value", "max_value"):
            value = option.get(key)
            if value is not None and not -MAX_INT - 1 <= value <= MAX_INT + 1:
                out.append(f"{where}: {key} out of range")


def _unique_in_every_locale(siblings: list[Mapping[str, Any]], where: str, what: str, out: list[str]) -> None:
    """Sibling names must differ in every locale too: a user sees each sibling's localised name (or the default)."""
    locales = {locale for node in siblings for locale in (node.get("name_localizations") or {})}
    for locale in sorted(locales):
        names = [str((node.get("name_localizations") or {}).get(locale) or node.get("name")) for node in siblings]
        if len(set(names)) != len(names):
            twice = sorted({name for name in names if names.count(name) > 1})
            out.append(f"{where}: {what} names must be unique in locale {locale} ({', '.join(twice)})")


def _check_options(options: list[Mapping[str, Any]], where: str, depth: int, out: list[str]) -> int:
    """Validate an ``options`` array; ``depth`` 0 = a command's own options. Returns its combined size."""
    if len(options) > MAX_OPTIONS:
        out.append(f"{where}: {len(options)} options (at most {MAX_OPTIONS})")
    names = [str(option.get("name")) for option in options]
    if len(set(names)) != len(names):
        out.append(f"{where}: option names must be unique")
    _unique_in_every_locale(options, where, "option", out)
    kinds = {option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for option in options}
    if len(kinds) > 1:
        out.append(f"{where}: subcommands cannot be mixed with plain options")
    seen_optional = False
    size = 0
    for option in options:
        label = f"{where} {option.get('name')}"
        kind = option.get("type")
        if not name_ok(option.get("name")):
            out.append(f"{label}: bad option name (lowercase letters, digits, -_' ; 1-{MAX_NAME})")
        if not _text_ok(option.get("description"), 1, MAX_DESCRIPTION):
            out.append(f"{label}: description must be 1-{MAX_DESCRIPTION} characters")
        size += _localised("name", option, label, name_ok, out)
        size += _localised("description", option, label, lambda t: _text_ok(t, 1, MAX_DESCRIPTION), out)
        if kind == SUB_COMMAND_GROUP:
            if depth > 0:
                out.append(f"{label}: groups can only be nested one level")
            children = option.get("options") or []
            if any(child.get("type") != SUB_COMMAND for child in children):
                out.append(f"{label}: a group may only contain subcommands")
            size += _check_options(children, label, depth + 1, out)
        elif kind == SUB_COMMAND:
            size += _check_options(option.get("options") or [], label, depth + 1, out)
        else:
            if option.get("required"):
                if seen_optional:
                    out.append(f"{label}: required options must come before optional ones")
            else:
                seen_optional = True
            size += _check_choices(option, label, out)
            _check_ranges(option, label, out)
    return size


def command_problems(payload: Mapping[str, Any]) -> list[str]:
    """Every breach of Discord's limits in one command payload (as ``Command.to_dict`` builds it)."""
    out: list[str] = []
    kind = payload.get("type", CHAT_INPUT)
    where = f"/{payload.get('name')}"
    if kind == CHAT_INPUT:
        if not name_ok(payload.get("name")):
            out.append(f"{where}: bad command name (lowercase letters, digits, -_' ; 1-{MAX_NAME})")
        if not _text_ok(payload.get("description"), 1, MAX_DESCRIPTION):
            out.append(f"{where}: description must be 1-{MAX_DESCRIPTION} characters")
        size = _localised("name", payload, where, name_ok, out)
        size += _localised("description", payload, where, lambda t: _text_ok(t, 1, MAX_DESCRIPTION), out)
        size += _check_options(list(payload.get("options") or []), where, 0, out)
        if size > MAX_COMBINED:  # Discord counts the longest localisation of each field (the default included)
            out.append(f"{where}: combined name/description/value size {size} exceeds {MAX_COMBINED}")
    else:
        if not _text_ok(payload.get("name"), 1, MAX_NAME):
            out.append(f"{where}: context-menu name must be 1-{MAX_NAME} characters")
        if payload.get("description"):
            out.append(f"{where}: context menus take an empty description")
    return out


def problems(payloads: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every breach in one scope's payloads (global, or one guild), including the per-scope counts."""
    payloads = list(payloads)
    out: list[str] = []
    for payload in payloads:
        out.extend(command_problems(payload))
    limits = {CHAT_INPUT: MAX_CHAT_COMMANDS, USER: MAX_MENU_COMMANDS, MESSAGE: MAX_MENU_COMMANDS}
    for kind, limit in limits.items():
        same = [p for p in payloads if p.get("type", CHAT_INPUT) == kind]
        if len(same) > limit:
            out.append(f"{len(same)} commands of type {kind} (at most {limit} per scope)")
        names = [p.get("name") for p in same]
        if len(set(names)) != len(names):
            out.append(f"duplicate command names of type {kind}")
        _unique_in_every_locale(same, "scope", f"type {kind} command", out)
    return out


def combined_size(payload: Mapping[str, Any]) -> int:
    """Discord's size of a chat command: the characters of every name, description and choice value of the command,
    its options, subcommands and choices, each field counted at its longest localisation (the default included).
    At most ``MAX_COMBINED``."""
    out: list[str] = []
    size = _localised("name", payload, "", name_ok, out)
    size += _localised("description", payload, "", lambda t: True, out)
    return size + _check_options(list(payload.get("options") or []), "", 0, out)


async def tree_payloads(tree: app_commands.CommandTree,
                        guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    """Exactly what ``tree.sync(guild=...)`` would send: translated (``*_localizations``) when the tree has a
    translator (``bot.discord.command_translator``), as discord.py's sync builds it."""
    translator = tree.translator
    commands = tree.get_commands(guild=guild)
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


async def check_tree(tree: app_commands.CommandTree,
                     guild: discord.abc.Snowflake | None = None) -> list[dict[str, Any]]:
    """The payloads of one scope, or ``CommandLimitError`` listing everything Discord would reject."""
    payloads = await tree_payloads(tree, guild)
    found = problems(payloads)
    if found:
        raise CommandLimitError(found)
    return payloads


def payload_hash(payloads: list[dict[str, Any]]) -> str:
    """A stable fingerprint of a scope's commands: sync only when it changes."""
    text = json.dumps(payloads, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()
