"""Setup and Monday of week 1."""

from __future__ import annotations

import pytest

from rules.colonia import GAME
from rules.colonia import data as D
from rules.colonia.checks import invariants
from rules.core import IllegalAction


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_setup_per_player_count(n: int) -> None:
    st = GAME.new_state(n, 40 + n)
    assert st.reserve == [D.FAMILY_MEMBERS[n]] * n
    assert all(m == [5, 5, 5, 5] for m in st.money)
    assert all(sum(r) == 4 for r in st.raw)
    for seat in range(n):
        assert sum(st.goods[seat]) == (0 if seat in st.waiting else 1)
    assert st.weeks_used == [] or not st.waiting  # a free choice of good comes before Monday
    while st.stage == "good":
        st.apply(st.to_act()[0], "take saddle")
    assert all(sum(g) == 1 for g in st.goods)
    assert sum(1 for c in st.display if c) == 10 and st.display_x == [None, None]
    assert len(st.harbour) == 4 and all(all(h is None for h in s["h"]) for s in st.harbour)
    card = D.WEEK_CARDS[int(st.weeks_used[0][1:]) - 1]
    assert st.stick == list(card.orders) and st.depart == card.ships
    assert [sum(s) for s in st.stalls[:6]] == list(card.stalls)
    assert len(st.slots) == 3
    days = [D.DECREE_BY_ID[d].day for d, _ in st.slots]
    assert days == sorted(days)
    assert not invariants(st)


def test_a_six_on_the_start_die_lets_the_player_choose_a_good() -> None:
    for seed in range(40):
        st = GAME.new_state(6, seed)
        if st.stage == "good":
            seat = st.to_act()[0]
            assert st.legal_actions(seat) == [f"take {g}" for g in D.GOODS]
            st.apply(seat, "take clothing")
            assert st.goods[seat] == [0, 0, 0, 1, 0]
            return
    raise AssertionError("no seed rolled a 6")


def test_player_counts_outside_three_to_six_are_refused() -> None:
    for n in (2, 7):
        with pytest.raises(IllegalAction):
            GAME.new_state(n, 1)


def test_same_seed_same_game() -> None:
    assert GAME.new_state(5, 77).dump() == GAME.new_state(5, 77).dump()
    assert GAME.new_state(5, 77).dump() != GAME.new_state(5, 78).dump()
