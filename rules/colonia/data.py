"""Colonia component data, each value tagged with its provenance.

Provenance tags (docs/rules/colonia.md, "Component data and its provenance"):
``seed`` = the French/Italian rulebook; ``source: …`` = a public source (address given);
``reconstructed: …`` = not published anywhere we could find, a proposed value chosen for balance.
A corrected card list changes this module only, never the rules code.
"""

from __future__ import annotations

from typing import NamedTuple

from rules.words import N_

# ---- materials, goods, craftsmen, cities ----------------------------------------------------------
MATERIALS: tuple[str, ...] = ("leather", "iron", "wood", "linen", "fur")  # seed
GOODS: tuple[str, ...] = ("saddle", "cartwheel", "painting", "clothing", "shoes")  # seed
CRAFTSMEN: tuple[str, ...] = ("saddler", "wheelwright", "painter", "tailor", "shoemaker")  # seed
#: craftsman index -> the two material indices it consumes (seed: recipe table)
RECIPES: tuple[tuple[int, int], ...] = ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0))
MATERIAL_COUNT_EACH = 18  # seed: 90 raw materials, 18 of each colour

CITIES: tuple[str, ...] = ("London", "Nowgorod", "Bergen", "Bruegge")  # seed
CITY_CODES: tuple[str, ...] = ("LON", "NOW", "BER", "BRU")
CURRENCIES: tuple[str, ...] = ("pfund", "grivna", "mark", "gulden")  # seed: one currency per city, same order

# ---- players and setup ----------------------------------------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 3, 6  # source: superfred.de, cliquenabend.de; seed: 6 colours
COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "red", "orange", "purple")  # seed
#: reconstructed: reviews say "depends on player count" and "up to 38" (38 per colour in the box, seed);
#: 3 players get the full 38, then 2 fewer per extra player (ruling A1, docs/rules/colonia.md).
FAMILY_MEMBERS: dict[int, int] = {3: 38, 4: 36, 5: 34, 6: 32}
FAMILY_CARDS: tuple[int, ...] = (3, 4, 5, 6, 7, 8)  # seed
START_MONEY = 5  # per currency; source: spieleteufel.de (review)
START_MATERIALS = 4  # drawn at random from the bag; source: BGG thread 751629, cliquenabend.de
# Start good: a die roll 1-5 gives that craftsman's good (source: BGG 751629; order seed);
# a 6 is the player's free choice (reconstructed: 6 has no craftsman). The same mapping serves decree D14.

# ---- board ----------------------------------------------------------------------------------------
WEEKS = 6  # seed
BERTHS = 4  # seed
DECREE_SLOTS = 3  # seed
#: reconstructed: the rulebook shows a first stall and a bottom-right stall; 2 rows of 3 (docs/rules/colonia.md)
REGULAR_STALLS = 6
EXTRA_STALLS = 2  # seed (foreign merchants decree)
EXTRA_STALL_FILL = 4  # seed (D02: 4 raw materials each)
#: reconstructed: max weekly capacity 2 regular + 6 dice steps + 2 from a decree = 10 (docs/rules/colonia.md)
ORDER_SPACES = 10
RELIC_DISPLAY = 10  # seed; source: superfred.de
EXTRA_RELIC_SPACES = 2  # seed
EXTRA_HOLD_PAY = 2  # seed (D15)
WINDOW_VP: tuple[int, ...] = (2, 2, 2, 2)  # London 2 = seed example; the other three reconstructed (equal)


class WeekCard(NamedTuple):
    id: str
    stalls: tuple[int, ...]  # raw materials per regular stall 1..6
    orders: tuple[int, ...]  # regular orders per craftsman (saddler..shoemaker)
    dice: int  # extra-order die rolls on Thursday
    ships: int  # ships leaving on Saturday (week 6: all 4, seed)
    src: str


_WEEK_SRC = "reconstructed: 21 regular orders per craftsman over 14 cards (docs/rules/colonia.md)"
WEEK_CARDS: tuple[WeekCard, ...] = (
    WeekCard("W01", (6, 5, 4, 3, 2, 2), (1, 2, 1, 2, 1), 5, 3,
             "seed: orders, dice and ships (rulebook example); stalls reconstructed"),
    WeekCard("W02", (5, 5, 4, 3, 3, 2), (2, 1, 2, 1, 2), 4, 2, _WEEK_SRC),
    WeekCard("W03", (6, 4, 4, 3, 3, 1), (1, 1, 2, 2, 1), 5, 2, _WEEK_SRC),
    WeekCard("W04", (5, 4, 4, 4, 2, 2), (2, 2, 1, 1, 2), 3, 1, _WEEK_SRC),
    WeekCard("W05", (6, 5, 3, 3, 2, 1), (1, 2, 2, 1, 1), 6, 3, _WEEK_SRC),
    WeekCard("W06", (4, 4, 4, 3, 3, 3), (2, 1, 1, 2, 2), 4, 2, _WEEK_SRC),
    WeekCard("W07", (6, 6, 4, 3, 2, 1), (1, 1, 1, 2, 2), 5, 1, _WEEK_SRC),
    WeekCard("W08", (5, 5, 5, 3, 2, 2), (2, 2, 2, 1, 1), 3, 3, _WEEK_SRC),
    WeekCard("W09", (6, 4, 3, 3, 3, 2), (2, 1, 1, 1, 2), 6, 2, _WEEK_SRC),
    WeekCard("W10", (5, 4, 4, 3, 3, 2), (1, 2, 2, 2, 1), 4, 1, _WEEK_SRC),
    WeekCard("W11", (6, 5, 4, 2, 2, 1), (1, 2, 1, 1, 2), 5, 2, _WEEK_SRC),
    WeekCard("W12", (5, 5, 4, 3, 3, 3), (2, 1, 2, 2, 1), 3, 3, _WEEK_SRC),
    WeekCard("W13", (6, 4, 4, 4, 3, 2), (2, 1, 1, 2, 1), 6, 2, _WEEK_SRC),
    WeekCard("W14", (5, 5, 4, 3, 2, 2), (1, 2, 2, 1, 2), 4, 1, _WEEK_SRC),
)


class Decree(NamedTuple):
    id: str
    day: int  # 3 = Wednesday … 6 = Saturday: the day it is voted on (seed)
    name: str
    text: str
    src: str


DECREES: tuple[Decree, ...] = (
    Decree("D01", 3, N_("Generous merchants"), N_("Draw 1 more raw material onto every regular stall."), "seed"),
    Decree("D02", 3, N_("Foreign merchants"), N_("Fill the 2 extra stalls with 4 raw materials each."), "seed"),
    Decree("D03", 3, N_("Homecoming (Tuesday street)"),
           N_("Each player takes up to 3 members home from the Tuesday street."),
           "reconstructed: the 18th card, by analogy with D05 and D13"),
    Decree("D04", 4, N_("Extra supplies"), N_("Each player draws 2 raw materials from the bag, in turn order."),
           "seed; draw order reconstructed"),
    Decree("D05", 4, N_("Homecoming (Wednesday street)"),
           N_("Each player takes up to 3 members home from the Wednesday street."), "seed"),
    Decree("D06", 4, N_("Saddler works overtime"), N_("The saddler's stick moves down 2 spaces."),
           "seed; day reconstructed"),
    Decree("D07", 4, N_("Wheelwright works overtime"), N_("The wheelwright's stick moves down 2 spaces."),
           "seed; day reconstructed"),
    Decree("D08", 4, N_("Painter works overtime"),
           N_("The painter's stick moves down 2 spaces."), "seed; day reconstructed"),
    Decree("D09", 4, N_("Tailor works overtime"),
           N_("The tailor's stick moves down 2 spaces."), "seed; day reconstructed"),
    Decree("D10", 4, N_("Shoemaker works overtime"), N_("The shoemaker's stick moves down 2 spaces."),
           "seed; day reconstructed"),
    Decree("D11", 5, N_("Two ships sail early"), N_("The ships on berths I and II depart now and pay."), "seed"),
    Decree("D12", 5, N_("One ship sails early"), N_("The ship on berth I departs now and pays."),
           "seed (by analogy); day reconstructed"),
    Decree("D13", 5, N_("Homecoming (Thursday street)"),
           N_("Each player takes up to 3 members home from the Thursday street."), "seed"),
    Decree("D14", 5, N_("Lucky find"), N_("Each player rolls the die and gets that good (6: free choice)."),
           "seed; result 6 reconstructed"),
    Decree("D15", 5, N_("Extra cargo space"),
           N_("This week every ship has 1 extra hold for any one good, paying 2."), "seed"),
    Decree("D16", 6, N_("New relics"), N_("Draw 2 relics onto the 2 extra relic spaces."), "seed"),
    Decree("D17", 6, N_("Lean council"),
           N_("Next Tuesday every player places 1 member fewer than the card shows."), "seed"),
    Decree("D18", 6, N_("Money changers"), N_("Each player may exchange up to 5 from one currency into another, 1:1."),
           "seed"),
)
DECREE_BY_ID: dict[str, Decree] = {d.id: d for d in DECREES}
#: overtime decree id -> craftsman index
OVERTIME: dict[str, int] = {"D06": 0, "D07": 1, "D08": 2, "D09": 3, "D10": 4}
HOMECOMING: dict[str, int] = {"D03": 0, "D05": 1, "D13": 2}  # decree -> street index (0 = Tuesday)
HOMECOMING_MAX = 3  # seed


class Ship(NamedTuple):
    id: str
    city: int  # index into CITIES / CURRENCIES
    holds: tuple[tuple[tuple[int, ...], int], ...]  # (good indices, payout in the city's currency)
    src: str


_SHIP_SRC = "reconstructed: 3 per good; 5 of each good per city (docs/rules/colonia.md)"
S, C, P, CL, SH = range(5)  # saddle, cartwheel, painting, clothing, shoes


def _h(*goods: int) -> tuple[tuple[int, ...], int]:
    return (tuple(goods), 3 * len(goods))


SHIPS: tuple[Ship, ...] = (
    Ship("S01", 2, (_h(S), _h(C, P), _h(CL, SH, S)), _SHIP_SRC),
    Ship("S02", 2, (_h(C), _h(P, CL), _h(SH, S)), _SHIP_SRC),
    Ship("S03", 2, (_h(C), _h(P, CL), _h(SH, S), _h(C, P)), _SHIP_SRC),
    Ship("S04", 2, (_h(CL), _h(SH), _h(S, C), _h(P, CL, SH)), _SHIP_SRC),
    Ship("S05", 3, (_h(C), _h(P, CL), _h(SH, S, C)), "reconstructed; the 9-Gulden hold is seed"),
    Ship("S06", 3, (_h(P), _h(CL, SH), _h(S, C)), _SHIP_SRC),
    Ship("S07", 3, (_h(P), _h(CL, SH), _h(S, C), _h(P, CL)), _SHIP_SRC),
    Ship("S08", 3, (_h(SH), _h(S), _h(C, P), _h(CL, SH, S)), _SHIP_SRC),
    Ship("S09", 0, (_h(P), _h(CL, SH), _h(S, C, P)), _SHIP_SRC),
    Ship("S10", 0, (_h(CL), _h(SH, S), _h(C, P)), _SHIP_SRC),
    Ship("S11", 0, (_h(CL), _h(SH, S), _h(C, P), _h(CL, SH)), _SHIP_SRC),
    Ship("S12", 0, (_h(S), _h(C), _h(P, CL), _h(SH, S, C)), _SHIP_SRC),
    Ship("S13", 1, (_h(CL), _h(SH, S), _h(C, P, CL)), _SHIP_SRC),
    Ship("S14", 1, (_h(SH), _h(S, C), _h(P, CL)), _SHIP_SRC),
    Ship("S15", 1, (_h(SH), _h(S, C), _h(P, CL), _h(SH, S)), _SHIP_SRC),
    Ship("S16", 1, (_h(C), _h(P), _h(CL, SH), _h(S, C, P)), _SHIP_SRC),
)
SHIP_BY_ID: dict[str, Ship] = {s.id: s for s in SHIPS}


class Relic(NamedTuple):
    id: str
    city: int
    price: int  # in the city's currency
    vp: int  # 0 for a shrine
    shrine: bool
    src: str


#: (price, vp, copies per city). Prices: source BGG 751629 (12x5, 12x9, 8x12, 8x14, 4x15 + 4 shrines),
#: split evenly per city (reconstructed). VP per tier: reconstructed (the seed examples show 1-5 VP).
RELIC_TIERS: tuple[tuple[int, int, int], ...] = ((5, 1, 3), (9, 2, 3), (12, 3, 2), (14, 4, 2), (15, 5, 1))
SHRINE_PRICE = 15  # reconstructed: the BGG post groups the shrines with the 15-cost relics


def _relics() -> tuple[Relic, ...]:
    out: list[Relic] = []
    for city, code in enumerate(CITY_CODES):
        for price, vp, copies in RELIC_TIERS:
            for n in range(1, copies + 1):
                out.append(Relic(f"{code}-{price}-{n}", city, price, vp, False,
                                 "price: source BGG 751629; city split and VP reconstructed"))
        out.append(Relic(f"{code}-SHRINE", city, SHRINE_PRICE, 0, True, "existence seed; price reconstructed"))
    return tuple(out)


RELICS: tuple[Relic, ...] = _relics()
RELIC_BY_ID: dict[str, Relic] = {r.id: r for r in RELICS}

RECONSTRUCTED: list[str] = [
    N_("Family members per player: 38/36/34/32 for 3/4/5/6 players."),
    N_("Start good on a die roll of 6 (and decree D14 on a 6): free choice of good."),
    N_("6 regular market stalls and 10 order spaces per craftsman."),
    N_("Week cards W02-W14 entirely, and W01's stall contents (W01's orders, dice and ships are from the rulebook)."),
    N_("Decree D03 (Homecoming from the Tuesday street) as the 18th decree; the days of D06-D10 and D12."),
    N_("All 16 ships' holds: 4 ships per city, 3 per good per hold (the 9-Gulden Bruegge hold is from the rulebook)."),
    N_("Relic VP 1/2/3/4/5 for prices 5/9/12/14/15, the even split per city, and the shrine price 15."),
    N_("Stained-glass windows of Nowgorod, Bergen and Bruegge worth 2 VP like London's."),
]
