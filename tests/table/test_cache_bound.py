"""The service keeps only its most recently played games in memory (``Caches.games``, ``KONTOR_GAME_CACHE``): a game
dropped for room is read again from its row and snapshot, and plays on exactly as if it had stayed (docs/scaling.md).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

import rules
from bot.config import ConfigError, Tuning
from bot.table import TableService
from bot.table.caches import Caches, Recent
from tests.support.pgserver import fresh_schema
from tests.table.conftest import FakeClock

GUILD = 77
GAMES = ("speicherstadt", "colonia", "strasbourg", "nuernberg")


def test_recent_keeps_the_most_recently_used_entries() -> None:
    recent: Recent[int, str] = Recent(2)
    recent[1], recent[2] = "a", "b"
    assert recent.get(1) == "a"  # a hit makes 1 the newest ...
    recent[3] = "c"  # ... so 2 is the one dropped for room
    assert list(recent) == [1, 3] and recent.get(2) is None
    recent[1] = "a2"  # storing again makes it the newest too
    recent[4] = "d"
    assert dict(recent) == {1: "a2", 4: "d"}
    assert recent.pop(1) == "a2" and recent.pop(1, None) is None


def test_every_derived_cache_is_bounded_and_the_setting_is_read() -> None:
    caches = Caches(3)
    for cache in (caches.states, caches.seats, caches.secrets, caches.rows):
        assert isinstance(cache, Recent) and cache.bound == 3
    assert Tuning.from_env({}).game_cache == 1_000
    assert Tuning.from_env({"KONTOR_GAME_CACHE": "50"}).game_cache == 50
    with pytest.raises(ConfigError, match="KONTOR_GAME_CACHE"):
        Tuning.from_env({"KONTOR_GAME_CACHE": "0"})


@asynccontextmanager
async def two_targets(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[tuple[str, str]]:
    if backend == "sqlite":
        yield str(tmp_path / "kept.sqlite3"), str(tmp_path / "dropped.sqlite3")
        return
    server = request.getfixturevalue("pg_server")
    async with fresh_schema(server) as kept, fresh_schema(server) as dropped:
        yield kept, dropped


async def play(svc: TableService, script: list[tuple[int, int]]) -> list[object]:
    """Start a table of every game, then play the script (channel, pick) with ``reply=True`` (the Discord path):
    each move is the ``pick``-th legal action of the table's first awaited player. Returns every Update."""
    out: list[object] = []
    for i, name in enumerate(GAMES):
        users = [100 * (i + 1) + k for k in range(3)]
        await svc.create(10 + i, GUILD, name, users[0], f"P{users[0]}")
        for user in users[1:]:
            await svc.join(10 + i, user, f"P{user}")
        out.append(await svc.start(10 + i, users[0], seed=40 + i))
    for channel, pick in script:
        table = await svc.table(channel)
        if table.status != "active" or not table.awaited:
            continue
        user = table.awaited[0]
        legal = await svc.legal(channel, user)
        out.append(await svc.act(channel, user, legal[pick % len(legal)][0], table.version, reply=True))
        out.append(await svc.public_view(channel))
        out.append(await svc.private_view(channel, user))
    return out


async def test_a_game_dropped_from_memory_plays_on_exactly_as_one_kept(backend: str, tmp_path: Path,
                                                                       request: pytest.FixtureRequest) -> None:
    """Four games moved in turn at random, on a service that keeps all of them and on one that keeps only the last
    game it touched (every move reloads its game from the file): the same Updates, boards and screens, every move. On
    PostgreSQL the rows are never cached (another process may move them) but the states, seats and secret parts
    are, and bounded the same way."""
    assert set(GAMES) <= set(rules.GAMES)
    rnd = random.Random(43)
    script = [(10 + rnd.randrange(len(GAMES)), rnd.randrange(1_000)) for _ in range(120)]
    async with two_targets(backend, tmp_path, request) as (kept_at, dropped_at):
        kept = await TableService.open(kept_at, clock=FakeClock(), cache_games=100)
        dropped = await TableService.open(dropped_at, clock=FakeClock(), cache_games=1)
        try:
            expected = await play(kept, script)
            got = await play(dropped, script)
            caches = dropped.core.caches
            assert max(len(caches.states), len(caches.seats), len(caches.secrets), len(caches.rows)) <= 1
            assert len(kept.core.caches.states) == len(GAMES)  # the other kept every game
        finally:
            await kept.close()
            await dropped.close()
    assert len(got) > 200 and got == expected
