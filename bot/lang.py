"""Languages at the edge: load the gettext catalogs, pick a reader's language, speak it for one task.

Catalogs live in ``bot/locales/<lang>/LC_MESSAGES/<domain>.po`` (managed with Babel: ``python -m bot.tools.catalogs``)
and are compiled to ``.mo`` when Kontor is installed (``hatch_build.py``); a checkout that was never installed
compiles them in memory on first use. ``speaking(lang)`` installs that language for the current task
(``rules.words`` reads it), so the rules and renderers never learn where a language came from.

``qps`` is a pseudo-locale for tests: every catalogued text comes back accented and 40% longer, so any text
that skipped the catalogs stands out as plain ASCII (``tests/support/pseudo.py``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

import rules
from rules import words

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("en", "fr", "de", "it")  # the languages Kontor speaks; English is the source
NAMES = {"en": "English", "fr": "Français", "de": "Deutsch", "it": "Italiano"}
PSEUDO = "qps"
LAYER_DOMAINS = ("core", "bot", "discord", "commands", "web")  # Kontor's own catalogs


def domains() -> tuple[str, ...]:
    """Every catalog: Kontor's own, then one per registered game that declares its texts (``GameParts.texts``),
    read from the registry when asked, so a game registered at run time (``rules.register``) is spoken too."""
    return (*LAYER_DOMAINS, *(name for name, parts in rules.PARTS.items() if parts.texts))


def language_of(locale: object, default: str = "en") -> str:
    """Kontor's language for a Discord locale ('fr', 'de', 'it', 'en-US', 'pt-BR'…) or a language code.

    Anything Kontor does not speak falls back to ``default`` (English unless the caller has a better guess)."""
    code = str(getattr(locale, "value", locale) or "").strip().lower().replace("_", "-")
    if code == PSEUDO:
        return PSEUDO
    base = code.split("-", 1)[0]
    return base if base in LANGUAGES else default


def _load(lang: str, domain: str) -> NullTranslations:
    """One domain's catalog: the compiled ``.mo`` when it is fresh, else the ``.po`` compiled in memory."""
    folder = LOCALES_DIR / lang / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as handle:
            return Translations(handle, domain=domain)
    if not po.exists():
        return NullTranslations()
    with po.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer, domain=domain)


class CatalogSpeaker:
    """One language's catalogs, domain by domain; a text missing from them stays English."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._domains: dict[str, NullTranslations] = {}  # read on first use, so a game registered later is found

    def _table(self, domain: str) -> NullTranslations:
        table = self._domains.get(domain)
        if table is None:  # two threads may both read it: the same catalog, either one kept
            table = self._domains[domain] = _load(self.language, domain)
        return table

    def _tables(self, domain: str) -> Iterator[NullTranslations]:
        """The domain's own catalog first, then the others: a game's word (a ``N_`` class attribute, say) is
        often shown by code of another domain (the bot's), which need not know whose word it is."""
        known = domains()
        if domain in known:
            yield self._table(domain)
        yield from (self._table(name) for name in known if name != domain)

    def gettext(self, domain: str, message: str) -> str:
        for table in self._tables(domain):
            found = table.gettext(message)
            if found != message:
                return found
        return message

    def ngettext(self, domain: str, singular: str, plural: str, n: int) -> str:
        n = abs(n)  # a loss takes the form of its size: "-1 Punkt", "-1 point", never "-1 Punkte"
        english = singular if n == 1 else plural
        for table in self._tables(domain):
            found = table.ngettext(singular, plural, n)
            if found != english:
                return found
        return english

    def pgettext(self, domain: str, context: str, message: str) -> str:
        """A text with a gettext context (the command tree: the same word as a name and as a description)."""
        for table in self._tables(domain):
            found = str(table.pgettext(context, message))
            if found != message:
                return found
        return message


_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçďéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ",
)
_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(message: str) -> str:
    """Accent every letter outside ``{placeholders}`` and pad by 40%: what the pseudo-locale shows."""
    parts = [part if _FIELD.fullmatch(part) else part.translate(_ACCENTS) for part in _FIELD.split(message)]
    pad = "~" * ((len(message) * 2 + 4) // 5)
    return "".join(parts) + pad if message.strip() else message


class PseudoSpeaker:
    """The pseudo-locale: proves a text went through a catalog, and that 40% longer text still fits."""

    language = PSEUDO

    def gettext(self, domain: str, message: str) -> str:
        return pseudo(message)

    def ngettext(self, domain: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if abs(n) == 1 else plural)

    def pgettext(self, domain: str, context: str, message: str) -> str:
        return pseudo(message)


@cache
def speaker_for(lang: str) -> words.Speaker:
    """The (cached) speaker of one language; English and unknown codes speak the source text."""
    if lang == PSEUDO:
        return PseudoSpeaker()
    if lang not in LANGUAGES or lang == "en":
        return words.ENGLISH_SPEAKER
    return CatalogSpeaker(lang)


@contextmanager
def speaking(lang: str | None) -> Iterator[words.Speaker]:
    """Speak ``lang`` (a language code or a Discord locale) for the rest of this block, in this task only."""
    current = speaker_for(language_of(lang) if lang else "en")
    token = words.install(current)
    try:
        yield current
    finally:
        words.uninstall(token)
