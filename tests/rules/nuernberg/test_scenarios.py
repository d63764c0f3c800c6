"""Every scenario of docs/rules/nuernberg.md (T-N1 .. T-N18) as a named test."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.nuernberg.board import CARD_IDS
from rules.nuernberg.checks import invariants
from rules.nuernberg.economy import vp
from rules.nuernberg.state import NuernbergState
from tests.rules.nuernberg.helpers import (
    BLUE,
    ORANGE,
    RED,
    WHITE,
    cards,
    hand_of,
    holder,
    main_phase,
    manufacture,
    new,
    play,
    put_on_top,
    settlement,
    toll,
)


def test_tn1_beginner_setup() -> None:
    st = new(4)
    assert hand_of(st, WHITE) == {"grain": 2, "wood": 1}
    assert hand_of(st, RED) == {"ore": 1, "wool": 1, "wood": 1}
    assert hand_of(st, BLUE) == {"brick": 1, "grain": 1, "wool": 1}
    assert hand_of(st, ORANGE) == {"grain": 1, "wood": 1, "brick": 1}
    assert st.gold == [2, 2, 2, 2]
    assert [vp(st, s) for s in range(4)] == [3, 3, 3, 3]
    assert (holder(st, "VEN"), holder(st, "PRA"), holder(st, "V"), holder(st, "IV")) == (WHITE, RED, BLUE, ORANGE)
    assert holder(st, "FRA") == -1
    assert st.robber == "H30" and st.view(None)["timeline"]["year"] == 1355
    assert st.council_cards == ["siebenerrat", "kleiner_rat", "grosser_rat"]
    assert invariants(st) == []


def test_tn1_three_players_leave_out_red_and_the_kleiner_rat() -> None:
    """N-A22 (issue 20): with 3 players the seats are white, blue (route V) and orange (route IV); route II (Prag)
    starts empty and its Wegerecht unowned."""
    st = new(3)
    assert st.council_cards == ["siebenerrat", "grosser_rat"]
    assert holder(st, "PRA") == -1 and all(owner == -1 for owner in st.tolls[1])
    assert holder(st, "V") == 1 and holder(st, "IV") == 2
    assert st.view(None)["colours"] == ["white", "blue", "orange"]
    assert [vp(st, s) for s in range(3)] == [3, 3, 3]


def test_tn2_income_ten() -> None:
    st = new(4)
    put_on_top(st, "E27")  # income 10, no event: hexes H09, H11, H20
    before = [list(h) for h in st.hands]
    play(st, WHITE, "draw")
    assert st.hands[BLUE][1] - before[BLUE][1] == 2  # +2 wool: V.1 and V.3 both touch H11
    assert st.hands[ORANGE][2] - before[ORANGE][2] == 2  # +2 grain: IV.1 and IV.3 both touch H20
    assert st.hands[WHITE] == before[WHITE] and st.hands[RED] == before[RED]
    assert st.phase == "main"


def test_tn3_robber_blocks_a_hex() -> None:
    st = new(4, robber="H11")
    put_on_top(st, "E27")
    before = [list(h) for h in st.hands]
    play(st, WHITE, "draw")
    assert st.hands[BLUE] == before[BLUE]
    assert st.hands[ORANGE][2] - before[ORANGE][2] == 2


def test_tn4_one_hex_two_settlements_of_one_player() -> None:
    st = new(4)
    put_on_top(st, "E19")  # income 8: H08, H24, H28
    before = [list(h) for h in st.hands]
    play(st, WHITE, "draw")
    assert st.hands[WHITE][0] - before[WHITE][0] == 2  # +2 wood: VEN.2 and VEN.6 touch H28
    for seat in (RED, BLUE, ORANGE):
        assert st.hands[seat] == before[seat]


def test_tn5_raubritter_discard_move_and_steal() -> None:
    st = new(4)
    st.hands = [cards(wood=5, ore=4), cards(wool=8), cards(grain=7), cards()]
    st.gold = [2, 2, 10, 2]
    put_on_top(st, "E31")
    events = play(st, WHITE, "draw")
    assert not any(e.kind == "income" for e in events)
    assert st.discards_due == [4, 4, 0, 0]
    assert st.to_act() == [WHITE, RED]  # returned at once, each in their own time
    play(st, RED, *["discard wool"] * 4)
    assert st.to_act() == [WHITE]
    play(st, WHITE, "discard wood", "discard wood", "discard ore", "discard ore")
    assert sum(st.hands[WHITE]) == 5 and sum(st.hands[RED]) == 4 and sum(st.hands[BLUE]) == 7
    assert st.phase == "robber"
    legal = st.legal_actions(WHITE)
    assert "robber H30" not in legal and "robber H16" not in legal  # must move; never onto Nürnberg
    with pytest.raises(IllegalAction):
        st.apply(WHITE, "robber H30")
    play(st, WHITE, "robber 10")  # three hexes carry 10: choose among them
    assert st.phase == "robber_hex" and set(st.legal_actions(WHITE)) >= {"robber H09", "robber H11", "robber H20"}
    play(st, WHITE, "robber H11")
    assert st.robber == "H11" and st.phase == "steal"
    assert st.legal_actions(WHITE) == ["steal 1", "steal 2"]
    with pytest.raises(IllegalAction):
        st.apply(WHITE, "steal 3")  # orange has no card
    play(st, WHITE, "steal 2")
    assert sum(st.hands[BLUE]) == 6 and sum(st.hands[WHITE]) == 6 and st.hands[WHITE][2] == 1
    assert st.phase == "main" and invariants(st) == []


def _red_with_fra_toll() -> NuernbergState:
    st = main_phase(new(4), RED)
    st.hands[RED] = cards(wood=2, brick=2, grain=2, wool=2)
    play(st, RED, "toll FRA.s1")
    return st


def test_tn7_settlement_legality() -> None:
    st = _red_with_fra_toll()
    assert holder(st, "FRA") == RED  # the first toll bar takes the Wegerecht card
    play(st, RED, "settle FRA")
    legal = st.legal_actions(RED)
    assert "settle FRA.2" in legal and "settle FRA.0" not in legal
    play(st, RED, "settle FRA.2")
    assert st.hands[RED] == cards(wood=0, brick=0, grain=1, wool=1)  # grain + wool + brick + wood paid
    st.hands[RED] = cards(wood=1, brick=1, grain=1, wool=1)
    play(st, RED, "settle FRA")
    legal = st.legal_actions(RED)
    assert "settle FRA.1" not in legal and "settle FRA.3" not in legal and "settle FRA.4" in legal
    assert "settle FRA.0" not in legal
    # White has no toll bar on FRA.
    main_phase(st, WHITE)
    st.hands[WHITE] = cards(wood=1, brick=1, grain=1, wool=1)
    assert "settle FRA" not in st.legal_actions(WHITE)
    with pytest.raises(IllegalAction):
        st.apply(WHITE, "settle FRA.4")
    # VEN: white's settlements on VEN.2 and VEN.6.
    play(st, WHITE, "settle VEN")
    legal = st.legal_actions(WHITE)
    assert "settle VEN.4" in legal and "settle VEN.5" not in legal and "settle VEN.3" not in legal


def test_tn8_bank_trades() -> None:
    st = main_phase(new(4), WHITE)
    st.hands[WHITE] = cards(ore=4, wool=3, wood=2)
    st.gold[WHITE] = 4
    play(st, WHITE, "bank", "bank ore", "bank ore wool")
    assert st.hands[WHITE] == cards(wool=4, wood=2)
    play(st, WHITE, "bank", "bank gold", "bank gold brick")
    assert st.gold[WHITE] == 0 and st.hands[WHITE][3] == 1
    st.hands[WHITE] = cards(ore=3)
    assert "bank" not in st.legal_actions(WHITE)  # 3 ore are not enough at 4:1
    # A manufacture on D3 (3:1).
    manufacture(st, "D3", WHITE)
    st.hands[WHITE] = cards(wool=3)
    st.gold[WHITE] = 3
    play(st, WHITE, "bank", "bank wool", "bank wool ore")
    play(st, WHITE, "bank", "bank gold", "bank gold ore")
    assert st.hands[WHITE] == cards(ore=2) and st.gold[WHITE] == 0
    # A manufacture on D2 (2:1 wood) instead.
    st.discs = [-1] * 12
    manufacture(st, "D2", WHITE)
    st.hands[WHITE] = cards(wood=2, ore=2)
    play(st, WHITE, "bank")
    assert st.legal_actions(WHITE) == ["bank wood", "back"]  # 2 ore buy nothing
    play(st, WHITE, "bank wood", "bank wood brick")
    assert st.hands[WHITE] == cards(ore=2, brick=1)


def test_tn9_goods_sale_at_double_price() -> None:
    st = main_phase(new(4), BLUE)
    toll(st, "FRA", 1, BLUE)
    st.holders[0] = BLUE  # Frankfurt
    manufacture(st, "D2", BLUE)  # borders the helmet zone
    st.hands[BLUE] = cards(ore=4, wool=2)
    st.gold = [2, 2, 0, 2]
    play(st, BLUE, "produce helmets", "produce helmets")
    assert st.hands[BLUE] == cards() and st.gold[BLUE] == 16  # 2 x 4 x 2; no toll to oneself
    # The same sale by red without a manufacture: 8 gold, then 2 toll to blue.
    main_phase(st, RED)
    st.hands[RED] = cards(ore=4, wool=2)
    st.gold[RED] = 0
    play(st, RED, "produce helmets", "produce helmets")
    assert st.gold[RED] == 6 and st.gold[BLUE] == 18


def test_tn10_doubling_is_capped() -> None:
    st = main_phase(new(4), RED)
    manufacture(st, "D1", RED)
    manufacture(st, "D6", RED)  # both border armour
    st.hands[RED] = cards(ore=3, wool=1)
    st.gold = [0, 0, 0, 0]
    events = play(st, RED, "produce armour")
    assert st.gold[RED] == 8 and st.gold[WHITE] == 2  # 10 (not 20), minus the toll of 2 to white (Venedig)
    sale = next(e for e in events if e.kind == "produce")
    assert sale.params["price"] == 10 and sale.params["toll"] == 2 and sale.params["to"] == WHITE


def test_tn11_walls_in_order_and_towers_need_the_bauhof() -> None:
    st = main_phase(new(4), WHITE)
    st.hands[WHITE] = cards(brick=3, wood=1)
    st.gold[WHITE] = 12
    with pytest.raises(IllegalAction):
        st.apply(WHITE, "wall W5")  # no position to choose: the wall goes on the next place in the ring
    play(st, WHITE, "wall")
    assert st.view(None)["city"]["walls"][0]["built_by"] == WHITE and st.view(None)["city"]["next_wall"] == "W2"
    play(st, WHITE, "wall")
    assert st.prestige[WHITE] == 2 and st.gold[WHITE] == 6 and st.hands[WHITE] == cards(brick=1, wood=1)
    assert "tower" not in st.legal_actions(WHITE)  # no manufacture at the Bauhof
    manufacture(st, "D7", WHITE)
    play(st, WHITE, "tower")
    assert st.legal_actions(WHITE) == ["tower T1", "back"]  # only the triangle between W1 and W2 is open
    play(st, WHITE, "tower T1")
    assert st.prestige[WHITE] == 4 and st.gold[WHITE] == 3 and st.hands[WHITE] == cards()
    # Same with D8 for red.
    st2 = main_phase(new(4), RED)
    st2.walls = [WHITE, WHITE]
    st2.prestige[WHITE] = 2
    st2.hands[RED] = cards(brick=1, wood=1)
    st2.gold[RED] = 3
    assert "tower" not in st2.legal_actions(RED)
    manufacture(st2, "D8", RED)
    assert "tower" in st2.legal_actions(RED)


def test_tn14_council_with_three_players() -> None:
    st = main_phase(new(3), WHITE)
    st.hands[WHITE] = cards(brick=3)
    st.gold[WHITE] = 9
    play(st, WHITE, "wall", "wall", "wall")
    assert st.council == [WHITE, -1] and vp(st, WHITE) == 3 + 4
    main_phase(st, RED)
    st.hands[RED] = cards(brick=3)
    st.gold[RED] = 9
    play(st, RED, "wall", "wall", "wall")  # 3 is not more than white's 3: no swap
    assert st.council == [WHITE, RED] and vp(st, RED) == 3 + 2
    assert "kleiner_rat" not in st.council_cards


def test_tn15_timeline_reshuffles_at_1370() -> None:
    st = new(4, year=2)  # 1365
    for card in CARD_IDS[:10]:
        put_on_top(st, card)
        st.discard.append(st.deck.pop())
    put_on_top(st, "E04")  # a TIME card
    events = play(st, WHITE, "draw")
    assert st.view(None)["timeline"]["year"] == 1370
    assert len(st.deck) == 36 and st.discard == []
    assert any(e.kind == "reshuffle" for e in events) and st.phase == "main"


def test_tn15_timeline_end_at_1400_council_breaks_ties() -> None:
    st = new(4, year=8)  # 1395
    for disc in ("D1", "D2", "D3", "D10"):
        manufacture(st, disc, WHITE)
    settlement(st, "VEN", 4, WHITE)
    toll(st, "FRA", 1, WHITE)
    st.holders[0] = WHITE  # white: 3 settlements + Venedig + Frankfurt + 4 manufactures = 9, no council card
    for disc in ("D4", "D5", "D6", "D9"):
        manufacture(st, disc, RED)
    st.council = [BLUE, -1, RED]
    st.prestige = [0, 3, 4, 0]  # red: 2 settlements + Prag + 4 manufactures + Großer Rat = 9
    assert vp(st, WHITE) == 9 and vp(st, RED) == 9
    put_on_top(st, "E16")  # TIME
    play(st, WHITE, "draw")
    assert st.is_over() and st.to_act() == [] and st.end == "time"
    assert st.view(None)["timeline"]["year"] == 1400
    assert st.outcome().winners == [RED]


def test_tn15_kleiner_rat_beats_grosser_rat_on_a_tie() -> None:
    st = new(4, year=8)
    for disc in ("D1", "D2", "D3"):
        manufacture(st, disc, WHITE)  # white 3 + 3 + Kleiner Rat 3 = 9
    for disc in ("D4", "D5", "D6", "D9"):
        manufacture(st, disc, RED)  # red 3 + 4 + Großer Rat 2 = 9
    st.council = [BLUE, WHITE, RED]
    st.prestige = [4, 3, 5, 0]
    assert vp(st, WHITE) == 9 and vp(st, RED) == 9
    put_on_top(st, "E25")  # TIME (income 10 first: only blue and orange produce)
    play(st, WHITE, "draw")
    outcome = st.outcome()
    assert st.is_over() and outcome.winners == [WHITE] and outcome.ranks[RED] == 2


def test_tn16_thirteen_points_win_at_once() -> None:
    st = main_phase(new(4), WHITE)
    for disc in ("D1", "D2", "D3", "D4"):
        manufacture(st, disc, WHITE)  # 3 + 4
    st.council = [WHITE, -1, -1]
    st.prestige[WHITE] = 3
    st.walls = [WHITE] * 3
    toll(st, "FRA", 1, WHITE)
    st.holders[0] = WHITE  # 3 + 4 + 4 + 1 = 12
    assert vp(st, WHITE) == 12
    st.hands[WHITE] = cards(grain=2, wool=2, brick=2, wood=2)
    play(st, WHITE, "settle VEN", "settle VEN.4")
    assert vp(st, WHITE) == 13 and st.is_over() and st.winner == WHITE and st.end == "vp"
    assert st.legal_actions(WHITE) == [] and st.outcome().winners == [WHITE]
    with pytest.raises(IllegalAction):
        st.apply(WHITE, "end")


def test_tn17_wegezoll_pays_holders_per_settlement() -> None:
    st = new(4)
    put_on_top(st, "E02")  # income 3, WEGEZOLL
    play(st, WHITE, "draw")
    assert st.gold == [4, 4, 4, 4]  # each holder's route carries 2 settlements; Frankfurt is unowned
    st3 = new(3)
    put_on_top(st3, "E02")
    play(st3, WHITE, "draw")
    assert st3.gold == [4, 4, 4]


def test_tn18_trade_restrictions() -> None:
    st = main_phase(new(4), WHITE)
    st.hands = [cards(wool=2), cards(ore=1), cards(ore=1), cards()]
    with pytest.raises(IllegalAction):
        st.apply(RED, "offer")  # a non-active player cannot trade
    play(st, WHITE, "offer", "give wool")
    assert "send all" not in st.legal_actions(WHITE)  # 1 wool for nothing: a gift
    with pytest.raises(IllegalAction):
        st.apply(WHITE, "send 1")
    play(st, WHITE, "give gold", "want ore", "send all")
    assert st.to_act() == [RED, BLUE, ORANGE]  # the proposer waits without a clock while the others answer
    assert st.legal_actions(ORANGE) == ["decline", "counter"]  # orange has no ore (a counter is built in the menu)
    play(st, BLUE, "accept")
    play(st, RED, "decline")
    play(st, ORANGE, "decline")
    assert st.to_act() == [WHITE] and st.legal_actions(WHITE) == ["take 2", "withdraw"]
    play(st, WHITE, "take 2")
    assert st.hands[WHITE] == cards(wool=1, ore=1) and st.gold[WHITE] == 1
    assert st.hands[BLUE] == cards(wool=1) and st.gold[BLUE] == 3
    assert st.phase == "main" and st.to_act() == [WHITE] and invariants(st) == []
