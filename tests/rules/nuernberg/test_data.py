"""The component data agrees with the seed's facts and with itself."""

from __future__ import annotations

from collections import Counter

from rules.nuernberg.board import CROSSING_IDS, DISC_DOUBLES, GOOD_INDEX, GOOD_PRICE, GOOD_RECIPE
from rules.nuernberg.data import BEGINNER, DISCS, EVENT_DECK, GOODS, HEXES, PROVENANCE, ROUTES, TOWERS, WALLS


def test_countryside_numbers_match_the_seed() -> None:
    numbers = Counter(h["number"] for h in HEXES if h["number"])
    assert numbers[2] == 2 and all(numbers[k] == 3 for k in (3, 4, 5, 6, 8, 9, 10, 11, 12)) and 7 not in numbers
    assert len(HEXES) == 31 and sum(numbers.values()) == 29


def test_event_deck_has_36_cards_and_six_raubritter() -> None:
    assert len(EVENT_DECK) == 36 and len({c["id"] for c in EVENT_DECK}) == 36
    assert sum(c["event"] == "raubritter" for c in EVENT_DECK) == 6
    assert all(c["income"] is None for c in EVENT_DECK if c["event"] == "raubritter")
    both = sum(1 for c in EVENT_DECK if c["income"] and c["event"])
    assert both > 18  # "most cards have two parts"


def test_routes_are_paths_and_settlement_crossings_count_39() -> None:
    assert [r["id"] for r in ROUTES] == ["FRA", "PRA", "VEN", "IV", "V"]
    assert len(CROSSING_IDS) == 39
    for route in ROUTES:
        assert "H16" in route["crossings"][0][0]  # the origin lies on the Nürnberg hex


def test_beginner_positions_obey_the_distance_rule() -> None:
    for spec in BEGINNER:
        a, b = spec["settlements"]
        assert abs(a - b) >= 2 and 0 not in spec["settlements"] and spec["tolls"] == [1, 2]


def test_city_has_one_3to1_disc_and_five_distinct_2to1_discs() -> None:
    trades = [d["trade"] for d in DISCS if d["trade"]]
    assert trades.count("3:1") == 1 and len(set(trades)) == 6 and len(DISCS) == 12
    wood = next(i for i, d in enumerate(DISCS) if d["trade"] == "wood")
    assert GOOD_INDEX["helmets"] in DISC_DOUBLES[wood]  # N5: the wood space doubled helmet sales
    assert len(WALLS) == 26 and len(TOWERS) == 16


def test_no_good_is_a_money_pump() -> None:
    # A doubled sale must pay less than buying its recipe back with gold at the best rate (3:1).
    for g, spec in enumerate(GOODS):
        assert 2 * GOOD_PRICE[g] < 3 * sum(GOOD_RECIPE[g]), spec["good"]
    helmets = next(g for g in GOODS if g["good"] == "helmets")
    assert helmets["city"] == "Frankfurt" and helmets["price"] == 4  # N5


def test_every_table_names_its_provenance() -> None:
    for name in ("HEXES", "ROUTES", "BEGINNER", "DISCS", "WALLS", "TOWERS", "GOODS", "EVENT_DECK", "COUNCIL"):
        assert PROVENANCE[name]
