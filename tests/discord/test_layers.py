"""The Discord layer's parts type against ``bot.discord.botcore`` and never import ``bot.discord.app`` (which imports
them)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def imported_modules(source: str, path: Path) -> set[str]:
    """Every module the file ``path`` with ``source`` imports, anywhere in it (TYPE_CHECKING blocks and
    functions too), as dotted names; ``from X import y`` counts as ``X`` and ``X.y``."""
    package = list(path.relative_to(BOT.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package[: len(package) - node.level + 1] if node.level else []
            base = ".".join([*parts, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_no_module_under_bot_but_the_cli_imports_bot_app():
    offenders = [str(path.relative_to(BOT.parent)) for path in sorted(BOT.rglob("*.py"))
                 if path not in (BOT / "tools" / "cli.py", BOT / "discord" / "app.py")
                 and "bot.discord.app" in imported_modules(path.read_text(), path)]
    assert offenders == []


def test_the_import_walk_sees_every_spelling():
    cog, top = BOT / "discord" / "commands" / "probe.py", BOT / "discord" / "probe.py"
    for text in ("import bot.discord.app", "from bot.discord.app import KontorBot", "from bot.discord import app",
                 "if TYPE_CHECKING:\n    from bot.discord.app import KontorBot",
                 "def f():\n    import bot.discord.app"):
        assert "bot.discord.app" in imported_modules(text, cog), text
    assert "bot.discord.app" in imported_modules("from ..app import KontorBot", cog)
    assert "bot.discord.app" in imported_modules("from . import app", top)
    assert "bot.discord.app" not in imported_modules("from bot.discord import apply", top)
