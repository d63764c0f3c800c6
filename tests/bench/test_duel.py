"""bench.duel: the head-to-head harness counts what it plays (its figures are printed by the bench, not tested)."""

from __future__ import annotations

import pytest

import rules
from bench import baselines
from bench.duel import duel, load_baseline, play


def baseline(game: str):
    try:
        return load_baseline(game)
    except baselines.NoHistory as exc:  # a shallow clone: nothing to measure against
        pytest.skip(str(exc))


def test_a_duel_rotates_the_challenger_and_shares_out_every_win() -> None:
    seen: list[int] = []

    def spy(view, legal, seat, rng):  # today's bot, remembering which seat it played
        seen.append(seat)
        return rules.GAMES["speicherstadt"].bot_action(view, legal, seat, rng)

    result = duel("speicherstadt", 3, 3, baseline("speicherstadt"), challenger=spy)
    assert result.games == 3 and sorted(set(seen)) == [0, 1, 2]
    assert abs(result.challenger_wins + result.baseline_wins - 3) < 1e-9
    assert len(result.challenger_scores) == 3 and len(result.baseline_scores) == 6


def test_a_duel_game_replays_from_its_seed() -> None:
    bots = [baseline("nuernberg")] * 3
    assert play("nuernberg", 3, 7, bots).scores == play("nuernberg", 3, 7, bots).scores


def test_the_baselines_come_from_git_history_and_play_as_the_copies_did() -> None:
    # seed 7, three baseline seats: the scores the copies kept in bench/baselines/ gave before they were removed
    before = {"speicherstadt": [9, 37, 22], "colonia": [20, 16, 19], "strasbourg": [28, 49, 42], "nuernberg": [6, 7, 8]}
    bots = {game: baseline(game) for game in before}
    for game, scores in before.items():
        assert play(game, 3, 7, [bots[game]] * 3).scores == scores, game
    assert "def choose(" in baselines.source("colonia")
