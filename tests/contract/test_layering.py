"""The layers import downwards only: ``rules`` imports nothing from ``bot`` or ``render``, and ``render`` nothing from
``bot``; inside ``bot/``, the table (``bot/table/``) knows no front end, and the front ends (``bot/discord/``,
``bot/terminal/``, ``bot/tools/``) reach it through ``bot.table``'s public names only (docs/architecture.md). Checked on
the source, including imports inside functions and TYPE_CHECKING blocks."""

from __future__ import annotations

import ast
import re
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
    for text in ("import bot.table", "from bot import store", "def f():\n    from render import board",
                 "if TYPE_CHECKING:\n    import discord"):
        assert top_level_imports(text, probe) & {"bot", "render", "discord"}, text
    assert top_level_imports("from .state import X", probe) == set()


# ---- inside bot/: one folder per layer ---------------------------------------------------------------------------
ROOMS = ("table", "discord", "terminal", "tools", "web")
LOOSE = {"__init__.py", "__main__.py", "config.py", "lang.py", "background.py"}


def bot_imports(path: Path) -> set[str]:
    """Every ``bot…`` module ``path`` imports, by its full dotted name (``from bot.table import X`` is ``bot.table``;
    ``from bot import health`` is ``bot.health``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "bot")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module and node.module.split(".")[0] == "bot":
            found.update(f"bot.{a.name}" for a in node.names) if node.module == "bot" else found.add(node.module)
    return found


def crosses(room: str, name: str, allowed: tuple[str, ...], banned: tuple[str, ...]) -> bool:
    """Whether a module of ``room`` may not import ``name``: a banned room, or a module inside the table (its package
    ``bot.table`` is the public API) that is not ``allowed``."""
    if name == f"bot.{room}" or name.startswith(f"bot.{room}."):
        return False
    return name.startswith(banned) or (name.startswith("bot.table.") and not name.startswith(allowed))


def room_offenders(room: str, allowed: tuple[str, ...], banned: tuple[str, ...]) -> list[str]:
    out = []
    for path in sorted((ROOT / "bot" / room).rglob("*.py")):
        out += [f"{path.relative_to(ROOT)} imports {name}" for name in sorted(bot_imports(path))
                if crosses(room, name, allowed, banned)]
        text = path.read_text()
        if room != "table" and room != "tools" and re.search(r"\.store\.\w", text):
            out.append(f"{path.relative_to(ROOT)} reaches into the table's store")
        if room != "table" and re.search(rf"\b(service|svc)\.({'|'.join(service_parts())})\b", text):
            out.append(f"{path.relative_to(ROOT)} reaches past the service's façade into its parts")
    return out


def service_parts() -> list[str]:
    """The attributes ``TableService.__init__`` sets: its core and its parts (not the front ends' to touch)."""
    source = (ROOT / "bot" / "table" / "service.py").read_text()
    facade = next(node for node in ast.walk(ast.parse(source))
                  if isinstance(node, ast.ClassDef) and node.name == "TableService")
    init = next(node for node in facade.body if isinstance(node, ast.FunctionDef) and node.name == "__init__")
    names = {target.attr for node in ast.walk(init) if isinstance(node, ast.Assign) for target in node.targets
             if isinstance(target, ast.Attribute)}
    return sorted(names)


def test_bot_has_a_folder_per_layer_and_few_loose_files() -> None:
    assert {p.name for p in (ROOT / "bot").iterdir() if p.is_dir() and p.name not in ("locales", "__pycache__")} == set(
        ROOMS)
    assert {p.name for p in (ROOT / "bot").glob("*.py")} <= LOOSE


def test_the_table_knows_no_front_end() -> None:
    offenders = [f"{path.relative_to(ROOT)} imports {name}" for path in sorted((ROOT / "bot" / "table").rglob("*.py"))
                 for name in sorted(top_level_imports(path.read_text(), path) & {"discord"})]
    assert offenders == []
    assert room_offenders("table", ("bot.table.",), ("bot.discord", "bot.terminal", "bot.tools")) == []


def test_front_ends_reach_the_table_through_its_public_api_only() -> None:
    # bot.table's own names (its __all__); the operator tools may also read the store (the soak checks its rows)
    assert room_offenders("discord", ("\0",), ("bot.terminal", "bot.tools")) == []
    assert room_offenders("terminal", ("\0",), ("bot.discord", "bot.tools")) == []
    assert room_offenders("tools", ("bot.table.store",), ("bot.discord",)) == []
    assert room_offenders("web", ("\0",), ("bot.discord", "bot.terminal", "bot.tools")) == []


def test_nothing_private_of_the_table_is_imported_outside_it() -> None:
    import bot.table

    public = set(bot.table.__all__)
    for room in ("discord", "terminal", "tools", "web"):
        for path in sorted((ROOT / "bot" / room).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.module == "bot.table":
                    assert {a.name for a in node.names} <= public, (path, [a.name for a in node.names])


def test_the_room_rules_see_a_crossing() -> None:
    assert crosses("discord", "bot.table.store", ("\0",), ("bot.tools",))
    assert crosses("discord", "bot.table.core", ("\0",), ("bot.tools",))
    assert crosses("table", "bot.discord.notify", ("bot.table.",), ("bot.discord",))
    assert not crosses("discord", "bot.table", ("\0",), ("bot.tools",))
    assert not crosses("tools", "bot.table.store.postgres", ("bot.table.store",), ("bot.discord",))
    assert crosses("tools", "bot.table.moves", ("bot.table.store",), ("bot.discord",))
    assert {"core", "moves", "lobby", "takeback"} <= set(service_parts())
    probe = ROOT / "tests" / "contract" / "probe_imports.py"
    try:
        probe.write_text("from bot import health\nimport bot.table.store\nfrom bot.table import Table\n")
        assert bot_imports(probe) == {"bot.health", "bot.table.store", "bot.table"}
    finally:
        probe.unlink()


def test_only_the_config_reads_the_environment() -> None:
    """``bot/config.py`` reads every setting (``Config``, ``Tuning``, ``db_target``); passing the environment on to a
    child process (``{**os.environ, …}``) is not reading it."""
    reads = re.compile(r"os\.environ\s*(\.get|\[)|os\.getenv|environ\.get\(")
    offenders = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "bot").rglob("*.py"))
                 if path.name != "config.py" or path.parent != ROOT / "bot"
                 for n, line in enumerate(path.read_text().splitlines(), 1) if reads.search(line)]
    assert offenders == []
