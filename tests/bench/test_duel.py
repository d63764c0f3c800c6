"""bench.duel: the head-to-head harness counts what it plays (its figures are printed by the bench, not tested)."""

from __future__ import annotations

import rules
from bench.duel import duel, load_baseline, play


def test_a_duel_rotates_the_challenger_and_shares_out_every_win() -> None:
    seen: list[int] = []

    def spy(view, legal, seat, rng):  # today's bot, remembering which seat it played
        seen.append(seat)
        return rules.GAMES["speicherstadt"].bot_action(view, legal, seat, rng)

    result = duel("speicherstadt", 3, 3, load_baseline("speicherstadt"), challenger=spy)
    assert result.games == 3 and sorted(set(seen)) == [0, 1, 2]
    assert abs(result.challenger_wins + result.baseline_wins - 3) < 1e-9
    assert len(result.challenger_scores) == 3 and len(result.baseline_scores) == 6


def test_a_duel_game_replays_from_its_seed() -> None:
    bots = [load_baseline("nuernberg")] * 3
    assert play("nuernberg", 3, 7, bots).scores == play("nuernberg", 3, 7, bots).scores
