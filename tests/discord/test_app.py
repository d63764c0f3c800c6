"""``kontor run``: configuration, the missing-token exit, signals, guild sync and the live board mode."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from bot.config import DEFAULT_BACKUP_HOURS, DEFAULT_BACKUP_KEEP, DEFAULT_DB, Config, ConfigError
from bot.discord import app
from bot.discord.ui.items import DYNAMIC_ITEMS
from bot.table.store import Store
from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table


def test_config_from_environment():
    config = Config.from_env({"DISCORD_TOKEN": " abc ", "KONTOR_GUILD": "123"})
    assert (config.token, config.db_path, config.guild_id) == ("abc", DEFAULT_DB, 123)
    assert Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_DB": "/data/k.db"}).db_path == "/data/k.db"
    with pytest.raises(ConfigError, match="DISCORD_TOKEN is not set"):
        Config.from_env({"KONTOR_DB": "x"})
    with pytest.raises(ConfigError, match="numeric server id"):
        Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_GUILD": "my-server"})


def test_config_reads_the_backup_settings():
    plain = Config.from_env({"DISCORD_TOKEN": "t"})
    assert (plain.backup_dir, plain.backup_hours, plain.backup_keep) == (None, DEFAULT_BACKUP_HOURS,
                                                                         DEFAULT_BACKUP_KEEP)
    config = Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_BACKUP_DIR": " /data/backups ",
                              "KONTOR_BACKUP_HOURS": "0.5", "KONTOR_BACKUP_KEEP": "30"})
    assert (config.backup_dir, config.backup_hours, config.backup_keep) == ("/data/backups", 0.5, 30)
    assert Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_BACKUP_DIR": "b"}).backup_hours == 24.0
    for hours in ("soon", "0", "-3", "nan", "inf", "1e999"):
        with pytest.raises(ConfigError, match="KONTOR_BACKUP_HOURS must be a number of hours above 0"):
            Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_BACKUP_DIR": "b", "KONTOR_BACKUP_HOURS": hours})
    for keep in ("0", "-1", "two", "2.5"):
        with pytest.raises(ConfigError, match="KONTOR_BACKUP_KEEP must be how many backups to keep"):
            Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_BACKUP_DIR": "b", "KONTOR_BACKUP_KEEP": keep})


def test_the_card_form_defaults_to_the_turn_card_and_reads_kontor_card():
    assert Config.from_env({"DISCORD_TOKEN": "t"}).card == "v2"
    assert Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_CARD": " Embed "}).card == "embed"
    for bad in ("v3", "cards", "0"):
        with pytest.raises(ConfigError, match="KONTOR_CARD must be v2"):
            Config.from_env({"DISCORD_TOKEN": "t", "KONTOR_CARD": bad})


def test_run_without_a_token_exits_2_with_a_clear_message(monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    from bot.tools.cli import main

    assert main(["run"]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


class FakeBot:
    """Stands in for KontorBot in ``serve``: starts, then waits like a connected bot would."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.closed = False

    async def start(self, token: str) -> None:
        self.token = token
        self.started.set()
        await asyncio.Event().wait()

    async def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_closes_the_bot_cleanly(sig):
    bot = FakeBot()
    serving = asyncio.create_task(app.serve(bot, "token"))  # type: ignore[arg-type]
    await bot.started.wait()
    os.kill(os.getpid(), sig)
    assert await serving == 0
    assert bot.closed and bot.token == "token"


async def test_run_refuses_a_database_another_kontor_writes(tmp_path, capsys):
    """A second bot on the same KONTOR_DB stops at setup_hook with a clear message and status 2."""
    path = str(tmp_path / "k.sqlite3")
    holder = await Store.open(path)  # the first Kontor on this file
    try:
        bot = make_bot(path)

        async def login(token: str) -> None:  # Client.login once Discord accepted the token: then setup_hook
            await bot.setup_hook()

        bot.login = login  # type: ignore[method-assign]
        assert await app.serve(bot, "token") == 2
        assert bot._service is None and not bot.scheduler.running
    finally:
        await holder.close()
    err = capsys.readouterr().err
    assert err.strip() == (f"Another Kontor process is already using {path} (pid {os.getpid()}). "
                           "Stop it first, or give this one its own KONTOR_DB.")


async def test_bot_close_stops_the_scheduler_and_closes_the_database(tmp_path):
    path = str(tmp_path / "k.sqlite3")
    bot = make_bot(path)
    bot.sync_on_start = False  # no gateway here, so no application id to sync with
    await bot.setup_hook()  # what login() runs: the bot opens its own service
    assert bot.scheduler.running
    await bot.close()
    assert not bot.scheduler.running
    with pytest.raises(RuntimeError):
        bot.service  # noqa: B018 - closed and released


async def test_setup_hook_opens_the_database_and_close_releases_it(tmp_path):
    path = str(tmp_path / "k.sqlite3")
    bot = app.build_bot(Config(token="", db_path=path), service_options={"render": False}, sync=False)
    await bot.setup_hook()  # what login() runs: open + migrate the store, register the buttons, start the clock
    assert await bot.service.store.schema_version() >= 1
    assert bot.scheduler.running and len(bot._connection._view_store._dynamic_items) == len(DYNAMIC_ITEMS)
    await bot.close()
    assert not bot.scheduler.running
    with pytest.raises(RuntimeError):
        bot.service  # noqa: B018 - closed and released


async def test_the_periodic_backup_starts_with_the_bot_only_when_configured(tmp_path):
    path = str(tmp_path / "k.sqlite3")
    assert app.build_bot(Config(token="", db_path=path)).backups is None  # no KONTOR_BACKUP_DIR: no loop
    config = Config(token="", db_path=path, backup_dir=str(tmp_path / "backups"), backup_hours=6, backup_keep=3)
    bot = app.build_bot(config, service_options={"render": False}, sync=False)
    assert bot.backups is not None and not bot.backups.running
    assert (bot.backups.db_path, bot.backups.keep) == (tmp_path / "k.sqlite3", 3)
    await bot.setup_hook()
    assert bot.backups.running
    await bot.close()
    assert not bot.backups.running


async def test_guild_sync_goes_to_the_test_guild_only_when_changed(world, db_path):
    w = world
    config = Config(token="", db_path=db_path, guild_id=w.guild.id)
    for expected in (1, 0):  # the first start with the guild syncs; a restart with the same tree does not
        await shut_down(w.bot)
        bot = make_bot(db_path)
        object.__setattr__(bot, "config", config)
        before = len(w.env.http_requests)
        await w.env.restart_bot(bot)
        puts = [q.path for q in w.env.http_requests[before:] if q.method == "PUT"]
        assert len(puts) == expected and all(f"/guilds/{w.guild.id}/commands" in p for p in puts)
    assert w.env.bot.tree.get_commands(guild=w.guild)  # copied to the guild


async def test_live_board_mode_edits_one_message(world):
    w = world
    await new_table(w, w.alice, w.bob, post="live")
    board = w.board()
    assert (await table(w)).live_message_id == board.id
    for _ in range(3):
        actor = actor_of(w, (await table(w)).awaited[0])
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])
    boards = [m for m in w.channel.history() if m.embeds and m.embeds[0].footer.text and
              m.embeds[0].footer.text.startswith("Move")]
    assert [m.id for m in boards] == [board.id]  # edited in place …
    assert f"Move {(await table(w)).moves}" in w.board().embeds[0].footer.text
    pings = [m.content for m in w.channel.history() if m.content.startswith("Your move:") and not m.embeds]
    assert pings  # … while the players awaited still get a mention


def test_debug_logging_never_prints_discord_payloads(monkeypatch):
    """``kontor run --log-level DEBUG``: discord.py's payload loggers (DMs, secret select values) stay at INFO."""
    import logging

    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", [])
    monkeypatch.setattr(root, "level", root.level)
    import discord

    discord.utils.setup_logging(level=logging.DEBUG, root=True)
    assert root.isEnabledFor(logging.DEBUG)
    for name in app.PAYLOAD_LOGGERS:
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)  # seeds and snapshots (bot.table.store)


@pytest.mark.parametrize(("status", "times"), [(500, None), (429, 1)])
async def test_a_failing_command_sync_never_keeps_the_bot_from_starting(world, db_path, caplog, status, times):
    """A 5xx or 429 from the sync endpoint: the bot logs in and answers at once, and syncs in the background."""
    import logging

    from bot.discord.sync import RETRY_DELAYS

    w = world
    await shut_down(w.bot)
    bot = make_bot(db_path)
    object.__setattr__(bot, "config", Config(token="", db_path=db_path, guild_id=w.guild.id))  # never synced there
    w.env.inject_error("PUT", f"/applications/*/guilds/{w.guild.id}/commands", status=status, times=times)
    before = len(w.env.http_requests)
    with caplog.at_level(logging.INFO, logger="kontor"):
        await w.env.restart_bot(bot)  # the sync's error no longer comes out of setup_hook
        r = await w.alice.slash(w.channel, "game new", game="tally")
        assert "Table open" in r.response.content  # Discord's existing commands work while the sync waits
        assert f"command sync failed (HTTP {status}" in caplog.text and "retrying in 30 s" in caplog.text
        await w.env.advance_time(sum(RETRY_DELAYS) + 60)
    puts = [q for q in w.env.http_requests[before:] if q.method == "PUT" and q.path.endswith("/commands")]
    if times is None:  # Discord keeps failing: each retry waits longer, then the bot says so and runs on
        assert len(puts) == len(RETRY_DELAYS) + 1
        assert f"commands not synced after {len(RETRY_DELAYS) + 1} attempts" in caplog.text
        assert f"guild:{w.guild.id}" not in bot.config.hash_path.read_text()
    else:  # one 429: the next attempt syncs
        assert len(puts) == 2 and f"commands synced (guild:{w.guild.id})" in caplog.text
        assert f"guild:{w.guild.id}" in bot.config.hash_path.read_text()
    r = await w.bob.slash(w.channel, "game join")
    assert "bob joined." in r.response.embeds[0].description


async def test_a_sync_discord_refuses_outright_is_logged_plainly_and_not_retried(world, db_path, caplog):
    import logging

    w = world
    await shut_down(w.bot)
    bot = make_bot(db_path)
    object.__setattr__(bot, "config", Config(token="", db_path=db_path, guild_id=w.guild.id))
    w.env.inject_error("PUT", f"/applications/*/guilds/{w.guild.id}/commands", status=403, code=50001,
                       message="Missing Access", times=None)  # e.g. invited without applications.commands
    before = len(w.env.http_requests)
    with caplog.at_level(logging.INFO, logger="kontor"):
        await w.env.restart_bot(bot)
        await w.env.advance_time(3600)
    assert "commands not synced (HTTP 403: Missing Access)" in caplog.text
    assert len([q for q in w.env.http_requests[before:] if q.method == "PUT"]) == 1
    r = await w.alice.slash(w.channel, "game new", game="tally")
    assert "Table open" in r.response.content


def test_the_worker_settings_are_read_once_and_checked() -> None:
    from bot.config import Tuning

    tuning = Tuning.from_env({"KONTOR_RENDER_WORKERS": "3", "KONTOR_SEARCH_BUDGET": "7"})
    assert (tuning.render_workers, tuning.search_workers, tuning.search_budget) == (3, 1, 7)
    assert tuning.search_memory_mb == 1024
    assert Tuning.from_env({}).search_budget is None  # each game's own
    wrong = (("KONTOR_RENDER_WORKERS", "0"), ("KONTOR_SEARCH_WORKERS", "two"), ("KONTOR_SEARCH_MEMORY_MB", "8"))
    for key, bad in wrong:
        with pytest.raises(ConfigError, match=key):
            Tuning.from_env({key: bad})
