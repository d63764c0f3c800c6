"""One seam per game: every registered game declares what it ships once (``GameParts``, ``PARTS`` in its package),
the registry (``rules.PARTS``) is the only list of games, and every part it names is there and fits. A toy game
registered in that one place gets its rules, images and commands everywhere at once: Tally, and Secret Nim (the
2-player plugin game that the generic suites also run, tests/support/games.py)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import render
import rules
from bot.discord.app import build_bot
from bot.discord.commands.specs import GameSpec, load_specs
from bot.table import TableService
from rules.core import Game, GameParts
from tests.support import secretnim
from tests.support.games import NIM
from tests.support.toygame import TALLY, TALLY_PARTS

SHIPPED = ("speicherstadt", "colonia", "strasbourg", "nuernberg")


def test_the_registry_is_the_games_declarations():
    assert tuple(rules.PARTS) == SHIPPED == tuple(rules.GAMES)  # the order shown to players
    for name, parts in rules.PARTS.items():
        assert isinstance(parts, GameParts) and isinstance(parts.game, Game)
        assert parts.name == name and rules.GAMES[name] is parts.game
        assert importlib.import_module(f"rules.{name}").PARTS is parts  # declared in the game's own package
        assert type(parts.game).state_class.game is parts.game


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_ships_all_its_parts(name: str):
    parts = rules.PARTS[name]
    assert parts.render and parts.commands and parts.checks, f"{name} lacks a part"
    drawn = importlib.import_module(parts.render)
    assert callable(drawn.draw_board) and callable(drawn.draw_private)
    spec = importlib.import_module(parts.commands).SPEC
    assert isinstance(spec, GameSpec) and spec.game == name and spec.verbs
    checks = importlib.import_module(parts.checks)
    assert callable(checks.invariants) and callable(checks.redeal_hidden)
    state = parts.game.new_state(parts.game.min_players, 3)
    assert checks.invariants(state) == []
    assert render.board(name, state.view(None)).startswith(b"\x89PNG")
    assert render.private(name, state.view(0)).startswith(b"\x89PNG")
    assert load_specs()[name] is spec


def test_the_other_layers_name_no_game():
    """No second list of games: render, the commands and the soak find a game's parts through the registry."""
    root = Path(__file__).resolve().parents[2]
    for path in ("render/__init__.py", "bot/discord/commands/specs/__init__.py",
                 "bot/discord/commands/game_commands.py", "bot/tools/soak.py",
                 "bot/table/clocks.py"):
        tree = ast.parse((root / path).read_text())
        named = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
        assert not named & set(SHIPPED), path


async def test_a_toy_game_registered_in_one_place_is_everywhere(tmp_path: Path):
    assert "tally" not in rules.GAMES
    with rules.registered(TALLY_PARTS):
        assert rules.get_game("Tally") is TALLY
        state = TALLY.new_state(2, 5)
        assert render.board("tally", state.view(None), names=["Ana", "Ben"]).startswith(b"\x89PNG")
        assert render.private("tally", state.view(1)).startswith(b"\x89PNG")
        assert load_specs()["tally"].command == "tally"
        assert "tally" in {c.name for c in build_bot().tree.get_commands()}
        svc = await TableService.open(str(tmp_path / "t.sqlite3"))  # no ``games=``: the registry's games
        try:
            assert svc.game("tally") is TALLY
        finally:
            await svc.close()
    assert "tally" not in rules.GAMES and "tally" not in rules.PARTS
    assert "tally" not in load_specs()
    with pytest.raises(ValueError):
        render.board("tally", state.view(None))


def test_the_two_player_plugin_game_touches_only_its_own_folder():
    """Secret Nim (tests/support/games.py) declares every part a shipped game has, in one ``GameParts``, and each
    part it names lives in its own folder: adding a game is its folder and the line that registers it."""
    parts = secretnim.PARTS
    assert parts.render and parts.commands and parts.checks and parts.texts
    for module in (parts.render, parts.commands, parts.checks):
        assert module.startswith("tests.support.secretnim."), module
    assert all(path.startswith("tests/support/secretnim") for path in parts.texts)
    game = parts.game
    assert game.min_players == game.max_players == 2  # what the generic suites must not assume away
    state = game.new_state(2, 7)
    assert state.to_act() == [0, 1] and state.secret_simultaneous()  # a secret simultaneous step at once


@pytest.mark.usefixtures("plugin_games")
async def test_the_two_player_plugin_game_registered_in_one_place_is_everywhere(tmp_path: Path):
    assert NIM in rules.GAMES and rules.PARTS[NIM] is secretnim.PARTS
    game = rules.get_game("Secret" + "Nim")
    state = game.new_state(2, 5)
    assert render.board(NIM, state.view(None), names=["Ana", "Ben"]).startswith(b"\x89PNG")
    assert render.private(NIM, state.view(1)).startswith(b"\x89PNG")
    spec = load_specs()[NIM]
    assert spec.command == NIM and spec.covers("pick 2") and not spec.covers("take 2")
    assert NIM in {c.name for c in build_bot().tree.get_commands()}
    checks = importlib.import_module(rules.PARTS[NIM].checks or "")
    assert checks.invariants(state) == []
    svc = await TableService.open(str(tmp_path / "n.sqlite3"))  # no ``games=``: the registry's games
    try:
        assert svc.game(NIM) is game
    finally:
        await svc.close()


def test_the_plugin_game_is_gone_after_its_block():
    assert NIM not in rules.GAMES and NIM not in rules.PARTS and NIM not in load_specs()
