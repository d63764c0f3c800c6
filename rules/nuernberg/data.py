"""All component data of Die Siedler von Nürnberg, each value with its provenance.

Provenance tags (docs/rules/nuernberg.md, "Component data and its provenance"):
- ``seed``: the French rules (fan translation of the Kosmos rulebook).
- ``N1``..``N8``: the public pages listed in docs/rules/nuernberg.md (reviews, descriptions, a session report).
- ``reconstructed``: not found in any public source; a proposal that agrees with the seed and the sources.
  The map layout, the routes' geometry, the city layout, the goods table and the event deck are reconstructed.

A corrected board or card list changes this module only; the rules code reads nothing but these tables.
Names shown to players are marked with ``N_`` (translated where shown).
"""

from __future__ import annotations

from typing import Any

from rules.words import N_

SEED = "seed"
RECON = "reconstructed"

# ---- players, pieces, money ------------------------------------------------------------------------------
COLOURS: tuple[str, ...] = ("white", "red", "blue", "orange")  # seed
PIECES = {"settlement": 5, "manufacture": 4, "toll": 15}  # N1, N4 (per colour)
START_GOLD = 2  # seed
# Resource cards and gold are unlimited (ruling N-A9; the seed is silent).
RESOURCES: tuple[str, ...] = ("wood", "wool", "grain", "brick", "ore")  # seed (Catan's five)
# N1, N8 (five terrains), paired with the resources as in Catan
TERRAIN_RESOURCE = {"forest": "wood", "pasture": "wool", "fields": "grain", "hills": "brick", "mountains": "ore"}

PROVENANCE: dict[str, str] = {
    "COLOURS": SEED,
    "PIECES": "N1, N4",
    "START_GOLD": SEED,
    "RESOURCES": SEED,
    "COSTS": SEED,
    "VP": SEED,
    "PRESTIGE": SEED,
    "BANK_RATE": SEED,
    "HEXES": "numbers multiset: seed; layout, terrains, numbers per hex: reconstructed",
    "ROUTES": "names and cities: seed, N3; numerals I-III and all geometry: reconstructed",
    "BEGINNER": "holders, white's start income, gold, time, robber: seed; positions: reconstructed",
    "CITY_HEXES": "12 hexes (N4), districts in 5 zones, Hauptmarkt, Bauhof (seed); layout: reconstructed",
    "DISCS": "12 discs, one 3:1 and five 2:1 trade discs (seed); wood disc next to helmets (N5); rest reconstructed",
    "WALLS": "26 walls built counter-clockwise from a printed start (seed); positions: reconstructed",
    "TOWERS": "16 towers on open triangles (seed); positions: reconstructed",
    "GOODS": "goods and the zone/doubling/toll rules: seed; helmets to Frankfurt at 4: N5; rest reconstructed",
    "COUNCIL": "names, VP, threshold 3, lock 12, 3-player removal: seed; one card per player: N7",
    "TIMELINE": "1355 start, red 1370 and 1385, end 1400: seed; 5-year spacing: reconstructed",
    "EVENT_DECK": "36 cards (N1, N2); Raubritter, Wegezoll, time: seed; retreat: N6; card list: reconstructed",
}

# ---- costs and values (all seed) ------------------------------------------------------------------------
COSTS: dict[str, dict[str, int]] = {
    "toll": {"wood": 1, "brick": 1},
    "settlement": {"grain": 1, "wool": 1, "brick": 1, "wood": 1},
    "manufacture": {"ore": 3, "grain": 2},
    "wall": {"brick": 1, "gold": 3},
    "tower": {"brick": 1, "wood": 1, "gold": 3},
}
VP = {"settlement": 1, "manufacture": 1, "wegerecht": 1}
TARGET_VP = 13
PRESTIGE = {"wall": 1, "tower": 2}
COUNCIL_THRESHOLD = 3
COUNCIL_LOCK = 12
BANK_RATE = 4  # 4 identical resources or 4 gold -> 1 resource
DISCARD_ABOVE = 7  # more than 7 resource cards -> return half, rounded down

# ---- countryside (pointy-top axial coordinates; pixel centre = (sqrt3*(q+r/2), 1.5*r) in hex radii) ------
# Every entry: reconstructed (layout); the multiset of numbers is seed (2 on two hexes, 3-12 without 7 on three).
# Issue 20 rebalanced the seats by moving numbers (terrains stay): H02 12 <-> H03 9 (route V's far end was worth
# 1 pip a crossing), then H13 6 -> H19, H19 9 -> H14, H14 4 -> H13 (route II's far end was the richest, route IV's
# poor); bench/seats.py, figures in BENCHMARKS.md.
_HEX_ROWS: list[tuple[str, int, int, str, int]] = [
    ("H01", 1, -3, "mountains", 11),
    ("H02", 2, -3, "forest", 9),
    ("H03", -1, -2, "pasture", 12),
    ("H04", 0, -2, "pasture", 3),
    ("H05", 1, -2, "hills", 9),
    ("H06", 2, -2, "forest", 2),
    ("H07", 3, -2, "mountains", 3),
    ("H08", -2, -1, "pasture", 8),
    ("H09", -1, -1, "hills", 10),
    ("H10", 0, -1, "fields", 5),
    ("H11", 1, -1, "pasture", 10),
    ("H12", 2, -1, "mountains", 4),
    ("H13", 3, -1, "mountains", 4),
    ("H14", -2, 0, "fields", 9),
    ("H15", -1, 0, "pasture", 12),
    ("H16", 0, 0, "nuernberg", 0),
    ("H17", 1, 0, "pasture", 5),
    ("H18", 2, 0, "forest", 11),
    ("H19", -3, 1, "forest", 6),
    ("H20", -2, 1, "fields", 10),
    ("H21", -1, 1, "fields", 6),
    ("H22", 0, 1, "fields", 3),
    ("H23", 1, 1, "hills", 4),
    ("H24", 2, 1, "mountains", 8),
    ("H25", -3, 2, "forest", 6),
    ("H26", -2, 2, "hills", 12),
    ("H27", -1, 2, "fields", 11),
    ("H28", 0, 2, "forest", 8),
    ("H29", 1, 2, "mountains", 2),
    ("H30", -2, 3, "raubritterburg", 0),
    ("H31", -1, 3, "hills", 5),
]
HEXES: list[dict[str, Any]] = [
    {
        "id": hid,
        "q": q,
        "r": r,
        "terrain": terrain,
        "resource": TERRAIN_RESOURCE.get(terrain),
        "number": number or None,
        "provenance": RECON,
    }
    for hid, q, r, terrain, number in _HEX_ROWS
]
CITY_HEX = "H16"  # seed: Nürnberg in the middle of the countryside; position reconstructed
CASTLE_HEX = "H30"  # seed: bottom-left hex with the Raubritterburg; the robber starts there

# ---- trade routes ------------------------------------------------------------------------------------------
# Each route is a simple path: crossing 0 is the origin on the Nürnberg hex (numbered, no settlement),
# section k joins crossings k-1 and k. Geometry: reconstructed. Cities: seed/N3. Numerals I-III: reconstructed.
ROUTES: list[dict[str, Any]] = [
    {
        "id": "FRA",
        "numeral": "I",
        "card": "Frankfurt",
        "city": N_("Frankfurt"),
        "crossings": [
            (["H10", "H15", "H16"], (-0.866, -0.5)),
            (["H09", "H10", "H15"], (-1.732, -1.0)),
            (["H09", "H14", "H15"], (-2.598, -0.5)),
            (["H08", "H09", "H14"], (-3.464, -1.0)),
            (["H03", "H08", "H09"], (-3.464, -2.0)),
            (["H03", "H04", "H09"], (-2.598, -2.5)),
            (["H03", "H04"], (-2.598, -3.5)),
            (["H01", "H04"], (-1.732, -4.0)),
            (["H01"], (-1.732, -5.0)),
        ],
    },
    {
        "id": "PRA",
        "numeral": "II",
        "card": "Prag",
        "city": N_("Prag"),
        "crossings": [
            (["H16", "H17", "H22"], (0.866, 0.5)),
            (["H17", "H22", "H23"], (1.732, 1.0)),
            (["H17", "H18", "H23"], (2.598, 0.5)),
            (["H12", "H17", "H18"], (2.598, -0.5)),
            (["H12", "H13", "H18"], (3.464, -1.0)),
            (["H13", "H18"], (4.330, -0.5)),
            (["H13"], (5.196, -1.0)),
            (["H13"], (5.196, -2.0)),
            (["H07", "H13"], (4.330, -2.5)),
        ],
    },
    {
        "id": "VEN",
        "numeral": "III",
        "card": "Venedig",
        "city": N_("Venedig"),
        "crossings": [
            (["H16", "H21", "H22"], (0.0, 1.0)),
            (["H21", "H22", "H27"], (0.0, 2.0)),
            (["H22", "H27", "H28"], (0.866, 2.5)),
            (["H27", "H28", "H31"], (0.866, 3.5)),
            (["H28", "H31"], (1.732, 4.0)),
            (["H28", "H29"], (2.598, 3.5)),
            (["H23", "H28", "H29"], (2.598, 2.5)),
            (["H23", "H24", "H29"], (3.464, 2.0)),
            (["H24", "H29"], (4.330, 2.5)),
        ],
    },
    {
        "id": "IV",
        "numeral": "IV",
        "card": "IV",
        "city": None,
        "crossings": [
            (["H15", "H16", "H21"], (-0.866, 0.5)),
            (["H15", "H20", "H21"], (-1.732, 1.0)),
            (["H20", "H21", "H26"], (-1.732, 2.0)),
            (["H20", "H25", "H26"], (-2.598, 2.5)),
            (["H19", "H20", "H25"], (-3.464, 2.0)),
            (["H14", "H19", "H20"], (-3.464, 1.0)),
            (["H14", "H19"], (-4.330, 0.5)),
            (["H19"], (-5.196, 1.0)),
        ],
    },
    {
        "id": "V",
        "numeral": "V",
        "card": "V",
        "city": None,
        "crossings": [
            (["H10", "H11", "H16"], (0.0, -1.0)),
            (["H05", "H10", "H11"], (0.0, -2.0)),
            (["H05", "H06", "H11"], (0.866, -2.5)),
            (["H06", "H11", "H12"], (1.732, -2.0)),
            (["H06", "H07", "H12"], (2.598, -2.5)),
            (["H06", "H07"], (2.598, -3.5)),
            (["H02", "H06"], (1.732, -4.0)),
            (["H02"], (1.732, -5.0)),
            (["H02"], (0.866, -5.5)),
        ],
    },
]

# ---- beginner set-up (holders, gold, time, robber, white's income: seed; positions: reconstructed) -----------
# Seat order = colour order. Toll bars are section numbers, settlements crossing numbers, on the colour's route.
BEGINNER: list[dict[str, Any]] = [
    {"colour": "white", "route": "VEN", "tolls": [1, 2], "settlements": [2, 6], "starred": 2},
    {"colour": "red", "route": "PRA", "tolls": [1, 2], "settlements": [1, 3], "starred": 3},
    {"colour": "blue", "route": "V", "tolls": [1, 2], "settlements": [1, 3], "starred": 1},
    {"colour": "orange", "route": "IV", "tolls": [1, 2], "settlements": [1, 3], "starred": 3},
]
# With 3 players red (route II, Prag) is left out (reconstructed, ruling N-A22; issue 20, bench/seats.py: with orange
# out white, the first player, took the empty route IV beside its own; with blue out red's route was the weakest
# start and red trailed by 2.7 points).


def seat_colours(num_players: int) -> tuple[str, ...]:
    """The colour of each seat: with 3 players white, blue and orange (N-A22)."""
    return COLOURS if num_players == 4 else ("white", "blue", "orange")


def beginner_seats(num_players: int) -> list[dict[str, Any]]:
    """Each seat's beginner set-up, in seat order."""
    by_colour = {spec["colour"]: spec for spec in BEGINNER}
    return [by_colour[c] for c in seat_colours(num_players)]
START_YEAR_INDEX = 0

# ---- the city (separate board, same pointy-top axial convention) -------------------------------------------
# All positions reconstructed; see docs/rules/nuernberg.md (component data).
CITY_HEXES: list[dict[str, Any]] = [
    {"id": "HELM_A", "q": 0, "r": -1, "kind": "district", "good": "helmets"},
    {"id": "HELM_B", "q": 1, "r": -1, "kind": "district", "good": "helmets"},
    {"id": "BAUHOF", "q": 2, "r": -1, "kind": "bauhof", "good": None},
    {"id": "ARM_B", "q": -2, "r": 0, "kind": "district", "good": "armour"},
    {"id": "ARM_A", "q": -1, "r": 0, "kind": "district", "good": "armour"},
    {"id": "MARKT", "q": 0, "r": 0, "kind": "market", "good": None},
    {"id": "PAPER_A", "q": 1, "r": 0, "kind": "district", "good": "paper"},
    {"id": "PAPER_B", "q": 2, "r": 0, "kind": "district", "good": "paper"},
    {"id": "LYRE_B", "q": -2, "r": 1, "kind": "district", "good": "lyres"},
    {"id": "LYRE_A", "q": -1, "r": 1, "kind": "district", "good": "lyres"},
    {"id": "COMP_A", "q": 0, "r": 1, "kind": "district", "good": "compasses"},
    {"id": "COMP_B", "q": 1, "r": 1, "kind": "district", "good": "compasses"},
]

# Manufacture discs = the 12 inner vertices where three city hexes meet.
# ``trade``: None, "3:1" (3 identical resources or 3 gold -> 1 any) or a resource name (2 of it -> 1 any).
DISCS: list[dict[str, Any]] = [
    {"id": "D1", "hexes": ["ARM_A", "HELM_A", "MARKT"], "trade": "brick", "xy": (-0.866, -0.5)},
    {"id": "D2", "hexes": ["HELM_A", "HELM_B", "MARKT"], "trade": "wood", "xy": (0.0, -1.0)},  # N5
    {"id": "D3", "hexes": ["HELM_B", "MARKT", "PAPER_A"], "trade": "3:1", "xy": (0.866, -0.5)},
    {"id": "D4", "hexes": ["COMP_A", "MARKT", "PAPER_A"], "trade": "ore", "xy": (0.866, 0.5)},
    {"id": "D5", "hexes": ["COMP_A", "LYRE_A", "MARKT"], "trade": "grain", "xy": (0.0, 1.0)},
    {"id": "D6", "hexes": ["ARM_A", "LYRE_A", "MARKT"], "trade": "wool", "xy": (-0.866, 0.5)},
    {"id": "D7", "hexes": ["BAUHOF", "HELM_B", "PAPER_A"], "trade": None, "xy": (1.732, -1.0)},
    {"id": "D8", "hexes": ["BAUHOF", "PAPER_A", "PAPER_B"], "trade": None, "xy": (2.598, -0.5)},
    {"id": "D9", "hexes": ["COMP_B", "PAPER_A", "PAPER_B"], "trade": None, "xy": (2.598, 0.5)},
    {"id": "D10", "hexes": ["COMP_A", "COMP_B", "PAPER_A"], "trade": None, "xy": (1.732, 1.0)},
    {"id": "D11", "hexes": ["ARM_A", "LYRE_A", "LYRE_B"], "trade": None, "xy": (-1.732, 1.0)},
    {"id": "D12", "hexes": ["ARM_A", "ARM_B", "LYRE_B"], "trade": None, "xy": (-2.598, 0.5)},
]

# Walls in building order (W1 = the printed start, then counter-clockwise on screen). Reconstructed positions.
WALLS: list[dict[str, Any]] = [
    {"id": "W1", "outside_of": "ARM_B", "ends": ((-4.330, -0.5), (-4.330, 0.5))},
    {"id": "W2", "outside_of": "ARM_B", "ends": ((-4.330, 0.5), (-3.464, 1.0))},
    {"id": "W3", "outside_of": "LYRE_B", "ends": ((-3.464, 1.0), (-3.464, 2.0))},
    {"id": "W4", "outside_of": "LYRE_B", "ends": ((-3.464, 2.0), (-2.598, 2.5))},
    {"id": "W5", "outside_of": "LYRE_B", "ends": ((-2.598, 2.5), (-1.732, 2.0))},
    {"id": "W6", "outside_of": "LYRE_A", "ends": ((-1.732, 2.0), (-0.866, 2.5))},
    {"id": "W7", "outside_of": "LYRE_A", "ends": ((-0.866, 2.5), (0.0, 2.0))},
    {"id": "W8", "outside_of": "COMP_A", "ends": ((0.0, 2.0), (0.866, 2.5))},
    {"id": "W9", "outside_of": "COMP_A", "ends": ((0.866, 2.5), (1.732, 2.0))},
    {"id": "W10", "outside_of": "COMP_B", "ends": ((1.732, 2.0), (2.598, 2.5))},
    {"id": "W11", "outside_of": "COMP_B", "ends": ((2.598, 2.5), (3.464, 2.0))},
    {"id": "W12", "outside_of": "COMP_B", "ends": ((3.464, 2.0), (3.464, 1.0))},
    {"id": "W13", "outside_of": "PAPER_B", "ends": ((3.464, 1.0), (4.330, 0.5))},
    {"id": "W14", "outside_of": "PAPER_B", "ends": ((4.330, 0.5), (4.330, -0.5))},
    {"id": "W15", "outside_of": "PAPER_B", "ends": ((4.330, -0.5), (3.464, -1.0))},
    {"id": "W16", "outside_of": "BAUHOF", "ends": ((3.464, -1.0), (3.464, -2.0))},
    {"id": "W17", "outside_of": "BAUHOF", "ends": ((3.464, -2.0), (2.598, -2.5))},
    {"id": "W18", "outside_of": "BAUHOF", "ends": ((2.598, -2.5), (1.732, -2.0))},
    {"id": "W19", "outside_of": "HELM_B", "ends": ((1.732, -2.0), (0.866, -2.5))},
    {"id": "W20", "outside_of": "HELM_B", "ends": ((0.866, -2.5), (0.0, -2.0))},
    {"id": "W21", "outside_of": "HELM_A", "ends": ((0.0, -2.0), (-0.866, -2.5))},
    {"id": "W22", "outside_of": "HELM_A", "ends": ((-0.866, -2.5), (-1.732, -2.0))},
    {"id": "W23", "outside_of": "HELM_A", "ends": ((-1.732, -2.0), (-1.732, -1.0))},
    {"id": "W24", "outside_of": "ARM_A", "ends": ((-1.732, -1.0), (-2.598, -0.5))},
    {"id": "W25", "outside_of": "ARM_B", "ends": ((-2.598, -0.5), (-3.464, -1.0))},
    {"id": "W26", "outside_of": "ARM_B", "ends": ((-3.464, -1.0), (-4.330, -0.5))},
]

# Towers sit on the 16 convex outer corners ("open triangles"), each flanked by two walls. Reconstructed.
TOWERS: list[dict[str, Any]] = [
    {"id": "T1", "between": ("W1", "W2"), "xy": (-4.330, 0.5)},
    {"id": "T2", "between": ("W3", "W4"), "xy": (-3.464, 2.0)},
    {"id": "T3", "between": ("W4", "W5"), "xy": (-2.598, 2.5)},
    {"id": "T4", "between": ("W6", "W7"), "xy": (-0.866, 2.5)},
    {"id": "T5", "between": ("W8", "W9"), "xy": (0.866, 2.5)},
    {"id": "T6", "between": ("W10", "W11"), "xy": (2.598, 2.5)},
    {"id": "T7", "between": ("W11", "W12"), "xy": (3.464, 2.0)},
    {"id": "T8", "between": ("W13", "W14"), "xy": (4.330, 0.5)},
    {"id": "T9", "between": ("W14", "W15"), "xy": (4.330, -0.5)},
    {"id": "T10", "between": ("W16", "W17"), "xy": (3.464, -2.0)},
    {"id": "T11", "between": ("W17", "W18"), "xy": (2.598, -2.5)},
    {"id": "T12", "between": ("W19", "W20"), "xy": (0.866, -2.5)},
    {"id": "T13", "between": ("W21", "W22"), "xy": (-0.866, -2.5)},
    {"id": "T14", "between": ("W22", "W23"), "xy": (-1.732, -2.0)},
    {"id": "T15", "between": ("W25", "W26"), "xy": (-3.464, -1.0)},
    {"id": "T16", "between": ("W26", "W1"), "xy": (-4.330, -0.5)},
]

# ---- goods --------------------------------------------------------------------------------------------------
# Zone = the two districts whose ``good`` matches. ``route`` = the route whose Wegerecht collects the toll.
# Recipes, cities (except helmets), prices (except helmets) and tolls are reconstructed. The first
# two-card recipes were lengthened: with them a doubled sale paid more gold than the 3:1 disc charges to buy
# the recipe back (e.g. 2 ore -> 8 gold -> 6 gold buys 2 ore), an endless money pump. Now 2 x price < 3 x
# recipe size for every good, so every trade-and-produce cycle loses value.
GOODS: list[dict[str, Any]] = [
    {"good": "helmets", "recipe": {"ore": 2, "wool": 1}, "city": "Frankfurt", "route": "FRA", "price": 4, "toll": 1,
     "provenance": "city and price: N5 (2 helmets at double price = 16 gold); recipe, toll: reconstructed"},
    {"good": "paper", "recipe": {"wood": 1, "wool": 2}, "city": "Prag", "route": "PRA", "price": 4, "toll": 1,
     "provenance": RECON},
    {"good": "compasses", "recipe": {"ore": 1, "wood": 1, "wool": 1}, "city": "Venedig", "route": "VEN",
     "price": 4, "toll": 1, "provenance": RECON},
    {"good": "armour", "recipe": {"ore": 3, "wool": 1}, "city": "Venedig", "route": "VEN", "price": 5, "toll": 2,
     "provenance": RECON},
    {"good": "lyres", "recipe": {"wood": 2, "wool": 2}, "city": "Prag", "route": "PRA", "price": 5, "toll": 2,
     "provenance": RECON},
]

# ---- council cards (seed; one card per player: N7) -------------------------------------------------------
COUNCIL: list[dict[str, Any]] = [
    {"id": "siebenerrat", "name": N_("Mitglied im Siebenerrat"), "vp": 4},
    {"id": "kleiner_rat", "name": N_("Mitglied im Kleinen Rat"), "vp": 3, "min_players": 4},
    {"id": "grosser_rat", "name": N_("Mitglied im Großen Rat"), "vp": 2},
]

# ---- timeline ----------------------------------------------------------------------------------------------
YEARS: tuple[int, ...] = (1355, 1360, 1365, 1370, 1375, 1380, 1385, 1390, 1395, 1400)
RESHUFFLE_YEARS: tuple[int, ...] = (1370, 1385)  # seed: red spaces
END_YEAR = 1400  # seed: "Spielende"

# ---- event deck (36 cards; list reconstructed, ruling N-A19) -----------------------------------------------
# ``income``: the income number (None on Raubritter cards); ``event``: None or one of EVENT_TEXT's keys.
_DECK_ROWS: list[tuple[str, int | None, str | None]] = [
    ("E01", 2, "handelstag"), ("E02", 3, "wegezoll"), ("E03", 3, None),
    ("E04", 4, "time"), ("E05", 4, "handelstag"), ("E06", 4, None),
    ("E07", 5, "wegezoll"), ("E08", 5, "reichstag"), ("E09", 5, "handelstag"), ("E10", 5, None),
    ("E11", 6, "time"), ("E12", 6, "retreat"), ("E13", 6, "reichstag"), ("E14", 6, None), ("E15", 6, None),
    ("E16", 8, "time"), ("E17", 8, "retreat"), ("E18", 8, "reichstag"), ("E19", 8, None), ("E20", 8, None),
    ("E21", 9, "wegezoll"), ("E22", 9, "reichstag"), ("E23", 9, "handelstag"), ("E24", 9, None),
    ("E25", 10, "time"), ("E26", 10, "handelstag"), ("E27", 10, None),
    ("E28", 11, "wegezoll"), ("E29", 11, None),
    ("E30", 12, None),
    ("E31", None, "raubritter"), ("E32", None, "raubritter"), ("E33", None, "raubritter"),
    ("E34", None, "raubritter"), ("E35", None, "raubritter"), ("E36", None, "raubritter"),
]
EVENT_DECK: list[dict[str, Any]] = [{"id": cid, "income": inc, "event": ev} for cid, inc, ev in _DECK_ROWS]
EVENT_TEXT: dict[str, str] = {
    "raubritter": N_("Raubritter: over 7 cards return half; the robber knight moves and steals a card"),  # seed
    "wegezoll": N_("Wegezoll: each Wegerecht holder gets 1 gold per settlement on that route"),  # amount reconstructed
    "time": N_("The time marker advances one space"),  # seed; which cards: reconstructed
    "retreat": N_("The robber knight returns to the Raubritterburg"),  # N6
    "reichstag": N_("Reichstag: each player gets 1 gold per own manufacture"),  # reconstructed (invented)
    "handelstag": N_("Handelstag: this turn the active player trades with the bank at 3:1"),  # reconstructed (invented)
}
