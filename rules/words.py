"""Words: how every game's texts, the renderers and the bot say things in the reader's language.

Player-facing text is written in English inside ``_()`` (or ``_n()`` for counts) and looked up in the
gettext catalogs of the reader's language. The rules never choose or load a language: the edge (the bot,
the terminal, the demo) installs a speaker for the task it is serving (``bot.lang.speaking``), kept in a
ContextVar so concurrent asyncio tasks each speak their own reader's language; without one, English.

Each module takes the pair of its catalog domain (one domain per game, ``core`` for the shared layers,
``bot`` for the front ends), so every game's words live in their own files:

    _, _n = translator("speicherstadt")
    _("Round {round} begins.").format(round=3)
    _n("{n} coin", "{n} coins", n).format(n=n)

``N_()`` marks a word for the catalogs where it is defined (data tables) without translating it yet;
translate it where it is shown, with ``_(name)``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Protocol

from babel.numbers import format_decimal

ENGLISH = "en"


class Speaker(Protocol):
    """What the edge installs: one language's catalogs (see ``bot.lang``)."""

    language: str

    def gettext(self, domain: str, message: str) -> str: ...

    def ngettext(self, domain: str, singular: str, plural: str, n: int) -> str: ...

    def pgettext(self, domain: str, context: str, message: str) -> str: ...


class _English:
    """The source language: the message itself (and English's two plural forms)."""

    language = ENGLISH

    def gettext(self, domain: str, message: str) -> str:
        return message

    def ngettext(self, domain: str, singular: str, plural: str, n: int) -> str:
        return singular if abs(n) == 1 else plural  # "-1 point", as every language says a loss

    def pgettext(self, domain: str, context: str, message: str) -> str:
        return message


ENGLISH_SPEAKER: Speaker = _English()
_speaker: ContextVar[Speaker] = ContextVar("kontor_speaker", default=ENGLISH_SPEAKER)

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def speaker() -> Speaker:
    """The speaker of the task being served (English unless the edge installed another)."""
    return _speaker.get()


def language() -> str:
    """The language code texts are being written in now ('en', 'fr', 'de', 'it', or the pseudo-locale)."""
    return _speaker.get().language


def install(new: Speaker) -> object:
    """Make ``new`` speak for the current context; returns the token ``uninstall`` takes (the edge's business)."""
    return _speaker.set(new)


def uninstall(token: object) -> None:
    _speaker.reset(token)  # type: ignore[arg-type]


def translator(domain: str) -> tuple[Gettext, Ngettext]:
    """The ``_`` and ``_n`` of one catalog domain, looked up in the current speaker at call time."""

    def gettext(message: str) -> str:
        return _speaker.get().gettext(domain, message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return _speaker.get().ngettext(domain, singular, plural, n)

    return gettext, ngettext


def contextual(domain: str) -> Callable[[str, str], str]:
    """The ``_p(context, message)`` of one domain: the same English word that other languages say differently
    by its use (French "aucun" for members, "aucune" for cards): ``_p("members", "none")``."""

    def pgettext(context: str, message: str) -> str:
        return _speaker.get().pgettext(domain, context, message)

    return pgettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it here (translate where it is shown)."""
    return message


def C_(context: str, message: str) -> str:
    """Mark ``message`` for the catalogs under ``context`` without translating it here (``Commands``' words)."""
    return message


Reword = Callable[[list[str]], list[str]]  # an action's words -> the same words with ids made readable, or back

_PLACEHOLDER = re.compile(r"\{([a-z]+)\}")
COMMAND = "command"  # the gettext context of a command word: one word a player types, in their language


def _fold(word: str) -> str:
    """A typed word as compared: case and accents left out ('Bléd' and 'bled' are one word)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(c))


class Commands:
    """The words of a game's typed commands, in every language (issue 42): one mechanism for every game.

    Action strings stay English (the protocol the rules and the logs speak); each command word also has its
    translation in the game's catalog under the context ``command`` (``C_("command", "offer")``), one word without
    spaces. ``to_english`` turns what a player typed in their language into the action (English words pass as they
    are, so both work); ``to_reader`` writes an action in the reader's words, as menus show it; ``said`` is one word,
    for the sentences that name a command ("…, then {confirm}")."""

    def __init__(self, domain: str, words: Iterable[str], *, show: Reword | None = None,
                 read: Reword | None = None) -> None:
        self.domain = domain
        self.words = tuple(dict.fromkeys(words))
        self._english = frozenset(self.words)
        self._back: dict[str, dict[str, str]] = {}  # language -> folded translation -> English word
        # a game's internal ids as readable words and back (Speicherstadt's contract ``B02`` is ``carpet+tea``,
        # Strasbourg's chapel ``CH9`` is ``9`` as the board prints it): the action's words, English, before ``said``
        self._show = show
        self._read = read

    def said(self, word: str) -> str:
        """``word`` (an English command word) as the reader types it."""
        if word not in self._english:
            return word
        return _speaker.get().pgettext(self.domain, COMMAND, word)

    def fill(self, text: str) -> str:
        """``text`` (translated already) with each ``{word}`` placeholder that names a command word said in the
        reader's words: a sentence that names commands ("…, then {confirm}") without a ``.format`` of its own."""
        return _PLACEHOLDER.sub(lambda m: self.said(m[1]) if m[1] in self._english else m[0], text)

    def to_reader(self, action: str) -> str:
        """An action as the reader would type it: each command word in their language, ids and numbers as they are."""
        words = action.split(" ")
        if self._show is not None:
            words = self._show(words)
        return " ".join("+".join(self.said(part) for part in w.split("+")) for w in words)

    def reverse(self) -> dict[str, str]:
        """The current language's words (folded) -> the English command words."""
        lang = _speaker.get().language
        back = self._back.get(lang)
        if back is None:
            back = {}
            for word in self.words:
                said = _fold(self.said(word))
                if said != _fold(word):
                    back.setdefault(said, word)
            self._back[lang] = back
        return back

    def to_english(self, text: str) -> str:
        """What a player typed, in their language or in English, as the action string (spaces made single)."""
        back = self.reverse()

        def english(word: str) -> str:
            folded = _fold(word)
            return back.get(folded) or (folded if folded in self._english else word)

        out = ["+".join(english(part) for part in w.split("+")) if "+" in w[1:-1] else english(w)
               for w in text.split()]
        return " ".join(self._read(out) if self._read is not None else out)


def number(value: int | float) -> str:
    """A number as the reader's language writes it (1,234 / 1 234 / 1.234)."""
    lang = _speaker.get().language
    if lang not in ("en", "fr", "de", "it"):
        lang = ENGLISH
    return format_decimal(value, locale=lang)


_, _n = translator("core")


def seat(n: int) -> str:
    """A seat as the texts name it ('Seat 2' / 'Joueur 2'): the front ends put the player's name there
    (``seat_pattern``). Texts never write the word themselves: ``_("{who} buys").format(who=seat(2))``."""
    return _("Seat {n}").format(n=n)


def seat_in_text(n: int) -> str:
    """A seat inside a sentence or a list ("waiting for seat 2"): lower case where the language writes a common noun
    so (English, French, Italian), as ``seat(n)`` in German (nouns are capitalised). The front ends still put the
    player's name in its place (``seat_pattern`` matches either case)."""
    said = seat(n)
    return said if _speaker.get().language == "de" else said[:1].lower() + said[1:]


_PATTERNS: dict[str, re.Pattern[str]] = {}


def seat_pattern() -> re.Pattern[str]:
    """What ``seat(n)`` looks like in the current language (either case of its first letter), group 1 the seat."""
    lang = _speaker.get().language
    found = _PATTERNS.get(lang)
    if found is None:
        head, _sep, tail = _("Seat {n}").partition("{n}")
        first = f"[{re.escape(head[:1].upper())}{re.escape(head[:1].lower())}]" if head else ""
        end = r"\b" if tail[-1:].isalnum() or not tail else ""
        found = re.compile(rf"\b{first}{re.escape(head[1:])}(\d+){re.escape(tail)}{end}")
        _PATTERNS[lang] = found
    return found


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 member', '3 members' — English only: kept for code not yet moved to ``_n`` (which every text must use)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
