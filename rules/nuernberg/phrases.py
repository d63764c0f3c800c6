"""The words the texts of Die Siedler von Nürnberg share: a seat, a list, items, a hex, a crossing, a route, a
council card, a Wegerecht card (docs/i18n.md). Resource, good and place words come from ``names``."""

from __future__ import annotations

from typing import Any

from rules.nuernberg import names
from rules.nuernberg.board import (
    COUNCIL_NAME,
    CROSSING_HEXES,
    GOOD_RECIPE,
    HEX_BY_ID,
    ROUTE_INDEX,
    TRADE_ITEMS,
)
from rules.nuernberg.data import COLOURS, RESOURCES, ROUTES
from rules.words import seat as seat_word
from rules.words import translator

_, _n = translator("nuernberg")


def seat_name(seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(COLOURS):
        return seat_word(seat)  # names replace it at the table; images use the render palette, not colour words
    return _("nobody")


def and_list(parts: list[str]) -> str:
    """'A and B' (and 'A and B and C': the English texts have always said so)."""
    if not parts:
        return ""
    out = parts[0]
    for part in parts[1:]:
        out = _("{first} and {second}").format(first=out, second=part)
    return out


def items_text(items: dict[str, int] | None) -> str:
    parts = [names.count(name, n) for name in TRADE_ITEMS if (n := (items or {}).get(name, 0))]
    return ", ".join(parts) if parts else _("nothing")


def _cards(n: int) -> str:
    return _n("{n} card", "{n} cards", n).format(n=n)


def _recipe(good: int) -> str:
    return " + ".join(names.count(RESOURCES[i], c) for i, c in enumerate(GOOD_RECIPE[good]) if c)


def _hex(hid: str) -> str:
    h = HEX_BY_ID.get(hid)
    if h is None:
        return hid
    if h["number"]:
        return f"{hid} ({names.terrain(h['terrain'])} {h['number']})"
    return f"{hid} ({names.terrain(h['terrain'])})"


def hex_name(hid: str) -> str:
    """A hex by its id, terrain and number: "H28 (forest 8)"."""
    return _hex(hid)


def _touches(cid: str) -> str:
    """The hexes a crossing touches, by terrain and number: "fields 10, forest 6, hills 12"."""
    rid, _sep, k_text = cid.partition(".")
    if rid not in ROUTE_INDEX or not k_text.isdigit() or int(k_text) >= len(CROSSING_HEXES[ROUTE_INDEX[rid]]):
        return "?"
    parts = []
    for hid in CROSSING_HEXES[ROUTE_INDEX[rid]][int(k_text)]:
        h = HEX_BY_ID[hid]
        parts.append(f"{names.terrain(h['terrain'])} {h['number']}" if h["number"] else names.terrain(h["terrain"]))
    return ", ".join(parts)


def _int(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _route_name(rid: str) -> str:
    route = ROUTES[ROUTE_INDEX[rid]] if rid in ROUTE_INDEX else None
    if route is None:
        return rid
    if route.get("city"):
        return _("route {numeral} ({city})").format(numeral=route["numeral"], city=names.city(route["city"]))
    return _("route {numeral}").format(numeral=route["numeral"])


def _council_name(card: str | None, none: str) -> str:
    return names.tr(COUNCIL_NAME[card]) if card in COUNCIL_NAME else none
def _wegerecht(rid: str) -> str:
    """A Wegerecht card by its destination city, or the route's numeral for a local route."""
    route = ROUTES[ROUTE_INDEX[rid]] if rid in ROUTE_INDEX else None
    if route is None:
        return rid
    if route.get("city"):
        return names.city(route["city"])
    return _("route {numeral}").format(numeral=route["numeral"])
