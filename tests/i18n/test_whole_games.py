"""No string forgotten: a whole game of each of the four games at the terminal table under the pseudo-locale ``qps``
(the Discord layer: ``tests/discord/test_whole_game_languages.py``, where the SimCord fixtures are). Every catalogued
text comes back accented, so any plain ASCII word left in what a player reads skipped the catalogs
(``tests/support/pseudo.py``). Nürnberg's and Speicherstadt's whole games are ``slow``; the default run plays their
openings (and Colonia's and Strasbourg's whole games).

What may stay plain: the players' and bots' names, the file path of the board image, ids (``B04``, ``H28``,
``BRU-SHRINE``), and the action strings: the protocol a player types (``[load S01 1]`` after each menu label)."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest

import rules
from bot.lang import pseudo
from bot.terminal import table as terminal
from tests.support.pseudo import untranslated

FOUR = ("speicherstadt", "colonia", "strasbourg", "nuernberg")
BOTS = {"Bot", "Anna", "Bruno", "Clara", "Dieter", "Emma"}  # the bots' names: names, the same in every language
_ID = re.compile(r"[A-Z]+(-[A-Z0-9]+)+")  # an id without digits, as typed: Colonia's BRU-SHRINE
_ACTION = re.compile(r"\s\s\[[^\]]*\]$")  # a menu line ends with the action string to type: "  3) label  [action]"
#: every command of the terminal, then the first option of every menu to the end of the game
SESSION = "?\nboard\nrules\nlog\norders\nhint\n" + "1\n" * 6000


def leftovers(text: str, allowed: set[str]) -> list[tuple[str, list[str]]]:
    out = []
    for line in text.splitlines():
        found = [word for word in untranslated(_ACTION.sub("", line), allowed=allowed) if not _ID.fullmatch(word)]
        if found:
            out.append((line, found))
    return out


#: whole games quick enough for the default run; the others' whole games are ``slow`` (Nürnberg's ~45 s,
#: Speicherstadt's ~25 s), and the default run plays their first moves instead (the next test): this many inputs,
#: about a quarter of each game
QUICK = ("colonia", "strasbourg")
OPENING = {"nuernberg": 150, "speicherstadt": 40}


@pytest.mark.parametrize("game", [pytest.param(g, marks=() if g in QUICK else pytest.mark.slow)
                                  for g in FOUR if g in rules.GAMES])
async def test_a_whole_game_at_the_terminal_in_the_pseudo_locale_leaves_no_word_untranslated(
        tmp_path: Path, game: str) -> None:
    text = await _session(tmp_path, game, SESSION)
    over = pseudo("{game}: game over.").split("{game}")[1].rstrip("~")[:8]
    assert over in text, text[-2000:]  # played to the end: the final table was printed
    assert leftovers(text, _allowed(tmp_path, SESSION)) == []


@pytest.mark.parametrize("game", [g for g in FOUR if g in rules.GAMES and g not in QUICK])
async def test_the_opening_of_a_game_at_the_terminal_in_the_pseudo_locale_leaves_no_word_untranslated(
        tmp_path: Path, game: str) -> None:
    """The default run's share of the slow whole games above: every command, then the first moves."""
    session = SESSION[:SESSION.index("1\n")] + "1\n" * OPENING[game]
    text = await _session(tmp_path, game, session)
    saved = pseudo("Saved. Run the same command again to resume.").rstrip("~")[:8]
    assert saved in text, text[-2000:]  # the input ran out in the middle of the game, which was saved
    assert leftovers(text, _allowed(tmp_path, session)) == []


async def _session(tmp_path: Path, game: str, session: str) -> str:
    parser = argparse.ArgumentParser()
    terminal.add_arguments(parser)
    args = parser.parse_args([game, "--db", str(tmp_path / "t.sqlite3"), "--name", "Ada", "--seats", "Ada,bot,bot",
                              "--seed", "7", "--lang", "qps"])
    out = io.StringIO()
    assert await terminal.play(args, io.StringIO(session), out) == 0
    return out.getvalue()


def _allowed(tmp_path: Path, session: str) -> set[str]:
    images = {image.name for image in tmp_path.glob("*-board.png")}  # the board image's file, named after the game
    allowed = {"Ada", *BOTS, *images, *re.findall(r"[A-Za-z0-9_'’.-]+", str(tmp_path))}
    return allowed | set(re.findall(r"[a-z]+", session))  # what the player typed (echoed: the input is not a terminal)
