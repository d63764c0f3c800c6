"""Hidden information, views, events, serialisation and the checks module."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import Rng
from rules.strasbourg import GAME
from rules.strasbourg.checks import invariants, redeal_hidden
from rules.strasbourg.state import StrasbourgState
from tests.rules.strasbourg.helpers import action_state, fresh, plan_one_card, set_goods, start_planning

SHARED_KEYS = {"game", "num_players", "viewer", "to_act", "phase", "status", "scores", "over", "round"}


def _sampled_states(n: int, seed: int, every: int = 9) -> list[StrasbourgState]:
    state = fresh(n, seed)
    rnd = random.Random(seed)
    out = [state.clone()]
    while awaited := state.to_act():
        seat = rnd.choice(awaited)
        state.apply(seat, rnd.choice(state.legal_actions(seat)))
        if state.ply % every == 0:
            out.append(state.clone())  # type: ignore[arg-type]
    out.append(state.clone())
    return out  # type: ignore[return-value]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_redeal_hidden_leaves_every_view_unchanged(n: int) -> None:
    changed = 0
    for k, state in enumerate(_sampled_states(n, seed=40 + n)):
        before = state.dump()
        for viewer in [None, *range(n)]:
            copy = redeal_hidden(state, viewer, Rng(5, k, viewer))
            assert state.dump() == before
            assert invariants(copy) == []
            assert copy.view(viewer) == state.view(viewer), (k, viewer, state.phase)
            assert copy.to_act() == state.to_act()
            if viewer is not None:
                assert copy.legal_actions(viewer) == state.legal_actions(viewer)
            changed += copy.dump() != before
    assert changed > 0


def test_two_states_differing_in_one_seats_secrets_look_the_same_to_the_others() -> None:
    state = action_state(4, "C", [[[6, 1], [2]], [[5]], [[4]], [[3]]], first=1)
    other = redeal_hidden(state, 1, Rng(1, "x"))
    # Make sure seat 0's secrets really differ in the copy, then compare what the others see.
    p, q = state.players[0], other.players[0]
    assert (p["deck"], p["stacks"], p["coins"], p["dealt"]) != (q["deck"], q["stacks"], q["coins"], q["dealt"])
    for viewer in (None, 2, 3):
        assert redeal_hidden(state, viewer, Rng(2, viewer)).view(viewer) == state.view(viewer)


def test_holdings_behind_the_screen_are_not_in_other_views() -> None:
    state = action_state(4, "C", [[[6]], [[5]], [[4]], [[3]]], first=0)
    views = {v: state.view(v) for v in (None, 1, 2, 3)}
    own = state.view(0)
    set_goods(state, 0, smiths=2, bakers=1)
    state.players[0]["coins"] = 17
    state.players[0]["privileges"] = 2
    state.players[0]["kept"] = list(state.players[0]["dealt"])
    state.players[0]["stacks"] = [[2]]
    for v, view in views.items():
        assert state.view(v) == view
    assert state.view(0) != own and state.view(0)["private"]["coins"] == 17


def _without_progress(view: dict) -> dict:
    """A view minus what legitimately changes when a seat finishes planning (who is awaited, who is ready)."""
    out = {k: v for k, v in view.items() if k not in ("to_act", "status")}
    out["players"] = [{k: v for k, v in p.items() if k != "ready"} for p in view["players"]]
    return out


def test_another_seats_planning_is_invisible_until_everyone_is_ready() -> None:
    state = fresh(3)
    start_planning(state)
    seen = {v: _without_progress(state.view(v)) for v in (None, 1)}
    for _ in range(4):
        state.apply(0, "draw")
    for viewer in (None, 1):
        assert _without_progress(state.view(viewer)) == seen[viewer]
    state.apply(0, "stop")
    state.apply(0, "singles")
    assert state.players[0]["plan"] == "review"  # the plan awaits its confirmation, unseen by anyone else
    for viewer in (None, 1):
        assert state.view(viewer)["players"][0]["ready"] is False and state.view(viewer)["to_act"] == [0, 1, 2]
        assert _without_progress(state.view(viewer)) == seen[viewer]
    state.apply(0, "confirm")
    assert state.players[0]["plan"] == "ready"
    for viewer in (None, 1):
        assert _without_progress(state.view(viewer)) == seen[viewer]
        assert state.view(viewer)["players"][0]["ready"] is True and state.view(viewer)["to_act"] == [1, 2]
    plan_one_card(state, 1)
    plan_one_card(state, 2)
    assert state.view(1)["players"][0]["stacks"] == [1, 1, 1, 1] and state.view(1)["players"][0]["deck"] == 20


def test_objective_choices_are_private() -> None:
    state = fresh(3)
    seen = state.view(2)
    events = state.apply(0, f"keep {state.players[0]['dealt'][0]}")
    events += state.apply(0, "confirm")
    assert all(e.to == 0 for e in events if e.kind == "objectives_kept")
    view = state.view(2)
    assert "private" in view and view["private"]["objectives"]["dealt"] == state.players[2]["dealt"]
    assert not set(state.players[0]["dealt"]) & set(json.dumps(view).split('"'))
    assert view["players"] == seen["players"]


def test_private_events_reach_only_their_seat() -> None:
    state = fresh(3)
    start_planning(state)
    events = state.apply(0, "draw") + state.apply(0, "stop")
    card = state.players[0]["hand"][0]
    events += state.apply(0, f"add {card}")
    assert events[-1].kind == "drew"  # placing the last card commits nothing and tells nobody
    events += state.apply(0, "confirm")
    private = {e.kind: e.to for e in events if not e.public}
    assert private == {"drew": 0, "stacks_private": 0}
    public = [e for e in events if e.public]
    assert [e.kind for e in public] == ["planned"] and "card" not in public[0].params


def test_views_carry_the_shared_keys_and_no_seed() -> None:
    seed = 8_812_093_377_051
    state = GAME.new_state(4, seed)
    for viewer in (None, 0, 3):
        view = state.view(viewer)
        assert set(view) >= SHARED_KEYS
        assert str(seed) not in json.dumps(view)
        assert ("private" in view) == (viewer is not None)


def test_game_over_view_reveals_final_holdings_and_outcome() -> None:
    state = _sampled_states(3, seed=3, every=10_000)[-1]
    assert state.is_over()
    view = state.view(None)
    assert view["over"] and view["outcome"]["scores"] == view["scores"] and len(view["final"]) == 3
    assert all(all("met" in o for o in f["objectives"]) for f in view["final"])


def test_dump_load_and_clone_are_faithful_mid_game() -> None:
    for state in _sampled_states(4, seed=9, every=37):
        text = state.dump()
        assert GAME.load(text).dump() == text
        assert state.clone().dump() == text


def test_every_label_and_event_text_is_short_and_present() -> None:
    state = fresh(5, seed=2)
    rnd = random.Random(2)
    while awaited := state.to_act():
        seat = rnd.choice(awaited)
        legal = state.legal_actions(seat)
        for action in legal:
            label = state.describe(action)
            assert 0 < len(label) <= 100 and len(action) <= 80
        assert len(legal) <= 25, legal
        for event in state.apply(seat, rnd.choice(legal)):
            assert GAME.event_text(event)
    assert "Final" in GAME.summary(state.view(None))


def test_invariants_catch_a_broken_state() -> None:
    state = action_state(3, "C", [[[6]], [[5]], [[4]]], first=0)
    assert invariants(state) == []
    state.players[0]["deck"].pop()
    assert any("influence cards" in msg for msg in invariants(state))
    state = action_state(3, "C", [[[6]], [[5]], [[4]]], first=0)
    state.players[1]["coins"] += 3
    assert any("coins" in msg for msg in invariants(state))
    state = action_state(3, "C", [[[6]], [[5]], [[4]]], first=0)
    state.built["A1"] = "inn"
    assert invariants(state)
