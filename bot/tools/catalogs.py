"""Kontor's gettext catalogs, managed with Babel: ``python -m bot.tools.catalogs update|compile|check [DOMAIN…]``.

- ``update`` extracts every ``_()``, ``_n()`` and ``N_()`` text of a domain's sources (and, for ``commands``,
  every name, description and choice of the slash-command tree) and merges it into each language's ``.po``:
  new texts arrive untranslated, texts no longer in the code are dropped.
- ``compile`` writes the ``.mo`` files (installing Kontor does this too, see ``hatch_build.py``).
- ``check`` lists what would make a catalog wrong: a text missing or untranslated, a stale or fuzzy entry, a
  translation whose ``{placeholders}`` differ from the English. ``tests/i18n`` runs it for every domain.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

import rules
from bot.lang import LANGUAGES, LOCALES_DIR, domains

ROOT = Path(__file__).resolve().parents[2]  # the repository (bot/tools/catalogs.py)
KEYWORDS = {"_": None, "_n": (1, 2), "N_": None, "_p": ((1, "c"), 2), "C_": ((1, "c"), 2)}
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")

# Which sources feed Kontor's own domains (paths relative to the repository; a folder means every .py under it).
LAYER_SOURCES: dict[str, tuple[str, ...]] = {
    "core": ("rules/core.py", "rules/words.py", "rules/views.py", "rules/__init__.py", "render/kit.py",
             "render/__init__.py"),
    "bot": ("bot",),  # less what "discord" takes
    "discord": ("bot/discord/commands", "bot/discord/ui", "bot/discord/app.py", "bot/discord/dms.py"),
    "commands": (),  # read from the command tree itself: see ``command_messages``
    "web": ("bot/web",),
}


def sources() -> dict[str, tuple[str, ...]]:
    """Which sources feed which domain: Kontor's own, and each registered game's as it declares them."""
    return {**LAYER_SOURCES, **{name: parts.texts for name, parts in rules.PARTS.items() if parts.texts}}
_FIELD = re.compile(r"\{([^{}:!]*)[^{}]*\}")


def _owned(domain: str) -> set[Path]:
    out: set[Path] = set()
    for source in sources()[domain]:
        path = ROOT / source
        if path.is_dir():
            out.update(p for p in path.rglob("*.py") if "__pycache__" not in p.parts)
        elif path.exists():
            out.add(path)
    return out


def _files(domain: str) -> Iterator[Path]:
    """A domain's sources; a file a narrower domain names (bot/discord/ui is "discord", not "bot") belongs there."""
    mine = _owned(domain)
    for other in sources():
        theirs = _owned(other) if other != domain else set()
        if theirs and theirs < mine:
            mine -= theirs
    yield from sorted(mine)


def command_messages() -> Iterable[tuple[str, str]]:
    """(context, text) of every name, description and choice of the slash commands (``bot.discord.command_texts``)."""
    try:
        module = importlib.import_module("bot.discord.command_texts")
    except ModuleNotFoundError:
        return ()
    messages: Callable[[], Iterable[tuple[str, str]]] = module.messages
    return messages()


def template(domain: str) -> Catalog:
    """What the code of ``domain`` says today, as a Babel catalog without translations."""
    catalog = Catalog(domain=domain, project="Kontor", fuzzy=False)
    if domain == "commands":
        for where, text in command_messages():
            catalog.add(text, context=where, locations=[("command tree", 0)])
        return catalog
    for path in _files(domain):
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", path, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            flags = ["python-brace-format"] if any(_FIELD.search(m) for m in _texts(message)) else []
            catalog.add(message, locations=[(rel, lineno)], auto_comments=comments, context=context, flags=flags)
    return catalog


def _texts(message: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (message,) if isinstance(message, str) else tuple(message)


def po_path(lang: str, domain: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str) -> Catalog | None:
    path = po_path(lang, domain)
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain)


def update(domain: str) -> None:
    """Merge today's texts of ``domain`` into every language's ``.po``."""
    fresh = template(domain)
    for lang in TRANSLATED:
        catalog = read(lang, domain) or Catalog(locale=lang, domain=domain, project="Kontor", fuzzy=False)
        catalog.update(fresh, no_fuzzy_matching=True, update_creation_date=False)
        path = po_path(lang, domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, ignore_obsolete=True, width=120, sort_output=False, omit_header=False)


def compile_all() -> int:
    """Write every ``.mo``; returns how many."""
    count = 0
    for po in sorted(LOCALES_DIR.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle, locale=po.parent.parent.name, domain=po.stem)
        with po.with_suffix(".mo").open("wb") as handle:
            write_mo(handle, catalog)
        count += 1
    return count


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def _message_problems(where: str, message: Message) -> Iterator[str]:
    ids, strings = _texts(message.id), _texts(message.string or "")
    if message.fuzzy:
        yield f"{where}: fuzzy (check it and clear the flag)"
    if not all(s.strip() for s in strings) or not strings:
        yield f"{where}: not translated"
        return
    wanted = _fields(ids[0]) | (_fields(ids[1]) if len(ids) > 1 else set())
    for text in strings:
        extra = _fields(text) - wanted
        # A plural form may say the count in words ('un membre'), so only {n} may go missing there.
        missing = wanted - _fields(text) - ({"n"} if len(ids) > 1 else set())
        if extra or missing:
            yield f"{where}: placeholders differ from the English (extra {sorted(extra)}, missing {sorted(missing)})"


def problems(domain: str, languages: Iterable[str] = TRANSLATED) -> list[str]:
    """Everything wrong with ``domain``'s catalogs compared with the code (empty when they are complete)."""
    fresh = template(domain)
    out: list[str] = []
    for lang in languages:
        catalog = read(lang, domain)
        if catalog is None:
            if len(fresh):
                out.append(f"{lang}/{domain}.po: missing ({len(fresh)} texts to translate)")
            continue
        for message in fresh:
            if not message.id:
                continue
            have = catalog.get(message.id, context=message.context)
            label = f"{lang}/{domain}.po: {_texts(message.id)[0]!r}"
            if have is None:
                out.append(f"{label}: missing (run python -m bot.tools.catalogs update {domain})")
            else:
                out.extend(_message_problems(label, have))
        for message in catalog:
            if message.id and fresh.get(message.id, context=message.context) is None:
                out.append(f"{lang}/{domain}.po: {_texts(message.id)[0]!r}: stale (no longer in the code)")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tools.catalogs", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("update", "compile", "check"))
    known = domains()
    parser.add_argument("domains", nargs="*", help=f"default: every domain ({', '.join(known)})")
    args = parser.parse_args(argv)
    wanted = args.domains or list(known)
    unknown = sorted(set(wanted) - set(known))
    if unknown:
        parser.error(f"unknown domain(s) {', '.join(unknown)}: choose from {', '.join(known)}")
    if args.action == "compile":
        print(f"compiled {compile_all()} catalogs")
        return 0
    if args.action == "update":
        for domain in wanted:
            update(domain)
            print(f"{domain}: {len(template(domain))} texts")
        return 0
    found = [line for domain in wanted for line in problems(domain)]
    print("\n".join(found) or "catalogs complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
