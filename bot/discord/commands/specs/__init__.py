"""Per-game slash-command vocabularies: which first words of a game's action strings become subcommands.

An action string is ``<word> <rest>``; ``/colonia <word> <arg>`` plays ``"<word> <arg>"`` with ``arg``
autocompleted from the player's legal actions. A game gets its own command set from one small module (here for
the four games) exposing ``SPEC``, named by its declaration in the registry (``rules.PARTS[name].commands``);
games without one are played with ``/move``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

import rules


@dataclass(frozen=True)
class Extra:
    """A further option of a verb: its value joins the action after ``joiner`` (``/nuernberg offer give:2 wool
    want:1 ore to:@Ana`` plays ``offer 2 wool for 1 ore to 1``). ``seats``: it names players (mentions, names or
    ``all``), which the command turns into seat numbers joined by commas."""

    name: str
    description: str
    joiner: str
    seats: bool = False


@dataclass(frozen=True)
class Verb:
    word: str  # the subcommand name, and the action's first word unless ``prefix`` says otherwise
    description: str  # <= 100 characters, shown in Discord's command picker
    arg: str | None = None  # option name for the rest of the action; None = the bare prefix is the action
    arg_description: str = "Pick one of your legal choices"
    bare_too: bool = False  # the prefix alone is also an action (makes the argument optional)
    prefix: str | None = None  # the action text when it differs from ``word`` (e.g. "no exchange")
    extras: tuple[Extra, ...] = ()  # further free-text options, in order (no autocomplete then)

    @property
    def action(self) -> str:
        return self.prefix or self.word


@dataclass(frozen=True)
class GameSpec:
    game: str  # name in rules.GAMES
    command: str  # the slash command, e.g. "speicherstadt"
    description: str
    verbs: tuple[Verb, ...]

    def covers(self, action: str) -> bool:
        """Whether some subcommand can play ``action``."""
        for verb in self.verbs:
            if action == verb.action and (verb.arg is None or verb.bare_too):
                return True
            if verb.arg is not None and action.startswith(verb.action + " "):
                return True
        return False


def load_specs() -> dict[str, GameSpec]:
    """The spec of every registered game that declares commands (``GameParts.commands``), by game name."""
    specs: dict[str, GameSpec] = {}
    for name, parts in rules.PARTS.items():
        if parts.commands is not None:
            spec = importlib.import_module(parts.commands).SPEC
            assert isinstance(spec, GameSpec) and spec.game == name, f"{parts.commands}.SPEC is not {name}'s"
            specs[name] = spec
    return specs


#: The games with their own commands as registered at start-up (derived from the registry; ``load_specs`` reads it
#: anew each time).
SPEC_MODULES: tuple[str, ...] = tuple(name for name, parts in rules.PARTS.items() if parts.commands is not None)
