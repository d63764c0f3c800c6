"""bench/speicherstadt_spread.py counts herding rounds and fireman prices from real games (issue 17)."""

from __future__ import annotations

import rules
from bench.speicherstadt_spread import herding, measure
from tests.bench.test_duel import baseline as old_bot


def test_herding_needs_an_empty_card_beside_a_crowd_of_five() -> None:
    assert herding([0, 5, 2, 2])
    assert not herding([1, 5, 2, 1])  # no card left without a worker
    assert not herding([0, 4, 4, 1])  # no crowd


def test_every_round_is_counted_once_and_firemen_prices_are_real_prices() -> None:
    spread = measure(4, 2, rules.GAMES["speicherstadt"].bot_action)
    assert spread.rounds == 20 and 0 <= spread.herded <= 20  # 10 Demand phases a 4-player game (A1's round has none)
    assert len(spread.scores) == 8
    assert all(1 <= p <= 8 for prices in spread.fireman_prices.values() for p in prices)
    baseline = measure(4, 2, old_bot("speicherstadt"))
    assert baseline.rounds == 20
