"""Colonia's words in the reader's language: the names of materials, goods, craftsmen, cities, currencies, days
and decrees, and amounts of them ("2 leather", "5 pfund").

The English keys (``leather``, ``pfund``, ``saddler``) are protocol: actions, view keys and events carry them; only
what is shown goes through here. Every text of the game's domain takes its ``_`` / ``_n`` from this module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.colonia import data as D
from rules.words import N_, translator
from rules.words import seat_in_text as seat_in_text  # re-exported: the shared one (rules.words)

_, _n = translator("colonia")

#: key -> its display name (English keys are shown as they are: "2 leather", "the saddler")
NAMES: dict[str, str] = {
    "leather": N_("leather"), "iron": N_("iron"), "wood": N_("wood"), "linen": N_("linen"), "fur": N_("fur"),
    "saddle": N_("saddle"), "cartwheel": N_("cartwheel"), "painting": N_("painting"), "clothing": N_("clothing"),
    "shoes": N_("shoes"),
    "saddler": N_("saddler"), "wheelwright": N_("wheelwright"), "painter": N_("painter"), "tailor": N_("tailor"),
    "shoemaker": N_("shoemaker"),
    "London": N_("London"), "Nowgorod": N_("Nowgorod"), "Bergen": N_("Bergen"), "Bruegge": N_("Bruegge"),
    "pfund": N_("pfund"), "grivna": N_("grivna"), "mark": N_("mark"), "gulden": N_("gulden"),
}

# Amounts: English writes "2 saddle" like the game's own keys (its tests read them so); other languages inflect.
_AMOUNTS: dict[str, Callable[[int], str]] = {
    "leather": lambda n: _n("{n} leather", "{n} leather", n),
    "iron": lambda n: _n("{n} iron", "{n} iron", n),
    "wood": lambda n: _n("{n} wood", "{n} wood", n),
    "linen": lambda n: _n("{n} linen", "{n} linen", n),
    "fur": lambda n: _n("{n} fur", "{n} fur", n),
    "saddle": lambda n: _n("{n} saddle", "{n} saddle", n),
    "cartwheel": lambda n: _n("{n} cartwheel", "{n} cartwheel", n),
    "painting": lambda n: _n("{n} painting", "{n} painting", n),
    "clothing": lambda n: _n("{n} clothing", "{n} clothing", n),
    "shoes": lambda n: _n("{n} shoes", "{n} shoes", n),
    "pfund": lambda n: _n("{n} pfund", "{n} pfund", n),
    "grivna": lambda n: _n("{n} grivna", "{n} grivna", n),
    "mark": lambda n: _n("{n} mark", "{n} mark", n),
    "gulden": lambda n: _n("{n} gulden", "{n} gulden", n),
}

#: day number (1 = Monday) -> its name
DAYS: dict[int, str] = {1: N_("Monday"), 2: N_("Tuesday"), 3: N_("Wednesday"), 4: N_("Thursday"), 5: N_("Friday"),
                        6: N_("Saturday"), 7: N_("Sunday")}

#: the final breakdown's categories (``Outcome.breakdown`` keys), for the front ends' score tables
SCORE_WORDS = (N_("relics"), N_("shrines"), N_("windows"))


def name(key: str) -> str:
    """The display name of a material, good, craftsman, city or currency key (anything else as it is)."""
    found = NAMES.get(key)
    return _(found) if found is not None else key


def amount(n: int, key: str) -> str:
    """'2 leather', '5 pfund' in the reader's language."""
    say = _AMOUNTS.get(key)
    return say(n).format(n=n) if say is not None else f"{n} {key}"


def items(counts: Mapping[str, int] | None, zeros: bool = False) -> str:
    """'1 leather, 2 iron' (only the kinds held, unless ``zeros``); 'nothing' when empty."""
    shown = [amount(n, k) for k, n in (counts or {}).items() if n or zeros]
    return ", ".join(shown) or _("nothing")


def day(number: int) -> str:
    return _(DAYS[number]) if number in DAYS else str(number)


def decree_name(did: str) -> str:
    return _(D.DECREE_BY_ID[did].name)


def decree_text(did: str) -> str:
    return _(D.DECREE_BY_ID[did].text)




def seats(numbers: list[int]) -> str:
    return ", ".join(seat_in_text(s) for s in numbers) or _("nobody")


def named_counts(counts: list[int], keys: tuple[str, ...]) -> dict[str, int]:
    return {keys[i]: c for i, c in enumerate(counts) if c}
