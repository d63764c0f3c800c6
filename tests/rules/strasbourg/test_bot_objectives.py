"""Issue 19: the bot keeps the objectives it can meet at this player count and steers toward them."""

from __future__ import annotations

from rules.core import Rng
from rules.strasbourg import GAME, bot_objectives
from rules.strasbourg.data import BUILDING_SPACES, CHAPEL_SPACES, COUNCIL_SEATS, EDIFICES, GUILD_OF, OBJECTIVES
from rules.strasbourg.scoring import objective_met
from tests.rules.strasbourg.helpers import action_state, fresh


def test_it_keeps_likely_objectives_and_drops_long_shots() -> None:
    dealt = ["O13", "O18", "O10", "O25", "O24"]  # council seats, 3 chapels, 3 smiths, a row of 4, a 2x2 block
    assert bot_objectives.wanted(dealt, 3) == ["O18"]  # 4 seats at 3 players is rarely reached
    assert bot_objectives.wanted(dealt, 5) == ["O13", "O18"]  # 2 seats at 5 players often is
    assert bot_objectives.wanted(["O10", "O24", "O25", "O09", "O12"], 4) == ["O12"]  # one must be kept: the best


def test_the_objective_choice_follows_the_player_count() -> None:
    state = fresh(3, seed=4)
    p = state.players[0]
    p["dealt"] = ["O13", "O18", "O10", "O25", "O24"]
    p["undecided"] = list(p["dealt"])
    while p["plan"] == "objectives":
        state.apply(0, GAME.bot_action(state.view(0), state.legal_actions(0), 0, Rng(1, state.ply)))
    assert p["kept"] == ["O18"]


def test_a_space_that_completes_a_kept_objective_is_bought() -> None:
    # Seat 0 is Master of the Bakers with two Bakers members and O06 (3+ on Bakers spaces) kept.
    state = action_state(3, "B", [[[6]], [[1]], []], first=0, card="RC1")
    p = state.players[0]
    p["kept"], p["coins"] = ["O06"], 9
    p["income"] = 4 + 2 + 2  # coins stay 5 + sales - purchases
    state.city.update({"A1": 0, "D6": 0, "C3": 1})
    state.apply(0, "reveal 1")
    state.apply(1, "reveal 1")
    assert state.tasks[0]["kind"] == "master" and state.to_act() == [0]
    view, legal = state.view(0), state.legal_actions(0)
    assert bot_objectives.space_bonus(view, "B1") > 4  # the third Bakers member meets O06 (+3, not -3)
    choice = GAME.bot_action(view, legal, 0, Rng(1, state.ply))
    assert choice.startswith("buy ") and choice != "skip"


def test_a_chapel_is_placed_where_it_meets_a_kept_objective() -> None:
    # Seat 0 holds the Church and kept O18 (members next to 3+ different chapels): two chapels already touch its
    # members; CH9 (B5, C5, B6, C6) touches a third member, CH5 none.
    state = action_state(3, "H", [[], [], []], first=0)
    state.council["church"] = 0
    state.tasks = [{"kind": "chapel", "seat": 0}]
    state.players[0]["kept"] = ["O18"]
    state.chapels = ["CH1", "CH3"]
    state.city.update({"B2": 0, "D3": 0, "C6": 0, "B4": 1, "C4": 1})
    view, legal = state.view(0), state.legal_actions(0)
    assert bot_objectives.placement_bonus(view, "chapel", "CH9") == 8  # 5 points instead of -3
    assert GAME.bot_action(view, legal, 0, Rng(1, state.ply)) == "chapel CH9"


def test_a_council_seat_is_worth_more_to_a_bot_that_kept_o13() -> None:
    state = action_state(5, "A", [[[6]], [[1]], [[1]], [[1]], [[1]]], first=0, round_=4)
    view = state.view(0)
    view["private"]["objectives"]["kept"] = []
    plain = bot_objectives.seat_bonus(view, "merchants")
    view["private"]["objectives"]["kept"] = ["O13"]
    assert plain == 0 and bot_objectives.seat_bonus(view, "merchants") > 3
    assert bot_objectives.seat_bonus(view, "nobility") < 1.5  # held already: winning it only guards it


def test_the_bot_skips_only_cards_a_member_chapel_or_edifice_cannot_complete() -> None:
    # The bot checks a candidate space only against CITY_KINDS and a placement only against PLACEMENT_KINDS: on
    # seeded random boards, adding a member (a chapel, an edifice) never changes whether a card of another kind is met.
    kinds = {card["type"] for card in OBJECTIVES.values()}
    assert bot_objectives.PLACEMENT_KINDS < bot_objectives.CITY_KINDS < kinds
    rng, cells, checked = Rng(21, "boards"), list(GUILD_OF), 0
    for _ in range(300):
        n = 3 + rng.below(3)
        city = {c: rng.below(n) for c in cells if rng.below(2)}
        built = dict(zip(rng.sample(list(BUILDING_SPACES), rng.below(7)), rng.shuffled(list(EDIFICES)), strict=False))
        chapels = rng.sample(list(CHAPEL_SPACES), rng.below(10))
        council = {name: rng.below(n) for name in COUNCIL_SEATS}
        seat, cell = rng.below(n), rng.choice(cells)
        chapel = rng.choice([ch for ch in CHAPEL_SPACES if ch not in chapels])
        site, edifice = next((b for b in BUILDING_SPACES if b not in built), None), rng.choice(list(EDIFICES))
        holdings = (council, 4, 9, 1)  # council seats, goods, coins, privileges: no member or building moves them
        for o, card in OBJECTIVES.items():
            now = objective_met(o, seat, n, city, built, chapels, *holdings)
            if card["type"] not in bot_objectives.CITY_KINDS:
                assert objective_met(o, seat, n, {**city, cell: seat}, built, chapels, *holdings) == now, o
                checked += 1
            if card["type"] not in bot_objectives.PLACEMENT_KINDS:
                assert objective_met(o, seat, n, city, built, [*chapels, chapel], *holdings) == now, o
                if site is not None:
                    assert objective_met(o, seat, n, city, {**built, site: edifice}, chapels, *holdings) == now, o
    assert checked > 1000
