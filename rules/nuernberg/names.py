"""The words of Die Siedler von Nürnberg in the reader's language: resources, goods, terrains, cities.

Resource, good and terrain names are also the protocol (``bank wood ore``, ``produce helmets``) and the views'
keys, so they stay English there; these tables give the word a text shows, looked up at display time.
"""

from __future__ import annotations

from rules.words import C_, N_, Commands, translator

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


#: the words of every typed command, each also said in the reader's language (``rules.words.Commands``, issue 42):
#: ``controfferta 1 argilla per 1 grano`` is ``counter 1 brick for 1 grain``
COMMANDS = Commands("nuernberg", (
    C_("command", "draw"), C_("command", "offer"), C_("command", "give"), C_("command", "want"),
    C_("command", "send"), C_("command", "cancel"), C_("command", "accept"), C_("command", "decline"),
    C_("command", "counter"), C_("command", "take"), C_("command", "withdraw"), C_("command", "end"),
    C_("command", "back"), C_("command", "bank"), C_("command", "settle"), C_("command", "manufacture"),
    C_("command", "wall"), C_("command", "tower"), C_("command", "toll"), C_("command", "produce"),
    C_("command", "robber"), C_("command", "steal"), C_("command", "discard"), C_("command", "council"),
    C_("command", "for"), C_("command", "to"), C_("command", "all"),
    C_("command", "wood"), C_("command", "wool"), C_("command", "grain"), C_("command", "brick"),
    C_("command", "ore"), C_("command", "gold"),
    C_("command", "helmets"), C_("command", "paper"), C_("command", "compasses"), C_("command", "armour"),
    C_("command", "lyres"),
))


def command(word: str) -> str:
    """One command word as the reader types it."""
    return COMMANDS.said(word)


def typed(words: list[str]) -> str:
    """A command in the reader's words (``1 ore for 2 wool`` -> ``1 minerale per 2 lana``)."""
    return COMMANDS.to_reader(" ".join(words))
