"""Issue 19: what a bid wins (role, tie rule, each stack against the bids so far), objective texts at this table,
the privilege and goods-less merchant rules, and the rules' own refusal reasons."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from rules.strasbourg import GAME, text
from tests.rules.strasbourg.helpers import action_state, fresh, play, set_goods, set_privileges, start_planning


def test_the_bid_prompt_states_role_tie_rule_and_what_each_stack_wins() -> None:
    # 4 players, step A, first player 1; seat 1 revealed 5 and seat 2 revealed 6: seat 3 decides.
    state = action_state(4, "A", [[[2]], [[5]], [[6]], [[4, 1], [3], [6], [2, 2, 1]]], first=1)
    play(state, (1, "reveal 1"), (2, "reveal 1"))
    summary = GAME.summary(state.view(3))
    assert "1st Nobility seat" in summary and "2nd Church seat" in summary
    assert "Ties go to the seat nearest the first player: Seat 1, Seat 2, Seat 3, Seat 0." in summary
    # 4+1 = 5 ties seat 1's 5 but seat 1 is nearer the first player: 3rd, no slot
    assert "reveal 1 = 5 → 3rd, no slot" in summary
    assert "reveal 3 = 6 → 2nd, Church seat" in summary  # ties seat 2 (nearer the first player), beats seat 1
    assert "reveal 2 = 3 → 3rd" in summary
    labels = {a: state.describe_for(3, a) for a in state.legal_actions(3)}
    assert labels["reveal 4"] == "Reveal stack 4: 2+2+1 = 5 (3 cards) → 3rd, no slot (may return a card) so far"
    # The summary is the bidder's only: another seat's view carries no such line.
    assert "Against the bids so far" not in GAME.summary(state.view(0))


def test_a_guild_bid_names_master_journeyman_apprentice_and_3_player_has_no_journeyman() -> None:
    state = action_state(4, "B", [[[5]], [[3]], [[2]], [[4], [1]]], first=0, card="RC1")
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "reveal 1"))
    assert state.describe_for(3, "reveal 1").endswith("→ 2nd, Journeyman (bread + may buy a space) so far")
    assert state.describe_for(3, "reveal 2").endswith("→ 4th, no slot (may return a card) so far")
    three = action_state(3, "B", [[[5]], [[3]], [[4], [1]]], first=0, card="RC1")
    play(three, (0, "reveal 1"), (1, "reveal 1"))
    assert three.describe_for(2, "reveal 1").endswith("→ 2nd, Apprentice (bread or one space) so far")


def test_the_slot_holder_is_told_their_role() -> None:
    state = action_state(3, "B", [[[5]], [[3]], [[1]]], first=0, card="RC1")
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "reveal 1"))
    while state.tasks and state.tasks[0]["kind"] != "apprentice":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    assert state.tasks and state.tasks[0]["seat"] == 1
    assert "Now: you are the Apprentice of the Bakers: take bread goods or place one member on a space" in (
        GAME.summary(state.view(1)))


def test_a_merchant_bid_without_goods_is_warned() -> None:
    state = action_state(3, "C", [[[5], [1]], [[3]], [[2]]], first=0)
    assert state.describe_for(0, "reveal 1").endswith("→ 1st, nothing: no goods to sell (may return a card) so far")
    assert "This step wins: 1st nothing: no goods to sell" in GAME.summary(state.view(0))
    set_goods(state, 0, bakers=1)
    assert state.describe_for(0, "reveal 1").endswith("→ 1st, sell goods so far")


def test_objective_texts_name_the_threshold_and_the_edifice_round() -> None:
    for n, seats in ((3, 4), (4, 3), (5, 2)):
        state = fresh(n)
        label = state.describe("keep O13")
        assert f"{seats}+ council seats at the end ({n} players)" in label
    state = fresh(3)
    rnd = state.edifices.index("inn") + 1
    assert f"2+ members next to the Inn (built in round {rnd})" in state.describe("keep O01")
    state.players[0]["undecided"] = ["O13", "O01"]
    state.players[0]["dealt"][:2] = ["O13", "O01"]
    events = play(state, (0, "keep O13"), (0, "keep O01"))
    said = [GAME.event_text(e) for e in events if e.kind == "objectives_kept"]
    assert said and "4+ council seats" in said[0] and f"round {rnd}" in said[0]


def test_a_privilege_is_not_offered_when_every_other_seat_would_be_passed_automatically() -> None:
    # Seats 1 and 2 have no stacks: they are passed automatically, so postponing can only waste the privilege.
    state = action_state(3, "A", [[[4]], [], []], first=0)
    set_privileges(state, 0, 1)
    assert state.legal_actions(0) == ["reveal 1", "pass"]
    with pytest.raises(IllegalAction, match="a privilege would be wasted"):
        state.apply(0, "privilege")
    other = action_state(3, "A", [[[4]], [[1]], []], first=0)
    set_privileges(other, 0, 1)
    assert "privilege" in other.legal_actions(0)


def test_a_goods_less_rank_one_in_step_g_still_takes_the_merchants_seat() -> None:
    state = action_state(3, "G", [[[5]], [[3]], [[2]]], first=0)
    play(state, (0, "reveal 1"), (1, "reveal 1"), (2, "reveal 1"))
    assert state.council["merchants"] == 0 and state.tasks[0]["kind"] == "merchant"
    assert state.legal_actions(0) == ["done"]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("reveal 9", "You have 2 stacks: reveal 1 to 2."),
        ("privilege", "You have no privilege to spend."),
        ("draw", "Planning is over for this round"),
        ("buy A1", "Nobody has won this step yet"),
    ],
)
def test_a_well_formed_illegal_bid_gets_the_rules_reason(action: str, reason: str) -> None:
    state = action_state(3, "A", [[[4], [2]], [[1]], []], first=0)
    before = state.dump()
    with pytest.raises(IllegalAction, match=reason.replace("(", r"\(").replace(")", r"\)")):
        state.apply(0, action)
    assert state.dump() == before


def test_well_formed_illegal_planning_and_slot_actions_get_reasons() -> None:
    state = fresh(3)
    assert "choose your objectives first" in (state.refusal(0, "draw") or "")
    start_planning(state)
    assert state.refusal(0, "stop") == "Draw at least one card first."
    assert state.refusal(0, "close") == "Stop drawing first (stop), then split your cards into stacks."
    state.apply(0, "draw")
    state.apply(0, "stop")
    card = state.players[0]["hand"][0]
    other = 7 - card if card != 3 else 2
    assert state.refusal(0, f"add {other}") == f"You have no {other} left to place (left: {card})."
    assert state.refusal(0, "confirm") == f"Place every drawn card in a stack first (left: {card})."
    assert state.refusal(0, "frobnicate") is None
    shop = action_state(3, "B", [[[5]], [[1]], []], first=0, card="RC1")  # the Bakers
    play(shop, (0, "reveal 1"), (1, "reveal 1"))
    assert shop.refusal(0, "buy I1") is not None and "this step's guild is the Bakers" in (shop.refusal(0, "buy I1")
                                                                                        or "")
    assert "costs" in (shop.refusal(0, "buy A1") or "") or "buy A1" in shop.legal_actions(0)


def test_text_module_labels_stay_short() -> None:
    state = action_state(5, "B", [[[1, 1, 1, 1, 2, 2, 2]], [[3]], [[2]], [[1]], [[6]]], first=1, card="RC1")
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            assert len(text.describe_action(state, action, seat)) <= 100


def test_a_reveal_label_of_a_huge_stack_still_fits_a_menu() -> None:
    big = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5]
    state = action_state(3, "B", [[big], [[1]], []], first=0, card="RC1")
    label = state.describe_for(0, "reveal 1")
    assert len(label) <= 100 and label.endswith("= 60 (20 cards) → 1st, Master so far")
    big += [6, 6, 6, 6]
    huge = action_state(3, "B", [[big], [[1]], []], first=0, card="RC1")
    label = huge.describe_for(0, "reveal 1")
    assert len(label) <= 100 and "= 84 (24 cards) → 1st, Master" in label
