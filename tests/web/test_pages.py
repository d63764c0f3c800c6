"""The web pages over HTTP (no browser): addresses, the one 404, the headers, the reader's language, bounded requests,
the configuration, and the secrets: nothing of a game in progress that a spectator may not see."""

from __future__ import annotations

import random
import re
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

import rules
from bench import driver
from bot.config import ConfigError, WebConfig
from bot.table import Spectators, TableService, secret_part
from bot.web.addresses import game_of, server_token, token
from bot.web.app import make_app
from tests.web.conftest import SECRET, Site


def test_an_address_names_one_game_and_cannot_be_guessed() -> None:
    text = token(SECRET, 57)
    assert text.startswith("57-") and game_of(SECRET, text) == 57
    assert game_of(b"another secret of some length", text) is None
    assert game_of(SECRET, text.replace("57-", "58-")) is None
    for junk in ("", "57", "57-", "x-" + text[3:], text + "A", "../etc/passwd"):
        assert game_of(SECRET, junk) is None


async def _get(site: Site, path: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    async with aiohttp.ClientSession() as client, client.get(site.server.make_url(path), headers=headers) as response:
        return response.status, await response.text(errors="replace"), dict(response.headers)


async def test_an_unknown_game_a_wrong_address_and_any_other_path_are_one_friendly_404(site: Site) -> None:
    pages = [f"/t/{token(SECRET, 999)}", f"/t/{site.game_id}-AAAAAAAAAAAAAAAAAAAAAA", "/t/1", "/nothing",
             f"/t/{token(SECRET, site.game_id)}/moves/99999.png", "/static/../conftest.py"]
    for path in pages:
        status, text, headers = await _get(site, path)
        assert status == 404, path
        assert "There is no such table" in text, path
        assert headers["Content-Type"].startswith("text/html")
        assert "default-src 'none'" in headers["Content-Security-Policy"]


async def test_every_answer_is_strict_about_what_loads_and_where_the_address_goes(site: Site) -> None:
    status, text, headers = await _get(site, site.base)
    assert status == 200
    assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-inline" not in headers["Content-Security-Policy"]
    assert not re.search(r"(src|href)=\"(https?:)?//", text), "something is loaded from another site"
    assert "<script>" not in text and "style=" not in text  # nothing inline: the CSP would refuse it


async def test_the_page_speaks_the_readers_language(site: Site) -> None:
    for header, lang in (("fr-CH, fr;q=0.9, en;q=0.8", "fr"), ("de", "de"), ("it-IT", "it"), ("ja, pt;q=0.5", "en"),
                         ("en;q=0.1, de;q=0.9", "de")):
        _status, text, headers = await _get(site, site.base, **{"Accept-Language": header})
        assert f'<html lang="{lang}">' in text, header
        assert "Accept-Language" in headers["Vary"]
    _status, text, _headers = await _get(site, site.base, **{"Accept-Language": "de"})
    assert "Spieler" in text


async def test_requests_are_bounded(site: Site) -> None:
    status, _text, _headers = await _get(site, site.base, **{"X-Big": "x" * 20_000})
    assert status in (400, 431)
    async with aiohttp.ClientSession() as client, client.post(site.url(), data=b"x" * 100) as response:
        assert response.status == 405


def test_the_web_needs_a_secret_and_listens_on_loopback_unless_told() -> None:
    with pytest.raises(ConfigError, match="KONTOR_WEB_SECRET"):
        WebConfig.from_env({})
    with pytest.raises(ConfigError, match="KONTOR_WEB_SECRET"):
        WebConfig.from_env({"KONTOR_WEB_SECRET": "short"})
    config = WebConfig.from_env({"KONTOR_WEB_SECRET": "s" * 32, "KONTOR_DB": "x.sqlite3"})
    assert (config.host, config.port, config.url, config.db_path) == ("127.0.0.1", 8080, None, "x.sqlite3")
    config = WebConfig.from_env({"KONTOR_WEB_SECRET": "s" * 32, "KONTOR_WEB_ADDR": "[::1]:9000",
                                 "KONTOR_WEB_URL": "https://kontor.example/"})
    assert (config.host, config.port, config.url) == ("::1", 9000, "https://kontor.example")
    for bad in ("8080", "host:", "host:99999", ":80"):
        with pytest.raises(ConfigError, match="KONTOR_WEB_ADDR"):
            WebConfig.from_env({"KONTOR_WEB_SECRET": "s" * 32, "KONTOR_WEB_ADDR": bad})


@pytest.mark.parametrize("name", ["strasbourg", "nuernberg"])
async def test_no_page_of_a_game_in_progress_shows_a_secret(name: str, tmp_path: Path) -> None:
    """Every page and endpoint of a running game: no seed, no private line a player was told, nothing of a seat's
    screen that a spectator's view lacks."""
    path = str(tmp_path / "secrets.sqlite3")
    svc = await TableService.open(path)
    spectators = await Spectators.open(path)
    try:
        rnd, game = random.Random(7), rules.get_game(name)
        table = await driver.open_table(svc, svc.store, 77, name)
        private: set[str] = set()
        for _ in range(120):
            if table.state.is_over():
                break
            user, seat, action = driver.next_move(table, rnd)
            update = await svc.act(77, user, action, expected_version=table.version)
            table.state.apply(seat, action)
            table.version = update.version
            private.update(line for personal in update.private.values() for line in personal.events)
        assert not table.state.is_over()
        row = await svc.store.open_game(77)
        assert row is not None and row.seed is not None
        public_words = set(game.summary(table.state.view(None)).splitlines())
        for seat in range(len(table.users)):  # what each seat's screen says beyond the public board
            own = table.state.view(seat)
            if secret_part(own, table.state.view(None)):
                private.update(set(game.summary(own).splitlines()) - public_words)
        private = {text for text in private if len(text) > 12}
        assert private, "the game told nobody a secret: nothing is checked"
        server = TestServer(make_app(spectators, WebConfig(secret=SECRET)), host="127.0.0.1")
        async with TestClient(server) as client:
            base = f"/t/{token(SECRET, row.id)}"
            texts = []
            for lang in ("en", "fr"):
                response = await client.get(base, headers={"Accept-Language": lang})
                texts.append(await response.text())
                response = await client.get(f"{base}/moves?move=0", headers={"Accept-Language": lang})
                last = int(re.search(r'max="(\d+)"', await response.text()).group(1))  # type: ignore[union-attr]
                for n in range(last + 1):
                    texts.append(await (await client.get(f"{base}/moves?move={n}",
                                                         headers={"Accept-Language": lang})).text())
            async with client.get(f"{base}/events") as stream:
                texts.append((await stream.content.readuntil(b"\n\n")).decode())
            # the pages around it: the board at full size, the finished game's sheet and record (refused while it
            # runs), its server's page and its players' profiles (none yet: they finished no game)
            server = f"/s/{server_token(SECRET, driver.GUILD)}"
            for path in (f"{base}/zoom", f"{base}/final", f"{base}/record.json", server,
                         *(f"{server}/players/{user}" for user in table.users)):
                response = await client.get(path)
                if path.endswith(("final", "json", "zoom")) or path == server:
                    assert response.status == (404 if path.endswith(("final", "json")) else 200), path
                texts.append(await response.text())
        everything = "\n".join(texts)
        assert not re.search(rf"\b{row.seed}\b", everything), "the seed is shown before the end"
        leaked = sorted(text for text in private if text in everything)
        assert not leaked, f"{name}: private texts on a public page: {leaked[:3]}"
    finally:
        await spectators.close()
        await svc.close()
