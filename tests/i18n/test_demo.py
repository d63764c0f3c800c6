"""``kontor demo GAME --lang fr`` prints French: its own lines, the score table and every event line of the log
(the demo's table speaks the language asked for, so the lines the service logs are French), and draws its boards
in French."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest

import rules
from bot.tools import demo


async def run_demo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> tuple[str, list[str]]:
    import render
    from rules import words

    drawn: list[str] = []

    def board(game: str, view: dict, **kwargs: object) -> bytes:
        drawn.append(words.language())  # the language the image is drawn in
        return b"\x89PNG\r\n\x1a\nfake"

    monkeypatch.setattr(render, "board", board, raising=False)
    parser = argparse.ArgumentParser()
    demo.add_arguments(parser)
    args = parser.parse_args(["speicherstadt", "--seed", "11", "--players", "3", "--lang", lang,
                              "--out", str(tmp_path / lang)])
    out = io.StringIO()
    assert await demo.demo(args, out) == 0
    return out.getvalue(), drawn


@pytest.mark.skipif("speicherstadt" not in rules.GAMES, reason="Speicherstadt not registered")
async def test_the_speicherstadt_demo_in_french_prints_french_event_lines_and_draws_french_boards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    french, drawn = await run_demo(tmp_path, monkeypatch, "fr")
    english, _drawn = await run_demo(tmp_path, monkeypatch, "en")
    # the game's own catalog: the round lines, a phase's worker placement, the score table's categories
    for word in ("La manche 2 commence.", "place un ouvrier au-dessus de la carte", " Incendies ", " Contrats ",
                 "Terminé après", "Graine 11, empreinte "):
        assert word in french, word
    assert "Round 2 begins." in english  # the same game in English, to compare line by line
    events = {line for line in english.splitlines() if line.startswith("  ")}
    assert len(events) > 50
    assert events.isdisjoint(french.splitlines()), sorted(events & set(french.splitlines()))[:5]
    assert drawn and set(drawn) == {"fr"}
