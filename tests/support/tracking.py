"""Which parts of a view a function reads: ``track(view)`` wraps a JSON-like view so that every key read (``[]``,
``get``, ``items``, ``values``) is recorded as a path ("players[].coins"), list positions folded into ``[]``.

The accessibility tests use it to check that the board in words (``Game.summary``) reads everything the image
(``render.board``) draws."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class _Reads:
    def __init__(self) -> None:
        self.paths: set[str] = set()


def _wrap(value: Any, path: str, reads: _Reads) -> Any:
    if isinstance(value, dict) and not isinstance(value, TrackedDict):
        return TrackedDict(value, path, reads)
    if isinstance(value, list) and not isinstance(value, TrackedList):
        return TrackedList(value, path, reads)
    return value


class TrackedDict(dict[str, Any]):
    def __init__(self, data: dict[str, Any], path: str, reads: _Reads) -> None:
        super().__init__(data)
        self._path, self._reads = path, reads

    def _at(self, key: object) -> str:
        return f"{self._path}.{key}" if self._path else str(key)

    def __getitem__(self, key: str) -> Any:
        self._reads.paths.add(self._at(key))
        return _wrap(super().__getitem__(key), self._at(key), self._reads)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        if key in self:
            return self[key]
        return default

    def items(self) -> Iterator[tuple[str, Any]]:  # type: ignore[override]
        for key in list(super().keys()):
            yield key, self[key]

    def values(self) -> Iterator[Any]:  # type: ignore[override]
        for key in list(super().keys()):
            yield self[key]


class TrackedList(list[Any]):
    def __init__(self, data: list[Any], path: str, reads: _Reads) -> None:
        super().__init__(data)
        self._path, self._reads = f"{path}[]", reads

    def __getitem__(self, index: Any) -> Any:
        value = super().__getitem__(index)
        if isinstance(index, slice):
            return [_wrap(v, self._path, self._reads) for v in value]
        return _wrap(value, self._path, self._reads)

    def __iter__(self) -> Iterator[Any]:
        for value in super().__iter__():
            yield _wrap(value, self._path, self._reads)


def track(view: dict[str, Any]) -> tuple[TrackedDict, set[str]]:
    """A tracked copy of ``view`` and the set its readers fill with the paths they read."""
    reads = _Reads()
    return TrackedDict(view, "", reads), reads.paths
