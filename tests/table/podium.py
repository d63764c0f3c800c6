"""Podium, a test game whose result the test chooses: each seat in turn names its own score (``score 0`` …
``score 9``), once; the outcome ranks the scores (ties share a rank). The ratings tests play it to get exactly the
finishing places they mean to rate."""

from __future__ import annotations

from typing import Any, ClassVar

from rules.core import Event, Game, Outcome, Rng, State


class PodiumState(State):
    def __init__(self, num_players: int, seed: int) -> None:
        self.num_players, self.seed, self.ply = num_players, seed, 0
        self.scores: list[int | None] = [None] * num_players

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.scores.index(None)]

    def is_over(self) -> bool:
        return None not in self.scores  # (the base class asks to_act; this is the same, and cheaper)

    def _legal(self, seat: int) -> list[str]:
        return [f"score {n}" for n in range(10)]

    def _apply(self, seat: int, action: str, rng: Rng) -> list[Event]:
        self.scores[seat] = int(action.split()[1])
        return [Event("scored", {"seat": seat, "n": self.scores[seat]})]

    def describe(self, action: str) -> str:
        return f"Score {action.split()[1]}"

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_over()
        view: dict[str, Any] = {"game": "podium", "num_players": self.num_players, "viewer": seat,
                                "to_act": self.to_act(), "phase": "over" if over else "scoring",
                                "status": "Game over" if over else "Scoring", "over": over,
                                "scores": [s or 0 for s in self.scores]}
        if over:
            view["outcome"] = self.outcome().to_dict()
        return view

    def outcome(self) -> Outcome:
        scores = [s or 0 for s in self.scores]
        return Outcome.from_scores(scores, [{"points": s} for s in scores])

    def to_json(self) -> dict[str, Any]:
        return {"num_players": self.num_players, "seed": self.seed, "ply": self.ply, "scores": self.scores}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PodiumState:
        state = cls(data["num_players"], data["seed"])
        state.ply, state.scores = data["ply"], list(data["scores"])
        return state


class PodiumGame(Game):
    name = "podium"
    title = "Podium (test game)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    score_labels: ClassVar[dict[str, str]] = {"points": "Points"}
    state_class = PodiumState

    def new_state(self, num_players: int, seed: int, options: dict[str, str] | None = None) -> State[Any]:
        self.check_players(num_players)
        return PodiumState(num_players, seed)

    def bot_action(self, view: dict[str, Any], legal: list[str], seat: int, rng: Rng) -> str:
        return "score 9"  # a bot that always tops the table: it must never move a human's rating

    def event_text(self, event: Event) -> str:
        return f"Seat {event.params['seat']} scores {event.params['n']}."


PodiumState.game = PODIUM = PodiumGame()
