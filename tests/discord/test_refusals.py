"""Refusals go through one handler: an app command raises its ``TableError`` and never catches it; the command tree's
error handler (``KontorTree.on_error``, with ``bot.discord.ui.answers.refuse``, which the buttons share) answers it
privately, in the user's language, and nothing changes. The conftest lets SimCord see a refusal the bot answered as
no error (``PatientEnv._capture_errors``), so every command here would also fail its test if the refusal crashed."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from bot.discord.ui.answers import refusal_text
from bot.discord.ui.text import shown
from bot.lang import speaking
from bot.table import TableError
from tests.discord.helpers import new_table, table

COMMANDS = Path(__file__).resolve().parents[2] / "bot" / "discord" / "commands"


def _is_command_decorator(node: ast.expr) -> bool:
    """``@app_commands.command(...)``, ``@group.command(...)``: the decorator that makes an app command."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "command"


def _names_table_error(node: ast.expr | None) -> bool:
    names = node.elts if isinstance(node, ast.Tuple) else [node] if node is not None else []
    return any((isinstance(n, ast.Name) and n.id == "TableError")
               or (isinstance(n, ast.Attribute) and n.attr == "TableError") for n in names)


def _own_nodes(func: ast.AST) -> list[ast.AST]:
    """The callback's own statements: not those of a function defined inside it (a confirmation's button callback)."""
    out: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(func))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        out.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return out


def app_command_callbacks() -> list[tuple[str, ast.AsyncFunctionDef]]:
    found = []
    for path in sorted(COMMANDS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.AsyncFunctionDef) and any(map(_is_command_decorator, node.decorator_list)):
                found.append((f"{path.relative_to(COMMANDS)}:{node.lineno} {node.name}", node))
    return found


def test_no_app_command_handles_its_own_refusal():
    """Neither a decorator nor a ``try``: a command's refusal reaches the tree's handler. An ``except TableError`` that
    only raises another refusal (a clearer reason) is allowed: it still goes to the handler."""
    callbacks = app_command_callbacks()
    assert len(callbacks) >= 25, [name for name, _ in callbacks]  # /game's commands, /move, notify, …
    problems = []
    for name, func in callbacks:
        for decorator in func.decorator_list:  # only discord.py's own: app_commands.describe, choices, guild_only…
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            if not (_is_command_decorator(decorator) or (isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name) and target.value.id == "app_commands")):
                problems.append(f"{name}: decorated with {ast.unparse(decorator)}")
        for node in _own_nodes(func):
            if (isinstance(node, ast.ExceptHandler) and _names_table_error(node.type)
                    and not all(isinstance(statement, ast.Raise) for statement in node.body)):
                problems.append(f"{name}: catches TableError (line {node.lineno})")
    assert not problems, "\n".join(problems)


#: Every command that had a refusal decorator, and one refusal of each, in a channel without a table.
NO_TABLE = "No game has been played in this channel yet."
NOT_OPEN = "There is no open game in this channel. Start one with /game new."
EMPTY_CHANNEL = [
    ("game new", {"game": "nope"},
     "Unknown game 'nope'. Available: speicherstadt, colonia, strasbourg, nuernberg, tally."),
    ("game join", {}, NOT_OPEN),
    ("game seat leave", {}, NOT_OPEN),
    ("game bot add", {}, NOT_OPEN),
    ("game bot remove", {}, NOT_OPEN),
    ("game start", {}, NO_TABLE),
    ("game status", {}, NO_TABLE),  # refused after its deferral: the refusal fills the "thinking…" answer
    ("game rules", {}, "Which game? One of: speicherstadt, colonia, strasbourg, nuernberg, tally."),
    ("game hand", {}, NO_TABLE),
    ("game abandon", {}, NO_TABLE),
    ("game move-here", {"game": 999}, "There is no game #999."),
    ("game seat vote", {"seat": 1, "vote": "member"}, "Name the member who should take the seat (`member:`)."),
    ("game seat replace", {"seat": 1}, NO_TABLE),
    ("game settings", {"pace": "live"}, NOT_OPEN),
    ("game orders", {}, NOT_OPEN),
    ("game log", {}, NO_TABLE),
    ("game record", {}, "No game has ended in this channel yet."),
    ("game away", {"days": 2}, "You have no running game: no clock of yours is running."),
    ("game back", {}, "You are not away."),
    ("game seat reclaim", {}, NOT_OPEN),
    ("game since", {}, NO_TABLE),
    ("game notify", {"timezone": "Mars/Base"},
     "I don't know the time zone 'Mars/Base': pick one from the list, e.g. Europe/Berlin."),
]


@pytest.mark.parametrize(("command", "options", "text"), EMPTY_CHANNEL, ids=[c[0] for c in EMPTY_CHANNEL])
async def test_each_refusal_is_answered_privately_once_and_opens_nothing(world, command, options, text):
    w = world
    r = await w.carol.slash(w.channel, command, **options)
    assert r.ephemeral and r.response.content == refusal_text(TableError(text)) and not r.followups
    assert w.channel.history() == [] and await w.bot.service.history(w.channel.id) == []
    if "`" in text:  # a quoted command stays code
        assert "`member:`" in r.response.content
    assert "went wrong" not in r.response.content


#: Refusals at a running game (alice and bob play; carol watches), from the player who is refused.
RUNNING = [
    ("carol", "game join", {}, "The game has already started."),
    ("carol", "game seat leave", {}, "The game is running: ask the table's creator to replace you, or abandon it."),
    ("carol", "game bot add", {}, "The game has already started."),
    ("alice", "game start", {}, "The game has already started."),
    ("carol", "game seat replace", {"seat": 9}, "Seat must be a number from 1 to 2."),
    ("carol", "game settings", {"bank_hours": 1}, "Only the table's host or a moderator can change the settings."),
    ("carol", "game orders", {"order": "nope"}, "You are not playing at this table."),
    ("carol", "game record", {}, "This channel's game is still running: its seed stays secret until the game ends,"
                                 " and its record with it."),
    ("carol", "game abandon", {"game": 999}, "There is no game #999."),
    ("carol", "game move-here", {}, "None of your games has lost its channel."),
    ("alice", "game seat reclaim", {},
     "Your seat at this table is not with the caretaker: there is nothing to reclaim."),
    ("carol", "game seat vote", {"seat": 1, "vote": "end"},
     "{first} is still at the table: there is nothing to vote on."),
    ("carol", "game log", {"page": 99}, "No events on that page."),
    ("carol", "game new", {"game": "tally"}, "This channel already has an open game. Finish or abandon it first (or"
                                             " start a thread for a second table)."),
]


async def test_refusals_at_a_running_game_are_private_and_change_nothing(world):
    w = world
    await new_table(w, w.alice, w.bob)
    before = await table(w)
    log = await w.bot.service.log(w.channel.id, limit=1000)
    posts = len(w.channel.history())
    for who, command, options, text in RUNNING:
        r = await getattr(w, who).slash(w.channel, command, **options)
        text = text.replace("{first}", before.seats[0].name)  # the seats were shuffled at the start
        assert r.ephemeral and r.response.content == refusal_text(TableError(text)) and not r.followups, (
            command, r.response.content)
    after = await table(w)
    assert (after.version, after.status, after.settings) == (before.version, before.status, before.settings)
    assert await w.bot.service.log(w.channel.id, limit=1000) == log
    assert len(w.channel.history()) == posts


def test_a_refusal_shows_names_literally_and_keeps_its_code():
    ping = "<@123456789012345678>"
    text = refusal_text(TableError(f"**bob** is still at the table (`/game seat-vote`), {ping} too."))
    assert text == f"\\*\\*bob\\*\\* is still at the table (`/game seat-vote`), {shown(ping)} too." and ping not in text
    assert refusal_text(TableError("`one tick")) == "\\`one tick"  # unpaired: all of it escaped
    assert refusal_text(TableError("bank_hours and remind_hours")) == "bank\\_hours and remind\\_hours"


async def test_a_refusal_speaks_the_language_of_whoever_was_refused(world, locales):
    w = world
    locales[w.carol.id] = "fr"
    r = await w.carol.slash(w.channel, "game join")
    with speaking("fr"):
        try:
            await w.bot.service.join(w.channel.id, w.carol.id, "carol")
        except TableError as exc:
            french = exc.message
    assert french != NOT_OPEN
    assert r.ephemeral and r.response.content == refusal_text(TableError(french))
    r = await w.bob.slash(w.channel, "game join")  # bob's Discord reads English
    assert r.response.content == refusal_text(TableError(NOT_OPEN))


async def test_a_refusal_the_bot_could_not_deliver_is_still_an_error_of_the_test(world, caplog: Any):
    """Only an answered refusal is no error: one whose answer Discord refused is logged, and SimCord records it."""
    w = world
    cursor = w.env.error_cursor
    w.env.inject_error("POST", "/interactions/*/*/callback", status=500)
    r = await w.carol.slash(w.channel, "game join")
    assert r.response is None and "could not deliver a refusal" in caplog.text
    errors = w.env.errors_since(cursor)
    assert [type(getattr(e, "original", e)) for e in errors] == [TableError], errors
    assert w.env.errors  # inspected: acknowledged, so the teardown does not raise it again
    assert await w.bot.service.history(w.channel.id) == []
