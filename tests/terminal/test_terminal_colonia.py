"""Colonia at the terminal (issue 18): the menu shows the rules' consequence labels, and a typed action that is
well formed but illegal is refused with the rules' own reason, not the generic menu hint."""

from __future__ import annotations

from pathlib import Path

from tests.terminal.test_terminal import session, version


async def test_colonia_menu_labels_and_refusals_come_from_the_rules(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    code, text = await session(db, "q\n", "--seats", "me,bot,bot", "--seed", "4", game="colonia")
    assert code == 0
    assert "Family card 3: send 3 members, 3 votes" in text
    assert "Turn order: not set yet" in text
    before = version(db)
    code, text = await session(db, "family 9\nbuy LON-5-1\nq\n", "--seats", "me,bot,bot", game="colonia")
    assert code == 0
    assert "Refused: Family cards go from 3 to 8." in text
    assert "Refused: 'buy' is played on Sunday (relic purchases); now it is Tuesday: family cards." in text
    assert version(db) == before
