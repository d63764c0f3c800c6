"""A finished game's results, pure: who finished where, who left, and whether the table is rated (docs/ratings.md)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from bot.table.model import Seat
from bot.table.store.club_rows import ResultRow


def rated_table(settings: Mapping[str, Any], starting: Mapping[int, tuple[int | None, str]]) -> bool:
    """A table counts when its ``rated`` setting is on (tables made before the setting: on) and it started with
    humans only, at least two of them: a bot never gets a rating nor moves a human's."""
    humans = [user for user, _name in starting.values() if user is not None]
    return settings.get("rated", "on") == "on" and len(humans) == len(starting) >= 2


def game_results(game_id: int, outcome: Mapping[str, Any], settings: Mapping[str, Any], seats: Sequence[Seat],
                 starting: Mapping[int, tuple[int | None, str]], caretaken: Collection[int]) -> list[ResultRow]:
    """One row per seat's occupant at the end, with the seat's rank, score and breakdown; and one row per starting
    player who left their seat (replaced, or their seat given to the caretaker for good), carrying the seat's
    figures but ranking last in the ratings. Only starting players who stayed or left are rated: someone who took a
    seat over mid-game did not play the game from its start. ``starting`` {} (a game started before migration 18):
    the seating at the end stands for the start."""
    start = dict(starting) or {s.seat: (s.user_id, s.name) for s in seats}
    rated = rated_table(settings, start)
    ranks, scores = list(outcome["ranks"]), list(outcome["scores"])
    breakdowns = list(outcome.get("breakdown") or [{} for _ in seats])
    players = len(seats)
    rows: list[ResultRow] = []
    for s in seats:
        starter, starter_name = start.get(s.seat, (s.user_id, s.name))
        own = s.user_id is not None and s.user_id == starter
        stayed = own and s.seat not in caretaken
        figures = (int(ranks[s.seat]), int(scores[s.seat]), {str(k): int(v) for k, v in breakdowns[s.seat].items()})
        if stayed or not own:  # the seat's occupant at the end; a seat the caretaker kept has none of its own
            rows.append(ResultRow(game_id, s.seat, False, s.user_id, s.name, *figures, players, rated and stayed))
        if starter is not None and not stayed:
            rows.append(ResultRow(game_id, s.seat, True, starter, starter_name, *figures, players, rated))
    return rows
