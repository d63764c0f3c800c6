"""The 18 council decrees: each effect once passed."""

from __future__ import annotations

from rules.colonia import data as D
from rules.colonia import supply
from rules.colonia.checks import invariants
from rules.colonia.state import FRI, TUE, WED, ColoniaState

from .helpers import (
    CUR,
    clear_raw,
    fresh,
    go,
    place_ship,
    put_relic_on_display,
    rng,
    set_decrees,
    tidy_week,
    week_running,
)

FILLER = {3: ["D17", "D18"], 4: ["D17", "D18"], 5: ["D17", "D18"], 6: ["D01", "D02"]}


def pass_decree(st: ColoniaState, did: str, cards: list[int] | None = None) -> None:
    """Reveal ``did`` this week and let everyone vote Yes on its day."""
    day = D.DECREE_BY_ID[did].day
    week_running(st, cards or [8, 7, 6, 5, 4, 3][: st.num_players], order=list(range(st.num_players)))
    others = [d for d in FILLER[day] if d != did]
    set_decrees(st, [did, *others])
    for slot in st.slots[1:]:
        slot[1] = False
        st.decrees_done.append(slot[0])
    go(st, day)
    assert st.stage == "vote" and st.view(None)["vote"]["decree"] == did
    for seat in st.to_act():
        st.apply(seat, "vote yes")
    assert st.votes[-1]["decree"] == did and st.votes[-1]["passed"]


def test_d02_foreign_merchants_fill_the_extra_stalls_which_can_be_bought() -> None:
    st = fresh(3)
    pass_decree(st, "D02")
    assert [sum(s) for s in st.stalls[D.REGULAR_STALLS:]] == [4, 4]
    assert "stall 7" in st.legal_actions(0) and "stall 8" in st.legal_actions(0)
    st.apply(0, "stall 7")
    assert st.stall_members[6] == [0, 4]
    assert not invariants(st)


def test_d03_d05_homecoming_from_the_tuesday_and_wednesday_streets() -> None:
    for did, street in (("D03", TUE), ("D05", WED)):
        st = fresh(3)
        st.street[0][street], st.street[1][street] = 5, 2
        st.reserve[0] -= 5
        st.reserve[1] -= 2
        r0, r1 = st.reserve[0], st.reserve[1]
        pass_decree(st, did)
        assert (st.reserve[0], st.reserve[1]) == (r0 + 3, r1 + 2)
        assert (st.street[0][street], st.street[1][street]) == (2, 0)


def test_d04_extra_supplies_draw_two_in_turn_order_and_a_short_bag_shorts_the_last() -> None:
    st = fresh(3)
    tidy_week(st)
    clear_raw(st)
    # Leave exactly 3 raw materials in the bag: take the rest behind seat 2's screen.
    keep = 3
    for m in range(5):
        take = min(st.bag[m], max(0, sum(st.bag) - keep))
        st.bag[m] -= take
        st.raw[2][m] += take
    before = [sum(r) for r in st.raw]
    pass_decree(st, "D04")
    gained = [sum(st.raw[s]) - before[s] for s in range(3)]
    assert gained == [2, 1, 0] and sum(st.bag) == 0
    assert not invariants(st)


def test_d06_to_d10_overtime_moves_one_stick_down_two() -> None:
    for did, c in D.OVERTIME.items():
        st = fresh(3)
        sticks = list(st.stick)
        pass_decree(st, did)
        expected = list(sticks)
        expected[c] = min(D.ORDER_SPACES, expected[c] + 2)
        assert st.stick == expected


def test_d11_two_ships_sail_early_and_their_members_reach_the_friday_street_after_the_return_step() -> None:
    st = fresh(3)
    ship1 = place_ship(st, 0, "S05")
    place_ship(st, 1, "S09")["h"][0] = 1  # London painting hold: 3 Pfund
    ship1["h"][2] = 0  # 9 Gulden
    third = st.harbour[2]["id"]
    st.reserve[0] -= 1
    st.reserve[1] -= 1
    st.street[0][FRI] = 4  # last week's ships
    st.reserve[0] -= 4
    money0, money1 = list(st.money[0]), list(st.money[1])
    pass_decree(st, "D11")
    assert st.money[0][CUR["gulden"]] == money0[CUR["gulden"]] + 9
    assert st.money[1][CUR["pfund"]] == money1[CUR["pfund"]] + 3
    assert st.harbour[0]["id"] == third and len(st.harbour) == 4
    assert st.early[:2] == [1, 1]
    reserve0 = st.reserve[0]
    while st.stage == "loop" and st.loop["kind"] == "load":
        st.apply(st.to_act()[0], "pass")
    # Friday's return step brought the 4 old members home, then the early members went on the street.
    assert st.reserve[0] == reserve0 + 4
    assert st.street[0][FRI] >= 1 and st.early == [0, 0, 0]
    assert not invariants(st)


def test_d12_one_ship_sails_early_and_saturday_still_counts_berths_from_one() -> None:
    st = fresh(3)
    first = st.harbour[0]["id"]
    second = st.harbour[1]["id"]
    pass_decree(st, "D12")
    assert st.harbour[0]["id"] == second and first in st.ship_discard
    st.depart = 1
    while st.day == 5:
        st.apply(st.to_act()[0], "pass")
    assert second in st.ship_discard  # the ship now on berth I sails on Saturday


def test_d14_lucky_find_gives_each_player_the_rolled_good_or_a_free_choice() -> None:
    for seed in range(12):
        st = fresh(4, seed)
        goods = [sum(g) for g in st.goods]
        pass_decree(st, "D14")
        if st.stage == "good":
            for seat in st.to_act():
                assert st.legal_actions(seat) == [f"take {g}" for g in D.GOODS]
                st.apply(seat, "take shoes")
        assert [sum(g) for g in st.goods] == [g + 1 for g in goods]


def test_d15_extra_hold_takes_any_good_pays_two_and_an_unloaded_one_vanishes() -> None:
    st = fresh(3)
    pass_decree(st, "D15")
    sid = st.harbour[0]["id"]
    st.goods[0] = [0, 0, 0, 0, 1]
    assert f"extra {sid}" in st.legal_actions(0)
    st.apply(0, f"extra {sid}")
    assert st.stage == "extra" and st.legal_actions(0) == ["give shoes"]
    st.apply(0, "give shoes")
    assert st.harbour[0]["x"] == 0 and st.goods[0] == [0] * 5
    assert f"extra {sid}" not in st.legal_actions(st.to_act()[0])
    gulden_or_other = D.SHIP_BY_ID[sid].city
    money = st.money[0][gulden_or_other]
    st.depart = 1
    while st.day < 7:
        st.apply(st.to_act()[0], "pass")
    assert st.money[0][gulden_or_other] == money + D.EXTRA_HOLD_PAY
    # Unloaded extra holds vanish once loading is over: Saturday and Sunday show none open (issue 18).
    assert st.extra_holds is False
    view = st.view(None)
    assert view["harbour"]["extra_holds"] is False
    assert not any(s["extra_open"] for s in view["harbour"]["ships"])


def test_a8_a_loaded_extra_hold_on_a_ship_that_stays_pays_when_it_sails() -> None:
    st = fresh(3)
    pass_decree(st, "D15")
    sid = st.harbour[3]["id"]
    st.goods[0] = [1, 0, 0, 0, 0]
    st.apply(0, f"extra {sid}")
    st.apply(0, "give saddle")
    st.depart = 1
    while st.day < 7:
        st.apply(st.to_act()[0], "pass")
    ship = next(s for s in st.harbour if s["id"] == sid)
    assert ship["x"] == 0  # it stays with the ship
    city = D.SHIP_BY_ID[sid].city
    money = st.money[0][city]
    supply.depart(st, 4, False, rng(), [])
    assert st.money[0][city] == money + D.EXTRA_HOLD_PAY


def test_d16_new_relics_fill_only_free_extra_spaces() -> None:
    st = fresh(3)
    put_relic_on_display(st, "BER-5-1", 1, extra=True)
    st.insured["BER-5-1"] = 2
    st.reserve[2] -= 1
    deck = len(st.relic_deck)
    pass_decree(st, "D16")
    assert st.display_x[1] == "BER-5-1" and st.display_x[0] is not None
    assert len(st.relic_deck) == deck - 1
    assert not invariants(st)


def test_d16_with_an_empty_relic_pile_reshuffles_the_discard() -> None:
    st = fresh(3)
    st.relic_discard.extend(st.relic_deck)
    st.relic_deck = []
    pass_decree(st, "D16")
    assert all(st.display_x) and not invariants(st)


def test_d18_money_changers_exchange_up_to_five_one_to_one_privately() -> None:
    st = fresh(3)
    st.money[0] = [9, 0, 0, 0]
    pass_decree(st, "D18")
    assert st.stage == "exchange" and sorted(st.to_act()) == [0, 1, 2]
    assert st.legal_actions(0) == ["exchange pfund", "no exchange"]
    ev = st.apply(0, "exchange pfund")
    # 15 amounts, and (issue 18) a way back out: "no exchange" stays on offer after a currency is chosen.
    assert ev == [] and st.legal_actions(0)[14] == "exchange 5 pfund to gulden"
    assert st.legal_actions(0)[15:] == ["no exchange"]
    ev = st.apply(0, "exchange 5 pfund to mark")
    assert st.money[0] == [4, 0, 5, 0]
    assert all(e.to == 0 for e in ev if e.kind == "exchanged")
    assert st.to_act() == [1, 2]
    st.apply(2, "no exchange")
    st.apply(1, "no exchange")
    assert st.stage != "exchange"


def test_d17_in_week_six_has_no_effect() -> None:
    st = fresh(3)
    st.week = 6
    for seat in range(3):
        st.cards_left[seat] = [3, 4, 5, 6, 7, 8]
    pass_decree(st, "D17")
    assert st.lean is False


def test_d18_a_chosen_currency_can_be_switched_or_backed_out_of() -> None:
    st = fresh(3)
    st.money[0] = [9, 3, 0, 0]
    pass_decree(st, "D18")
    st.apply(0, "exchange pfund")
    legal = st.legal_actions(0)
    assert "no exchange" in legal and "exchange grivna" in legal and "exchange pfund" not in legal
    assert st.describe_for(0, "exchange grivna").startswith("Exchange from grivna instead")
    st.apply(0, "exchange grivna")
    assert "exchange 3 grivna to mark" in st.legal_actions(0) and "exchange 4 grivna to mark" not in st.legal_actions(0)
    st.apply(0, "no exchange")
    assert st.money[0] == [9, 3, 0, 0] and 0 not in st.to_act()
