"""``kontor run --shard-count N --shard-ids …``: the settings, and the bot on those shards' gateway connections."""

from __future__ import annotations

import pytest
from discord.ext import commands

from bot.config import Config, ConfigError
from bot.discord import app
from bot.table.shards import Shards

URL = "postgresql://kontor@db/kontor"


def test_shards_come_from_the_environment_or_the_command_line() -> None:
    assert Config.from_env({"DISCORD_TOKEN": "t"}).shards is None
    config = Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_DB": URL, "KONTOR_SHARD_COUNT": "4",
                              "KONTOR_SHARD_IDS": "1,3"})
    assert config.shards == Shards(4, frozenset({1, 3}))
    assert config.with_shards("2", "0").shards == Shards(2, frozenset({0}))
    with pytest.raises(ConfigError, match="Shard ids must be"):
        config.with_shards("2", "5")
    with pytest.raises(ConfigError, match="need the shard count"):
        Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_DB": URL, "KONTOR_SHARD_IDS": "1"})


def test_splitting_shards_across_processes_needs_postgresql() -> None:
    sqlite = Config(token="t", db_path="kontor.sqlite3")
    with pytest.raises(ConfigError, match="postgresql://"):
        sqlite.with_shards("2", "1")
    assert sqlite.with_shards("2", None).shards == Shards(2, frozenset({0, 1}))  # one process, every shard


def test_the_sharded_bot_connects_its_shards_and_its_service_keeps_their_time() -> None:
    bot = app.build_bot(Config(token="t", db_path=URL).with_shards("4", "1,3"), sync=False)
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert bot.service_options["shards"] == Shards(4, frozenset({1, 3}))
    assert bot.tree.get_command("game") is not None  # the same command tree
    assert not bot.sync_on_start  # the process with shard 0 syncs the commands, once for all
    assert bot.scheduler.max_sleep == app.SHARDED_MAX_SLEEP_S  # another process may start an earlier clock
    assert app.build_bot(Config(token="t", db_path=URL).with_shards("4", "0,2")).sync_on_start
    plain = app.build_bot(Config(token="t"), sync=False)
    assert not isinstance(plain, commands.AutoShardedBot) and plain.service_options["shards"] is None
    assert plain.scheduler.max_sleep == 3600.0


def test_run_takes_the_shards_on_the_command_line() -> None:
    args = app.argparse.ArgumentParser()
    app.add_arguments(args)
    parsed = args.parse_args(["--shard-count", "2", "--shard-ids", "0"])
    assert (parsed.shard_count, parsed.shard_ids) == ("2", "0")
