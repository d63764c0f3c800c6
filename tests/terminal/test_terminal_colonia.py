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


async def test_the_order_action_shown_in_the_menu_can_be_typed(tmp_path: Path) -> None:
    """Issue 42: `order saddler` is the menu's action on Thursday, not a standing order; typed on another day it is
    refused with the rules' short reason, never a list of every standing order."""
    db = tmp_path / "t.sqlite3"
    # seed 7: family card 3, vote Yes on Wednesday's decree, stall 4, then Thursday's menu offers [order saddler]
    code, text = await session(db, "1\n1\norder saddler\n1\norder saddler\nq\n", "--seats", "me,bot,bot,bot",
                               "--seed", "7", game="colonia")
    assert code == 0
    wednesday, thursday = text.split("[order saddler]", 1)
    refusals = [line for line in wednesday.splitlines() if line.startswith("Refused")]
    assert refusals == ["Refused: 'order' is played on Thursday (craftsmen); now it is Wednesday: market."]
    assert "Ada orders from the saddler with 2 members on space 2" in thursday
    assert all(len(line) < 200 for line in text.splitlines() if line.startswith("Refused"))
    # a standing order is still given with its words: its number, or an offer's id or label
    code, text = await session(db, "order 1\norder cancel\norder of the day\nq\n", "--seats", "me,bot,bot,bot",
                               game="colonia")
    assert "📌 Standing order set: Pass in this craftsmen loop (week 1, Thursday)." in text  # played at once
    assert "Refused: You have no standing order at this table." in text
    assert "Refused: 'order' is played on Thursday (craftsmen); now it is Friday: vote on D13" in text


async def test_the_french_table_names_no_turn_order_before_the_family_cards(tmp_path: Path) -> None:
    """Issue 42: the opening line gave an "Ordre de jeu" (turn order) before anyone played a family card; it is
    the seats around the table."""
    code, text = await session(tmp_path / "t.sqlite3", "q\n", "--seats", "me,bot,bot", "--seed", "4", "--lang", "fr",
                               game="colonia")
    assert code == 0
    opening = next(line for line in text.splitlines() if "Colonia commence" in line)
    assert opening == "  · Colonia commence. Places à table : 1. Bot Anna, 2. Ada, 3. Bot Bruno", opening
    assert "Ordre de jeu" not in text


def test_colonia_ties_are_broken_by_money_in_every_language() -> None:
    """Issue 42: the French table ended "Les égalités sont départagées par départage"; Colonia's tie-break is the
    money left after the windows."""
    from types import SimpleNamespace

    from bot.lang import speaking
    from bot.terminal.text import score_table
    from rules.outcome import Outcome

    parts = [{"relics": 8, "shrines": 0, "windows": 2}, {"relics": 10, "shrines": 0, "windows": 0},
             {"relics": 9, "shrines": 10, "windows": 4}]
    outcome = Outcome.from_scores([10, 10, 23], parts, [[15, 3, 3], [22, 2, 7], [4, 2, 4]])
    table = SimpleNamespace(names=["Ana", "Bot Anna", "Bot Clara"], game="colonia")
    said = {"en": "Tied scores are ranked by money (the last column).",
            "fr": "Les égalités sont départagées d'après la dernière colonne (argent).",
            "de": "Bei Punktgleichstand entscheidet Geld (die letzte Spalte).",
            "it": "I pareggi si risolvono in base all'ultima colonna (denaro)."}
    for lang, line in said.items():
        with speaking(lang):
            text = score_table(table, outcome)  # type: ignore[arg-type]
        assert text.splitlines()[-1] == line, text
        assert text.splitlines()[3].split()[:2] == ["2", "Bot"] and text.splitlines()[3].split()[-1] == "22"
