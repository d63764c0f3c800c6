"""The store's rows of learning at the table (migration 27, docs/learning.md): the hint marks (per game and seat, how
many decisions its player asked the strong bot about) and the reviews (per finished game and player, computed once by
a background job). A mixin of ``Store``; the SQL is written once for both engines."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.table.store.rows import Queries, _dumps


@dataclass(frozen=True)
class ReviewRow:
    game_id: int
    user_id: int
    status: str  # 'pending' (the job works on it), 'done' or 'failed'
    items: list[dict[str, Any]]  # the decisions that lost most, worst first (bot/table/learn/reviews.py)
    evaluated: int  # decisions the job evaluated
    cpu_s: float  # the CPU time they took
    started_at: float
    done_at: float | None


def _items(text: str) -> list[dict[str, Any]]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError):
        return []
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


class LearnRows(Queries):
    #: whether migration 27's tables exist: always once migrated (``Store._check_columns`` says for a file read as it
    #: is, or an older build's schema in the upgrade tests: no hint is marked and no review kept then)
    learn_tables = True

    async def mark_hint(self, game_id: int, seat: int, user_id: int | None, now: float) -> None:
        """One more decision of ``seat`` given a hint (inside a transaction)."""
        if not self.learn_tables:
            return
        await self._write(
            "INSERT INTO hint_marks(game_id, seat, user_id, hints, first_at) VALUES (?, ?, ?, 1, ?)"
            " ON CONFLICT(game_id, seat) DO UPDATE SET hints = hint_marks.hints + 1, user_id = excluded.user_id",
            (game_id, seat, user_id, now))

    async def hint_marks(self, game_id: int) -> dict[int, int]:
        """seat -> how many of its decisions were given a hint (only seats that asked)."""
        if not self.learn_tables:
            return {}
        rows = await self._fetchall("SELECT seat, hints FROM hint_marks WHERE game_id = ? AND hints > 0", (game_id,))
        return {int(s): int(n) for s, n in rows}

    async def reviews(self, game_id: int) -> dict[int, ReviewRow]:
        """user -> the review of their decisions in ``game_id`` (done, failed or being prepared)."""
        if not self.learn_tables:
            return {}
        rows = await self._fetchall(
            "SELECT game_id, user_id, status, items, evaluated, cpu_s, started_at, done_at FROM reviews"
            " WHERE game_id = ?", (game_id,))
        return {int(u): ReviewRow(int(g), int(u), str(st), _items(it), int(ev), float(cpu), float(at),
                                  None if done is None else float(done))
                for g, u, st, it, ev, cpu, at, done in rows}

    async def start_reviews(self, game_id: int, users: list[int], now: float) -> None:
        """The job begins (again) on ``game_id``'s reviews: one pending row per player (inside a transaction)."""
        for user in users:
            await self._write(
                "INSERT INTO reviews(game_id, user_id, status, started_at) VALUES (?, ?, 'pending', ?)"
                " ON CONFLICT(game_id, user_id) DO UPDATE SET status = 'pending', started_at = excluded.started_at",
                (game_id, user, now))

    async def finish_review(self, game_id: int, user_id: int, status: str, items: list[dict[str, Any]],
                            evaluated: int, cpu_s: float, now: float) -> None:
        await self._write(
            "UPDATE reviews SET status = ?, items = ?, evaluated = ?, cpu_s = ?, done_at = ?"
            " WHERE game_id = ? AND user_id = ?", (status, _dumps(items), evaluated, cpu_s, now, game_id, user_id))
