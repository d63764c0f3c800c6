"""A small sample of ``kontor soak`` in the normal suite: one game per game and player count.

The full soak (10,000 games per game) is ``kontor soak --games 10000`` (see bench/README.md). The plugin test game
Secret Nim (tests/support/games.py: two players exactly) is registered for these tests and soaked beside the shipped
games: every game of ``rules.GAMES`` is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from bot.table.store import Store
from bot.tools import soak as soak_module
from bot.tools.cli import main as kontor
from tests.support.games import NAMES


@pytest.mark.usefixtures("plugin_games")
async def test_a_game_of_every_game_passes(tmp_path: Path) -> None:
    """One game of each, at one player more than the minimum (where the game allows it), with a service bot in one
    seat."""
    assert set(NAMES) <= set(rules.GAMES)
    report = await soak_module.soak(str(tmp_path / "soak.sqlite3"), list(rules.GAMES), 1, first=1,
                                    concurrency=4, rebuild_every=7)
    assert report.failures == []
    for name, game in rules.GAMES.items():
        counts = list(range(game.min_players, game.max_players + 1))
        n = counts[1 % len(counts)]
        assert report.games[(name, n)] == 1, f"no {name} game with {n} players was played"
        assert report.actions[name] > 0


@pytest.mark.slow
@pytest.mark.usefixtures("plugin_games")
async def test_two_games_of_every_game_and_player_count_pass(tmp_path: Path) -> None:
    per_game = 2 * max(g.max_players - g.min_players + 1 for g in rules.GAMES.values())
    report = await soak_module.soak(str(tmp_path / "soak.sqlite3"), list(rules.GAMES), per_game,
                                    concurrency=4, rebuild_every=7)
    assert report.failures == []
    for name, game in rules.GAMES.items():
        for n in range(game.min_players, game.max_players + 1):
            assert report.games[(name, n)] >= 2, f"no {name} game with {n} players was played"
    stored = await Store.open(str(tmp_path / "soak.sqlite3"))
    try:  # every game and player count was played both with and without a service bot
        both = {(row.game, len(seats), any(s.is_bot for s in seats))
                for channel in range(1_000_000, 1_000_000 + per_game * len(rules.GAMES))
                if (row := await stored.latest_game(channel)) is not None
                for seats in [await stored.seats(row.id)]}
        for name, game in rules.GAMES.items():
            for n in range(game.min_players, game.max_players + 1):
                assert {(name, n, False), (name, n, True)} <= both, f"{name} {n}p lacks a bot or a botless game"
    finally:
        await stored.close()


async def test_a_broken_invariant_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak is not vacuous: an invariant that breaks mid-game fails that game, with its name."""
    name = next(iter(rules.GAMES))
    checks = soak_module.checks_for(name)
    real = checks.invariants
    calls = {"n": 0}

    def breaks_on_the_tenth_call(state: rules.State) -> list[str]:
        calls["n"] += 1
        return ["cubes appeared from nowhere"] if calls["n"] == 10 else real(state)

    monkeypatch.setattr(checks, "invariants", breaks_on_the_tenth_call)
    report = await soak_module.soak(str(tmp_path / "broken.sqlite3"), [name], 1, concurrency=1)
    assert not report.ok
    assert len(report.failures) == 1 and "cubes appeared from nowhere" in report.failures[0]
    assert name in report.failures[0]


def test_the_command_runs_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = next(iter(rules.GAMES))
    code = kontor(["soak", "--games", "2", "--game", name, "--db", str(tmp_path / "cli.sqlite3")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"{name}: 2 games" in out and "0 failures" in out
