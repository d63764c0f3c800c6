"""The typed shape of a view: the keys every game's ``State.view(seat)`` carries (docs/conventions.md).

A view is a JSON-ready dict; these ``TypedDict``s only describe it (at run time a view is a plain ``dict``).
Each game extends ``BaseView`` in ``rules/<game>/views.py`` with its own keys and one ``TypedDict`` for a
seat's private block, and its renderer (``render/<game>/``) takes that type, so mypy checks the renderer
against what the rules build.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


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


__all__ = ["BaseView", "OutcomeDict"]
