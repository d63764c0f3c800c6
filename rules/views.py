"""The typed shape of a view: the keys every game's ``State.view(seat)`` carries (docs/conventions.md).

A view is a JSON-ready dict; these ``TypedDict``s only describe it (at run time a view is a plain ``dict``).
Each game extends ``BaseView`` in ``rules/<game>/views.py`` with its own keys and one ``TypedDict`` for a
seat's private block, and its renderer (``render/<game>/``) takes that type, so mypy checks the renderer
against what the rules build.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterator, KeysView, Mapping, ValuesView
from typing import Any, NotRequired, TypedDict


class OutcomeDict(TypedDict):
    """``Outcome.to_dict()``: final scores, ranks (ties share a rank), per-seat breakdown, tie-break values."""

    scores: list[int]
    ranks: list[int]
    breakdown: list[dict[str, int]]
    tiebreak: list[int]


class BaseView(TypedDict):
    """The keys shared by every game's view."""

    game: str  # the game's name
    num_players: int
    viewer: int | None  # the seat the view is for, None for a spectator
    to_act: list[int]  # seats whose decision is awaited
    phase: str  # short human phase name
    status: str  # one line: round/phase and whom the game waits for
    scores: list[int]  # current public score per seat
    over: bool
    outcome: NotRequired[OutcomeDict]  # once over
    # ``round`` (int, for "one image per round" in the demo) is optional: the games that have one declare it.


class LazyView(dict[str, Any]):
    """A view (``State.bot_view``) some of whose parts are built the first time they are read: ``parts`` maps a key to
    ``build(source, seat)``, called with the state as it is then. The basic bot reads its view at once, before the
    state moves on, and a playout step reads a few parts of it, so building the rest would be wasted. To anything
    that iterates it, counts it or asks ``in``, it is the whole view (every part built first). A part whose builder
    raises KeyError is not there."""

    __slots__ = ("_parts", "_seat", "_source")

    def __init__(self, source: Any, seat: int, eager: Mapping[str, Any],
                 parts: Mapping[str, Callable[[Any, int], Any]]) -> None:
        super().__init__(eager)
        self._source, self._seat, self._parts = source, seat, parts

    def __missing__(self, key: str) -> Any:
        build = self._parts.get(key)
        if build is None:
            raise KeyError(key)
        value = self[key] = build(self._source, self._seat)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def _build_all(self) -> None:
        for key in self._parts:
            self.get(key)

    def __contains__(self, key: object) -> bool:
        self._build_all()
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self._build_all()
        return super().__iter__()

    def __len__(self) -> int:
        self._build_all()
        return super().__len__()

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        self._build_all()
        return super().keys()

    def values(self) -> ValuesView[Any]:  # type: ignore[override]
        self._build_all()
        return super().values()

    def items(self) -> ItemsView[str, Any]:  # type: ignore[override]
        self._build_all()
        return super().items()


__all__ = ["BaseView", "LazyView", "OutcomeDict"]
