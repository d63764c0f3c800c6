"""All component data of The Speicherstadt, each value with its provenance.

Provenance tags (docs/rules/speicherstadt.md, "Component data and its provenance"):
- ``seed``: the French rulebook translation (LudiGaume v1.1).
- ``seed, derived``: follows by arithmetic from seed facts.
- ``reconstructed``: not published anywhere; a proposed value (contract goods, fireman values, fire points).
  Contract goods: 6 of each colour over the 10 contracts, no colour twice on a card. The rulebook's loading example
  (Blue keeps a carpet for "the other contract" worth 11 points, already holding rubber and tea, which a coffee
  would complete) shows a large contract coffee+tea+rubber+carpet: B04 is that card, and B03 gives up its tea for
  B04's saffron to keep 6 of each colour (ruling A18 in docs/rules/speicherstadt.md).

A corrected card list changes this module only.
"""

from __future__ import annotations

from typing import Any

from rules.words import N_

SEED = "seed"
RECON = "reconstructed"

GOODS: tuple[str, ...] = ("coffee", "tea", "saffron", "rubber", "carpet")  # seed: 9 cubes each
GOOD_COLOURS = {"coffee": "brown", "tea": "green", "saffron": "yellow", "rubber": "white", "carpet": "red"}  # seed
CUBES_PER_GOOD = 9  # seed
CUBES_PER_SHIP = 3  # seed
START_COINS = 5  # seed
WORKERS = 3  # seed (the 4th worker marks the score)
BUILDING_SPACES = 8  # seed
WAREHOUSE_CAPACITY = 4  # seed
HALL_STORE_MAX = 1  # seed
HALL_SELL_CUBES = 2  # seed: 2 cubes -> 1 coin
HALL_CONVERT_CUBES = 3  # seed: 3 cubes -> 1 cube from the reserve
INCOME_BASE, INCOME_NO_PURCHASE, INCOME_BANK = 1, 1, 1  # seed
KONTOR_POINTS = (0, 2, 5, 9, 14)  # seed: points for 0..4 Kontors
CONTRACT_POINTS = {2: 5, 3: 8, 4: 11}  # seed: goods on the card -> points
SEASON_NAMES = {"A": N_("Winter"), "B": N_("Spring"), "C": N_("Summer"), "D": N_("Autumn"), "E": N_("4th Fire")}  # seed
#: the goods as the texts name them (the action words stay "coffee", "tea"...: they are what players type)
GOOD_NAMES = {"coffee": N_("coffee"), "tea": N_("tea"), "saffron": N_("saffron"), "rubber": N_("rubber"),
              "carpet": N_("carpet")}
LAST_CARD = "E01"  # seed: the 4th Fire lies at the bottom of the pile

# seed: Autumn cards put back in the box per player count.
REMOVED_BY_PLAYERS: dict[int, tuple[str, ...]] = {2: ("D14", "D11"), 3: ("D04", "D11"), 4: (), 5: ("D04", "D11")}

# Merchants: card id -> the good it buys for 1 coin each (seed).
MERCHANT_NAMES = {
    "coffee": N_("Coffee Roaster"),
    "tea": N_("Tea Taster"),
    "saffron": N_("Spice Trader"),
    "rubber": N_("Vulcanizer"),
    "carpet": N_("Carpet Trader"),
}


def _card(cid: str, kind: str, name: str, provenance: str, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "season": cid[0], "kind": kind, "name": name, "provenance": provenance, **extra}


def _contract(cid: str, *goods: str) -> dict[str, Any]:
    name = "Contract " + "+".join(goods)  # the data's English name; texts name it with text.card_name
    points = CONTRACT_POINTS[len(goods)]
    return _card(cid, "contract", name, "type, season, points: seed; goods: reconstructed", goods=list(goods),
                 points=points)


def _fireman(cid: str, value: int, provenance: str = "type, season: seed; value: reconstructed") -> dict[str, Any]:
    return _card(cid, "fireman", f"Fireman {value}", provenance, value=value)  # texts: text.card_name


def _fire(cid: str, name: str, bonus: int, penalty: int) -> dict[str, Any]:
    return _card(cid, "fire", name, "existence, season: seed; points: reconstructed", bonus=bonus, penalty=penalty)


def _ship(cid: str) -> dict[str, Any]:
    return _card(cid, "ship", N_("Ship"), SEED, capacity=CUBES_PER_SHIP)


def _merchant(cid: str, good: str) -> dict[str, Any]:
    return _card(cid, "merchant", MERCHANT_NAMES[good], SEED, good=good, points=1)


_CARD_LIST: list[dict[str, Any]] = [
    # Winter (A): 12 cards
    _card("A01", "kontor", N_("Kontor"), SEED),
    _contract("A02", "coffee", "tea"),
    _contract("A03", "saffron", "rubber"),
    _contract("A04", "carpet", "coffee", "saffron"),
    _merchant("A05", "tea"),
    _card("A06", "warehouse", N_("Warehouse"), SEED, capacity=WAREHOUSE_CAPACITY),
    _merchant("A07", "carpet"),
    _merchant("A08", "saffron"),
    _merchant("A09", "coffee"),
    _merchant("A10", "rubber"),
    _fireman("A11", 1),
    _fireman("A12", 2),
    # Spring (B): 13 cards
    _card("B01", "kontor", N_("Kontor"), SEED),
    _contract("B02", "carpet", "tea"),
    _contract("B03", "rubber", "coffee", "saffron"),
    _contract("B04", "coffee", "tea", "rubber", "carpet"),  # the rulebook's loading example
    _fire("B05", N_("1st Fire"), 2, 2),
    *(_ship(f"B{i:02d}") for i in range(6, 11)),
    _fireman("B11", 1),
    _fireman("B12", 2),
    _fireman("B13", 3),
    # Summer (C): 13 cards
    _card("C01", "bank", N_("Bank"), SEED),
    _contract("C02", "tea", "saffron", "carpet"),
    _contract("C03", "rubber", "coffee", "carpet"),
    _contract("C04", "coffee", "tea", "saffron", "rubber"),
    _contract("C05", "tea", "saffron", "rubber", "carpet"),
    _fire("C06", N_("2nd Fire"), 3, 3),
    *(_ship(f"C{i:02d}") for i in range(7, 12)),
    _fireman("C12", 3),
    _fireman("C13", 4),
    # Autumn (D): 15 cards
    _card("D01", "kontor", N_("Kontor"), SEED),
    _card("D02", "kontor", N_("Kontor"), SEED),
    _card("D03", "chamber", N_("Chamber of Commerce"), SEED),
    _card("D04", "church", N_("Boatmen Church"), SEED, points=3),
    _fire("D05", N_("3rd Fire"), 4, 4),
    *(_ship(f"D{i:02d}") for i in range(6, 11)),
    _fireman("D11", 3, SEED),
    _fireman("D12", 4),
    _fireman("D13", 5),
    _card("D14", "port", N_("Port"), SEED),
    _card("D15", "michaelis", N_("St. Michaelis"), SEED, points=4),
    # The end (E)
    _fire("E01", N_("4th Fire"), 5, 5),
]

CARDS: dict[str, dict[str, Any]] = {card["id"]: card for card in _CARD_LIST}
SEASONS: tuple[str, ...] = ("A", "B", "C", "D", "E")
CARDS_BY_SEASON: dict[str, list[str]] = {s: [c["id"] for c in _CARD_LIST if c["season"] == s] for s in SEASONS}
FIRES: tuple[str, ...] = tuple(c["id"] for c in _CARD_LIST if c["kind"] == "fire")

# Written out (not built from the card list) so that the catalogs can hold them: /game rules shows them in the
# reader's language. ``reconstructed_from_cards`` builds the first three from the cards; a test keeps them equal.
RECONSTRUCTED: list[str] = [
    N_("Goods on each of the 10 contracts (sizes and points are from the rulebook): A02 coffee+tea; A03 "
       "saffron+rubber; A04 carpet+coffee+saffron; B02 carpet+tea; B03 rubber+coffee+saffron; B04 "
       "coffee+tea+rubber+carpet; C02 tea+saffron+carpet; C03 rubber+coffee+carpet; C04 coffee+tea+saffron+rubber; "
       "C05 tea+saffron+rubber+carpet"),
    N_("Fireman values (range 1-5 and the Autumn 3 are from the rulebook): A11=1, A12=2, B11=1, B12=2, B13=3, C12=3, "
       "C13=4, D11=3, D12=4, D13=5"),
    N_("Fire points (bonus/penalty): 1st Fire ±2, 2nd Fire ±3, 3rd Fire ±4, 4th Fire ±5"),
    N_("A ship nobody buys sends its 3 cubes to the reserve (not the bag)."),
    N_("After the coin tie-break, a tie is a shared win."),
]


def reconstructed_from_cards() -> list[str]:
    """The first three entries of ``RECONSTRUCTED`` as the card list says them (English)."""
    return [
        "Goods on each of the 10 contracts (sizes and points are from the rulebook): "
        + "; ".join(f"{c['id']} {'+'.join(c['goods'])}" for c in _CARD_LIST if c["kind"] == "contract"),
        "Fireman values (range 1-5 and the Autumn 3 are from the rulebook): "
        + ", ".join(f"{c['id']}={c['value']}" for c in _CARD_LIST if c["kind"] == "fireman"),
        "Fire points (bonus/penalty): "
        + ", ".join(f"{c['name']} ±{c['bonus']}" for c in _CARD_LIST if c["kind"] == "fire"),
    ]
