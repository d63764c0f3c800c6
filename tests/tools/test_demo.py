"""The demo: a whole bot game through the service, its log, the score table and the board images."""

from __future__ import annotations

import argparse
import io
import sqlite3
from pathlib import Path

import pytest

import render
import rules
from bot.tools import demo
from tests.support.toygame import TEST_GAMES

FAKE_PNG = b"\x89PNG\r\n\x1a\nfake"


def args(tmp_path: Path, *extra: str, game: str = "tiny") -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    demo.add_arguments(parser)
    return parser.parse_args([game, "--out", str(tmp_path / "out"), *extra])


async def run(tmp_path: Path, *extra: str, game: str = "tiny") -> tuple[int, str]:
    out = io.StringIO()
    games = TEST_GAMES if game in TEST_GAMES else None
    code = await demo.demo(args(tmp_path, *extra, game=game), out, games=games)
    return code, out.getvalue()


async def test_demo_plays_to_the_end_with_the_most_players(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "board", None, raising=False)  # no images: only the game and its result
    code, text = await run(tmp_path, "--seed", "42")
    assert code == 0
    assert text.startswith("Tiny Auction, 4 bots, seed 42 (replay with --seed 42).")
    assert "Bids revealed" in text and "The seed was 42" in text
    table = text[text.index(" #  Player"):].splitlines()
    assert len([row for row in table[2:] if row[:2].strip().isdigit()]) == 4  # one row per seat
    assert "auctions" in table[0]
    assert "No board images" in text


async def test_demo_is_replayable_from_its_seed(tmp_path: Path) -> None:
    first = await run(tmp_path, "--seed", "7", "--players", "3", "--quiet")
    second = await run(tmp_path, "--seed", "7", "--players", "3", "--quiet")
    assert first == second and first[0] == 0
    assert "Bids revealed" not in first[1]  # --quiet leaves out the log


async def test_demo_prints_a_random_seed(tmp_path: Path) -> None:
    code, text = await run(tmp_path, "--players", "2", "--quiet")
    assert code == 0 and "(replay with --seed " in text.splitlines()[0]


async def test_demo_keeps_the_table_in_a_given_file(tmp_path: Path) -> None:
    db = tmp_path / "demo.sqlite3"
    code, _text = await run(tmp_path, "--seed", "1", "--db", str(db), "--quiet")
    assert code == 0
    con = sqlite3.connect(db)
    assert con.execute("SELECT status, seed FROM games").fetchall() == [("finished", 1)]
    assert con.execute("SELECT COUNT(*) FROM seats WHERE user_id IS NOT NULL").fetchone() == (0,)
    con.close()


async def test_demo_writes_one_image_per_round_and_the_final(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rounds_seen: list[tuple[int, bool]] = []

    def fake_board(game: str, view: dict, *, last: object = None, names: object = None) -> bytes:
        assert game == "tiny" and view["viewer"] is None and "hand" not in view
        rounds_seen.append((view["round"], view["over"]))
        return FAKE_PNG

    monkeypatch.setattr(render, "board", fake_board, raising=False)
    code, text = await run(tmp_path, "--seed", "3", "--quiet")
    assert code == 0
    files = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert files == ["tiny-final.png", "tiny-round-01.png", "tiny-round-02.png"]
    assert rounds_seen == [(1, False), (2, False), (3, True)]
    assert "Wrote 3 board images" in text


@pytest.mark.parametrize(("extra", "message"), [(("--players", "9"), "for 2–4 players"),
                                                (("--seed", "-3"), "seed must be")])
async def test_demo_explains_bad_arguments(tmp_path: Path, extra: tuple[str, ...], message: str) -> None:
    code, text = await run(tmp_path, *extra)
    assert code == 2 and message in text


@pytest.mark.skipif("speicherstadt" not in rules.GAMES, reason="Speicherstadt not registered")
async def test_speicherstadt_demo(tmp_path: Path) -> None:
    code, text = await run(tmp_path, "--seed", "11", "--quiet", game="speicherstadt")
    assert code == 0 and "The Speicherstadt, 5 bots, seed 11" in text and "Winner" not in text
    assert " #  Player" in text


async def test_demo_with_the_real_renderer(tmp_path: Path) -> None:
    from tests.table.test_service import _renderable_game

    name = _renderable_game()
    if name is None:
        pytest.skip("no game can be rendered yet")
    code, text = await run(tmp_path, "--seed", "4", "--quiet", game=name)
    assert code == 0 and "board images" in text
    images = sorted((tmp_path / "out").iterdir())
    assert f"{name}-final.png" in [p.name for p in images] and len(images) >= 2
    assert all(p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") for p in images)


async def test_one_undrawable_view_does_not_cost_the_other_images(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def flaky_board(game: str, view: dict, *, last: object = None, names: object = None) -> bytes:
        if view["round"] == 2 and not view["over"]:
            raise KeyError("round two is too pretty")
        return FAKE_PNG

    monkeypatch.setattr(render, "board", flaky_board, raising=False)
    code, text = await run(tmp_path, "--seed", "3", "--quiet")
    assert code == 0 and "Wrote 2 board images" in text
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["tiny-final.png", "tiny-round-01.png"]


async def test_a_game_without_a_renderer_is_reported_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    def no_renderer(game: str, view: dict, **kw: object) -> bytes:
        raise ModuleNotFoundError(f"No module named 'render.{game}'")

    monkeypatch.setattr(render, "board", no_renderer, raising=False)
    code, text = await run(tmp_path, "--seed", "3", "--quiet")
    assert code == 0 and "No board images (rendering is not available for this game)." in text
    assert capsys.readouterr().err == ""  # no traceback-like noise besides that one line
