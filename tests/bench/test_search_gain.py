"""``bench/search_gain.py``: variants override the search's constants only while they choose, and a variant that
can never deviate (an impossible margin) gains exactly nothing, while the tally counts real deviations."""

from __future__ import annotations

import io

import pytest

from bench import search_gain
from rules import search


def test_a_variant_names_search_constants_and_is_undone_after() -> None:
    assert search_gain.parse_variant(" Z=2, MARGIN=0.05 ") == {"Z": 2.0, "MARGIN": 0.05}
    with pytest.raises(ValueError, match="NAME=VALUE"):
        search_gain.parse_variant("playouts=9")
    before = search.Z, search.MAX_EXTENSION
    with search_gain.settings({"Z": 3.0, "MAX_EXTENSION": 2.0}):
        assert (search.Z, search.MAX_EXTENSION) == (3.0, 2)
        assert isinstance(search.MAX_EXTENSION, int)
    assert before == (search.Z, search.MAX_EXTENSION)


def test_a_search_that_cannot_deviate_gains_nothing_and_the_basic_pick_is_the_reference() -> None:
    out = io.StringIO()
    tallies = search_gain.measure("strasbourg", 3, 4, ["MARGIN=9,DEFAULT_BUDGET=6", "MARGIN=-9,Z=-99,DEFAULT_BUDGET=6"],
                                  out=out)
    never, always = tallies.values()
    assert (never.deviations, never.gain) == (0, 0.0)
    assert always.deviations >= 1  # any challenger is accepted: it deviates wherever its challenger differs
    assert len(always.gains) == always.deviations
    assert "3 positions, 4 rounds a move" in out.getvalue()
