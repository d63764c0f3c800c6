"""Issue 19 at the terminal: Strasbourg's review and undo of a split, reveal N for identical stacks, the rules' own
refusal reasons, and the final table in the image's column order."""

from __future__ import annotations

from pathlib import Path

from tests.terminal.test_terminal import session

SEATS = ("--seats", "me,bot,bot", "--seed", "4")  # Ada draws 4, 1, 1 in round 1


async def test_a_split_is_reviewed_undone_and_confirmed_and_equal_stacks_keep_their_numbers(tmp_path: Path) -> None:
    moves = ["confirm", "1", "confirm", "draw", "draw", "stop", "split 9 | 9", "singles", "unplace", "restart",
             "split 4 | 1 | 1", "confirm", "privilege", "3", "q"]
    code, text = await session(tmp_path / "t.sqlite3", "\n".join(moves) + "\n", *SEATS, game="strasbourg")
    assert code == 0
    assert "Refused: Keep at least one objective first (keep <id>), then confirm." in text
    assert "Refused: That split does not use exactly the cards you drew this round (4, 1, 1)" in text
    assert "1) Confirm these stacks: 4 | 1 | 1 (until then nobody sees you ready)  [confirm]" in text
    assert "2) Take back the last card you placed  [unplace]" in text
    assert "Refused: You have no privilege to spend." in text
    # the two equal stacks keep their own numbers: item 3 is stack 3, not "pass"
    assert "3) Reveal stack 3: 1 = 1 (1 card) → 1st, Nobility seat (builds the edifice in I) so far  [reveal 3]" in text
    assert "Ada reveals 1 = 1." in text
    assert "Ties go to the seat nearest the first player: Ada, Bot Bruno, Bot Anna." in text


async def test_the_final_table_follows_the_images_columns(tmp_path: Path) -> None:
    code, text = await session(tmp_path / "t.sqlite3", "1\n" * 800, *SEATS, game="strasbourg")
    assert code == 0 and "Strasbourg: game over." in text
    header = next(line for line in text.splitlines() if line.startswith(" #  Player"))
    # the breakdown in the image's order; a tie-break column follows only when scores tie
    assert header.split()[3:9] == ["Council", "City", "Chapels", "Edifices", "Privileges", "Objectives"]
    assert header.split()[9:] in ([], ["Tie-break"])
