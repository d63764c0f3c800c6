"""Per-game slash-command vocabularies: which first words of a game's action strings become subcommands.

An action string is ``<word> <rest>``; ``/colonia <word> <arg>`` plays ``"<word> <arg>"`` with ``arg``
autocompleted from the player's legal actions. A game gets its own command set by adding one small
module here (a ``SPEC``) and its name to ``SPEC_MODULES``; games without one are played with ``/move``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Verb:
    word: str  # the subcommand name, and the action's first word unless ``prefix`` says otherwise
    description: str  # <= 100 characters, shown in Discord's command picker
    arg: str | None = None  # option name for the rest of the action; None = the bare prefix is the action
    arg_description: str = "Pick one of your legal choices"
    bare_too: bool = False  # the prefix alone is also an action (makes the argument optional)
    prefix: str | None = None  # the action text when it differs from ``word`` (e.g. "no exchange")

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


SPEC_MODULES: tuple[str, ...] = ("speicherstadt", "colonia", "strasbourg", "nuernberg")


def load_specs() -> dict[str, GameSpec]:
    """Every spec whose module exists, by game name."""
    specs: dict[str, GameSpec] = {}
    for name in SPEC_MODULES:
        try:
            module = importlib.import_module(f"bot.cogs.specs.{name}")
        except ModuleNotFoundError:
            continue
        specs[name] = module.SPEC
    return specs
