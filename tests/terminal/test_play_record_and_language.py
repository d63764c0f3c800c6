"""``kontor play``: a resumed game keeps the language it was started in (the table's setting), and ``--record FILE``
writes the finished game's record, the one ``kontor verify`` checks."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

from bot.terminal import table as terminal
from bot.tools.cli import main
from tests.support.toygame import TEST_GAMES


def play_args(db: Path, *extra: str, game: str = "tiny") -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    return parser.parse_args([game, "--db", str(db), "--name", "Ada", *extra])


async def test_resuming_without_lang_speaks_the_tables_language(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    first = io.StringIO()
    await terminal.play(play_args(db, "--seats", "Ada,bot", "--seed", "7", "--lang", "fr"), io.StringIO("q\n"), first,
                        games=TEST_GAMES)
    assert "Enregistré." in first.getvalue()
    out = io.StringIO()
    assert await terminal.play(play_args(db, "--seats", "Ada,bot"), io.StringIO("q\n"), out, games=TEST_GAMES) == 0
    text = out.getvalue()
    assert "Reprise de Tiny Auction" in text and "Enregistré. Relancez la même commande pour reprendre." in text
    assert "Resuming" not in text and "Saved." not in text


async def test_a_new_game_without_lang_speaks_english_again(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    await terminal.play(play_args(db, "--seats", "Ada,bot", "--lang", "fr"), io.StringIO("q\n"), io.StringIO(),
                        games=TEST_GAMES)
    out = io.StringIO()
    await terminal.play(play_args(db, "--seats", "Ada,bot", "--new"), io.StringIO("q\n"), out, games=TEST_GAMES)
    assert "A new game of Tiny Auction" in out.getvalue()


async def test_play_record_is_what_kontor_verify_accepts(tmp_path: Path) -> None:
    db, record = tmp_path / "t.sqlite3", tmp_path / "game.json"
    out = io.StringIO()
    code = await terminal.play(play_args(db, "--seats", "bot,bot", "--seed", "3", "--record", str(record),
                                         game="speicherstadt"), io.StringIO(""), out)
    assert code == 0, out.getvalue()
    assert f"Record: {record}" in out.getvalue()
    data = json.loads(record.read_text())
    assert data["game"] == "speicherstadt" and data["status"] == "finished" and data["seed"] == 3
    assert main(["verify", str(record)]) == 0


def test_play_refuses_a_record_it_could_not_write_before_playing(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "t.sqlite3"
    assert main(["play", "tiny", "--db", str(db), "--record", str(tmp_path / "missing" / "g.json")]) == 2
    assert "There is no folder" in capsys.readouterr().err
    assert not db.exists()
