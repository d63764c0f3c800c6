"""Component data: counts and provenance."""

from collections import Counter

from rules.colonia import data as D


def test_component_counts_match_the_rulebook() -> None:
    assert len(D.WEEK_CARDS) == 14
    assert len(D.DECREES) == 18
    assert len(D.SHIPS) == 16
    assert len(D.RELICS) == 48
    assert Counter(r.city for r in D.RELICS) == {c: 12 for c in range(4)}
    assert sum(1 for r in D.RELICS if r.shrine) == 4
    assert Counter(D.DECREE_BY_ID[d.id].day for d in D.DECREES) == {3: 3, 4: 7, 5: 5, 6: 3}


def test_relic_price_distribution_from_bgg() -> None:
    prices = Counter(r.price for r in D.RELICS if not r.shrine)
    assert prices == {5: 12, 9: 12, 12: 8, 14: 8, 15: 4}


def test_ships_have_three_or_four_holds_and_a_nine_gulden_hold_exists() -> None:
    assert all(len(s.holds) in (3, 4) for s in D.SHIPS)
    assert any(D.CURRENCIES[s.city] == "gulden" and pay == 9 for s in D.SHIPS for _, pay in s.holds)
    per_city_good = Counter((s.city, g) for s in D.SHIPS for goods, _ in s.holds for g in goods)
    assert set(per_city_good.values()) == {5}


def test_week_card_w01_is_the_rulebook_example() -> None:
    w01 = D.WEEK_CARDS[0]
    assert (w01.orders, w01.dice, w01.ships) == ((1, 2, 1, 2, 1), 5, 3)
    assert all(sum(w.orders) in (7, 8) for w in D.WEEK_CARDS)
    assert [sum(w.orders[c] for w in D.WEEK_CARDS) for c in range(5)] == [21] * 5


def test_every_record_carries_its_provenance() -> None:
    for record in (*D.WEEK_CARDS, *D.DECREES, *D.SHIPS, *D.RELICS):
        assert record.src and ("seed" in record.src or "source" in record.src or "reconstructed" in record.src)
    assert D.RECONSTRUCTED
