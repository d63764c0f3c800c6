"""The generic contract test: every registered game, every player count, seeded random playthroughs.

It drives games only through the public contract (docs/architecture.md) and grows by itself as games
are registered in ``rules.GAMES``; it plays the plugin test game Secret Nim too (``tests/support/games.py``: two
players exactly, registered for each test). ``KONTOR_CONTRACT_SEEDS`` raises the number of playthroughs.
"""

from __future__ import annotations

import json
import os
import random

import pytest

import rules
from rules import IllegalAction, Outcome
from tests.support.games import NAMES, NIM, player_counts
from tests.support.play import by_bot, play_until

SEEDS_PER_COUNT = int(os.environ.get("KONTOR_CONTRACT_SEEDS", "3"))
MAX_STEPS = 50_000
# Large and odd, so the seed's digits cannot appear in a view by accident.
BASE_SEED = 7_391_562_048_113

CASES = [
    (name, n, BASE_SEED + 7919 * i)
    for name in NAMES
    for n in player_counts(name)
    for i in range(SEEDS_PER_COUNT)
]

pytestmark = pytest.mark.usefixtures("plugin_games")


def _check_view(state: rules.State, seat: int | None, seed: int) -> None:
    text = json.dumps(state.view(seat))  # must be JSON-ready
    assert str(seed) not in text, f"the seed leaks into the view of {seat}"


def _check_rejections(state: rules.State, awaited: list[int], legal: dict[int, list[str]], rnd: random.Random) -> None:
    before = state.dump()
    seat = awaited[0]
    for junk in ["", "  ", "xyzzy 999", "\x00\n\t", "💥 ünïcode", "x" * 81, legal[seat][0] + " extra junk"]:
        if junk in legal[seat]:
            continue
        with pytest.raises(IllegalAction):
            state.apply(seat, junk)
        assert state.dump() == before, f"rejected {junk!r} changed the state"
    idle = [s for s in range(state.num_players) if s not in awaited]
    if idle:
        intruder = rnd.choice(idle)
        with pytest.raises(IllegalAction):
            state.apply(intruder, rnd.choice(legal[seat]))
        assert state.dump() == before, "another seat's action changed the state"
    for bad_seat in (-1, state.num_players, 10**6):
        with pytest.raises(IllegalAction):
            state.apply(bad_seat, legal[seat][0])
    assert state.dump() == before


def _play(name: str, n: int, seed: int, checks: bool) -> tuple[rules.State, list[tuple[int, str]]]:
    game = rules.get_game(name)
    state = game.new_state(num_players=n, seed=seed)
    assert state.num_players == n
    rnd = random.Random(seed)  # picks the moves
    probe = random.Random(seed + 1)  # picks rejection probes, so checks never change the moves
    log: list[tuple[int, str]] = []
    for step in range(MAX_STEPS):
        awaited = state.to_act()
        assert state.is_over() == (not awaited)
        if not awaited:
            break
        assert len(set(awaited)) == len(awaited) and all(0 <= s < n for s in awaited)
        legal = {seat: state.legal_actions(seat) for seat in awaited}
        for seat, actions in legal.items():
            assert actions, f"awaited seat {seat} has no legal action"
            assert len(set(actions)) == len(actions), "duplicate actions"
            assert all(isinstance(a, str) and 0 < len(a) <= 80 for a in actions)
            assert actions == state.legal_actions(seat), "legal_actions is not deterministic"
        for seat in range(n):
            if seat not in awaited:
                assert state.legal_actions(seat) == []
        secret = state.secret_simultaneous()
        assert isinstance(secret, bool) and (len(awaited) > 1 or not secret), "a lone seat's step is no secret"
        if checks or step % 25 == 0:
            for seat, actions in legal.items():
                for action in actions:
                    for label in (state.describe(action), state.describe_for(seat, action)):
                        assert isinstance(label, str) and 0 < len(label) <= 100
            _check_rejections(state, awaited, legal, probe)
            text = state.dump()
            assert game.load(text).dump() == text, "load(dump()) is not faithful"
            copy = state.clone()
            assert copy.dump() == text, "clone() is not faithful"
            for viewer in [None, *range(n)]:
                _check_view(state, viewer, seed)
            public, by_seat = state.views(range(n))
            assert public == state.view(None), "views() gives another public view than view(None)"
            assert by_seat == {s: state.view(s) for s in range(n)}, "views() differs from view(seat)"
        seat = rnd.choice(awaited)
        action = rnd.choice(legal[seat])
        if secret and (checks or step % 5 == 0):
            _check_others_unchanged(state, seat, action, awaited, legal)
        events = state.apply(seat, action)
        assert isinstance(events, list) and all(isinstance(e, rules.Event) for e in events)
        for event in events:
            assert event.to is None or 0 <= event.to < n
            json.dumps(event.to_dict())
            assert game.event_text(event)
        log.append((seat, action))
    else:
        pytest.fail(f"{name} with {n} players did not end within {MAX_STEPS} random actions")
    return state, log


def _check_others_unchanged(state: rules.State, seat: int, action: str, awaited: list[int],
                            legal: dict[int, list[str]]) -> None:
    """In a secret step awaiting several seats, one seat's choice leaves every other awaited seat awaited with the
    same legal actions (the service lets a choice made on an older board of the same wait stand)."""
    after = state.clone()
    after.apply(seat, action)
    if after.is_over():
        return
    for other in awaited:
        if other != seat:
            assert other in after.to_act(), f"seat {other} stopped being awaited when seat {seat} played {action!r}"
            assert after.legal_actions(other) == legal[other], f"seat {seat}'s {action!r} changed seat {other}'s"


@pytest.mark.parametrize(("name", "n", "seed"), CASES, ids=[f"{c[0]}-{c[1]}p-{c[2] % 1000}" for c in CASES])
def test_random_playthrough_obeys_contract(name: str, n: int, seed: int) -> None:
    game = rules.get_game(name)
    state, log = _play(name, n, seed, checks=(seed == BASE_SEED))

    assert state.to_act() == [] and state.is_over()
    for seat in range(n):
        assert state.legal_actions(seat) == []
    outcome = state.outcome()
    assert isinstance(outcome, Outcome)
    assert len(outcome.scores) == len(outcome.ranks) == len(outcome.breakdown) == n
    assert min(outcome.ranks) == 1
    for seat in range(n):
        assert sum(outcome.breakdown[seat].values()) == outcome.scores[seat], "breakdown must sum to the score"
    for viewer in [None, *range(n)]:
        _check_view(state, viewer, seed)

    # Replaying the log from the same seed gives the identical final state.
    replay = game.new_state(num_players=n, seed=seed)
    for seat, action in log:
        replay.apply(seat, action)
    assert replay.dump() == state.dump()

    # Same seed, same random policy: the same game.
    again, again_log = _play(name, n, seed, checks=False)
    assert again_log == log and again.dump() == state.dump()


@pytest.mark.parametrize("name", NAMES)
def test_game_metadata(name: str) -> None:
    game = rules.get_game(name)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    assert rules.get_game(name.upper()) is game
    assert game.rules_summary
    defaults = game.normalise_options(None)
    assert set(defaults) == set(game.option_choices)
    with pytest.raises(IllegalAction):
        game.normalise_options({"no-such-option": "1"})
    with pytest.raises(IllegalAction):
        game.new_state(num_players=game.max_players + 1, seed=1)
    with pytest.raises(IllegalAction):
        game.new_state(num_players=game.min_players - 1, seed=1)


@pytest.mark.parametrize("name", NAMES)
def test_bot_plays_whole_games(name: str) -> None:
    """The game's own bot, seeing only its view, finishes a game at every player count."""
    game = rules.get_game(name)
    for n in range(game.min_players, game.max_players + 1):
        state = play_until(game.new_state(num_players=n, seed=BASE_SEED + n), by_bot(game, BASE_SEED),
                           max_steps=MAX_STEPS)  # ``by_bot`` asserts each action is legal
        assert state.is_over(), f"bots did not finish {name} with {n} players"


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(IllegalAction, match="Available"):
        rules.get_game("chess")


def test_secret_choices_are_never_public_actions() -> None:
    """Whatever the board shows as "last move" must not name a secret choice."""
    # All four games are registered: no guard, so a missing or renamed game fails here instead of skipping.
    assert rules.get_game("strasbourg").public_action("keep O07") is None
    colonia = rules.get_game("colonia")
    assert colonia.public_action("family 4") is None and colonia.public_action("vote yes") is None
    nuernberg = rules.get_game("nuernberg")
    assert nuernberg.public_action("discard ore") is None and nuernberg.public_action("give wool") is None
    assert rules.get_game("speicherstadt").public_action("place 3") == "place 3"
    assert rules.get_game(NIM).public_action("pick 3") is None
