"""``rules.views.LazyView``: a bot view whose costly parts are built when first read (Colonia's and Nürnberg's
``bot_view``). Read or iterated, it is the same dict an eager build gives; a part is built once, when read."""

from __future__ import annotations

from typing import Any

import rules
from rules.views import LazyView


def _view(built: list[str]) -> LazyView:
    def part(name: str, value: Any):  # type: ignore[no-untyped-def]
        def build(source: dict[str, int], seat: int) -> Any:
            built.append(name)
            return value(source, seat)
        return build

    def missing(source: dict[str, int], seat: int) -> Any:
        raise KeyError("me")

    return LazyView({"gold": 5}, 1, {"phase": "main"}, {
        "gold": part("gold", lambda src, seat: src["gold"] + seat), "me": part("me", missing)})


def test_a_part_is_built_once_when_first_read_from_the_source_as_it_is_then() -> None:
    built: list[str] = []
    view = _view(built)
    assert view["phase"] == "main" and built == []
    view._source["gold"] = 7  # the state moved on before the bot read the part
    assert view["gold"] == 8 and view["gold"] == 8 and view.get("gold") == 8
    assert built == ["gold"]


def test_get_in_and_iteration_see_the_whole_view_and_a_part_that_raises_is_absent() -> None:
    view = _view([])
    assert view.get("me") is None and view.get("me", 3) == 3 and view.get("nothing", 4) == 4
    assert "me" not in view and "gold" in view
    assert dict(view.items()) == {"phase": "main", "gold": 6} == dict(view)
    assert len(view) == 2 and sorted(view) == ["gold", "phase"] and sorted(view.keys()) == ["gold", "phase"]
    assert {**_view([])} == {"phase": "main", "gold": 6}


def test_the_bot_views_of_colonia_and_nuernberg_build_only_what_is_read() -> None:
    for name in ("colonia", "nuernberg"):
        state = rules.GAMES[name].new_state(3, 2)
        seat = state.to_act()[0]
        view = state.bot_view(seat)
        assert isinstance(view, LazyView)
        unread = set(dict.keys(view))  # what is there before anything is read (dict's own keys, nothing built)
        assert "players" not in unread
        assert view["players"][seat] == state.bot_view(seat)["players"][seat]
        assert set(dict.keys(view)) == unread | {"players"}
        assert set(view) >= unread | {"players"}  # iterating builds the rest
