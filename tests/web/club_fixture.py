"""A server with history for the club's and the finished games' pages: a rated game of two humans played to its end,
a running table, and a tournament with one table played; read by ``Spectators`` beside the writing service and
served by the web's app."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from aiohttp.test_utils import TestServer

from bot.config import WebConfig
from bot.table import Spectators, TableDraw, TableService
from bot.web.addresses import server_token, token
from bot.web.app import make_app
from tests.web.conftest import SECRET

GUILD = 7
ANA, BEN, CAY, DAN = 100, 101, 102, 103
FINISHED, RUNNING, HALL = 5001, 5002, 5003


async def play_out(svc: TableService, channel: int, rnd: random.Random) -> None:
    """Every awaited human plays a random legal move until the game ends."""
    while (table := await svc.table(channel)).status == "active":
        user = table.awaited[0]
        await svc.act(channel, user, rnd.choice(await svc.legal(channel, user))[0])


@dataclass
class Club:
    svc: TableService
    spectators: Spectators
    server: TestServer
    finished: int  # the finished game's number
    running: int
    tournament_games: list[int]

    def table(self, game_id: int, path: str = "") -> str:
        return f"/t/{token(SECRET, game_id)}{path}"

    @property
    def base(self) -> str:
        return f"/s/{server_token(SECRET, GUILD)}"

    def url(self, path: str) -> str:
        return str(self.server.make_url(path))

    async def close(self) -> None:
        await self.server.close()
        await self.spectators.close()
        await self.svc.close()


async def open_club(tmp_path: Path) -> Club:
    path = str(tmp_path / "club.sqlite3")
    svc = await TableService.open(path)
    rnd = random.Random(40)
    await svc.set_min_games(GUILD, 1)  # one rated game lists a player
    await svc.create(FINISHED, GUILD, "speicherstadt", ANA, "Ana")
    await svc.join(FINISHED, BEN, "Ben")
    await svc.start(FINISHED, ANA, seed=4001)
    await play_out(svc, FINISHED, rnd)
    finished = (await svc.table(FINISHED)).game_id
    await svc.create(RUNNING, GUILD, "speicherstadt", CAY, "Cay")
    await svc.add_bot(RUNNING, CAY)
    await svc.start(RUNNING, CAY, seed=4002)
    running = (await svc.table(RUNNING)).game_id
    await svc.create_tournament(HALL, GUILD, "speicherstadt", ANA, "Winter cup", rounds=2, size="2", seed=3)
    for user, name in ((ANA, "Ana"), (BEN, "Ben"), (CAY, "Cay"), (DAN, "Dan")):
        await svc.join_tournament(HALL, user, name)
    await svc.start_tournament(HALL, ANA)
    threads = iter(range(9000, 9100))

    async def thread(_draw: TableDraw) -> int:
        return next(threads)

    await svc.open_tournament_tables(HALL, thread)
    draws = (await svc.tournament(HALL)).round_tables()
    assert draws[0].channel is not None
    await play_out(svc, draws[0].channel, rnd)
    await svc.advance_tournament(HALL)
    games = [d.game_id for d in (await svc.tournament(HALL)).round_tables() if d.game_id is not None]
    spectators = await Spectators.open(path)
    server = TestServer(make_app(spectators, WebConfig(secret=SECRET)), host="127.0.0.1")
    await server.start_server()
    return Club(svc, spectators, server, finished, running, games)
