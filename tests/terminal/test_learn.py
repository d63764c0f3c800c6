"""``kontor learn GAME``: the guided game at the terminal (bot/terminal/learn.py, docs/learning.md)."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

import rules
from bot.lang import speaking
from bot.terminal import learn
from bot.terminal import table as terminal
from rules.speicherstadt import guide
from rules.words import translator


def learn_args(db: Path, *extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    learn.add_arguments(parser)
    return parser.parse_args(["speicherstadt", "--db", str(db), "--name", "Ada", "--seed", "3", *extra])


async def test_kontor_learn_explains_each_kind_of_decision_once_and_guide_off_leaves_the_game_going(
        tmp_path: Path) -> None:
    db = tmp_path / "learn.sqlite3"
    out = io.StringIO()
    typed = "rules\nrules demand\n1\n1\n1\nguide off\n" + "1\n" * 6 + "q\n"
    assert await terminal.play(learn_args(db), io.StringIO(typed), out) == 0
    text = out.getvalue()
    demand = guide.STEPS["demand"]
    assert "The guide is on" in text
    # the explanation of Demand stands once before the first menu; 'rules demand' prints the same text as a topic
    assert text.count(demand) == 2 and text.index(demand) < text.index("your choice")
    assert "The rules by topic (type what is in brackets):\n  • Set-up  [rules setup]\n  • A round" in text
    assert "  • Fires  [rules fires]" in text
    assert "The guide is off; the game goes on as before. 'guide on' turns it on again." in text
    # after 'guide off' no explanation comes any more, though Purchase and Loading are new kinds of decision
    after = text[text.index("The guide is off"):]
    assert guide.STEPS["purchase"] not in after and guide.STEPS["loading"] not in after
    assert "📖" not in after


async def test_kontor_learn_in_french_and_a_resumed_guide_goes_on_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "learn.sqlite3"
    out = io.StringIO()
    assert await terminal.play(learn_args(db, "--lang", "fr"), io.StringIO("1\nq\n"), out) == 0
    _, _n = translator("speicherstadt")
    with speaking("fr"):
        demand = _(guide.STEPS["demand"])
    assert demand.startswith("Demande :") and demand in out.getvalue()
    again = io.StringIO()
    assert await terminal.play(learn_args(db, "--lang", "fr"), io.StringIO("rules nonsense\nq\n"), again) == 0
    assert demand not in again.getvalue()  # Demand was explained already: not twice
    assert "Pas de sujet « nonsense » dans les règles de The Speicherstadt" in again.getvalue()


@pytest.mark.parametrize(("name", "topic"), [("colonia", "streets"), ("nuernberg", "goods")])
async def test_kontor_learn_teaches_colonia_and_nuernberg_in_italian(tmp_path: Path, name: str, topic: str) -> None:
    book = rules.GAMES[name].guide_book
    assert book is not None
    parser = argparse.ArgumentParser()
    learn.add_arguments(parser)
    args = parser.parse_args([name, "--db", str(tmp_path / "l.sqlite3"), "--name", "Ada", "--seed", "3",
                              "--lang", "it"])
    out = io.StringIO()
    assert await terminal.play(args, io.StringIO(f"rules {topic}\nq\n"), out) == 0
    text = out.getvalue()
    _g, _gn = translator(name)
    with speaking("it"):
        said = [_g(t) for t in book.steps().values()]
        topic_text = next(_g(t.text) for t in book.topics() if t.key == topic)
    assert topic_text in text and topic_text != next(t.text for t in book.topics() if t.key == topic)
    assert sum(text.count(s) for s in said) >= 1  # the learner's first decision stands explained, in Italian
