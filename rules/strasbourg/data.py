"""All component data of Strasbourg, each value with its provenance.

Provenance tags (docs/rules/strasbourg.md, "Component data and its provenance"):
- ``seed``: the French rulebook translation;
- ``source: Sn``: a public page listed in docs/rules/strasbourg.md (S1 component list, S2/S4/S7/S8/S9 reviews,
  S5 the German rulebook's objective overview, S6 the points range of objectives);
- ``reconstructed``: not found in any source; designed to agree with the rulebook. A placeholder.

A corrected card list or board changes this module only, never the rules code.
"""

from __future__ import annotations

from typing import Any, Final

from rules.words import N_

# ---- basics --------------------------------------------------------------------------------
ROUNDS: Final = 5  # seed
STARTING_COINS: Final = 5  # seed (same for 3, 4 and 5 players)
OBJECTIVES_DEALT: Final = 5  # seed: deal 5, keep 1 to 5
OBJECTIVE_PENALTY: Final = 3  # seed: -3 per kept card not fulfilled
STEP_LETTERS: Final = "ABCDEFGHI"  # seed: nine steps per round card
PLAYER_COLOURS: Final = ("orange", "black", "yellow", "green", "blue")  # first four seed; fifth reconstructed

# 24 influence cards per player: 4 copies of each value 1-6 (count seed; values source: S1, S2).
INFLUENCE_DECK: Final = tuple(v for v in range(1, 7) for _ in range(4))

# ---- guilds, goods, council ------------------------------------------------------------------
# Guild names seed; order of value from S4 (city prices) and the seed's sale example (5+4+3 = 12).
GUILDS: Final = ("smiths", "vintners", "shoemakers", "butchers", "bakers")
GUILD_NAMES: Final = {
    "smiths": N_("Smiths"),
    "vintners": N_("Vintners"),
    "shoemakers": N_("Shoemakers"),
    "butchers": N_("Butchers"),
    "bakers": N_("Bakers"),
}
GOODS_NAMES: Final = {  # weapon, barrel, shoe seed; meat and bread source: S8
    "smiths": N_("weapons"),
    "vintners": N_("wine"),
    "shoemakers": N_("shoes"),
    "butchers": N_("meat"),
    "bakers": N_("bread"),
}
# reconstructed: printed values unknown; 5+4+3 = 12 matches the seed's merchant example.
GOODS_VALUE: Final = {"smiths": 5, "vintners": 4, "shoemakers": 3, "butchers": 2, "bakers": 1}

# Eight council seats (seed). Nobility and Church first, as on the board.
COUNCIL_SEATS: Final = ("nobility", "church", "merchants", *GUILDS)
SEAT_NAMES: Final = {"nobility": N_("Nobility"), "church": N_("Church"), "merchants": N_("Merchants"), **GUILD_NAMES}

# ---- round cards ---------------------------------------------------------------------------
# Step types per letter are seed: A Nobility/Church, B/D/F a guild, C/E/G Merchants (G also the
# Merchants seat), H chapel, I edifice. The guild printed on B, D and F is reconstructed: a 5x3 Latin
# rectangle, every guild three times and once in each of B, D and F (ruling S-A16).
ROUND_CARDS: Final = {
    "RC1": {"B": "bakers", "D": "butchers", "F": "vintners"},
    "RC2": {"B": "butchers", "D": "shoemakers", "F": "smiths"},
    "RC3": {"B": "shoemakers", "D": "vintners", "F": "bakers"},
    "RC4": {"B": "vintners", "D": "smiths", "F": "butchers"},
    "RC5": {"B": "smiths", "D": "bakers", "F": "shoemakers"},
}

# ---- edifices ------------------------------------------------------------------------------
# Inn value 4 seed (4 points for one member, 8 for two); Fountain 3 seed-derived; the other three
# names and values reconstructed to complete a 2..6 set.
EDIFICES: Final[dict[str, dict[str, Any]]] = {
    "inn": {"name": N_("Inn"), "value": 4},
    "fountain": {"name": N_("Fountain"), "value": 3},
    "town_hall": {"name": N_("Town Hall"), "value": 5},
    "market_hall": {"name": N_("Market Hall"), "value": 2},
    "minster": {"name": N_("Minster"), "value": 6},
}

# ---- the city (all reconstructed except: 9x6 grid source: S3; 7 building spaces seed) --------
COLUMNS: Final = "ABCDEFGHI"
# A bakers, U butchers, S shoemakers, V vintners, M smiths, # building space (reconstructed).
CITY_ROWS: Final = (
    "AAUUSSVMM",
    "A#US#VV#M",
    "UAASSVMVM",
    "UUA#US#MV",
    "S#AAU#VMV",
    "SSUAUAVMM",
)
_LETTER_GUILD: Final = {"A": "bakers", "U": "butchers", "S": "shoemakers", "V": "vintners", "M": "smiths"}
# Price of every guild space in coins (reconstructed: guild base + 1 next to a building space).
PRICES: Final = {
    "A1": 1, "B1": 2, "C1": 2, "D1": 2, "E1": 3, "F1": 2, "G1": 3, "H1": 5, "I1": 4,
    "A2": 2, "C2": 3, "D2": 3, "F2": 4, "G2": 4, "I2": 5,
    "A3": 2, "B3": 2, "C3": 1, "D3": 3, "E3": 3, "F3": 3, "G3": 5, "H3": 4, "I3": 4,
    "A4": 2, "B4": 3, "C4": 2, "E4": 3, "F4": 3, "H4": 5, "I4": 3,
    "A5": 3, "C5": 2, "D5": 2, "E5": 3, "G5": 4, "H5": 4, "I5": 3,
    "A6": 2, "B6": 3, "C6": 2, "D6": 1, "E6": 2, "F6": 2, "G6": 3, "H6": 4, "I6": 4,
}  # fmt: skip
GUILD_BASE_PRICE: Final = {"bakers": 1, "butchers": 2, "shoemakers": 2, "vintners": 3, "smiths": 4}  # reconstructed
# Chapel spaces sit on grid corners; a member on one of the four squares around the corner is adjacent
# (reconstructed, ruling S-A8). Named by the north-west square of the corner.
CHAPEL_SPACES: Final = {
    "CH1": ("B1", "C1", "B2", "C2"),
    "CH2": ("F1", "G1", "F2", "G2"),
    "CH3": ("D2", "E2", "D3", "E3"),
    "CH4": ("H2", "I2", "H3", "I3"),
    "CH5": ("B3", "C3", "B4", "C4"),
    "CH6": ("F3", "G3", "F4", "G4"),
    "CH7": ("D4", "E4", "D5", "E5"),
    "CH8": ("H4", "I4", "H5", "I5"),
    "CH9": ("B5", "C5", "B6", "C6"),
    "CH10": ("F5", "G5", "F6", "G6"),
}


def _cell(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def _build_city() -> tuple[dict[str, str], tuple[str, ...], dict[str, tuple[str, ...]]]:
    guild_of: dict[str, str] = {}
    building: list[str] = []
    orth: dict[str, tuple[str, ...]] = {}
    for row, line in enumerate(CITY_ROWS):
        for col, letter in enumerate(line):
            cell = _cell(col, row)
            if letter == "#":
                building.append(cell)
            else:
                guild_of[cell] = _LETTER_GUILD[letter]
            near = []
            for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                c, r = col + dc, row + dr
                if 0 <= c < len(COLUMNS) and 0 <= r < len(CITY_ROWS):
                    near.append(_cell(c, r))
            orth[cell] = tuple(near)
    return guild_of, tuple(building), orth


# GUILD_OF: guild space -> guild; BUILDING_SPACES: the 7 cells edifices go on;
# ORTHOGONAL: every cell -> its orthogonal neighbours (N, E, S, W, clipped at the edge).
GUILD_OF, BUILDING_SPACES, ORTHOGONAL = _build_city()
#: guild -> its city spaces, in board order
GUILD_SPACES: Final = {g: tuple(c for c in GUILD_OF if GUILD_OF[c] == g) for g in GUILDS}
#: cell -> the chapel spaces it touches, in CHAPEL_SPACES order
CHAPELS_AT: Final = {cell: tuple(ch for ch, cells in CHAPEL_SPACES.items() if cell in cells) for cell in ORTHOGONAL}

# ---- objectives ----------------------------------------------------------------------------
# Types O01-O16 source: S5 (paraphrased); O17-O25 reconstructed (the source list breaks off).
# Points reconstructed within the 2-8 range of S6. "param" is what the type's check needs.
OBJECTIVES: Final[dict[str, dict[str, Any]]] = {
    "O01": {"type": "edifice_pair", "param": "inn", "points": 4, "text": N_("2+ members next to the Inn")},
    "O02": {"type": "edifice_pair", "param": "fountain", "points": 4, "text": N_("2+ members next to the Fountain")},
    "O03": {"type": "edifice_pair", "param": "town_hall", "points": 4, "text": N_("2+ members next to the Town Hall")},
    "O04": {"type": "edifice_pair", "param": "market_hall", "points": 4,
            "text": N_("2+ members next to the Market Hall")},
    "O05": {"type": "edifice_pair", "param": "minster", "points": 4, "text": N_("2+ members next to the Minster")},
    "O06": {"type": "guild_three", "param": "bakers", "points": 3, "text": N_("3+ members on Bakers spaces")},
    "O07": {"type": "guild_three", "param": "butchers", "points": 4, "text": N_("3+ members on Butchers spaces")},
    "O08": {"type": "guild_three", "param": "shoemakers", "points": 4, "text": N_("3+ members on Shoemakers spaces")},
    "O09": {"type": "guild_three", "param": "vintners", "points": 5, "text": N_("3+ members on Vintners spaces")},
    "O10": {"type": "guild_three", "param": "smiths", "points": 6, "text": N_("3+ members on Smiths spaces")},
    "O11": {"type": "crowd_at_edifice", "param": 3, "points": 5, "text": N_("3+ members next to one edifice")},
    "O12": {"type": "straight_row", "param": 3, "points": 3, "text": N_("3+ members in a straight row")},
    "O13": {"type": "council", "param": None, "points": 5, "text": N_("council seats: 4+ (3p), 3+ (4p), 2+ (5p)")},
    "O14": {"type": "many_edifices", "param": 4, "points": 7, "text": N_("members next to 4+ different edifices")},
    "O15": {"type": "diagonal_row", "param": 3, "points": 4, "text": N_("3+ members in a diagonal row")},
    "O16": {"type": "largest_family", "param": None, "points": 6, "text": N_("more city members than anyone else")},
    "O17": {"type": "chapel_crowd", "param": 3, "points": 4, "text": N_("3+ members next to one chapel")},
    "O18": {"type": "many_chapels", "param": 3, "points": 5, "text": N_("members next to 3+ different chapels")},
    "O19": {"type": "all_guilds", "param": None, "points": 8, "text": N_("a member on spaces of all 5 guilds")},
    "O20": {"type": "stockpile", "param": 3, "points": 3, "text": N_("hold 3+ goods at the end")},
    "O21": {"type": "treasury", "param": 8, "points": 3, "text": N_("hold 8+ coins at the end")},
    "O22": {"type": "privileged", "param": 2, "points": 2, "text": N_("hold 2+ unspent privileges at the end")},
    "O23": {"type": "guild_seats", "param": 2, "points": 4, "text": N_("2+ guild council seats at the end")},
    "O24": {"type": "block", "param": None, "points": 5, "text": N_("4 members in a 2x2 block")},
    "O25": {"type": "long_row", "param": 4, "points": 6, "text": N_("4+ members in a straight row")},
}
# O13's threshold by player count (source: S5).
COUNCIL_OBJECTIVE_THRESHOLD: Final = {3: 4, 4: 3, 5: 2}

#: provenance of every table above (the per-line comments give the detail)
PROVENANCE: Final = {
    "ROUNDS": "seed",
    "STARTING_COINS": "seed",
    "OBJECTIVES_DEALT": "seed",
    "OBJECTIVE_PENALTY": "seed",
    "INFLUENCE_DECK": "count seed; values 4x(1-6) source: S1, S2",
    "GUILDS": "seed",
    "GOODS_NAMES": "seed (weapons, wine, shoes); source: S8 (meat, bread)",
    "GOODS_VALUE": "reconstructed (sum 5+4+3 = 12 is seed)",
    "COUNCIL_SEATS": "seed",
    "ROUND_CARDS": "step types seed; guild per B/D/F reconstructed",
    "EDIFICES": "Inn 4 seed; Fountain 3 seed-derived; Town Hall, Market Hall, Minster reconstructed",
    "CITY_ROWS": "grid size source: S3; 7 building spaces seed; layout reconstructed",
    "PRICES": "reconstructed (vintners at 3 or 4 agrees with the seed example)",
    "CHAPEL_SPACES": "reconstructed",
    "OBJECTIVES": "O01-O16 conditions source: S5; O17-O25 reconstructed; all points reconstructed (range S6)",
    "COUNCIL_OBJECTIVE_THRESHOLD": "source: S5",
    "PLAYER_COLOURS": "first four seed; blue reconstructed",
}

RECONSTRUCTED: Final = [
    N_("Guild printed on steps B, D and F of each round card"),
    N_("Goods values 5/4/3/2/1 (smiths to bakers); only 5+4+3 = 12 is in the rulebook"),
    N_("City map layout, every space price and the 10 chapel spaces"),
    N_("Edifices Town Hall (5), Market Hall (2), Minster (6); Fountain's value 3"),
    N_("Objective cards O17-O25 and every objective's points"),
]
