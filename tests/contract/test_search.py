"""The strong bot (rules/search.py) never peeks: its choice is a function of its seat's view, the legal actions and
its random stream. Two states that differ only in what the seat cannot see (others' hidden holdings and secret
choices, deck orders, the seed that decides future draws) must give the same choice, in every game."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import rules
from rules import search
from rules.core import Rng
from tests.support.games import NAMES, some_players

GAMES = NAMES
pytestmark = pytest.mark.usefixtures("plugin_games")


def _heuristic_game(game: rules.Game, state: rules.State, seed: int):
    while awaited := state.to_act():
        seat = awaited[-1]  # in a simultaneous step, the last awaited: others may already have chosen in secret
        legal = state.legal_actions(seat)
        yield seat, legal
        state.apply(seat, game.bot_action(state.view(seat), legal, seat, Rng(seed, "bot", seat, state.ply)))


def positions(name: str, players: int | None = None, seed: int = 11, every: int = 37):
    """Decision points of a seeded heuristic game: (state, seat) every ``every`` steps where the seat has a choice
    (in a game of fewer than ``6 * every`` steps, at six points spread over it, so a short game has its share)."""
    game = rules.GAMES[name]
    players = some_players(name) if players is None else players
    length = sum(1 for _ in _heuristic_game(game, game.new_state(players, seed), seed))
    every = max(1, min(every, length // 6))
    state = game.new_state(players, seed)
    step = 0
    while awaited := state.to_act():
        seat = awaited[-1]  # in a simultaneous step, the last awaited: others may already have chosen in secret
        legal = state.legal_actions(seat)
        if len(legal) > 1 and step % every == 0:
            yield state.clone(), seat
        state.apply(seat, game.bot_action(state.view(seat), legal, seat, Rng(seed, "bot", seat, state.ply)))
        step += 1


@pytest.mark.parametrize("name", GAMES)
def test_the_search_chooses_the_same_in_worlds_its_seat_cannot_tell_apart(name: str) -> None:
    game = rules.GAMES[name]
    redeal = search.redeal_for(game)
    checked = 0
    for state, seat in positions(name):
        other = redeal(state, seat, Rng(99, "other world", state.ply))  # the same view, other hidden truth
        other.seed = state.seed + 1  # and other future draws
        assert other.view(seat) == state.view(seat)
        mine = search.choose(game, state, seat, Rng(5, "search", state.ply), budget=4)
        theirs = search.choose(game, other, seat, Rng(5, "search", state.ply), budget=4)
        assert mine == theirs, f"{name}, ply {state.ply}, seat {seat}: the choice depends on hidden information"
        checked += 1
        if checked == 6:
            break
    assert checked >= 3


@pytest.mark.parametrize("name", GAMES)
def test_a_world_depends_only_on_the_view_and_the_stream(name: str) -> None:
    """``redeal_hidden`` is canonical: from two states with the same view, the same stream deals the same world."""
    game = rules.GAMES[name]
    redeal = search.redeal_for(game)
    for state, seat in positions(name, every=53):
        other = redeal(state, seat, Rng(3, "other", state.ply))
        other.seed = state.seed + 7
        a = search.determinize(state, seat, Rng(1, "w"), redeal)
        b = search.determinize(other, seat, Rng(1, "w"), redeal)
        assert a.dump() == b.dump(), f"{name}, ply {state.ply}: the world depends on hidden information"


def test_the_search_plays_a_legal_move_and_replays_from_its_stream() -> None:
    game = rules.GAMES["speicherstadt"]
    state, seat = next(positions("speicherstadt"))
    first = search.choose(game, state, seat, Rng(8, "s"), budget=6)
    assert first in state.legal_actions(seat)
    assert search.choose(game, state, seat, Rng(8, "s"), budget=6) == first


def _scripted(diffs: list[float]) -> tuple[search._Arm, search._Arm, Callable[[], None], list[int]]:
    """A challenger and the heuristic's pick whose paired rounds differ by ``diffs`` in turn, and a counter of the
    rounds played."""
    best, pick, played = search._Arm("challenger"), search._Arm("pick"), [0]

    def play() -> None:
        i = played[0]
        pick.results[i] = 0.0
        best.results[i] = diffs[i % len(diffs)]
        played[0] += 1

    return best, pick, play, played


def test_a_challenger_behind_the_pick_is_dropped_at_the_first_check() -> None:
    best, pick, play, played = _scripted([-0.2, 0.1])
    assert not search.confirmed(best, pick, 12, play)
    assert played[0] == 6  # half the rounds: the other half is saved


def test_a_clearly_better_challenger_is_accepted_only_after_its_rounds() -> None:
    best, pick, play, played = _scripted([0.3, 0.2, 0.25])
    assert search.confirmed(best, pick, 12, play)
    assert played[0] == 12  # ahead at the half-way check, but not accepted before all its rounds


def test_an_undecided_challenger_gets_more_rounds_and_noise_is_not_accepted() -> None:
    noisy = [0.9, -0.8, 0.7, -0.75]  # ahead on average, far within the noise
    best, pick, play, played = _scripted(noisy)
    assert not search.confirmed(best, pick, 12, play)
    assert played[0] == 12 * search.MAX_EXTENSION
    small = [0.08, 0.02, 0.06, 0.04]  # a small, steady edge over the margin
    best, pick, play, played = _scripted(small)
    assert search.confirmed(best, pick, 12, play)


def test_a_game_searches_with_its_own_budget_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Colonia's and Nürnberg's strong bots play twice the default's playouts (their own ``search_budget``); the
    other games the default; a budget given explicitly wins over both."""
    from bot.table.levels import choose_move

    own = {"colonia": 96, "nuernberg": 96}
    assert all(search.budget_for(rules.GAMES[n]) == own.get(n, search.DEFAULT_BUDGET) for n in GAMES)
    counted: list[int] = []
    real = search.playout

    def counting(game, world, rng):  # type: ignore[no-untyped-def]
        counted[-1] += 1
        real(game, world, rng)

    monkeypatch.setattr(search, "playout", counting)
    game = rules.GAMES["colonia"]
    state, seat = next((s, seat) for s, seat in positions("colonia", every=5) if len(s.legal_actions(seat)) > 6)
    picks, playouts = {}, {}
    for budget in (None, 96, 48):
        counted.append(0)
        picks[budget] = choose_move(game, state, seat, "strong", Rng(4, "s"), budget)
        playouts[budget] = counted[-1]
    assert (picks[None], playouts[None]) == (picks[96], playouts[96])  # no budget: the game's own
    assert playouts[96] > playouts[48]


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_and_a_review_are_the_same_in_worlds_their_seat_cannot_tell_apart(name: str) -> None:
    """The hints and the reviews (docs/learning.md) appraise from the seat's own view as the search does: two states
    that differ only in what the seat cannot see (others' secrets, deck orders, the seed) give the same hint and the
    same judgement of a move, figures and all, from the same stream."""
    from bot.table.learn.work import hint_work, review_work

    game = rules.GAMES[name]
    redeal = search.redeal_for(game)
    checked = 0
    for state, seat in positions(name, every=53):
        other = redeal(state, seat, Rng(98, "other world", state.ply))
        other.seed = state.seed + 1
        assert other.view(seat) == state.view(seat)
        mine = hint_work(name, state.dump(), seat, 5, state.ply, 3)
        assert mine == hint_work(name, other.dump(), seat, 5, state.ply, 3), f"{name}, ply {state.ply}: the hint peeks"
        assert len(mine) == 2 and {f.action for f in mine} <= set(state.legal_actions(seat))
        move = state.legal_actions(seat)[-1]
        judged = review_work(name, state.dump(), seat, move, 5, state.ply, 6)
        theirs = review_work(name, other.dump(), seat, move, 5, state.ply, 6)
        assert (judged.best, judged.loss, judged.points) == (theirs.best, theirs.loss, theirs.points), name
        checked += 1
        if checked == 3:
            break
    assert checked >= 3
