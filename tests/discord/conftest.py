"""SimCord fixtures: the real bot (``build_bot``) against a simulated Discord, fully offline.

Each test gets a fresh SQLite file, a guild with a #games channel, three players and a moderator.
The service runs on SimCord's virtual clock (``discord.utils.utcnow``), so ``env.advance_time``
moves reminders and deadlines too. Rendering is off (the test game has no renderer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord

import rules
from bot.app import KontorBot, build_bot
from bot.config import Config
from bot.service import TableService
from tests.discord.tallygame import GAME as TALLY


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


async def open_service(db_path: str, **options: Any) -> TableService:
    """Opened by the test, outside SimCord's bot scope: SimCord keeps the result of aiosqlite's
    ``PRAGMA journal_mode`` cursor alive inside bot tasks, and the store's first migration then fails."""
    settings = {"render": False, "games": {**rules.GAMES, "tally": TALLY}, "clock": virtual_clock, **options}
    return await TableService.open(db_path, **settings)


def make_bot(db_path: str, service: TableService) -> KontorBot:
    return build_bot(Config(token="", db_path=db_path), service=service)


@dataclass
class World:
    env: simcord.Env
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    mod: Any

    @property
    def bot(self) -> KontorBot:
        return self.env.bot  # type: ignore[return-value]

    def board(self) -> discord.Message:
        """The newest board message in the channel (the one carrying the turn button)."""
        for message in reversed(self.channel.history()):
            if any(getattr(c, "custom_id", "") and str(c.custom_id).startswith("kontor:turn:")
                   for row in message.components for c in getattr(row, "children", [])):
                return message
        raise AssertionError("no board message in the channel")

    def texts(self) -> list[str]:
        """Everything the channel shows publicly: contents, embeds (all fields) and attachment names."""
        out = []
        for message in self.channel.history():
            out.append(message.content or "")
            for embed in message.embeds:
                out.append(str(embed.to_dict()))
            out.extend(a.filename for a in message.attachments)
        return out


@pytest.fixture
def db_path(tmp_path: Any) -> str:
    return str(tmp_path / "kontor.sqlite3")


@pytest.fixture
async def service(db_path: str) -> Any:
    svc = await open_service(db_path)
    yield svc
    await svc.close()


@pytest.fixture
def simcord_bot(db_path: str, service: TableService) -> KontorBot:
    return make_bot(db_path, service)


@pytest.fixture
async def world(simcord_env: simcord.Env) -> Any:
    env = simcord_env
    guild = env.create_guild(name="Hanse")
    channel = guild.create_text_channel("games")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    w = World(env, guild, channel,
              guild.add_member(env.create_user("alice")), guild.add_member(env.create_user("bob")),
              guild.add_member(env.create_user("carol")), guild.add_member(env.create_user("mia"), roles=[mods]))
    yield w
    await env.bot.scheduler.stop()  # type: ignore[attr-defined]
