"""Views (what each viewer sees), secrecy of the pile order, invariants and text through whole games."""

from __future__ import annotations

import json

import pytest

from rules.core import MAX_DESCRIBE_LEN, Rng
from rules.speicherstadt import GAME
from rules.speicherstadt.checks import invariants, redeal_hidden
from rules.speicherstadt.state import SpeicherstadtState
from tests.rules.speicherstadt.helpers import fresh, loading_state, play_out, purchase_state, slot, take_from_bag

SHARED_KEYS = {"game", "num_players", "viewer", "to_act", "phase", "status", "scores", "over", "round"}


def _bot_game(n: int, seed: int, each_step=None) -> SpeicherstadtState:
    state = fresh(n, seed)

    def choose(st, seat, legal):
        if each_step:
            each_step(st, seat, legal)
        return GAME.bot_action(st.view(seat), legal, seat, Rng(seed, "bot", st.ply))

    play_out(state, choose)
    return state


def test_view_has_the_shared_keys_and_board_information() -> None:
    state = fresh(3, seed=4)
    view = state.view(1)
    assert set(view) >= SHARED_KEYS and "outcome" not in view
    assert view["viewer"] == 1 and view["game"] == "speicherstadt" and view["round"] == 1
    assert view["season"] == "A" and view["season_name"] == "Winter"
    assert view["pile"]["count"] == len(state.pile) and view["pile"]["fires_left"] == 4
    assert sum(view["pile"]["seasons"].values()) == len(state.pile)
    assert [s["price"] for s in view["row"]] == [0, 0, 0, 0]
    json.dumps(view)


def test_view_shows_the_current_price_of_each_column() -> None:
    state = purchase_state(3, [slot("A01", [0, 1, 2]), slot("A05", [2, 0])])
    view = state.view(None)
    assert [s["price"] for s in view["row"]] == [3, 2] and view["deciding"] == 1
    state.apply(0, "decline")
    assert [s["price"] for s in state.view(None)["row"]] == [2, 2]


def test_view_never_contains_the_pile_order_or_the_seed() -> None:
    state = fresh(4, seed=123_456_789_013)
    text = json.dumps(state.view(None))
    assert "123456789013" not in text
    assert "pile" in state.view(None) and not isinstance(state.view(None)["pile"], list)
    for viewer in (None, 0, 3):
        text = json.dumps(state.view(viewer))
        assert not [cid for cid in state.pile if f'"{cid}"' in text]


def test_redealing_the_pile_changes_no_view() -> None:
    checked = 0

    def compare(st, seat, legal):
        nonlocal checked
        if st.ply % 17:
            return
        for viewer in (None, *range(st.num_players)):
            copy = redeal_hidden(st, viewer, Rng(5, "redeal", st.ply))
            assert copy.view(viewer) == st.view(viewer)
            checked += 1

    _bot_game(3, 8, compare)
    assert checked > 20
    # The redeal really can change the order while keeping the seasons stacked.
    state = fresh(3, seed=8)
    copies = {tuple(redeal_hidden(state, None, Rng(k, "r")).pile) for k in range(5)}
    assert len(copies) > 1 and all(p[0] == "E01" for p in copies)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_invariants_hold_through_bot_games(n: int) -> None:
    def check(st, seat, legal):
        assert invariants(st) == []
        for action in legal:
            assert 0 < len(st.describe(action)) <= MAX_DESCRIBE_LEN

    state = _bot_game(n, 31 + n, check)
    assert invariants(state) == []
    assert state.is_over() and state.outcome().winners
    view = state.view(None)
    assert view["over"] and view["outcome"]["scores"] == state.outcome().scores


def test_invariants_detect_a_lost_cube_and_a_duplicated_card() -> None:
    state = fresh(3)
    state.bag["tea"] -= 1
    state.players[0]["cards"].append(state.pile[-1])
    errors = invariants(state)
    assert any("tea" in e for e in errors) and any("cards" in e for e in errors)


def test_dump_load_round_trip_mid_game() -> None:
    state = fresh(5, seed=2)
    for _ in range(40):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    text = state.dump()
    assert GAME.load(text).dump() == text
    assert state.clone().view(0) == state.view(0)


def test_every_event_has_text_and_summary_reads_well() -> None:
    texts: list[str] = []
    state = fresh(4, seed=3)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = GAME.bot_action(state.view(seat), legal, seat, Rng(3, "bot", state.ply))
        for event in state.apply(seat, action):
            text = GAME.event_text(event)
            assert text and text != event.kind, event.kind
            texts.append(text)
    assert any("Game over" in t for t in texts) and any("4th Fire" in t for t in texts)
    summary = GAME.summary(state.view(None))
    assert "Game over" in summary and "Seat 3" in summary


def test_rules_help_lists_the_reconstructed_data() -> None:
    assert GAME.rules_summary and len(GAME.reconstructed) >= 3
    assert any("contract" in line.lower() for line in GAME.reconstructed)
    assert any("fireman" in line.lower() for line in GAME.reconstructed)


def test_ending_loading_warns_about_cubes_still_in_hand() -> None:
    state = loading_state(3, [0])
    state.players[0]["hand"] = take_from_bag(state, {"tea": 2})
    assert state.describe("done") == "End loading (2 cubes in hand will be lost)"
    state.apply(0, "hall tea")
    assert state.describe("done") == "End loading (1 cube in hand will be lost)"


def test_view_carries_the_printed_numbers_of_each_card() -> None:
    state = purchase_state(3, [slot("B04", [0]), slot("C13", [1]), slot("A05", [2]), slot("B06", [2])])
    info = [s["info"] for s in state.view(None)["row"]]
    assert info[0] == {"goods": ["coffee", "tea", "rubber", "carpet"], "points": 11}
    assert info[1] == {"value": 4} and info[2] == {"good": "tea", "points": 1} and info[3] == {"capacity": 3}
    state.apply(0, "buy")
    assert state.view(1)["players"][0]["cards"][0]["info"]["points"] == 11
