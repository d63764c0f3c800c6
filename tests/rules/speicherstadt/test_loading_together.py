"""Loading at the same time: who loads at once, and proofs that the order of their steps never matters."""

from __future__ import annotations

import itertools
import json
import random

from rules.core import IllegalAction, Rng
from rules.speicherstadt import GAME
from rules.speicherstadt.checks import invariants
from rules.speicherstadt.state import SpeicherstadtState
from tests.rules.speicherstadt.helpers import fresh, give, goods, loading_state, take_from_bag

Plan = dict[int, list[str]]


def _state_key(state: SpeicherstadtState) -> str:
    """The whole state, for comparing the ends of two orders (the ply counts the steps, so it is equal too)."""
    return state.dump()


def _run_blocks(state: SpeicherstadtState, plan: Plan, order: tuple[int, ...]) -> SpeicherstadtState:
    """Each seat of ``order`` plays its whole plan in turn; every step must be legal and its seat awaited."""
    st = state.clone()
    assert isinstance(st, SpeicherstadtState)
    for seat in order:
        for action in plan[seat]:
            assert seat in st.to_act(), (order, seat, action)
            st.apply(seat, action)
    return st


def _run_interleaved(state: SpeicherstadtState, plan: Plan, rnd: random.Random) -> SpeicherstadtState:
    """The plans' steps interleaved at random, each seat's own in its order."""
    st = state.clone()
    assert isinstance(st, SpeicherstadtState)
    left = {seat: list(actions) for seat, actions in plan.items()}
    while any(left.values()):
        seat = rnd.choice([s for s, actions in left.items() if actions and s in st.to_act()])
        st.apply(seat, left[seat].pop(0))
    return st


def _together_round() -> tuple[SpeicherstadtState, Plan]:
    """Four seats with loading work; nobody holds 3 cubes except seat 3, and the reserve holds enough of every good."""
    state = loading_state(4, [])
    state.first = 1
    give(state, 0, "A02", "A05")  # coffee+tea contract, Tea Taster
    give(state, 1, "A06")  # warehouse
    give(state, 3, "A09")  # Coffee Roaster
    state.players[0]["hand"] = take_from_bag(state, {"tea": 2})
    state.players[1]["hand"] = take_from_bag(state, {"saffron": 1, "carpet": 1})
    state.players[2]["hall"] = take_from_bag(state, {"rubber": 1})
    state.players[2]["hand"] = take_from_bag(state, {"rubber": 1})
    state.players[3]["hand"] = take_from_bag(state, {"coffee": 2, "carpet": 1})  # could convert once
    state.reserve = take_from_bag(state, {g: 1 for g in goods()})  # one of every good: enough for 1 conversion
    state._start_loading(Rng(1, "t"), [])
    plan = {
        0: ["fill A02 tea", "sell tea", "done"],
        1: ["store saffron", "hall carpet", "done"],
        2: ["hall rubber", "marketsell", "done"],
        3: ["hall carpet", "hall coffee", "hall coffee", "convert tea", "done"],
    }
    return state, plan


def test_everyone_loads_at_once_when_no_conversion_can_depend_on_the_order() -> None:
    state, plan = _together_round()
    assert state.to_act() == [1, 2, 3, 0]  # turn order from the first player, all at once
    assert state.view(None)["loading_later"] == []
    assert "seat 1, seat 2, seat 3 and seat 0 unload goods at the same time." in state.view(None)["status"]
    assert not state.secret_simultaneous()
    ends = {_state_key(_run_blocks(state, plan, order)) for order in itertools.permutations(plan)}
    rnd = random.Random(5)
    ends |= {_state_key(_run_interleaved(state, plan, rnd)) for _ in range(30)}
    assert len(ends) == 1  # 24 orders of whole turns and 30 interleavings of single steps: one final state
    end = SpeicherstadtState.from_json(json.loads(ends.pop()))
    assert end.phase == "demand" and _cube_errors(end) == []
    assert end.players[0]["coins"] == 5 + 1 + 2  # one tea sold; Income +1, +1 more for buying nothing this round


def test_each_seats_options_do_not_depend_on_the_others_steps() -> None:
    state, plan = _together_round()
    for seat, actions in plan.items():
        alone = state.clone()
        assert isinstance(alone, SpeicherstadtState)
        others_first = _run_blocks(state, {s: a[:-1] for s, a in plan.items()}, tuple(s for s in plan if s != seat))
        for action in actions:
            assert alone.legal_actions(seat) == others_first.legal_actions(seat)
            alone.apply(seat, action)
            others_first.apply(seat, action)


def _convert_round() -> tuple[SpeicherstadtState, Plan]:
    """No coffee in the reserve; seat 1 could convert (3 cubes), seat 2 holds a coffee it will lose, seat 0 could
    convert too. Whether seat 1 may convert into coffee depends on seat 2's step: the order matters."""
    state = loading_state(3, [])
    state.first = 1
    state.players[0]["hand"] = take_from_bag(state, {"tea": 3})
    state.players[1]["hand"] = take_from_bag(state, {"rubber": 2, "carpet": 1})
    state.players[2]["hand"] = take_from_bag(state, {"coffee": 1})
    state._start_loading(Rng(1, "t"), [])
    plan = {
        2: ["done"],  # the coffee goes to the reserve
        1: ["hall rubber", "hall rubber", "hall carpet", "convert coffee", "done"],
        0: ["hall tea", "hall tea", "hall tea", "convert rubber", "done"],
    }
    return state, plan


def test_a_possible_conversion_makes_the_converters_wait_in_turn_order() -> None:
    state, plan = _convert_round()
    assert state.queue == [1, 2, 0]
    assert state.to_act() == [2]  # only the seat that cannot convert; both converters wait
    assert state.view(None)["loading_later"] == [1, 0]
    assert state.view(None)["status"].endswith(
        "seat 2 unloads goods; then seat 1 and seat 0 (a conversion at the market hall could depend on the order).")
    # Had seat 1 gone first, "convert coffee" would not have been legal: the order does matter here.
    early = state.clone()
    assert isinstance(early, SpeicherstadtState)
    early.queue = [1]
    for action in plan[1][:3]:
        early.apply(1, action)
    assert "convert coffee" not in early.legal_actions(1)
    state.apply(2, "done")
    assert state.to_act() == [1]  # converters one at a time, in turn order
    for action in plan[1][:-1]:
        state.apply(1, action)
    assert state.players[1]["hand"] == goods(coffee=1)
    assert state.to_act() == [1]  # seat 1, down to 1 cube, keeps its turn until done
    state.apply(1, "done")
    assert state.to_act() == [0]


def test_every_order_the_rule_allows_ends_the_same() -> None:
    state, plan = _convert_round()
    allowed = [order for order in itertools.permutations(plan) if _allowed(state, plan, order)]
    assert allowed == [(2, 1, 0)]  # seat 2 first, then the converters in turn order
    rnd = random.Random(3)
    ends = {_state_key(_run_interleaved(state, plan, rnd)) for _ in range(10)}
    assert ends == {_state_key(_run_blocks(state, plan, (2, 1, 0)))}


def _allowed(state: SpeicherstadtState, plan: Plan, order: tuple[int, ...]) -> bool:
    try:
        _run_blocks(state, plan, order)
    except (AssertionError, IllegalAction):
        return False
    return True


def test_converters_join_at_once_when_the_reserve_holds_enough() -> None:
    state, plan = _convert_round()
    state.bag = {g: n - 2 for g, n in state.bag.items()}
    state.reserve = goods(**dict.fromkeys(state.reserve, 2))  # two conversions possible, two of every good
    assert state.to_act() == [1, 2, 0]
    ends = {_state_key(_run_blocks(state, plan, order)) for order in itertools.permutations(plan)}
    assert len(ends) == 1
    # One tea less: two conversions could now find tea missing, one cannot. Seat 1 joins in turn order, seat 0
    # waits until the group without it is done.
    state.reserve["tea"] = 1
    state.bag["tea"] += 1
    assert state.to_act() == [1, 2]
    assert state.view(None)["loading_later"] == [0]


def test_a_lone_converter_loads_with_others_unless_they_hold_a_good_it_could_miss() -> None:
    def round_with(seat2_wh: dict[str, int]) -> SpeicherstadtState:
        state = loading_state(3, [])
        state.first = 0
        state.players[0]["hand"] = take_from_bag(state, {"tea": 3})  # could convert once
        state.players[1]["hand"] = take_from_bag(state, {"tea": 1})
        give(state, 2, "A06")
        state.players[2]["wh"] = take_from_bag(state, seat2_wh)
        state.reserve = take_from_bag(state, {"tea": 1})  # enough tea for the one conversion; no other good
        state._start_loading(Rng(1, "t"), [])
        return state

    # Seats 1 and 2 hold only tea, which the reserve holds enough of; every other good only seat 0 could move.
    together = round_with({"tea": 2})
    assert together.to_act() == [0, 1, 2]
    # Seat 2 holds a coffee too: seat 0 could convert into coffee only once seat 2 had let one go. Seat 0 waits.
    state = round_with({"tea": 1, "coffee": 1})
    assert state.to_act() == [1, 2]
    state.apply(1, "done")  # its tea goes to the reserve
    state.apply(2, "take tea wh")
    state.apply(2, "done")  # the tea taken into hand is lost; the coffee stays in the warehouse
    assert state.to_act() == [0] and state.reserve == goods(tea=3)
    # Now alone, seat 0 may convert into tea (the reserve has it) but not into coffee (nobody put one there).
    for _ in range(3):
        state.apply(0, "hall tea")
    assert {a for a in state.legal_actions(0) if a.startswith("convert")} == {"convert tea"}


def test_random_games_never_let_one_loading_seat_change_anothers_options() -> None:
    """The diamond property, checked at every step of random loading phases with several seats awaited: after any
    seat's step every other loading seat is still awaited, has the same options, and the two steps commute."""
    checked = 0
    for seed in range(12):
        state = fresh(2 + seed % 4, seed)
        rnd = random.Random(seed)
        while not state.is_over() and checked < 4000:
            awaited = state.to_act()
            if state.phase == "loading":
                assert awaited and set(awaited) <= set(state.queue)
                _check_diamond(state, awaited, rnd)
                checked += 1
            seat = rnd.choice(awaited)
            legal = state.legal_actions(seat)
            action = GAME.bot_action(state.view(seat), legal, seat, Rng(seed, "b", state.ply)) \
                if rnd.random() < 0.5 else rnd.choice(legal)
            state.apply(seat, action)
            for s in awaited:  # a loading seat stays awaited until its own "done"
                if s != seat and state.phase == "loading" and s in state.queue:
                    assert s in state.to_act()
    assert checked > 500


def _check_diamond(state: SpeicherstadtState, awaited: list[int], rnd: random.Random) -> None:
    if len(awaited) < 2:
        return
    a, b = rnd.sample(awaited, 2)
    x = rnd.choice(state.legal_actions(a))
    y = rnd.choice(state.legal_actions(b))
    legal_b = state.legal_actions(b)
    ab = state.clone()
    ab.apply(a, x)
    if ab.phase != "loading":
        return
    assert b in ab.to_act() and ab.legal_actions(b) == legal_b
    ab.apply(b, y)
    ba = state.clone()
    ba.apply(b, y)
    if ba.phase == "loading":
        assert a in ba.to_act()
        ba.apply(a, x)
    assert ab.dump() == ba.dump()


def test_snapshot_and_labels_mid_loading() -> None:
    state, _ = _together_round()
    state.apply(3, "hall carpet")
    text = state.dump()
    assert GAME.load(text).dump() == text and GAME.load(text).to_act() == state.to_act()
    # "done" says how many cubes of *that* seat's hand would be lost.
    assert state.describe_for(0, "done") == "End loading (2 cubes in hand will be lost)"
    assert state.describe_for(3, "done") == "End loading (2 cubes in hand will be lost)"
    assert state.describe_for(2, "done") == "End loading (1 cube in hand will be lost)"
    assert state.describe("done") == "End loading (cubes still in hand are lost)"


def test_the_bot_finishes_simultaneous_loading_with_legal_moves() -> None:
    state, _ = _together_round()
    steps = 0
    while state.phase == "loading":
        for seat in state.to_act():
            if state.phase != "loading" or seat not in state.to_act():
                continue
            legal = state.legal_actions(seat)
            action = GAME.bot_action(state.view(seat), legal, seat, Rng(1, "bot", state.ply))
            assert action in legal
            state.apply(seat, action)
            steps += 1
        assert steps < 80
    assert state.phase == "demand" and _cube_errors(state) == []


def _cube_errors(state: SpeicherstadtState) -> list[str]:
    """The invariants but the card count (the loading helper empties the row without putting its cards anywhere)."""
    return [e for e in invariants(state) if not e.startswith("cards not conserved")]


def test_the_rules_page_says_what_the_code_does_about_loading_together() -> None:
    """Issue 42, item 10: docs/rules/speicherstadt.md said Loading was one player at a time while seats load at once
    where the order cannot matter; its step 4 and ruling A5 say so now, and why that equals the rulebook's order."""
    from pathlib import Path

    page = (Path(__file__).parents[3] / "docs" / "rules" / "speicherstadt.md").read_text(encoding="utf-8")
    step4 = page.split("4. **Loading.**", 1)[1].split("5. **Income**", 1)[0]
    a5 = next(line for line in page.splitlines() if line.startswith("| A5 |"))
    assert "One player at a time" not in step4 and "at the same time" in step4
    assert "one player at a time" not in a5 and "act at once" in a5 and "same state" in a5
    state = GAME.new_state(4, 1)
    together = 0
    while not state.is_over():  # and a bot game does load together
        seats = state.to_act()
        together += state.phase == "loading" and len(seats) > 1
        seat = seats[0]
        state.apply(seat, GAME.bot_action(state.view(seat), state.legal_actions(seat), seat, Rng(1, state.ply)))
    assert together > 0
