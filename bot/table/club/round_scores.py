"""Each player's score after each round of a finished game, for the chart in the end report (docs/ratings.md, "The
report at the end"). Pure: the game is replayed from its seed and logged moves (each under the rules version it was
played under, ``rules.archive.Replay``) and only the public view is read (``view(None)``: its ``round`` and running
``scores``), so nothing secret can reach the chart. The web page can reuse it as it is.

A round's figure is the public score at the step that ended it (the round's own end-of-round scoring included); the
last round's is the final score (``Outcome.scores``), so the chart ends where the report's places do. A game charts
nothing when it says its running score is not meaningful (``Game.running_score``: Colonia), when its view has no
``round``, or when it lasted fewer than two rounds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.archive import Replay
from rules.core import Game

#: (seat, action, rules version or None: today's) of each move, oldest first, undone ones left out
Move = tuple[int, str, int | None]


@dataclass(frozen=True)
class RoundScores:
    """``rounds``: the rounds' numbers in the order played; ``seats``: per seat, its score after each of them (the
    last: its final score)."""

    rounds: tuple[int, ...]
    seats: tuple[tuple[int, ...], ...]

    def after(self, seat: int) -> tuple[int, ...]:
        return self.seats[seat] if 0 <= seat < len(self.seats) else ()


def round_scores(game: Game, players: int, seed: int, options: Mapping[str, str],
                 moves: Iterable[Move]) -> RoundScores | None:
    """Replay the moves and note the public scores each time the public view's round changes; None when the game
    charts nothing (see the module's docstring) or the moves do not end the game."""
    if not game.running_score:
        return None
    moves = list(moves)
    replay = Replay(game, players, seed, dict(options), _version(game, moves[0][2] if moves else None))
    current = replay.today().view(None).get("round")
    if not isinstance(current, int) or isinstance(current, bool):
        return None
    ended: dict[int, tuple[int, ...]] = {}
    for seat, action, version in moves:
        replay.apply(seat, action, _version(game, version))
        state = replay.today()
        if state.is_over():
            ended[current] = tuple(int(s) for s in state.outcome().scores)
            break
        view = state.view(None)
        now = view.get("round")
        if isinstance(now, int) and not isinstance(now, bool) and now != current:
            ended[current] = tuple(int(s) for s in view["scores"])
            current = now
    else:
        return None  # the game did not end with these moves
    if len(ended) < 2:
        return None
    rounds = tuple(ended)
    return RoundScores(rounds, tuple(tuple(ended[r][s] for r in rounds) for s in range(players)))


def _version(game: Game, version: int | None) -> int:
    return game.rules_version if version is None else version
