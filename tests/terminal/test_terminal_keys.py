"""The terminal's keyboard and files (issue 42): keys typed before a menu is shown never answer it, and each game's
board image has its own file."""

from __future__ import annotations

import io
import os
import sqlite3
import sys
from pathlib import Path
from typing import TextIO

import pytest

import render
from bot.terminal import table as terminal
from tests.support.toygame import TEST_GAMES
from tests.terminal.test_terminal import FAKE_PNG, args, game_id, pngs, session

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal needs Unix")


class Keyboard(io.StringIO):
    """The terminal's screen, and a typist at a real (pseudo-)terminal: each time the table asks for a line, the
    typist types the next chunk of keys at once, Enter included, as fast fingers do; when the script is done they
    type ``q``."""

    def __init__(self, typist: int, chunks: list[str]) -> None:
        super().__init__()
        self.typist, self.chunks = typist, list(chunks)
        self.prompts = 0

    def write(self, text: str) -> int:
        if "your choice" in text:  # the prompt: the menu is on the screen
            self.prompts += 1
            os.write(self.typist, (self.chunks.pop(0) if self.chunks else "q\n").encode())
        return super().write(text)


def human_moves(db: Path) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT COUNT(*) FROM actions WHERE kind = 'player' AND user_id = 1").fetchone()[0]
    finally:
        con.close()


def pseudo_terminal() -> tuple[int, int, TextIO]:
    """A pseudo-terminal in its usual line mode: the typist's end, the keyboard's end and the keyboard as the
    table's input."""
    import termios

    typist, keys = os.openpty()
    mode = termios.tcgetattr(keys)
    mode[3] &= ~termios.ECHO  # the typed keys are not echoed back to the typist's side (nobody reads it)
    termios.tcsetattr(keys, termios.TCSANOW, mode)
    return typist, keys, open(keys, encoding="utf-8", closefd=False)  # the caller closes it


async def test_keys_typed_before_a_menu_is_shown_do_not_answer_it(tmp_path: Path) -> None:
    typist, keys, stdin = pseudo_terminal()
    try:
        db = tmp_path / "t.sqlite3"
        # "1" Enter "1" Enter at the first menu: the first answers it, the second was typed before the next menu
        # (after the bot's move) was shown, so it answers nothing; then q at the next prompt quits
        screen = Keyboard(typist, ["1\n1\n"])
        code = await terminal.play(args(db, "--seats", "me,bot", "--seed", "5"), stdin, screen, games=TEST_GAMES)
    finally:
        stdin.close()
        os.close(keys)
        os.close(typist)
    assert code == 0
    assert human_moves(db) == 1, screen.getvalue()[-1500:]
    assert screen.prompts == 2  # the second menu was shown and waited for its own answer (the q)
    assert screen.getvalue().rstrip().endswith("Saved. Run the same command again to resume.")


async def test_piped_input_is_a_script_whose_every_line_is_played(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    code, _text = await session(db, "1\n1\nq\n", "--seats", "me,bot", "--seed", "5")
    assert code == 0 and human_moves(db) == 2


async def test_each_game_writes_its_board_to_its_own_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two table files in one folder, and two kinds of game in one file: four images, none overwriting another."""
    monkeypatch.setattr(render, "board", lambda game, view, **_kw: FAKE_PNG + game.encode(), raising=False)
    written = set()
    for db in (tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"):
        for game in ("tiny", "tiny_noskip"):
            code, text = await session(db, "q\n", "--seats", "me,bot", "--seed", "5", game=game)
            assert code == 0
            image = tmp_path / f"{db.stem}-{game}-{game_id(db)}-board.png"
            assert image.read_bytes() == FAKE_PNG + game.encode()
            assert f"The board image is in {image}" in text
            written.add(image.name)
    assert written == pngs(tmp_path) and len(written) == 4
