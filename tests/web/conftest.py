"""The web front end's fixtures: a running game written by a ``TableService`` (the bot), read by ``Spectators`` beside
it (the web's reader on the same SQLite file) and served by the web's app on a loopback port; and a real headless
Chromium (tests/support/chromium.py) for the browser tests."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer

from bot.config import WebConfig
from bot.table import Spectators, TableService
from bot.web.addresses import token
from bot.web.app import make_app
from tests.support.chromium import BrowserUnavailable, Chromium, Tab, disabled

CHANNEL, GUILD, ANA = 4242, 7, 100
SECRET = b"web-tests-secret-0123456789"


@dataclass
class Site:
    svc: TableService  # the bot: the one writer of the file
    server: TestServer  # the web, reading the file beside it
    game_id: int

    @property
    def base(self) -> str:
        return f"/t/{token(SECRET, self.game_id)}"

    def url(self, path: str = "") -> str:
        return str(self.server.make_url(self.base + path))

    async def move(self) -> None:
        """Ana plays her first legal action (the bots answer at once)."""
        legal = await self.svc.legal(CHANNEL, ANA)
        assert legal, "Ana is not awaited"
        await self.svc.act(CHANNEL, ANA, legal[0][0])


async def open_site(tmp_path: Path, game: str = "speicherstadt", moves: int = 3) -> tuple[Site, Spectators]:
    path = str(tmp_path / "kontor.sqlite3")
    svc = await TableService.open(path)
    await svc.create(CHANNEL, GUILD, game, ANA, "Ana")
    await svc.add_bot(CHANNEL, ANA)
    await svc.add_bot(CHANNEL, ANA)
    await svc.start(CHANNEL, ANA, seed=20261207)
    site = Site(svc, None, (await svc.table(CHANNEL)).game_id)  # type: ignore[arg-type]
    for _ in range(moves):
        await site.move()
    spectators = await Spectators.open(path)
    site.server = TestServer(make_app(spectators, WebConfig(secret=SECRET)), host="127.0.0.1")
    await site.server.start_server()
    return site, spectators


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    site, spectators = await open_site(tmp_path)
    try:
        yield site
    finally:
        await site.server.close()
        await spectators.close()
        await site.svc.close()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Chromium]:
    if disabled():
        pytest.skip("KONTOR_BROWSER=off: the browser tests are skipped")
    try:
        browser = Chromium()
    except BrowserUnavailable as exc:
        pytest.skip(f"no headless Chromium for the browser tests: {exc}")
    try:
        yield browser
    finally:
        browser.stop()


@pytest.fixture
async def tab(chromium: Chromium) -> AsyncIterator[Tab]:
    tab = await chromium.tab()
    try:
        yield tab
    finally:
        await tab.close()


@pytest.fixture(scope="session")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: ``KONTOR_ARTIFACTS`` (CI keeps it), else the session's temporary folder."""
    named = os.environ.get("KONTOR_ARTIFACTS", "").strip()
    folder = Path(named) if named else tmp_path_factory.mktemp("artifacts")
    folder = folder / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
