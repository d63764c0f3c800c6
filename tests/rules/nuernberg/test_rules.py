"""Rules beyond the scenarios of docs/rules/nuernberg.md: toll bars, Wegerecht, council swaps, events, set-up,
limits."""

from __future__ import annotations

import random

import pytest

from rules import IllegalAction
from rules.core import Rng
from rules.nuernberg import GAME
from rules.nuernberg.board import GOOD_NAMES, ROUTE_IDS, SECTION_IDS
from rules.nuernberg.building import MAX_BACKS_PER_TURN, _legal_top, top_allows
from rules.nuernberg.checks import invariants
from rules.nuernberg.economy import vp
from rules.nuernberg.state import NuernbergState
from tests.rules.nuernberg.helpers import (
    BLUE,
    ORANGE,
    RED,
    WHITE,
    cards,
    holder,
    main_phase,
    manufacture,
    new,
    play,
    put_on_top,
)


# ---- toll bars and Wegerecht ------------------------------------------------------------------------------
def test_toll_bars_start_at_the_origin_and_stay_contiguous() -> None:
    st = main_phase(new(4), RED)
    st.hands[RED] = cards(wood=3, brick=3)
    tolls = [a for a in st.legal_actions(RED) if a.startswith("toll ")]
    assert "toll FRA.s1" in tolls and not any(a.startswith("toll FRA.s") and a != "toll FRA.s1" for a in tolls)
    assert "toll VEN.s3" in tolls and "toll VEN.s1" not in tolls  # one toll bar per section; touch the last
    with pytest.raises(IllegalAction):
        st.apply(RED, "toll FRA.s2")
    play(st, RED, "toll FRA.s1")
    assert st.hands[RED] == cards(wood=2, brick=2)
    assert "toll FRA.s2" in st.legal_actions(RED) and "toll FRA.s3" not in st.legal_actions(RED)


def test_wegerecht_moves_only_on_strictly_more_toll_bars() -> None:
    st = main_phase(new(4), RED)
    st.hands[RED] = cards(wood=1, brick=1)
    events = play(st, RED, "toll FRA.s1")
    assert holder(st, "FRA") == RED and any(e.kind == "wegerecht" for e in events)
    main_phase(st, WHITE)
    st.hands[WHITE] = cards(wood=2, brick=2)
    play(st, WHITE, "toll FRA.s2")
    assert holder(st, "FRA") == RED  # 1 : 1, the holder keeps the card
    events = play(st, WHITE, "toll FRA.s3")
    assert holder(st, "FRA") == WHITE and vp(st, WHITE) == 4 and vp(st, RED) == 3
    assert next(e for e in events if e.kind == "wegerecht").params == {"route": "FRA", "from": RED, "to": WHITE}


def test_toll_bar_pieces_are_limited() -> None:
    st = main_phase(new(4), RED)
    st.hands[RED] = cards(wood=9, brick=9)
    for r in range(5):
        st.tolls[r] = [RED if i < 3 else -1 for i in range(len(st.tolls[r]))]
    assert not any(a.startswith("toll ") for a in st.legal_actions(RED))  # 15 placed


def test_settlement_needs_a_free_piece() -> None:
    st = main_phase(new(4), WHITE)
    st.hands[WHITE] = cards(wood=1, brick=1, grain=1, wool=1)
    st.settlements[0][4] = WHITE
    st.settlements[0][6] = WHITE
    st.settlements[0][8] = WHITE  # 5 settlements placed (2 on VEN)
    assert not any(a.startswith("settle") for a in st.legal_actions(WHITE))


# ---- council cards ----------------------------------------------------------------------------------------
def _walls(st: NuernbergState, seat: int, count: int) -> None:
    main_phase(st, seat)
    st.hands[seat] = cards(brick=count)
    st.gold[seat] = 3 * count
    play(st, seat, *["wall"] * count)


def test_council_card_changes_hands_when_overtaken() -> None:
    st = new(4)
    _walls(st, WHITE, 3)
    _walls(st, RED, 3)
    assert st.council == [WHITE, RED, -1]
    _walls(st, RED, 1)  # red 4 > white 3: red takes the Siebenerrat, white gets the Kleiner Rat
    assert st.council == [RED, WHITE, -1] and vp(st, RED) == 7 and vp(st, WHITE) == 6
    assert invariants(st) == []


def test_council_card_is_locked_from_twelve_prestige() -> None:
    st = new(4)
    st.walls = [WHITE] * 12 + [RED] * 12
    st.prestige = [12, 12, 0, 0]
    st.council = [WHITE, RED, -1]
    _walls(st, RED, 1)  # red 13 > white 12, but white's card can no longer be taken
    assert st.prestige[RED] == 13 and st.council == [WHITE, RED, -1] and invariants(st) == []
    st.prestige[WHITE] = 11
    st.walls[0] = BLUE
    st.prestige[BLUE] = 1
    _walls(st, RED, 1)  # with 11 prestige white would have lost it
    assert st.council == [RED, WHITE, -1]


def _tied_holders() -> NuernbergState:
    st = new(4)
    st.walls = [BLUE] * 3 + [RED] * 3 + [WHITE] * 3
    st.prestige = [3, 3, 3, 0]
    st.council = [BLUE, RED, WHITE]  # all on 3: no swaps
    main_phase(st, WHITE)
    st.hands[WHITE] = cards(brick=1)
    st.gold[WHITE] = 3
    play(st, WHITE, "wall")  # white 4 overtakes blue (Siebenerrat) and red (Kleiner Rat), tied on 3
    return st


def test_council_taker_chooses_among_tied_holders() -> None:
    st = _tied_holders()
    assert st.phase == "council" and st.to_act() == [WHITE]
    assert st.legal_actions(WHITE) == ["council 1", "council 2"]
    play(st, WHITE, "council 1")  # red's Kleiner Rat first; then blue's Siebenerrat is still better
    assert st.council == [WHITE, BLUE, RED] and st.phase == "main" and invariants(st) == []


def test_council_taking_the_best_card_first_leaves_the_other_holder_alone() -> None:
    st = _tied_holders()
    play(st, WHITE, "council 2")
    assert st.council == [WHITE, RED, BLUE] and st.phase == "main" and invariants(st) == []


# ---- the robber knight and other events -------------------------------------------------------------------
def test_raubritter_without_discards_goes_to_the_robber_and_steals_from_the_only_victim() -> None:
    st = new(4)
    st.hands = [cards(), cards(ore=1), cards(), cards()]
    put_on_top(st, "E32")
    play(st, WHITE, "draw")
    assert st.phase == "robber" and st.to_act() == [WHITE]
    play(st, WHITE, "robber 12")
    assert st.phase == "robber_hex"
    events = play(st, WHITE, "robber H15")
    assert st.hands[WHITE] == cards(ore=1) and st.hands[RED] == cards() and st.phase == "main"
    private = [e for e in events if e.kind == "stolen"]
    assert {e.to for e in private} == {WHITE, RED} and all(e.params["resource"] == "ore" for e in private)
    public = next(e for e in events if e.kind == "steal")
    assert public.to is None and "resource" not in public.params


def test_robber_number_with_one_candidate_moves_at_once() -> None:
    st = new(4, robber="H06")  # number 2 is on H06 and H29 only
    st.hands = [cards(), cards(), cards(), cards()]
    st.phase = "robber"
    play(st, WHITE, "robber 2")
    assert st.robber == "H29" and st.phase == "main"


def test_retreat_reichstag_and_handelstag() -> None:
    st = new(4, robber="H11")
    manufacture(st, "D1", RED)
    manufacture(st, "D2", RED)
    put_on_top(st, "E12")  # income 6, retreat
    play(st, WHITE, "draw")
    assert st.robber == "H30"
    play(st, WHITE, "end")
    put_on_top(st, "E08")  # income 5, Reichstag
    play(st, RED, "draw")
    assert st.gold[RED] == 4 and st.gold[WHITE] == 2
    play(st, RED, "end")
    put_on_top(st, "E05")  # income 4, Handelstag
    st.hands[BLUE] = cards(ore=3)
    play(st, BLUE, "draw")
    ore = st.hands[BLUE][4]
    assert st.handelstag and "bank" in st.legal_actions(BLUE)
    play(st, BLUE, "bank", "bank ore", "bank ore grain")
    assert st.hands[BLUE][4] == ore - 3
    play(st, BLUE, "end")
    assert not st.handelstag


def test_empty_pile_is_reshuffled_without_moving_time() -> None:
    st = new(4)
    st.discard = st.deck[:] + st.discard
    st.deck = []
    events = play(st, WHITE, "draw")
    assert events[0].kind == "reshuffle" and events[0].params["reason"] == "empty"
    assert len(st.deck) == 35 and len(st.discard) == 1 and st.year <= 1


def test_reshuffle_on_1385_and_not_on_other_years() -> None:
    for year_index, expect_reshuffle in ((5, True), (4, False)):
        st = new(4, year=year_index)
        put_on_top(st, "E11")  # TIME
        events = play(st, WHITE, "draw")
        assert any(e.kind == "reshuffle" for e in events) is expect_reshuffle
        assert len(st.deck) == (36 if expect_reshuffle else 35)


# ---- free set-up --------------------------------------------------------------------------------------------
def test_free_setup_snake_order_same_route_and_second_settlement_produces() -> None:
    st = new(3, setup="free")
    assert st.phase == "setup_toll" and st.to_act() == [WHITE] and st.turn == 0
    assert st.legal_actions(WHITE) == [f"toll {r}.s1" for r in ("FRA", "PRA", "VEN", "IV", "V")]
    play(st, WHITE, "toll VEN.s1")
    assert holder(st, "VEN") == WHITE
    assert all(a.startswith("settle VEN.") for a in st.legal_actions(WHITE))
    play(st, WHITE, "settle VEN.2")
    assert st.hands[WHITE] == cards()  # the first settlement does not produce
    order = []
    while st.phase.startswith("setup"):
        seat = st.to_act()[0]
        order.append(seat)
        toll_action = st.legal_actions(seat)[0]
        play(st, seat, toll_action)
        play(st, seat, st.legal_actions(seat)[-1])
    assert order == [RED, BLUE, BLUE, RED, WHITE]
    assert st.phase == "draw" and st.to_act() == [WHITE] and st.turn == 1
    assert all(sum(h) > 0 for h in st.hands) and st.gold == [2, 2, 2]
    assert invariants(st) == []


def test_options_are_validated() -> None:
    assert GAME.normalise_options(None) == {"setup": "beginner"}
    with pytest.raises(IllegalAction):
        GAME.new_state(3, 1, {"setup": "chaos"})


# ---- limits that keep random play finite and menus small --------------------------------------------------
def test_back_is_capped_per_turn() -> None:
    st = main_phase(new(4), WHITE)
    st.hands[WHITE] = cards(ore=8, grain=4)
    for _ in range(MAX_BACKS_PER_TURN):
        play(st, WHITE, "manufacture", "back")
    play(st, WHITE, "manufacture")
    assert "back" not in st.legal_actions(WHITE)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("setup", ["beginner", "free"])
def test_random_play_keeps_invariants_and_menus_small(n: int, setup: str) -> None:
    for seed in range(3):
        st = GAME.new_state(n, seed, {"setup": setup})
        rnd = random.Random(seed)
        while not st.is_over():
            seat = rnd.choice(st.to_act())
            legal = st.legal_actions(seat)
            assert len(legal) <= 25, legal
            st.apply(seat, rnd.choice(legal))
            assert invariants(st) == []


def test_turn_passes_clockwise_and_starts_with_the_event_card() -> None:
    st = main_phase(new(4), ORANGE)
    play(st, ORANGE, "end")
    assert st.active == WHITE and st.phase == "draw" and st.legal_actions(WHITE) == ["draw"]
    assert st.legal_actions(BLUE) == []


def test_a_bank_trade_typed_at_once_is_the_three_menu_steps_in_one() -> None:
    # `/nuernberg bank trade:"ore grain"` sends "bank ore grain": one decision where the menus take three
    by_menu, at_once = main_phase(new(4), BLUE), main_phase(new(4), BLUE)
    for st in (by_menu, at_once):
        st.hands[BLUE] = cards(ore=4)
    play(by_menu, BLUE, "bank", "bank ore", "bank ore grain")
    events = play(at_once, BLUE, "bank ore grain")
    assert at_once.hands == by_menu.hands and at_once.gold == by_menu.gold and at_once.menu is None
    assert [e.kind for e in events] == ["bank"]
    # only what the menus would offer: never the same card back, nothing the seat cannot pay, nobody else's turn
    for wrong in ("bank ore ore", "bank wool ore", "bank ore gold", "bank ore", "bank ore grain wool"):
        assert not at_once._is_legal(BLUE, wrong), wrong
    assert not at_once._is_legal(RED, "bank ore grain")
    with pytest.raises(IllegalAction):
        at_once.apply(BLUE, "bank wool ore")


def test_every_build_the_menus_reach_in_steps_may_be_typed_at_once() -> None:
    # across a seeded game: wherever the menus lead to a build, the build typed at once is legal and does the same
    rng = random.Random(5)
    st, checked = new(4, seed=5), set()
    while not st.is_over() and len(checked) < 3:
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        opener = next((a for a in legal if a in ("manufacture", "tower") or (a.startswith("settle ") and
                                                                             "." not in a)), None)
        if st.phase == "main" and st.menu is None and opener is not None:
            stepped = st.clone()
            stepped.apply(seat, opener)
            build = next(a for a in stepped.legal_actions(seat) if a != "back")
            typed = st.clone()
            assert typed.legal_actions(seat) == legal and build not in legal
            typed.apply(seat, build)
            stepped.apply(seat, build)
            same = {k: v for k, v in typed.to_json().items() if k != "ply"}  # one step fewer: the only difference
            assert same == {k: v for k, v in stepped.to_json().items() if k != "ply"}, build
            checked.add(opener.split()[0])
        st.apply(seat, rng.choice([a for a in legal if a != "back"] or legal))
    assert checked  # at least one kind of build was typed at once


def test_the_raubritter_discards_may_be_given_at_once() -> None:
    one_by_one, at_once = new(4), new(4)
    for st in (one_by_one, at_once):
        st.phase, st.active = "discard", RED
        st.discards_due = [0, 0, 0, 0]
        st.discards_due[BLUE] = 3
        st.hands[BLUE] = cards(wool=2, ore=2)
    play(one_by_one, BLUE, "discard wool", "discard wool", "discard ore")
    events = play(at_once, BLUE, "discard wool wool ore")
    assert at_once.hands == one_by_one.hands and at_once.phase == one_by_one.phase == "robber"
    assert [e.kind for e in events].count("discarded_card") == 3
    assert "2" in at_once.describe("discard wool wool ore")
    for wrong in ("discard wool wool wool", "discard wool ore ore ore", "discard wool wood", "discard gold ore"):
        assert not new(4, phase="discard", discards_due=[0, 0, 0, 3], hands=[[0] * 5, [0] * 5, [0] * 5,
                                                                             cards(wool=2, ore=2)])._is_legal(
            3, wrong), wrong


def test_the_robber_knight_may_be_sent_to_a_hex_at_once() -> None:
    from rules.nuernberg.board import NUMBER_HEXES

    by_number, at_once = new(4), new(4)
    number = next(n for n, hexes in NUMBER_HEXES.items() if len([h for h in hexes if h != by_number.robber]) > 1)
    target = next(h for h in NUMBER_HEXES[number] if h != by_number.robber)
    for st in (by_number, at_once):
        st.phase, st.active = "robber", BLUE
    play(by_number, BLUE, f"robber {number}", f"robber {target}")
    play(at_once, BLUE, f"robber {target}")
    assert at_once.robber == by_number.robber == target and at_once.phase == by_number.phase
    assert not at_once._is_legal(BLUE, "robber H999")


def test_the_robber_knight_and_his_victim_in_one_action() -> None:
    from rules.nuernberg.board import NUMBER_HEXES

    st = new(4)
    st.phase, st.active = "robber", BLUE
    st.hands = [cards(wool=1), cards(ore=2), cards(), cards()]
    st.hands[BLUE] = cards()
    victims = [s for s in range(4) if s != BLUE and sum(st.hands[s])]
    assert len(victims) == 2  # so the rules would ask whom to rob
    target = next(h for hexes in NUMBER_HEXES.values() for h in hexes if h != st.robber)
    victim = victims[1]
    before = sum(st.hands[victim])
    play(st, BLUE, f"robber {target} steal {victim}")
    assert st.robber == target and st.phase == "main" and sum(st.hands[victim]) == before - 1
    assert sum(st.hands[BLUE]) == 1
    again = new(4)
    again.phase, again.active, again.hands = "robber", BLUE, [cards(wool=1), cards(ore=2), cards(), cards()]
    nobody = next(s for s in range(4) if s != BLUE and not sum(again.hands[s]))
    assert not again._is_legal(BLUE, f"robber {target} steal {nobody}")  # a player without cards cannot be robbed
    assert not again._is_legal(BLUE, f"robber {target} steal {BLUE}")
    assert not again._is_legal(BLUE, f"robber {again.robber} steal {victim}")  # he must move


def test_the_quick_legality_test_of_a_top_level_action_agrees_with_the_list() -> None:
    """``top_allows`` (what ``apply`` checks in the main phase's top level) says yes exactly to the listed actions."""
    words = ["end", "end ", "manufacture", "wall", "tower", "bank", "offer", "back", "toll", "produce", "settle FRA.2",
             "toll  FRA.s1", "manufacture D1", "bank wool", *(f"toll {s}" for s in SECTION_IDS),
             *(f"settle {r}" for r in ROUTE_IDS), *(f"produce {g}" for g in GOOD_NAMES)]
    checked = 0
    for n, seed, setup in ((3, 1, "beginner"), (4, 2, "free"), (3, 3, "free")):
        st = new(n, seed, setup)
        rng = Rng(seed, "wander")
        while awaited := st.to_act():
            seat = awaited[0]
            legal = st.legal_actions(seat)
            if st.phase == "main" and st.menu is None:
                for s in range(n):
                    top = _legal_top(st, s)
                    assert [w for w in words + top if top_allows(st, s, w)] == [w for w in words + top if w in top]
                    checked += 1
            action = legal[rng.below(len(legal))] if rng.below(3) == 0 else GAME.bot_action(st.view(seat), legal,
                                                                                             seat, rng)
            st.apply(seat, action)
    assert checked > 100
