"""The terminal's ``hint`` and ``review`` (docs/learning.md): the strong bot's two best options for the decision at
hand at an unrated table, refused in one sentence at a rated one; after a finished game, the review it offers, and
``review`` in the next game for the last finished one, each decision's board written beside the table's image."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.games import NIM
from tests.terminal.test_terminal import pngs, session

pytestmark = pytest.mark.usefixtures("plugin_games")


async def test_hint_at_the_terminal_names_two_options_and_is_refused_at_a_rated_table(tmp_path: Path) -> None:
    code, text = await session(tmp_path / "a.sqlite3", "hint\nq\n", "--seats", "me,bot", "--seed", "5", game=NIM)
    assert code == 0
    after = text.split("The strong bot weighs your options…", 1)[1]
    lines = after.strip().splitlines()
    assert lines[0].startswith("💡 The strong bot's two best options, from what you can see (")
    assert lines[1].startswith("1. Take ") and "against the next best" in lines[1]
    assert lines[2].startswith("2. Take ")
    code, text = await session(tmp_path / "b.sqlite3", "hint\nq\n", "--seats", "Anna,Ben", "--seed", "5", game=NIM)
    assert "Refused: Hints are for unrated games only, and this game counts for the ratings." in text


async def test_the_review_is_offered_at_the_end_and_given_in_the_next_game(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    # two picks of 3 end this seeded game (the bot clashes once); then the prompt at the end
    code, text = await session(db, "3\n" * 2 + "review\n", "--seats", "me,bot", "--seed", "5", game=NIM)
    assert code == 0 and "Secret Nim: game over." in text
    end = text.split("Secret Nim: game over.", 1)[1]
    assert "Type 'review' to see what the strong bot would have done, or press Enter to go on: " in end
    assert "🔎 What the strong bot would have done — Secret Nim (game #1)." in end
    boards = sorted(name for name in pngs(tmp_path) if "-review-" in name)
    assert boards and all(f"Decision {i + 1}'s board: " in end and f"-review-{i + 1}.png" in end
                          for i in range(len(boards)))
    code, again = await session(db, "review\nq\n", "--seats", "me,bot", "--seed", "6", game=NIM)
    assert code == 0 and "A new game of Secret Nim" in again  # a new game; review speaks of the finished one
    assert "🔎 What the strong bot would have done — Secret Nim (game #1)." in again
