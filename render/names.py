"""Players' names on the images: whole where they fit, else a short form unique at the table, never cut to nothing.

One scheme for every image (issue 41). A ``Roster`` is computed once per image from all the table's names:
each seat's whole name (``full``: the characters the font draws, "Seat N" when none is left) and its short form
(``short``): the name without a parenthesis ("Bot C (strong)" -> "Bot C"), its first word, or that word's
beginning with a dot ("Barth."), else its initials ("BvH"), whichever comes first, fits ``SHORT_WIDTH`` and no
other seat at the table has (two "Barth." both become initials; initials alike take the seat's number). A seat
with no drawable name is "Seat 4", short "S4" (the word's initial in the reader's language).

The kit draws a name through ``Canvas.text`` with a width: the whole name when it fits, else the seat's short form
(the canvas remembers which seats it shortened); a sentence that holds names ("Bot C (strong) bids") has its names
shortened before anything else is cut. An image with room draws ``legend`` entries (the seat's mark, the short
form, the whole name); the alt text of every board post names each player whole too. Part of the drawing kit
(``render/kit.py`` re-exports every name here).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from render.typeface import MIN_FONT, drawable, text_width
from rules.words import translator

_, _n = translator("core")

#: a short form fits this width at ``MIN_FONT`` bold: the narrowest name slot of the four games (a Speicherstadt
#: contract's buyer chip, ~127 px) holds it
SHORT_WIDTH = 118.0
_PAREN = re.compile(r"\s*[(\[].*?[)\]]\s*")


def clean(name: str) -> str:
    """``name`` as the font draws it: undrawable characters (emoji, CJK) dropped, spaces folded."""
    return " ".join(drawable(str(name)).split())


def _fits(text: str) -> bool:
    return bool(text) and text_width(text, MIN_FONT, "bold") <= SHORT_WIDTH


def _initials(words: Sequence[str]) -> str:
    """The words' first letters ("von" stays lower case as written), a number kept whole: "BvH", "S4"."""
    out = ""
    for word in words:
        for part in word.split("-"):
            letters = [ch for ch in part if ch.isalnum()]
            if part.isdigit():
                out += part
            elif letters:
                out += letters[0]
    return out


def candidates(full: str, fallback: bool) -> list[str]:
    """The short forms ``full`` may take, best first (each tried in turn until one is unique at the table)."""
    if fallback:  # "Seat 4": its initial and number
        return [_initials(full.split())]
    bare = _PAREN.sub(" ", full).strip() or full
    words = bare.split()
    out = [bare]
    if len(words) > 1 and words[0].casefold() == "bot":  # "Bot Anna": the bot's own name shortened, "Bot" kept
        out.append(" ".join(words[:2]))
        out += [f"{words[0]} {words[1][:k]}." for k in range(len(words[1]) - 1, 0, -1)]
    else:
        for part in (words[0], words[0].split("-")[0]):
            out.append(part)
            out += [part[:k] + "." for k in range(len(part) - 1, 2, -1) if part[k - 1].isalnum()]
    out.append(_initials(bare.split()))
    return [c for c in dict.fromkeys(out) if c and c != full]


@dataclass
class Roster:
    """Each seat's whole name and its short form at one table (computed once per image)."""

    full: tuple[str, ...]
    short: tuple[str, ...]
    #: the seats some text of this image drew short (its legend lists them)
    shortened: set[int] = field(default_factory=set)

    def seat_of(self, text: str) -> int | None:
        return self.full.index(text) if text in self.full else None

    def names_in(self, text: str) -> list[int]:
        """The seats whose whole name ``text`` holds, longest name first (a name inside another is not counted)."""
        found: list[int] = []
        rest = text
        for seat in sorted(range(len(self.full)), key=lambda s: -len(self.full[s])):
            if self.full[seat] and self.full[seat] in rest:
                found.append(seat)
                rest = rest.replace(self.full[seat], "\0")
        return found

    def shorten(self, text: str) -> str:
        """``text`` with every whole name in it replaced by its short form (those seats remembered as shortened)."""
        seats = self.names_in(text)
        for seat in seats:
            text = text.replace(self.full[seat], f"\0{seat}\0")
            self.shortened.add(seat)
        for seat in seats:
            text = text.replace(f"\0{seat}\0", self.short[seat])
        return text


def roster(names: Sequence[str] | None, seats: int) -> Roster:
    """The table's names at ``seats`` seats: whole and short, the short forms unique (never empty, never alike)."""
    full: list[str] = []
    fallback: list[bool] = []
    for seat in range(seats):
        name = clean(names[seat]) if names is not None and seat < len(names) and names[seat] else ""
        fallback.append(not name)
        full.append(name or _("Seat {n}").format(n=seat + 1))
    options = [[c for c in candidates(full[s], fallback[s]) if _fits(c)] or [_initials(full[s].split()) or "?"]
               for s in range(seats)]
    # a name that fits whole is its own short form; the others start at their best candidate, and seats that
    # clash each take their first candidate none of the others could take ("Barth." twice: "BvH" and "BS")
    short = [full[s] if _fits(full[s]) else options[s][0] for s in range(seats)]
    for _round in range(seats):
        taken: dict[str, list[int]] = {}
        for s in range(seats):
            taken.setdefault(short[s].casefold(), []).append(s)
        clashes = [group for group in taken.values() if len(group) > 1]
        if not clashes:
            break
        for group in clashes:
            for s in group:
                if short[s] == full[s]:
                    continue  # a whole name keeps itself; the other one moves on
                others = {c.casefold() for o in group if o != s for c in (*options[o], full[o])}
                busy = {short[o].casefold() for o in range(seats) if o not in group}
                short[s] = next((c for c in options[s] if c.casefold() not in others | busy), f"{short[s]}{s + 1}")
    # still alike (a whole name equal to another's short form, or out of candidates): the seat's number decides
    seen: set[str] = set()
    for s in range(seats):
        while short[s].casefold() in seen:
            short[s] = f"{short[s]}{s + 1}"
        seen.add(short[s].casefold())
    return Roster(tuple(full), tuple(short))


# ---------------------------------------------------------------- the table of the image being drawn
_CAST: ContextVar[Roster | None] = ContextVar("render_names", default=None)


@contextmanager
def cast(names: Sequence[str] | None, seats: int) -> Iterator[Roster]:
    """The table's names for the images drawn inside the block (``Canvas`` picks the roster up when made): the
    entry points in ``render/__init__`` and ``render/zoom.py`` open it, so every renderer, the terminal and the demo
    draw names by the one scheme."""
    token = _CAST.set(roster(names, seats))
    try:
        yield _CAST.get() or roster(names, seats)
    finally:
        _CAST.reset(token)


def current() -> Roster | None:
    """The roster of the image being drawn (None outside ``cast``: names are then drawn as given)."""
    return _CAST.get()
