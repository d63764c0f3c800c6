"""Which of a finished game's decisions its review evaluates, and where the game stood at each (pure: run in a
thread by ``Reviews``, the replay being synchronous).

A review is bounded per game (``REVIEW_DECISIONS`` decisions, shared among its players, at least ``MIN_PER_PLAYER``
each): of each player's own decisions with more than one option, first those where the player left the basic bot's
pick (from their own view: where a mistake is likeliest), spread over the game, then the others, spread too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.table.replaying import replay_on, start_replay
from bot.table.store import LogRow
from rules.core import Game, Rng, State

REVIEW_DECISIONS = 24  # decisions evaluated per game, shared among its players
MIN_PER_PLAYER = 4

T = TypeVar("T")


@dataclass(frozen=True)
class Decision:
    """One decision of a player: its index among the replayed rows, the board version it was made on, the seat, the
    move made, and the position before it (a snapshot, for the worker)."""

    step: int
    version: int
    seat: int
    user: int
    action: str
    snapshot: str
    ply: int
    left_pick: bool  # the player did not play the basic bot's pick there


def spread(items: Sequence[T], k: int) -> list[T]:
    """``k`` of ``items`` spaced evenly over them (all of them when there are no more)."""
    if len(items) <= k:
        return list(items)
    return [items[(2 * i + 1) * len(items) // (2 * k)] for i in range(k)]


def decisions(game: Game, players: int, seed: int, options: Mapping[str, str], rows: list[LogRow],
              users: Sequence[int]) -> dict[int, list[Decision]]:
    """Each player's decisions to evaluate (``rows``: the log's applied rows), in the order played."""
    replay = start_replay(game, players, seed, options, rows)
    found: dict[int, list[Decision]] = {u: [] for u in users}
    for i, row in enumerate(rows):
        assert row.seat is not None and row.action is not None
        if row.kind == "player" and row.user_id in found:
            state = replay.today()
            legal = state.legal_actions(row.seat)
            if len(legal) > 1 and row.action in legal:
                pick = game.bot_action(state.view(row.seat), legal, row.seat, Rng(seed, "review screen", i))
                found[row.user_id].append(Decision(i, row.version - 1, row.seat, row.user_id, row.action,
                                                   state.dump(), state.ply, pick != row.action))
        replay_on(replay, [row])
    share = max(MIN_PER_PLAYER, REVIEW_DECISIONS // max(1, len(users)))
    out = {}
    for user, mine in found.items():
        left = spread([d for d in mine if d.left_pick], share)
        kept = left + spread([d for d in mine if not d.left_pick], share - len(left))
        out[user] = sorted(kept, key=lambda d: d.step)
    return out


def interleaved(per_user: Mapping[int, list[Decision]]) -> list[Decision]:
    """The players' decisions taken in turn, so a review cut short by its CPU bound shares what it did."""
    queues = [list(v) for _u, v in sorted(per_user.items())]
    out: list[Decision] = []
    while any(queues):
        for q in queues:
            if q:
                out.append(q.pop(0))
    return out


def positions(game: Game, players: int, seed: int, options: Mapping[str, str], rows: list[LogRow],
              steps: set[int]) -> dict[int, State[Any]]:
    """The game as it stood before each of ``steps`` (indexes into ``rows``), in today's engine."""
    replay = start_replay(game, players, seed, options, rows)
    out: dict[int, State[Any]] = {}
    for i, row in enumerate(rows):
        if i in steps:
            out[i] = replay.today().clone()
        if len(out) == len(steps):
            break
        replay_on(replay, [row])
    return out
