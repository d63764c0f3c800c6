"""The games' bots as they were before a change, for ``bench.duel``'s head-to-heads, read from git history.

``load(game)`` is ``rules/<game>/bot.py`` at commit ``BASELINE`` (before the per-game polish), compiled as a module of
its own, its ``choose`` exposed as ``bot_action``. They are measuring sticks, not players: nothing outside ``bench``
loads them. A checkout without that history (a shallow clone) cannot measure against them and says so.
"""

from __future__ import annotations

import subprocess
import types
from pathlib import Path
from typing import Any

from rules.core import Rng

BASELINE = "280fadf"
ROOT = Path(__file__).resolve().parents[2]


class NoHistory(RuntimeError):
    """The baseline's commit is not in this checkout."""


def source(game: str, commit: str = BASELINE) -> str:
    done = subprocess.run(["git", "show", f"{commit}:rules/{game}/bot.py"], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise NoHistory(f"the baseline bot rules/{game}/bot.py at commit {commit} is not in this checkout "
                        f"({done.stderr.strip() or 'git failed'}): clone with history to measure against it")
    return done.stdout


def load(game: str, commit: str = BASELINE) -> types.ModuleType:
    """The old bot as a module with ``bot_action(view, legal, seat, rng)``."""
    module = types.ModuleType(f"bench.baselines.{game}", f"rules/{game}/bot.py at commit {commit}")
    exec(compile(source(game, commit), f"{commit}:rules/{game}/bot.py", "exec"), module.__dict__)
    choose = module.choose
    if game == "strasbourg":
        def bot_action(view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
            # since then a finished split waits in a review for ``confirm``, which the old bot always meant
            if view["phase"] == "planning" and view["private"]["plan"] == "review":
                return "confirm"
            result: str = choose(view, legal, seat, rng)
            return result

        module.bot_action = bot_action
    else:
        module.bot_action = choose
    return module
