"""The layers import downwards only: ``rules`` imports nothing from ``bot`` or ``render``, and ``render`` nothing from
``bot`` (see docs/service.md). Checked on the source, including imports inside functions and TYPE_CHECKING blocks."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"rules": ("bot", "render", "discord", "aiosqlite", "PIL"), "render": ("bot", "discord", "aiosqlite")}


def top_level_imports(source: str, path: Path) -> set[str]:
    """The top-level package of every absolute import in ``source`` (relative imports stay inside the package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def offenders(package: str) -> list[str]:
    banned = FORBIDDEN[package]
    return [f"{path.relative_to(ROOT)} imports {name}" for path in sorted((ROOT / package).rglob("*.py"))
            for name in sorted(top_level_imports(path.read_text(), path)) if name in banned]


def test_rules_import_nothing_from_the_layers_above_or_io_libraries():
    assert offenders("rules") == []


def test_render_imports_nothing_from_the_bot():
    assert offenders("render") == []


def test_the_walk_sees_imports_anywhere():
    probe = ROOT / "rules" / "probe.py"
    for text in ("import bot.service", "from bot import store", "def f():\n    from render import board",
                 "if TYPE_CHECKING:\n    import discord"):
        assert top_level_imports(text, probe) & {"bot", "render", "discord"}, text
    assert top_level_imports("from .state import X", probe) == set()
