"""Static lookup tables derived once from ``data`` (indices, adjacency), so the rules do cheap list lookups.

Resources are indexed in ``RESOURCES`` order; index ``GOLD`` (5) stands for gold in trade vectors.
Routes are indexed in ``ROUTES`` order; crossing ``k`` of a route is ``"<route>.<k>"`` (0 = the origin on the
Nürnberg hex), section ``k`` (1-based) is ``"<route>.s<k>"`` and joins crossings ``k-1`` and ``k``.
"""

from __future__ import annotations

from rules.nuernberg.data import (
    CITY_HEX,
    CITY_HEXES,
    COSTS,
    COUNCIL,
    DISCS,
    EVENT_DECK,
    GOODS,
    HEXES,
    RESOURCES,
    ROUTES,
    TOWERS,
    WALLS,
)

RES_INDEX: dict[str, int] = {name: i for i, name in enumerate(RESOURCES)}
GOLD = len(RESOURCES)  # index of gold in 6-slot trade vectors
TRADE_ITEMS: tuple[str, ...] = (*RESOURCES, "gold")
ITEM_INDEX: dict[str, int] = {name: i for i, name in enumerate(TRADE_ITEMS)}

HEX_BY_ID = {h["id"]: h for h in HEXES}
# Hexes the robber may stand on: every countryside hex except Nürnberg itself (the castle is allowed).
ROBBER_HEXES: tuple[str, ...] = tuple(h["id"] for h in HEXES if h["id"] != CITY_HEX)
NUMBER_HEXES: dict[int, tuple[str, ...]] = {}
for _h in HEXES:
    if _h["number"]:
        NUMBER_HEXES.setdefault(_h["number"], ())
        NUMBER_HEXES[_h["number"]] += (_h["id"],)
NUMBERS: tuple[int, ...] = tuple(sorted(NUMBER_HEXES))
HEX_RES: dict[str, int] = {h["id"]: RES_INDEX[h["resource"]] for h in HEXES if h["resource"]}

ROUTE_IDS: tuple[str, ...] = tuple(r["id"] for r in ROUTES)
ROUTE_INDEX: dict[str, int] = {rid: i for i, rid in enumerate(ROUTE_IDS)}
ROUTE_CROSSINGS: tuple[int, ...] = tuple(len(r["crossings"]) for r in ROUTES)  # crossings per route incl. origin
ROUTE_SECTIONS: tuple[int, ...] = tuple(n - 1 for n in ROUTE_CROSSINGS)
CROSSING_HEXES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(adj) for adj, _xy in r["crossings"]) for r in ROUTES
)
# hex id -> (route index, crossing index) of every settlement crossing touching it (origins never hold one).
HEX_CROSSINGS: dict[str, tuple[tuple[int, int], ...]] = {}
for _ri, _r in enumerate(ROUTES):
    for _k, (_adj, _xy) in enumerate(_r["crossings"]):
        if _k == 0:
            continue
        for _hid in _adj:
            HEX_CROSSINGS[_hid] = (*HEX_CROSSINGS.get(_hid, ()), (_ri, _k))
CROSSING_IDS: dict[str, tuple[int, int]] = {
    f"{r['id']}.{k}": (ri, k) for ri, r in enumerate(ROUTES) for k in range(1, len(r["crossings"]))
}
SECTION_IDS: dict[str, tuple[int, int]] = {
    f"{r['id']}.s{k}": (ri, k) for ri, r in enumerate(ROUTES) for k in range(1, len(r["crossings"]))
}

# ---- city -------------------------------------------------------------------------------------------------
CITY_HEX_GOOD = {h["id"]: h["good"] for h in CITY_HEXES}
DISC_IDS: tuple[str, ...] = tuple(d["id"] for d in DISCS)
DISC_INDEX = {d: i for i, d in enumerate(DISC_IDS)}
DISC_TRADE: tuple[str | None, ...] = tuple(d["trade"] for d in DISCS)
# "A manufacture on the Bauhof" = on a disc touching the Bauhof hex (ruling N-A14, docs/rules/nuernberg.md).
DISC_BAUHOF: tuple[bool, ...] = tuple("BAUHOF" in d["hexes"] for d in DISCS)
GOOD_NAMES: tuple[str, ...] = tuple(g["good"] for g in GOODS)
GOOD_INDEX = {g: i for i, g in enumerate(GOOD_NAMES)}
# A disc doubles a good's price if any of its hexes is a district of that good's zone.
DISC_DOUBLES: tuple[frozenset[int], ...] = tuple(
    frozenset(GOOD_INDEX[CITY_HEX_GOOD[h]] for h in d["hexes"] if CITY_HEX_GOOD[h]) for d in DISCS
)
GOOD_RECIPE: tuple[tuple[int, ...], ...] = tuple(
    tuple(g["recipe"].get(res, 0) for res in RESOURCES) for g in GOODS
)
GOOD_ROUTE: tuple[int, ...] = tuple(ROUTE_INDEX[g["route"]] for g in GOODS)
GOOD_PRICE: tuple[int, ...] = tuple(g["price"] for g in GOODS)
GOOD_TOLL: tuple[int, ...] = tuple(g["toll"] for g in GOODS)

WALL_IDS: tuple[str, ...] = tuple(w["id"] for w in WALLS)
TOWER_IDS: tuple[str, ...] = tuple(t["id"] for t in TOWERS)
TOWER_INDEX = {t: i for i, t in enumerate(TOWER_IDS)}
WALL_INDEX = {w: i for i, w in enumerate(WALL_IDS)}
# A tower needs both flanking walls; since walls are built in order, "wall i is built" = i < walls built.
TOWER_NEEDS: tuple[int, ...] = tuple(max(WALL_INDEX[a], WALL_INDEX[b]) + 1 for a, b in (t["between"] for t in TOWERS))


def _cost(name: str) -> tuple[tuple[int, ...], int]:
    cost = COSTS[name]
    return tuple(cost.get(res, 0) for res in RESOURCES), cost.get("gold", 0)


COST: dict[str, tuple[tuple[int, ...], int]] = {name: _cost(name) for name in COSTS}

COUNCIL_IDS: tuple[str, ...] = tuple(c["id"] for c in COUNCIL)
COUNCIL_VP = {c["id"]: c["vp"] for c in COUNCIL}
COUNCIL_NAME = {c["id"]: c["name"] for c in COUNCIL}


def council_cards(num_players: int) -> list[str]:
    """The council cards in play, best first (the Kleiner Rat is left out with 3 players)."""
    return [c["id"] for c in COUNCIL if num_players >= c.get("min_players", 0)]


CARD_BY_ID = {c["id"]: c for c in EVENT_DECK}
CARD_IDS: tuple[str, ...] = tuple(c["id"] for c in EVENT_DECK)
