"""``kontor play`` ends a game with its report under the final scores (docs/ratings.md, "The report at the end"):
each player's rating change on a rated table (humans only: a hot seat), their moves, time and longest wait, the
game's moves, days and season; "not rated" with a bot; in the terminal's language."""

from __future__ import annotations

import io
from pathlib import Path

from bot.table import TableService
from bot.terminal import table as terminal
from tests.support.toygame import TEST_GAMES
from tests.terminal.test_play_record_and_language import play_args


async def whole_game(db: Path, seats: str, *extra: str) -> str:
    out = io.StringIO()
    code = await terminal.play(play_args(db, "--seats", seats, "--seed", "9", *extra), io.StringIO("1\n" * 80), out,
                               games=TEST_GAMES)
    assert code == 0
    return out.getvalue()


async def test_a_hot_seat_game_ends_with_its_rated_report(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    text = await whole_game(db, "Anna,Ben")
    assert "Tiny Auction: game over." in text
    final = text.split("Tiny Auction: game over.", 1)[1]
    report = final.split("Report — Tiny Auction\n", 1)[1].splitlines()
    svc = await TableService.open(str(db), games=TEST_GAMES)
    try:
        changes = [r for r in await svc.stored_ratings() if r[0] == "change"]
        results = await svc.store.results(changes[0][1])
    finally:
        await svc.close()
    assert len(changes) == 2
    for r in results:  # one line per player, in finishing order, with what the table stored
        (line,) = [x for x in report if x.startswith(f"  {r.rank}. {r.name}: ")]
        assert "Rating 1,000 → " in line and f"{r.moves} moves, " in line and " in all, longest wait " in line
    assert report[len(results)].startswith("  ") and report[len(results)].endswith(" days · rated, season 1")


async def test_a_game_with_a_bot_is_not_rated_and_the_report_speaks_french(tmp_path: Path) -> None:
    text = await whole_game(tmp_path / "t.sqlite3", "Ada,bot", "--lang", "fr")
    report = text.split("Rapport — Tiny Auction\n", 1)[1]
    assert "Classement" not in report and "non classée" in report
    assert " coups, " in report and "en tout, plus longue attente " in report
