"""Secrets: what a viewer sees must not depend on anything that viewer cannot know.

For random mid-game states of every game, ``checks.redeal_hidden`` re-draws all that a viewer cannot
know (deck orders, other seats' hidden holdings); the viewer's view, legal actions and the public image
must come out identical. If they differ, the view leaks the hidden part.
"""

from __future__ import annotations

import json

import pytest

import rules
from rules import Rng
from tests.load.helpers import checks_for, player_counts, random_states

SEEDS = (9_102_331, 5_550_127)
SAMPLES = 6
CASES = [(name, n) for name, game in rules.GAMES.items() for n in player_counts(game)]


@pytest.mark.parametrize(("name", "n"), CASES, ids=[f"{name}-{n}p" for name, n in CASES])
def test_view_is_blind_to_redealt_hidden_information(name: str, n: int) -> None:
    game = rules.get_game(name)
    checks = checks_for(name)
    redeals_that_changed_something = 0
    for seed in SEEDS:
        for k, state in enumerate(random_states(game, n, seed, SAMPLES)):
            before = state.dump()
            for viewer in [None, *range(n)]:
                copy = checks.redeal_hidden(state, viewer, Rng(seed, "redeal", k, viewer))
                assert state.dump() == before, "redeal_hidden must not touch the original"
                assert checks.invariants(copy) == [], "a redealt state must still be a consistent state"
                assert copy.view(viewer) == state.view(viewer), (
                    f"{name}: the view of {viewer} changed when only hidden information was redealt"
                    f" (ply {state.ply}) — it leaks something {viewer} cannot know"
                )
                assert copy.to_act() == state.to_act()
                if viewer is not None:
                    assert copy.legal_actions(viewer) == state.legal_actions(viewer), (
                        f"{name}: the legal actions of seat {viewer} depend on information hidden from it"
                    )
                redeals_that_changed_something += copy.dump() != before
    # Otherwise redeal_hidden could be a no-op and this test would prove nothing.
    assert redeals_that_changed_something > 0, f"{name}: redeal_hidden never changed a hidden detail"


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_seed_and_full_state_stay_out_of_every_view(name: str) -> None:
    game = rules.get_game(name)
    seed = 8_812_093_377_051  # long enough not to appear by chance
    for n in (game.min_players, game.max_players):
        for state in random_states(game, n, seed, 4):
            for viewer in [None, *range(n)]:
                text = json.dumps(state.view(viewer))
                assert str(seed) not in text


def _board():  # type: ignore[no-untyped-def]
    import render

    board = getattr(render, "board", None)
    if board is None:
        pytest.skip("render.board has not landed yet")
    return board


@pytest.mark.parametrize("name", sorted(rules.GAMES))
def test_public_image_is_blind_to_redealt_hidden_information(name: str) -> None:
    board = _board()
    game = rules.get_game(name)
    checks = checks_for(name)
    n = game.max_players
    try:
        board(name, game.new_state(num_players=n, seed=SEEDS[0]).view(None))
    except (ModuleNotFoundError, ValueError) as exc:
        pytest.skip(f"no renderer for {name} yet: {exc}")
    for k, state in enumerate(random_states(game, n, SEEDS[0], 3)):
        copy = checks.redeal_hidden(state, None, Rng(SEEDS[0], "image", k))
        assert board(name, copy.view(None)) == board(name, state.view(None)), (
            f"{name}: the public image changed when only hidden information was redealt"
        )
