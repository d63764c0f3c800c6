"""The words of Die Siedler von Nürnberg in the reader's language: resources, goods, terrains, cities.

Resource, good and terrain names are also the protocol (``bank wood ore``, ``produce helmets``) and the views'
keys, so they stay English there; these tables give the word a text shows, looked up at display time.
"""

from __future__ import annotations

from rules.words import N_, translator

_, _n = translator("nuernberg")

#: a resource or gold, alone ("You hold no wool.")
ITEM_NAMES: dict[str, str] = {
    "wood": N_("wood"),
    "wool": N_("wool"),
    "grain": N_("grain"),
    "brick": N_("brick"),
    "ore": N_("ore"),
    "gold": N_("gold"),
}
GOOD_NAMES: dict[str, str] = {
    "helmets": N_("helmets"),
    "paper": N_("paper"),
    "compasses": N_("compasses"),
    "armour": N_("armour"),
    "lyres": N_("lyres"),
}
# The English texts name the two special hexes by their ids' words (kept as they were).
TERRAIN_NAMES: dict[str, str] = {
    "forest": N_("forest"),
    "pasture": N_("pasture"),
    "fields": N_("fields"),
    "hills": N_("hills"),
    "mountains": N_("mountains"),
    "nuernberg": N_("nuernberg"),
    "raubritterburg": N_("raubritterburg"),
}


def tr(text: str) -> str:
    """A text marked with ``N_`` where it is defined (a table's value), in the reader's language; "" stays ""
    (gettext would give the catalog's header)."""
    return _(text) if text else text


def item(name: str) -> str:
    """A resource or gold by its protocol word."""
    return _(ITEM_NAMES[name]) if name in ITEM_NAMES else name


def good(name: str) -> str:
    return _(GOOD_NAMES[name]) if name in GOOD_NAMES else name


def terrain(name: str) -> str:
    return _(TERRAIN_NAMES[name]) if name in TERRAIN_NAMES else name


def city(name: str) -> str:
    """A sale city (``data.ROUTES``' ``city``, marked there)."""
    return _(name) if name else name


def count(name: str, n: int) -> str:
    """``n`` of a resource or gold: "2 wool", "1 gold" (each language's plural)."""
    if name == "wood":
        return _n("{n} wood", "{n} wood", n).format(n=n)
    if name == "wool":
        return _n("{n} wool", "{n} wool", n).format(n=n)
    if name == "grain":
        return _n("{n} grain", "{n} grain", n).format(n=n)
    if name == "brick":
        return _n("{n} brick", "{n} brick", n).format(n=n)
    if name == "ore":
        return _n("{n} ore", "{n} ore", n).format(n=n)
    if name == "gold":
        return _n("{n} gold", "{n} gold", n).format(n=n)
    return f"{n} {name}"
