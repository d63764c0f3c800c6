"""Hatch build hook: compile Kontor's gettext catalogs (``.po`` -> ``.mo``) whenever Kontor is installed.

Standalone on purpose (Babel only): it runs in pip's isolated build environment, before Kontor's own
dependencies exist. ``python -m bot.tools.catalogs compile`` does the same from a working installation.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        root = Path(self.root)
        for po in sorted((root / "bot" / "locales").glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name, domain=po.stem)
            mo = po.with_suffix(".mo")
            with mo.open("wb") as handle:
                write_mo(handle, catalog)
            # .mo files are not committed (.gitignore), so name them for the wheel explicitly.
            build_data.setdefault("artifacts", []).append(mo.relative_to(root).as_posix())
