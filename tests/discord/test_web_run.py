"""``kontor run`` with ``KONTOR_WEB_ADDR``: the bot serves the tables' pages itself, in its own event loop, through its
own service (bot/web/serve.py ``InProcessWeb``): a table played on SimCord is on its page, a move reaches an open
page through the service's commits, and a web setting that cannot work stops the start with one sentence."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import aiohttp
import pytest

from bot.config import Config, ConfigError, WebConfig
from bot.discord import app
from bot.discord.app import KontorBot, build_bot
from bot.web.addresses import token
from bot.web.app import WATCHERS
from tests.discord.conftest import make_bot, service_settings
from tests.discord.helpers import new_table, table

SECRET = b"in-process-web-secret-0123456789"
HANG_GUARD_S = 120.0  # not a measurement: how long a broken page may keep the test waiting


@pytest.fixture
def simcord_bot(db_path: str, service_options: dict[str, Any]) -> KontorBot:
    web = WebConfig(secret=SECRET, host="127.0.0.1", port=0, db_path=db_path)  # port 0: a free one
    return build_bot(Config(token="", db_path=db_path, web=web), service_options=service_settings(**service_options))


async def next_key(stream: aiohttp.ClientResponse, other_than: str) -> str:
    while True:
        block = (await asyncio.wait_for(stream.content.readuntil(b"\n\n"), HANG_GUARD_S)).decode()
        data = [line[6:] for line in block.splitlines() if line.startswith("data: ")]
        if "event: key" in block and data and data[0] != other_than:
            return data[0]


async def test_the_bot_serves_each_tables_page_and_a_move_reaches_it(world: Any) -> None:
    w = world
    web = w.bot.web
    assert web is not None and web.app is not None
    web.app[WATCHERS].poll_s = web.app[WATCHERS].backstop_s = 3600.0  # only the service's commits can tell
    assert web.app[WATCHERS].feed.mode == "commits"
    ((host, port),) = web.addresses
    await new_table(w, w.alice, w.bob)
    game_id = (await table(w)).game_id
    base = f"http://{host}:{port}/t/{token(SECRET, game_id)}"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(base) as page:
                text = await page.text()
                assert page.status == 200 and page.headers["Content-Security-Policy"].startswith("default-src 'none'")
            assert "alice" in text and "bob" in text
            async with http.get(f"{base}/events") as stream:
                first = await next_key(stream, "")
                # Through the bot's service, not a SimCord click: a settle would wait for the open stream to end.
                # Tally's choices are secret until both are in: the page changes with the second.
                for user in (await table(w)).awaited:
                    legal = await w.bot.service.legal(w.channel.id, user)
                    await w.bot.service.act(w.channel.id, user, legal[0][0])
                key = await next_key(stream, first)
            assert len(key) == 20
            async with http.get(base) as page:
                assert await page.text() != text  # the page shows the move
            async with http.get(f"http://{host}:{port}/t/{token(SECRET, game_id + 1)}") as missing:
                assert missing.status == 404
    finally:
        await web.stop()
    with pytest.raises(aiohttp.ClientConnectionError):  # stopped: nothing listens any more, the bot plays on
        async with aiohttp.ClientSession() as http, http.get(base):
            pass
    assert (await table(w)).game_id == game_id


async def test_the_pages_stop_with_the_bot_and_leave_it_nothing_open(tmp_path: Any) -> None:
    path = str(tmp_path / "k.sqlite3")
    config = Config(token="", db_path=path, web=WebConfig(secret=SECRET, port=0, db_path=path))
    bot = app.build_bot(config, service_options={"render": False}, sync=False)
    await bot.setup_hook()
    assert bot.web is not None and bot.web.addresses
    await bot.close()
    assert bot.web.app is None and not bot.scheduler.running
    with pytest.raises(RuntimeError):
        bot.service  # noqa: B018 - closed and released


def test_kontor_run_reads_the_web_settings_only_with_an_address() -> None:
    env = {"DISCORD_TOKEN": "t", "KONTOR_DB": "/data/k.db"}
    assert Config.from_env({**env, "KONTOR_WEB_SECRET": "s" * 32}).web is None  # the secret alone: links only
    config = Config.from_env({**env, "KONTOR_WEB_ADDR": "0.0.0.0:8081", "KONTOR_WEB_SECRET": "s" * 32})
    assert config.web is not None and (config.web.host, config.web.port, config.web.db_path) == ("0.0.0.0", 8081,
                                                                                                  "/data/k.db")
    with pytest.raises(ConfigError, match="KONTOR_WEB_SECRET must be set"):
        Config.from_env({**env, "KONTOR_WEB_ADDR": "127.0.0.1:8080"})
    with pytest.raises(ConfigError, match="KONTOR_WEB_ADDR must be host:port"):
        Config.from_env({**env, "KONTOR_WEB_ADDR": "8080", "KONTOR_WEB_SECRET": "s" * 32})


def test_kontor_run_with_a_web_address_but_no_secret_says_so_and_exits_2(monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    monkeypatch.setenv("KONTOR_WEB_ADDR", "127.0.0.1:8080")
    monkeypatch.delenv("KONTOR_WEB_SECRET", raising=False)
    assert app.run_main(None) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("kontor run: KONTOR_WEB_SECRET must be set") and "\n" not in err


async def test_an_address_already_taken_stops_the_start_with_one_sentence(tmp_path: Any,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        path = str(tmp_path / "k.sqlite3")
        bot = make_bot(path)
        bot.config = Config(token="", db_path=path, web=WebConfig(secret=SECRET, port=port, db_path=path))
        bot.web = app.InProcessWeb(bot.config.web)  # type: ignore[arg-type]

        async def login(token: str) -> None:  # Client.login once Discord accepted the token: then setup_hook
            await bot.setup_hook()

        bot.login = login  # type: ignore[method-assign]
        assert await app.serve(bot, "token") == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"kontor run: cannot serve the web pages on 127.0.0.1:{port} (address already in use): stop what "
                   "uses that address, or set KONTOR_WEB_ADDR to another host:port.")
    assert bot._service is None  # the service it had opened is closed again
