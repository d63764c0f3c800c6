"""The ``bots`` bench section's memory figure measures a real search: at a position with a choice, not at a forced
move (Nürnberg opens with forced moves, where the search returns at once and the figure read 0.0 MB)."""

from __future__ import annotations

from bench.bots import search_memory_mb


def test_the_memory_of_one_search_is_measured_where_the_search_has_a_choice() -> None:
    assert search_memory_mb("nuernberg", budget=4) > 0.01
