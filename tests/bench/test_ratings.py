"""The bench's ``ratings`` section on a small history: the rows it writes are the club's own (the rebuild rates every
game), and each figure it prints is measured."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bench.ratings import _rows, history, measure


def test_the_history_is_four_players_a_game_and_each_game_ranks_them() -> None:
    games, seats, results, ended = history(50, 12)
    assert len(games) == len(ended) == 50 and len(seats) == len(results) == 200
    for g in range(1, 51):
        ranks = sorted(r[5] for r in results if r[0] == g)
        assert ranks == [1, 2, 3, 4]


def test_a_small_run_measures_every_row(tmp_path: Path) -> None:
    fig = asyncio.run(measure(str(tmp_path / "club.sqlite3"), 200, 20, samples=5, tables=2))
    assert fig["rated"] == 200
    assert all(len(fig[k]) == 5 for k in ("board", "board_floor", "profile", "profile_floor"))
    assert len(fig["last"]) == 2 and len(fig["others"]) == 6
    rows = _rows("SQLite", fig, 200, 20)
    assert [r.metric.split(",")[0] for r in rows][:2] == ["leaderboard page p50 ms", "leaderboard page p99 ms"]
    assert all(r.value not in ("", "n/a") for r in rows)
