"""start.sh and test.sh reinstall only when what the install depends on changed (pyproject.toml, the build hook, the
translations): each call used to spend ~17 s in pip. Run on a copy of the scripts, with a stand-in .venv whose python
records every pip call (and runs anything else with the real interpreter) and a stand-in kontor/pytest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PYTHON = f"""#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "pip $*" >> "$CALLS"; exit 0; fi
if [ "$1" = "-m" ] && [ "$2" = "pytest" ]; then echo "pytest $*" >> "$CALLS"; exit 0; fi
exec {sys.executable} "$@"
"""
TOOL = """#!/bin/sh
echo "$(basename "$0") $*" >> "$CALLS"
"""


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    for name in ("start.sh", "test.sh", "pyproject.toml", "hatch_build.py"):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, repo / name)
    messages = repo / "bot" / "locales" / "fr" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    (messages / "bot.po").write_text('msgid "Hello"\nmsgstr "Bonjour"\n')
    (messages / "bot.mo").write_bytes(b"compiled")
    venv_bin = repo / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    for name, body in (("python", PYTHON), ("kontor", TOOL), ("pytest", TOOL), ("ruff", TOOL), ("mypy", TOOL)):
        (venv_bin / name).write_text(body)
        (venv_bin / name).chmod(0o755)
    return repo


def run(repo: Path, script: str, *args: str) -> list[str]:
    """The pip calls the script made."""
    calls = repo / "calls.log"
    calls.unlink(missing_ok=True)
    env = {**os.environ, "CALLS": str(calls), "KONTOR_PG": "off", "DISCORD_TOKEN": ""}
    done = subprocess.run(["bash", str(repo / script), *args], capture_output=True, text=True, cwd=repo, env=env,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in calls.read_text().splitlines() if line.startswith("pip ")]


@pytest.mark.parametrize(("script", "args"), [("start.sh", ("demo", "colonia")), ("test.sh", ())])
def test_the_install_runs_once_until_its_inputs_change(checkout: Path, script: str, args: tuple[str, ...]) -> None:
    assert any("install" in call and "-e" in call for call in run(checkout, script, *args))  # a fresh .venv
    assert run(checkout, script, *args) == []  # nothing changed: no pip at all
    po = checkout / "bot" / "locales" / "fr" / "LC_MESSAGES" / "bot.po"
    po.write_text(po.read_text() + '\nmsgid "Bye"\nmsgstr "Salut"\n')  # a translation changed: compile it again
    assert run(checkout, script, *args) != []
    assert run(checkout, script, *args) == []
    (checkout / "bot" / "locales" / "fr" / "LC_MESSAGES" / "bot.mo").unlink()  # compiled catalogs gone
    assert run(checkout, script, *args) != []
