"""Every scenario of docs/rules/colonia.md (CT-1 .. CT-20) and the rulebook's examples, as named tests."""

from __future__ import annotations

from rules.colonia import data as D
from rules.colonia import scoring, week
from rules.colonia.checks import invariants
from rules.colonia.state import FRI, THU, TUE, WED, draw_from_bag

from .helpers import (
    CUR,
    GOOD,
    MAT,
    clear_raw,
    fresh,
    give_raw,
    give_relic,
    go,
    place_ship,
    put_relic_on_display,
    rng,
    set_decrees,
    start_loop,
    tidy_week,
    week_running,
)

# CT-1 seats: purple 0, green 1, red 2, yellow 3.
PURPLE, GREEN, RED, YELLOW = 0, 1, 2, 3


def _ct1_vote(yellow: str) -> tuple:
    st = fresh(4)
    week_running(st, [5, 3, 7, 4])
    set_decrees(st, ["D01", "D06", "D17"])
    go(st, 3)
    assert st.stage == "vote" and st.to_act() == [RED, PURPLE, YELLOW, GREEN]
    before = [sum(s) for s in st.stalls[: D.REGULAR_STALLS]]
    for seat, vote in ((PURPLE, "yes"), (GREEN, "yes"), (RED, "no"), (YELLOW, yellow)):
        st.apply(seat, f"vote {vote}")
    after = [sum(s) for s in st.stalls[: D.REGULAR_STALLS]]
    return st, before, after


def test_ct1_decree_vote_rejected_11_no_to_8_yes() -> None:
    st, before, after = _ct1_vote("no")
    result = st.votes[-1]
    assert (result["yes_votes"], result["no_votes"], result["passed"]) == (8, 11, False)
    assert st.slots[0] == ["D01", False] and "D01" in st.decrees_done
    assert after == before  # rejected: no extra raw material
    assert st.stage == "loop" and st.loop["kind"] == "stall"  # Wednesday continues with the market


def test_ct1_variant_yellow_yes_passes_12_to_7() -> None:
    st, before, after = _ct1_vote("yes")
    result = st.votes[-1]
    assert (result["yes_votes"], result["no_votes"], result["passed"]) == (12, 7, True)
    assert after == [b + 1 for b in before]  # Generous merchants: one more per regular stall


def test_ct1_tie_is_decided_by_the_mayors_vote() -> None:
    st = fresh(4)
    # purple 5 vs red 5; the others played cards that count 0. Purple ranks first and is mayor.
    week_running(st, [5, 3, 5, 4], order=[PURPLE, RED, GREEN, YELLOW], zero=(GREEN, YELLOW))
    set_decrees(st, ["D01", "D06", "D17"])
    go(st, 3)
    assert st.to_act() == [PURPLE, RED]
    st.apply(RED, "vote no")
    st.apply(PURPLE, "vote yes")
    result = st.votes[-1]
    assert (result["yes_votes"], result["no_votes"]) == (5, 5)
    assert result["passed"] and result["mayor_decided"]


def test_tie_without_a_mayor_vote_asks_the_mayor() -> None:
    st = fresh(3)
    week_running(st, [3, 4, 5], order=[2, 1, 0], zero=(0, 1, 2))
    set_decrees(st, ["D01", "D06", "D17"])
    go(st, 3)
    assert st.stage == "mayor" and st.to_act() == [2]
    assert st.legal_actions(2) == ["decide yes", "decide no"]
    st.apply(2, "decide no")
    assert st.votes[-1]["passed"] is False and st.votes[-1]["mayor_decided"]


def test_ct3_tuesday_shortfall_takes_from_the_tuesday_street_and_counts_zero() -> None:
    st = fresh(4)
    st.week = 2  # a later week: previous order 0,1,2,3
    for seat in range(4):
        st.cards_left[seat] = [3, 4, 5, 6, 7]
    total = st.reserve[GREEN]
    st.reserve[GREEN], st.street[GREEN] = 4, [3, 2, 0, 0]
    st.reserve[GREEN] += 0
    st.street[GREEN][THU] = total - 4 - 3 - 2  # the rest sits on the Thursday street
    for seat, card in ((0, 5), (GREEN, 6), (2, 7), (3, 4)):
        st.apply(seat, f"family {card}")
    assert st.zero[GREEN] and st.card[GREEN] == 6
    assert st.order[-1] == GREEN  # last in turn order
    assert st.voting_weight(GREEN) == 0
    # 4 from the reserve, 2 from the Tuesday street; the last Tuesday member went home, 6 now on the street.
    assert st.street[GREEN][TUE] == 6 and st.street[GREEN][WED] == 2
    assert st.reserve[GREEN] == 1
    view = st.view(None)
    assert view["players"][GREEN]["card_zero"] is True
    assert not invariants(st)


def test_ct4_monday_week_card_w01_moves_sticks_and_sets_three_departures() -> None:
    st = fresh(4)
    _rerun_monday(st, "W01", week=1)
    assert st.stick == [1, 2, 1, 2, 1]
    assert st.depart == 3
    assert [sum(s) for s in st.stalls[: D.REGULAR_STALLS]] == list(D.WEEK_CARDS[0].stalls)
    assert D.WEEK_CARDS[0].dice == 5 and st.view(None)["week_card"]["dice"] == 5
    assert not invariants(st)


def test_ct4_week_six_all_four_ships_sail_whatever_the_card_says() -> None:
    st = fresh(4)
    _rerun_monday(st, "W01", week=6)
    assert st.depart == 4


def _rerun_monday(st, card: str, week: int) -> None:
    for i, stall in enumerate(st.stalls):
        for m in range(len(stall)):
            st.bag[m] += stall[m]
        st.stalls[i] = [0] * len(stall)
    st.week_deck.extend(st.weeks_used)
    st.weeks_used = []
    st.week_deck.remove(card)
    st.week_deck.append(card)  # on top
    set_decrees(st, [])
    st.stick = [0] * 5
    st.week = week
    if week > 1:
        for seat in range(st.num_players):
            st.cards_left[seat] = st.cards_left[seat][: 7 - week]
    go(st, 1, "")


def test_ct5_decrees_sorted_by_day_keeping_draw_order_and_voted_left_to_right() -> None:
    st = fresh(4)
    set_decrees(st, [])
    for did in ("D14", "D01", "D11"):  # deck top is the end: D11 drawn first, then D01, then D14
        st.decree_deck.remove(did)
        st.decree_deck.append(did)
    _rerun_monday(st, st.weeks_used[0] if st.weeks_used else "W02", week=1)
    assert [d for d, _ in st.slots] == ["D01", "D11", "D14"]
    week_running(st, [3, 4, 5, 6])
    st.slots[0][1] = False
    st.decrees_done.append("D01")
    go(st, 5)
    assert st.stage == "vote" and st.view(None)["vote"]["decree"] == "D11"
    for seat in st.to_act():
        st.apply(seat, "vote no")
    assert st.stage == "vote" and st.view(None)["vote"]["decree"] == "D14"


def test_ct6_buying_a_stall() -> None:
    st = fresh(4)
    yellow, purple, red, green = 0, 1, 2, 3
    week_running(st, [8, 6, 5, 3], order=[yellow, purple, red, green])
    st.street[yellow][WED] = 2  # last week's Wednesday members
    st.reserve[yellow] -= 2
    tidy_week(st)
    st.stalls[0] = draw_from_bag(st.bag, 6, rng("stall 1"))
    st.stalls[5] = draw_from_bag(st.bag, 2, rng("stall 6"))
    st.stalls[2] = draw_from_bag(st.bag, 3, rng("stall 3"))
    start_loop(st, 3, "stall")
    first, stall2 = 6, 5
    got = list(st.stalls[0])
    reserve = st.reserve[yellow]
    raw = list(st.raw[yellow])
    st.apply(yellow, "stall 1")
    assert st.raw[yellow] == [a + b for a, b in zip(raw, got, strict=True)]
    assert st.reserve[yellow] == reserve - first and st.stall_members[0] == [yellow, first]
    assert st.to_act() == [purple]
    st.apply(purple, "pass")
    st.apply(red, f"stall {stall2 + 1}")
    assert st.stall_members[stall2] == [red, 2]
    st.apply(green, "pass")
    assert st.to_act() == [yellow]  # purple passed and may not act again today
    st.apply(yellow, "pass")
    assert st.to_act() == [red]
    bag_before = sum(st.bag)
    left = sum(sum(s) for s in st.stalls)
    st.apply(red, "pass")
    assert sum(st.bag) == bag_before + left  # leftovers go back into the bag
    assert st.street[yellow][WED] == first and st.street[red][WED] == 2
    assert st.reserve[yellow] == reserve - first + 2  # last week's Wednesday members came home first
    assert st.day == 4
    assert not invariants(st)


def test_a_stall_needs_enough_members_and_some_materials() -> None:
    st = fresh(3)
    week_running(st, [8, 6, 5], order=[0, 1, 2])
    st.street[0][FRI] += st.reserve[0] - 3
    st.reserve[0] = 3
    st.stalls[5] = [0] * 5  # an empty stall cannot be taken
    start_loop(st, 3, "stall")
    legal = st.legal_actions(0)
    for i in range(D.REGULAR_STALLS + D.EXTRA_STALLS):
        total = sum(st.stalls[i])
        assert (f"stall {i + 1}" in legal) == (0 < total <= 3)


def test_ct7_order_costs_escalate_per_craftsman() -> None:
    st = fresh(4)
    purple, green, red = 0, 1, 2
    week_running(st, [8, 7, 6, 3], order=[purple, green, red, 3])
    clear_raw(st)
    for seat in (purple, green, red):
        give_raw(st, seat, leather=1, iron=1)
    bag = list(st.bag)
    start_loop(st, 4, "order")
    r0 = st.reserve[purple]
    st.apply(purple, "order saddler")
    assert st.cols[0] == [[purple, 1]] and st.reserve[purple] == r0 - 1
    assert st.bag[MAT["leather"]] == bag[MAT["leather"]] + 1 and st.bag[MAT["iron"]] == bag[MAT["iron"]] + 1
    r1 = st.reserve[green]
    st.apply(green, "order saddler")
    assert st.cols[0][1] == [green, 2] and st.reserve[green] == r1 - 2
    assert "order saddler" in st.legal_actions(red)
    assert ", 3 members →" in st.describe("order saddler")
    st.apply(red, "order saddler")
    assert st.cols[0][2] == [red, 3]


def test_a11_carried_orders_do_not_raise_the_first_new_cost() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    st.cols[2] = [[1, 4], [1, 5]]
    st.reserve[1] -= 9
    clear_raw(st)
    give_raw(st, 0, wood=1, linen=1)
    start_loop(st, 4, "order")
    st.apply(0, "order painter")
    assert st.cols[2] == [[1, 4], [1, 5], [0, 1]]
    assert not invariants(st)


def test_ct8_extra_order_dice_move_the_sticks() -> None:
    st = fresh(4)
    st.stick = [0, 0, 0, 0, 0]
    for roll in (4, 6, 1, 1, 3):
        week.extra_order(st, roll)
    assert st.stick == [3, 1, 2, 2, 1]


def test_ct8_thursday_rolls_as_many_dice_as_the_week_card_shows() -> None:
    st = fresh(4)
    week_running(st, [8, 7, 6, 3])
    start = list(st.stick)
    card = D.WEEK_CARDS[int(st.weeks_used[-1][1:]) - 1]
    ev = go(st, 4, "end")
    rolls = next(e for e in ev if e.kind == "extra_dice").params["rolls"]
    assert len(rolls) == card.dice
    expected = list(start)
    for roll in rolls:
        for c in range(5) if roll == 6 else (roll - 1,):
            expected[c] += 1
    assert next(e for e in ev if e.kind == "extra_dice").params["sticks"] == expected


def test_ct9_delivery_above_the_stick_and_sliding() -> None:
    st = fresh(4)
    red, green, yellow = 0, 1, 2
    week_running(st, [8, 7, 6, 3])
    st.cols[2] = [[red, 1], [green, 2], [red, 3], [yellow, 4], [yellow, 5]]
    st.reserve[red] -= 4
    st.reserve[green] -= 2
    st.reserve[yellow] -= 9
    st.stick = [0, 0, 3, 0, 0]
    goods = [list(g) for g in st.goods]
    week.deliver_and_slide(st, [])
    assert st.goods[red][GOOD["painting"]] == goods[red][GOOD["painting"]] + 2
    assert st.goods[green][GOOD["painting"]] == goods[green][GOOD["painting"]] + 1
    assert st.goods[yellow] == goods[yellow]
    assert st.street[red][THU] == 4 and st.street[green][THU] == 2 and st.street[yellow][THU] == 0
    assert st.cols[2] == [[yellow, 4], [yellow, 5]] and st.stick == [0] * 5
    assert [bad for bad in invariants(st) if "nobody to act" not in bad] == []  # stopped between steps
    # Next week: the first new painter order costs 1 and goes on space 3.
    clear_raw(st)
    give_raw(st, red, wood=1, linen=1)
    week_running(st, [7, 6, 5, 4])
    start_loop(st, 4, "order")
    while red not in st.to_act():
        st.apply(st.to_act()[0], "pass")
    st.apply(red, "order painter")
    assert st.cols[2][2] == [red, 1]


def test_ct10_loading_a_hold_once() -> None:
    st = fresh(4)
    red = 0
    week_running(st, [8, 7, 6, 3], order=[0, 1, 2, 3])
    ship = place_ship(st, 0, "S05")  # Bruegge
    st.goods[red] = [1, 1, 1, 1, 1]
    start_loop(st, 5, "load")
    reserve = st.reserve[red]
    st.apply(red, "load S05 2")  # painting + clothing
    assert st.goods[red] == [1, 1, 0, 0, 1] and ship["h"][1] == red and st.reserve[red] == reserve - 1
    for seat in (1, 2, 3):
        st.goods[seat] = [3] * 5
        assert "load S05 2" not in st.legal_actions(seat) if seat in st.to_act() else True
        if seat in st.to_act():
            st.apply(seat, "pass")
    assert st.to_act() == [red]
    st.apply(red, "pass")
    assert st.day >= 6 and (st.loop is None or st.loop["kind"] != "load")  # everyone passed: Friday is over


def test_ct11_saturday_payout_in_the_destination_currency() -> None:
    st = fresh(4)
    red = 0
    week_running(st, [8, 7, 6, 3])
    place_ship(st, 0, "S05")["h"][2] = red  # Bruegge, 9 Gulden
    place_ship(st, 3, "S09")["h"][0] = red  # London, below the stick
    st.reserve[red] -= 2
    st.depart = 1
    money = list(st.money[red])
    go(st, 6, "end")
    assert st.money[red][CUR["gulden"]] == money[CUR["gulden"]] + 9
    assert st.street[red][FRI] == 1
    s09 = next(s for s in st.harbour if s["id"] == "S09")
    assert s09["h"][0] == red
    assert not invariants(st)


def test_ct12_harbour_slide_and_refill() -> None:
    st = fresh(4)
    week_running(st, [8, 7, 6, 3])
    third, fourth = st.harbour[2]["id"], st.harbour[3]["id"]
    st.harbour[2]["h"][0] = 1
    st.reserve[1] -= 1
    top = list(reversed(st.ship_deck[-2:]))
    departed = [st.harbour[0]["id"], st.harbour[1]["id"]]
    st.depart = 2
    go(st, 6, "end")
    assert [s["id"] for s in st.harbour] == [third, fourth, *top]
    assert st.harbour[0]["h"][0] == 1  # members stay on the sliding ship
    assert st.ship_discard[-2:] == departed


def test_ct12_variant_empty_ship_pile_reshuffles_the_departed_ships() -> None:
    st = fresh(4)
    week_running(st, [8, 7, 6, 3])
    st.ship_discard.extend(st.ship_deck)
    st.ship_deck = []
    st.depart = 2
    go(st, 6, "end")
    assert len(st.harbour) == 4 and not invariants(st)
    assert len(st.ship_deck) + len(st.ship_discard) == 12


def test_ct14_insurance_keeps_a_card_and_returns_the_member_on_purchase() -> None:
    st = fresh(4)
    red, blue = 0, 1
    week_running(st, [8, 7, 6, 3], order=[0, 1, 2, 3])
    put_relic_on_display(st, "BER-9-1", 0)
    tidy_week(st)
    start_loop(st, 7, "insure")
    reserve = st.reserve[red]
    st.apply(red, "insure BER-9-1")
    assert st.insured == {"BER-9-1": red} and st.reserve[red] == reserve - 1
    others = [c for c in st.display if c and c != "BER-9-1"]
    while st.stage == "loop":
        st.apply(st.to_act()[0], "pass")
    # Refill: every other uninsured card went to the discard; the Bergen card stays.
    assert "BER-9-1" in st.display and all(c in st.relic_discard for c in others)
    assert sum(1 for c in st.display + st.display_x if c) == 10
    # Next Sunday blue buys it: red's member goes home at once.
    week_running(st, [7, 8, 5, 4], order=[1, 0, 2, 3])
    st.money[blue][CUR["mark"]] = 9
    start_loop(st, 7, "buy")
    reserve = st.reserve[red]
    st.apply(blue, "buy BER-9-1")
    assert st.reserve[red] == reserve + 1 and "BER-9-1" not in st.insured
    assert st.money[blue][CUR["mark"]] == 0 and "BER-9-1" in st.relics[blue]
    assert not invariants(st)


def test_ct15_window_goes_to_the_strict_majority_who_pays_the_bank() -> None:
    st = fresh(4)
    green, purple, yellow, red = 0, 1, 2, 3
    for seat, amount in ((green, 10), (purple, 3), (yellow, 2), (red, 4)):
        st.money[seat] = [amount, 0, 0, 0]
    scoring.finish(st, [])
    assert st.final["windows"][CUR["pfund"]] == green
    assert st.money[green][CUR["pfund"]] == 0
    assert st.final["breakdown"][green]["windows"] == 2


def test_ct15_variant_tied_majority_gets_no_window() -> None:
    st = fresh(4)
    for seat, amount in enumerate((10, 10, 2, 4)):
        st.money[seat] = [amount, 0, 0, 0]
    scoring.finish(st, [])
    assert st.final["windows"][CUR["pfund"]] is None
    assert st.money[0][CUR["pfund"]] == 10 and st.money[1][CUR["pfund"]] == 10


def _tied_at_23(money: tuple[int, int], goods: tuple[int, int], raw: tuple[int, int]):
    st = fresh(3)
    for seat in range(3):
        st.money[seat] = [0, 0, 0, 0]
        st.goods[seat] = [0] * 5
    clear_raw(st)
    # Same relic VP for seats 0 and 1 (different cards, same values): 1+2+2+3+3 loose + 5 in a shrine.
    for seat, city in ((0, "LON"), (1, "BER")):
        for card in (f"{city}-5-1", f"{city}-9-1", f"{city}-9-2", f"{city}-12-1", f"{city}-12-2", f"{city}-15-1",
                     f"{city}-SHRINE"):
            give_relic(st, seat, card)
        st.relics[seat].remove(f"{city}-15-1")
        st.shrines[seat][0][1] = f"{city}-15-1"
    # One window each (Nowgorod to seat 0, Bruegge to seat 1) = 2 VP: 23 VP in all.
    st.money[0][CUR["grivna"]] = 7
    st.money[1][CUR["gulden"]] = 7
    st.money[0][CUR["pfund"]] = money[0]
    st.money[1][CUR["mark"]] = money[1]
    st.money[2][CUR["pfund"]] = money[0]  # keep the London/Bergen windows unawarded
    st.money[2][CUR["mark"]] = money[1]
    st.goods[0][0], st.goods[1][0] = goods
    give_raw(st, 0, leather=raw[0])
    give_raw(st, 1, leather=raw[1])
    scoring.finish(st, [])
    return st.outcome()


def test_rulebook_scoring_example_23_vp() -> None:
    out = _tied_at_23((0, 0), (0, 0), (0, 0))
    assert out.scores[:2] == [23, 23]
    assert out.breakdown[0] == {"relics": 11, "shrines": 10, "windows": 2}


def test_ct17_tie_break_money_then_goods_then_raw_materials_then_draw() -> None:
    assert _tied_at_23((3, 1), (0, 5), (0, 5)).ranks[:2] == [1, 2]
    assert _tied_at_23((2, 2), (1, 0), (0, 5)).ranks[:2] == [1, 2]
    assert _tied_at_23((2, 2), (1, 1), (0, 1)).ranks[:2] == [2, 1]
    draw = _tied_at_23((2, 2), (1, 1), (1, 1))
    assert draw.ranks[:2] == [1, 1] and draw.winners == [0, 1]


def test_ct19_homecoming_decree_frees_members_for_loading_the_same_friday() -> None:
    st = fresh(4)
    blue = 1
    week_running(st, [3, 8, 6, 5], order=[1, 2, 3, 0])
    set_decrees(st, ["D01", "D13", "D17"])
    st.slots[0][1] = True
    st.decrees_done.append("D01")
    st.street[blue][THU] = 5
    st.street[blue][FRI] += st.reserve[blue] - 5
    st.reserve[blue] = 0
    go(st, 5)
    for seat in st.to_act():
        st.apply(seat, "vote yes")
    assert st.reserve[blue] == 3 and st.street[blue][THU] == 2
    assert st.stage == "loop" and st.loop["kind"] == "load"
    st.goods[blue] = [2] * 5
    assert any(a.startswith("load ") for a in st.legal_actions(blue))


def test_ct20_every_family_card_every_decree_and_six_week_cards_are_used() -> None:
    from rules.colonia import GAME
    from rules.core import Rng

    st = GAME.new_state(5, 2024)
    while not st.is_over():
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, GAME.bot_action(st.view(seat), legal, seat, Rng(1, st.ply)))
    assert all(left == [] for left in st.cards_left)
    assert sorted(st.decrees_done) == sorted(d.id for d in D.DECREES) and st.decree_deck == []
    assert len(st.weeks_used) == 6 and len(st.week_deck) == 8
    assert not invariants(st)


def test_rulebook_turn_order_example_reverses_ties() -> None:
    st = fresh(4)
    purple, green, yellow, red = 0, 1, 2, 3
    st.week = 2
    st.order = [purple, yellow, green, red]  # last week yellow was 2nd, red last
    for seat in range(4):
        st.cards_left[seat] = [3, 4, 5, 6, 7]
    for seat, card in ((purple, 7), (green, 3), (yellow, 5), (red, 5)):
        st.apply(seat, f"family {card}")
    assert st.order == [purple, red, yellow, green]


def test_week_one_ties_are_rolled_and_zero_cards_come_last() -> None:
    for seed in range(6):
        st = fresh(4, seed)
        st.street[3][FRI] += st.reserve[3] - 2
        st.reserve[3] = 2
        ev = []
        for seat in range(4):
            ev += st.apply(seat, "family 5" if seat < 3 else "family 8")
        reveal = next(e for e in ev if e.kind == "family_revealed").params
        assert st.order[-1] == 3 and st.zero[3]
        rolls = reveal["rolls"]
        assert set(rolls) == {0, 1, 2}
        assert sorted(st.order[:3]) == [0, 1, 2]
        assert rolls[st.order[0]] >= rolls[st.order[1]] >= rolls[st.order[2]] or len(set(rolls.values())) < 3


def test_lean_council_places_one_member_fewer_but_votes_keep_the_card_value() -> None:
    st = fresh(3)
    st.lean = True
    reserve = list(st.reserve)
    for seat, card in enumerate((3, 4, 8)):
        st.apply(seat, f"family {card}")
    assert [reserve[s] - st.reserve[s] for s in range(3)] == [2, 3, 7]
    assert [st.voting_weight(s) for s in range(3)] == [3, 4, 8]
    assert st.lean is False


def test_relic_purchase_pays_only_in_the_city_currency() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    put_relic_on_display(st, "BRU-14-1", 0)
    st.money[0] = [20, 20, 20, 13]
    start_loop(st, 7, "buy")
    assert "buy BRU-14-1" not in st.legal_actions(0)
    st.money[0][CUR["gulden"]] = 14
    assert "buy BRU-14-1" in st.legal_actions(0)


def test_shrine_takes_an_owned_relic_of_its_city_and_doubles_it() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    give_relic(st, 0, "BRU-14-1")
    give_relic(st, 0, "LON-15-1")
    put_relic_on_display(st, "BRU-SHRINE", 0)
    st.money[0][CUR["gulden"]] = 15
    start_loop(st, 7, "buy")
    st.apply(0, "buy BRU-SHRINE")
    assert st.stage == "shrine"
    assert st.legal_actions(0) == ["enshrine BRU-14-1", "keep shrine empty"]
    st.apply(0, "enshrine BRU-14-1")
    assert st.shrines[0] == [["BRU-SHRINE", "BRU-14-1"]] and "BRU-14-1" not in st.relics[0]
    assert st.public_scores()[0] == 8  # the rulebook's example: 8 VP instead of 4
    assert st.view(None)["players"][0]["shrines"][0]["relic"] == "BRU-14-1"


def test_an_empty_shrine_is_offered_each_later_relic_of_its_city() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    give_relic(st, 0, "NOW-SHRINE")
    put_relic_on_display(st, "NOW-12-1", 0)
    put_relic_on_display(st, "LON-5-1", 1)
    st.money[0] = [5, 12, 0, 0]
    start_loop(st, 7, "buy")
    st.apply(0, "buy LON-5-1")
    assert st.stage == "loop"  # another city's relic: no shrine question
    while 0 not in st.to_act():
        st.apply(st.to_act()[0], "pass")
    st.apply(0, "buy NOW-12-1")
    assert st.stage == "shrine" and st.legal_actions(0) == ["enshrine NOW-12-1", "keep shrine empty"]
    st.apply(0, "keep shrine empty")
    assert st.shrines[0] == [["NOW-SHRINE", None]] and "NOW-12-1" in st.relics[0]


def test_sunday_refill_moves_insured_extra_cards_and_counts_them_toward_ten() -> None:
    st = fresh(3)
    week_running(st, [8, 7, 6], order=[0, 1, 2])
    put_relic_on_display(st, "BER-5-1", 0, extra=True)
    st.insured["BER-5-1"] = 0
    st.reserve[0] -= 1
    tidy_week(st)
    go(st, 7, "end")
    assert "BER-5-1" in st.display and st.display_x == [None, None]
    assert sum(1 for c in st.display if c) == 10
    assert not invariants(st)
