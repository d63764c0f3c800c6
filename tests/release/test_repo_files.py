"""What the repository promises outside the code: the documented commands' flags exist, the files `kontor play`
writes are ignored by git, and .env.example names every setting the compose file needs."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")), ROOT / "bench" / "README.md"]
# a code span that runs a command: `kontor SUB …` or `python -m MODULE …`
COMMAND = re.compile(r"`(kontor [a-z]+|python -m [a-z_.]+)( [^`]*)`")


def documented_flags() -> dict[str, set[str]]:
    """command -> the --flags the docs give it."""
    found: dict[str, set[str]] = {}
    for doc in DOCS:
        for command, rest in COMMAND.findall(doc.read_text()):
            found.setdefault(command, set()).update(re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", rest))
    return {command: flags for command, flags in found.items() if flags}


@functools.cache
def help_text(command: str) -> str:
    words = command.split()
    argv = [sys.executable, "-m", "bot", *words[1:]] if words[0] == "kontor" else [sys.executable, *words[1:]]
    done = subprocess.run([*argv, "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, f"{command} --help: {done.stderr}"
    return done.stdout


def test_the_docs_name_commands_with_flags() -> None:
    flags = documented_flags()
    assert "--jobs" in flags["kontor soak"] and "--shard-ids" in flags["kontor run"]


@pytest.mark.parametrize(("command", "flags"), sorted(documented_flags().items()))
def test_every_documented_flag_exists(command: str, flags: set[str]) -> None:
    text = help_text(command)
    missing = sorted(f for f in flags if not re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", text))
    assert not missing, f"the docs give `{command}` flags it does not have: {missing}"


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_what_kontor_play_writes_is_ignored() -> None:
    written = ["kontor-play-colonia-3-board.png", "kontor-play.log", "sub/mine-nuernberg-12-board.png",
               "kontor-board.png"]
    done = subprocess.run(["git", "check-ignore", "--no-index", *written], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.split() == written


def test_env_example_names_what_compose_requires() -> None:
    compose = (ROOT / "deploy" / "compose.yaml").read_text()
    example = (ROOT / ".env.example").read_text()
    needed = set(re.findall(r"\$\{([A-Z_]+)", compose))
    assert needed  # POSTGRES_PASSWORD at least
    named = set(re.findall(r"^#?\s*([A-Z_]+)=", example, flags=re.M))
    assert needed <= named, f".env.example does not name {sorted(needed - named)}"
