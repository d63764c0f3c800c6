"""Issue 20: texts that said something else than the rules do, and the rules' own reasons for refusals."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.core import Event
from rules.nuernberg import GAME
from rules.nuernberg.state import NuernbergState
from tests.rules.nuernberg.helpers import (
    BLUE,
    RED,
    WHITE,
    cards,
    main_phase,
    manufacture,
    new,
    play,
    toll,
)


def test_a_wegerecht_change_names_its_new_holder() -> None:
    text = GAME.event_text(Event("wegerecht", {"route": "FRA", "from": None, "to": 2}))
    assert text.startswith("Seat 2 takes the Wegerecht card") and "Nobody" not in text
    text = GAME.event_text(Event("wegerecht", {"route": "FRA", "from": 1, "to": 2}))
    assert text.startswith("Seat 2 takes the Wegerecht card") and text.endswith("from Seat 1.")


def test_the_status_line_has_no_colour_words() -> None:
    status = new(4).view(None)["status"]
    assert not any(colour in status for colour in ("white", "red", "blue", "orange"))
    assert "Seat 0" in status


def test_the_produce_label_says_what_the_seller_really_gets() -> None:
    st = main_phase(new(4), BLUE)
    st.holders[0] = BLUE  # route FRA: Frankfurt buys helmets
    manufacture(st, "D2", BLUE)  # doubles helmets
    st.hands[BLUE] = cards(ore=2, wool=1)
    label = st.describe("produce helmets")
    assert "for 8 (doubled)" in label and "no toll (your Wegerecht)" in label
    st.holders[0] = RED
    assert "toll 1 to Seat 1" in st.describe("produce helmets")
    st.holders[0] = -1
    assert "no toll" in st.describe("produce helmets")


def test_an_empty_hand_and_one_card_read_as_english() -> None:
    st = main_phase(new(4), WHITE)
    st.hands = [cards(), cards(ore=1), cards(), cards()]
    own = GAME.summary(st.view(WHITE))
    assert "Yours: nothing in hand" in own and "Yours:  in hand" not in own
    assert "Seat 1: " in own and "1 card," in own and "1 cards" not in own


def test_a_toll_bar_label_says_when_it_wins_the_wegerecht() -> None:
    st = main_phase(new(4, setup="free"), WHITE)
    st.hands[WHITE] = cards(wood=2, brick=2)
    legal = [a for a in st.legal_actions(WHITE) if a.startswith("toll ")]
    assert legal and all("wins the Wegerecht card (+1 VP)" in st.describe(a) for a in legal)  # empty routes
    toll(st, "FRA", 1, RED)
    st.holders[0] = RED
    toll(st, "FRA", 2, WHITE)
    # white has 1 bar against red's 1: a second one is strictly more and takes the card
    label = st.describe("toll FRA.s3")
    assert "wins the Wegerecht" in label
    st.tolls[0][1] = -1
    assert "wins the Wegerecht" not in st.describe("toll FRA.s2")  # 1 against red's 1: red keeps it (N-A3)


def _tied_holders() -> NuernbergState:
    st = new(4)
    st.walls = [BLUE] * 3 + [RED] * 3 + [WHITE] * 3
    st.prestige = [3, 3, 3, 0]
    st.council = [BLUE, RED, WHITE]
    main_phase(st, WHITE)
    st.hands[WHITE] = cards(brick=1)
    st.gold[WHITE] = 3
    play(st, WHITE, "wall")  # white 4 overtakes blue (Siebenerrat) and red (Kleiner Rat), tied on 3
    return st


def test_the_council_choice_says_its_whole_result_and_is_asked_once() -> None:
    st = _tied_holders()
    assert st.describe("council 1") == (
        "Overtake Seat 1: you end with Mitglied im Siebenerrat, Seat 1 with Mitglied im Großen Rat")
    assert st.describe("council 2") == (
        "Overtake Seat 2: you end with Mitglied im Siebenerrat, Seat 2 with Mitglied im Großen Rat")
    play(st, WHITE, "council 1")
    assert st.phase == "main" and st.council == [WHITE, BLUE, RED]


def test_a_three_way_tie_is_asked_once() -> None:
    st = new(4)
    st.walls = [BLUE] * 3 + [RED] * 3 + [3] * 3
    st.prestige = [0, 3, 3, 3]
    st.council = [BLUE, RED, 3]
    main_phase(st, WHITE)
    st.walls += [WHITE] * 3
    st.prestige[WHITE] = 3
    st.hands[WHITE] = cards(brick=1)
    st.gold[WHITE] = 3
    play(st, WHITE, "wall")
    assert st.phase == "council" and st.legal_actions(WHITE) == ["council 1", "council 2", "council 3"]
    label = st.describe("council 3")
    play(st, WHITE, "council 3")
    assert st.phase == "main"  # not asked a second time
    assert label.startswith("Overtake Seat 3: you end with Mitglied im Siebenerrat, Seat 3 with no council card")
    assert st.council[0] == WHITE and 3 not in st.council


@pytest.mark.parametrize(("setup", "action", "reason"), [
    ("robber", "robber H30", "The robber knight is already on H30: move him to another hex."),
    ("robber", "robber H16", "The robber knight may not enter Nürnberg (H16)."),
    ("main", "robber 8", "The robber knight moves only after a Raubritter card."),
    ("main", "wall", "A wall section costs 1 brick + 3 gold."),
    ("main", "toll FRA.s1", "A toll bar costs 1 wood + 1 brick."),
    ("main", "settle FRA.2", "A settlement costs 1 grain + 1 wool + 1 brick + 1 wood."),
    ("main", "accept", "There is no trade offer out."),
    ("main", "draw", "The event card was already turned over this turn."),
    ("draw", "end", "Not now (the game is at: event card)."),
])
def test_a_well_formed_illegal_action_gets_the_rules_reason(setup: str, action: str, reason: str) -> None:
    st = new(4)
    st.hands = [cards(), cards(), cards(), cards()]
    st.gold = [0, 0, 0, 0]
    if setup == "main":
        main_phase(st, WHITE)
    elif setup == "robber":
        st.phase = "robber"
    before = st.dump()
    with pytest.raises(IllegalAction) as err:
        st.apply(WHITE, action)
    assert err.value.message == reason and st.dump() == before


def test_junk_still_gets_the_generic_answer() -> None:
    st = main_phase(new(4), WHITE)
    with pytest.raises(IllegalAction) as err:
        st.apply(WHITE, "fly to the moon")
    assert "not a legal action now" in err.value.message


def test_a_crossing_in_the_menu_says_which_hexes_and_numbers_it_touches() -> None:
    st = main_phase(new(4), 3)
    st.hands[3] = cards(wood=1, brick=1, grain=1, wool=1)
    play(st, 3, "settle IV")
    assert st.describe("settle IV.5") == (
        "Settlement on IV.5, touching fields 9, forest 6, fields 10 (grain+wool+brick+wood)")
