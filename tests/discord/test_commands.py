"""The command tree can never be rejected by Discord, and every game's actions are reachable by its commands."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

import rules
from bot.discord import command_limits as limits
from bot.discord.app import build_bot
from bot.discord.commands.game_commands import build_group
from bot.discord.commands.specs import SPEC_MODULES, load_specs
from tests.discord.helpers import new_table, table
from tests.support.games import NIM
from tests.support.play import by_bot, moves


def full_tree() -> app_commands.CommandTree:
    """The real bot's tree plus the command set of every game with a spec, registered yet or not."""
    bot = build_bot()
    present = {c.name for c in bot.tree.get_commands()}
    for spec in load_specs().values():
        if spec.command not in present:
            bot.tree.add_command(build_group(spec))
    return bot.tree


async def test_every_command_payload_is_within_discords_limits():
    tree = full_tree()
    commands = tree.get_commands()
    names = {c.name for c in commands}
    assert {"game", "move", "speicherstadt", "colonia", "strasbourg", "nuernberg"} <= names
    payloads = [c.to_dict(tree) for c in commands]
    assert limits.problems(payloads) == []
    assert len(payloads) <= limits.MAX_CHAT_COMMANDS
    for payload in payloads:  # the walk, spelled out for the most important rules
        assert limits.name_ok(payload["name"]) and 1 <= len(payload["description"]) <= 100
        assert len(payload.get("options", [])) <= 25
        for option in payload.get("options", []):
            assert 1 <= len(option["description"]) <= 100 and len(option.get("choices", [])) <= 25
            for child in option.get("options", []):
                assert child["type"] != limits.SUB_COMMAND_GROUP  # one level of groups at most
        assert limits.combined_size(payload) <= limits.MAX_COMBINED  # Discord's own count (names, texts, values)
    assert await limits.check_tree(tree) == payloads


async def test_the_translated_tree_is_within_discords_limits_in_every_locale():
    """What the sync sends: every name, description and choice with its fr, de, it localisations; Discord counts each
    field at its longest localisation, and a localised name must follow the name rules and differ from its
    siblings' in that locale."""
    from bot.discord.command_translator import CatalogTranslator

    tree = full_tree()
    await tree.set_translator(CatalogTranslator())
    payloads = await limits.tree_payloads(tree)
    assert limits.problems(payloads) == []
    game = next(p for p in payloads if p["name"] == "game")
    assert game["name_localizations"] and limits.combined_size(game) <= limits.MAX_COMBINED


def test_the_built_bot_only_offers_registered_games():
    names = {c.name for c in build_bot().tree.get_commands()}
    for spec in load_specs().values():
        assert (spec.command in names) == (spec.game in rules.GAMES)


def _command(**overrides):
    base = {"name": "game", "description": "Games", "type": 1, "options": [
        {"name": "start", "description": "Start", "type": 1, "options": [
            {"name": "seat", "description": "A seat", "type": 4, "required": True}]}]}
    base.update(overrides)
    return base


def _leaf(**option):
    return _command(options=[{"name": "start", "description": "Start", "type": 1,
                              "options": [{"name": "x", "description": "X", "type": 3, **option}]}])


@pytest.mark.parametrize(("payload", "problem"), [
    (_command(name="Game"), "bad command name"),
    (_command(name="g" * 33), "bad command name"),
    (_command(name="two words"), "bad command name"),
    (_command(description=""), "description must be"),
    (_command(description="d" * 101), "description must be"),
    (_leaf(description="d" * 101), "description must be"),
    (_leaf(choices=[{"name": str(i), "value": str(i)} for i in range(26)]), "26 choices"),
    (_leaf(choices=[{"name": "a", "value": "v" * 101}]), "value longer"),
    (_leaf(choices=[{"name": "a", "value": "a"}], autocomplete=True), "autocomplete"),
    (_leaf(max_length=6001), "max_length"),
    (_command(options=[{"name": f"o{i}", "description": "o", "type": 3} for i in range(26)]), "26 options"),
    (_command(options=[{"name": "a", "description": "a", "type": 3},
                       {"name": "b", "description": "b", "type": 3, "required": True}]), "required options"),
    (_command(options=[{"name": "a", "description": "a", "type": 3},
                       {"name": "a", "description": "a", "type": 3}]), "unique"),
    (_command(options=[{"name": "g", "description": "g", "type": 2, "options": [
        {"name": "h", "description": "h", "type": 2, "options": []}]}]), "only contain subcommands"),
    (_command(name_localizations={"de": "Spiel Starten"}), "name_localizations[de]"),
    (_command(description_localizations={"xx": "x"}), "unknown locale"),
    (_command(options=[{"name": f"s{i}", "description": "d" * 100, "type": 1, "options": [
        {"name": f"o{j}", "description": "d" * 100, "type": 3} for j in range(5)]} for i in range(15)]),
     "exceeds 8000"),
])
def test_the_validator_flags_what_discord_would_reject(payload, problem):
    found = limits.problems([payload])
    assert any(problem in text for text in found), found


def test_the_validator_counts_commands_per_scope():
    many = [_command(name=f"c{i}") for i in range(101)]
    assert any("101 commands" in p for p in limits.problems(many))
    assert limits.problems(many[:100]) == []
    assert any("duplicate" in p for p in limits.problems([_command(), _command()]))


async def test_a_bad_tree_is_refused_before_any_sync(tmp_path):
    from bot.config import Config
    from bot.discord.sync import sync_if_changed

    bot = build_bot(Config(token="", db_path=str(tmp_path / "k.sqlite3")))

    @app_commands.command(name="bad", description="x" * 101)
    async def bad(interaction: discord.Interaction) -> None: ...

    bot.tree.add_command(bad)
    with pytest.raises(limits.CommandLimitError) as error:
        await sync_if_changed(bot)  # raises before tree.sync (which would need a connection)
    assert "/bad: description" in str(error.value)
    assert not bot.config.hash_path.exists()


@pytest.mark.parametrize("name", [*SPEC_MODULES, NIM])  # the shipped games and the plugin test game Secret Nim
@pytest.mark.usefixtures("plugin_games")
def test_every_action_a_bot_meets_is_reachable_through_the_games_commands(name):
    game = rules.get_game(name)
    spec = load_specs()[name]
    missing: set[str] = set()
    for seed in (11, 12):
        state = game.new_state(game.max_players, seed)
        for move in moves(state, by_bot(game, seed, "test"), max_steps=1500):
            missing.update(a for a in move.legal if not spec.covers(a))
    assert not missing, f"/{spec.command} cannot play: {sorted(missing)[:10]}"


async def test_speicherstadt_commands_with_autocomplete(world):
    w = world
    await new_table(w, w.alice, game="speicherstadt", options=None, bots=1)
    for _ in range(30):
        t = await table(w)
        if t.status != "active" or w.alice.id not in t.awaited:
            break
        legal = [a for a, _ in await w.bot.service.legal(w.channel.id, w.alice.id)]
        word = legal[0].split()[0]
        verb = next(v for v in load_specs()["speicherstadt"].verbs if legal[0] == v.action
                    or legal[0].startswith(v.action + " "))
        if verb.arg is None:
            r = await w.alice.slash(w.channel, f"speicherstadt {word}")
        else:
            offered = await w.alice.autocomplete(w.channel, f"speicherstadt {word}", verb.arg, "")
            assert [f"{word} {c['value']}" for c in offered] == [a for a in legal if a.startswith(word + " ")][:25]
            r = await w.alice.slash(w.channel, f"speicherstadt {word}", **{verb.arg: offered[0]["value"]})
        assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
    assert (await table(w)).version > 2
    r = await w.alice.slash(w.channel, "strasbourg pass")  # another game's command in this channel
    assert r.ephemeral and "This channel's game is The Speicherstadt" in r.response.content
