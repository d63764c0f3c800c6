"""SimCord fixtures: the real bot (``build_bot``) against a simulated Discord, fully offline.

Each test gets a fresh SQLite file, a guild with a #games channel, three players and a moderator.
The bot opens its own service in ``setup_hook`` (as ``kontor run`` does), on SimCord's virtual clock
(``discord.utils.utcnow``), so ``env.advance_time`` moves reminders and deadlines too. Rendering is
off unless a module overrides ``service_options`` (the test game has no renderer).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import simcord

import rules
from bot.config import Config
from bot.discord.app import KontorBot, KontorTree, build_bot
from bot.table import TableError, TableService
from tests.support.toygame import TALLY

#: SimCord's own settle window (its default ``settle_timeout``): a bot timer whose wall-clock fallback fires within
#: this many seconds of a settle still counts as work to join, a later one as parked until ``advance_time``.
SETTLE_HORIZON_S = 5.0
#: Not a measurement: how long the bot may stay busy before a settle (or ``advance_time``, or a detach waiting for a
#: bot move in a worker) calls it a hang. A loaded machine makes the bot slow, never makes this run out.
HANG_GUARD_S = 300.0
#: The windows after the first, while the bot is still busy (see ``PatientEnv``).
RETRY_WINDOW_S = 0.5


class PatientEnv(simcord.Env):
    """SimCord's ``Env`` whose waits end when the bot is idle, however long that takes on a loaded machine.

    SimCord uses one wall-clock limit, ``settle_timeout`` (5 s by default), for two things: which bot timers count as
    pending (those whose wall-clock fallback fires before the limit) and how long a settle may last before it fails.
    With the latter, a whole ``advance_time`` of days (every scheduler and digest tick in between), or a bot's move in
    a worker, failed after 5 s on a busy machine although nothing was wrong. Here ``settle_timeout`` is the hang guard
    (used as is by ``advance_time`` and detaching, which park every future timer anyway), and a settle after an
    interaction keeps SimCord's 5 s window for what counts as pending: when the bot is still working at its end, the
    settle goes on in short windows (``RETRY_WINDOW_S``, so that it waits for hardly any timer the first window had
    left parked) until the bot is idle or the hang guard runs out. A settle that ends within its first window (every
    one on an idle machine) behaves exactly as SimCord's."""

    def __init__(self, bot: Any, **options: Any) -> None:
        options.setdefault("settle_timeout", HANG_GUARD_S)
        super().__init__(bot, **options)

    async def _settle_internal(self, *, timeout: float | None = None, idle: float = 0.05,  # noqa: ASYNC109
                               dispatch: str | None = None, _deadline: float | None = None) -> None:
        if _deadline is not None:  # inside advance_time: its own deadline, already the hang guard
            await super()._settle_internal(idle=idle, dispatch=dispatch, _deadline=_deadline)
            return
        loop = asyncio.get_running_loop()
        give_up = loop.time() + max(self.settle_timeout, timeout or 0.0)
        window = SETTLE_HORIZON_S if timeout is None else timeout
        while True:
            try:
                await super()._settle_internal(timeout=window, idle=idle, dispatch=dispatch)
                return
            except TimeoutError as exc:
                if loop.time() >= give_up:
                    exc.add_note(f"the bot was still busy after {self.settle_timeout:g} s (tests/discord/conftest.py)")
                    raise
            window = min(window, RETRY_WINDOW_S)

    def _capture_errors(self) -> None:
        """SimCord's capture of the bot's errors (at every attach, restarts too), minus the answered refusals.

        SimCord replaces ``tree.on_error`` with a wrapper that records every error reaching it before the bot's own
        handler runs, as an error the bot swallowed. discord.py passes every exception of an app command there, and
        a refusal (``TableError``) ends there by design: ``KontorTree.on_error`` is the one place that answers it
        (commands raise it, they never catch it). So a refusal goes to the bot's handler without being recorded,
        provided the user got an answer; a refusal left unanswered is recorded, and every other error still goes
        through SimCord's recorder (a failure inside the handler escapes the command's task, which SimCord records
        too)."""
        super()._capture_errors()
        tree = getattr(self.bot, "tree", None)
        if not isinstance(tree, KontorTree):
            return
        recorded = tree.on_error  # SimCord's: records the error, then calls the bot's handler

        async def on_error(interaction: discord.Interaction[Any], error: Any) -> None:
            if not isinstance(getattr(error, "original", error), TableError):
                await recorded(interaction, error)
                return
            await KontorTree.on_error(tree, interaction, error)  # the bot's own handler, not SimCord's recorder
            if not interaction.response.is_done():
                self._record_error(error)  # the user was never told

        tree.on_error = on_error  # type: ignore[method-assign]


@pytest.fixture
async def simcord_env(simcord_bot: KontorBot, request: pytest.FixtureRequest) -> Any:
    """SimCord's own fixture (``simcord.pytest_plugin``), with a ``PatientEnv``."""
    marker = request.node.get_closest_marker("simcord")
    env = PatientEnv(simcord_bot, **(marker.kwargs if marker else {}))
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)


def virtual_clock() -> float:
    return discord.utils.utcnow().timestamp()


def service_settings(**options: Any) -> dict[str, Any]:
    """How the test bot opens its service: the test game too, SimCord's clock, no images unless asked."""
    return {"render": False, "games": {**rules.GAMES, "tally": TALLY}, "clock": virtual_clock, **options}


async def open_service(db_path: str, **options: Any) -> TableService:
    """A service on the same file, opened by the test itself (to inspect a database the bot is not running on)."""
    return await TableService.open(db_path, **service_settings(**options))


def make_bot(db_path: str, card: str = "embed", **options: Any) -> KontorBot:
    """The real bot, which opens (and on close releases) its own service in ``setup_hook``, as ``kontor run`` does.
    ``card``: how it posts boards where the server has not chosen (``Config.card``; the ``card`` fixture)."""
    return build_bot(Config(token="", db_path=db_path, card=card), service_options=service_settings(**options))


def components(message: Any) -> list[Any]:
    """Every component of a message, nested ones too (a turn card's buttons sit in a row inside its container)."""
    out: list[Any] = []
    todo = list(message.components)
    while todo:
        item = todo.pop(0)
        out.append(item)
        todo += list(getattr(item, "children", None) or [])
        if getattr(item, "accessory", None) is not None:
            todo.append(item.accessory)
    return out


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
                   for c in components(message)):
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
def service_options() -> dict[str, Any]:
    """Extra options for the bot's service (a test module may override this fixture, e.g. ``render=True``)."""
    return {}


@pytest.fixture
def card() -> str:
    """How the bot posts boards where the server has not chosen: the embed form, which the older tests read (the
    bot's own default, the turn card, is what tests/discord/test_turn_card.py plays with, overriding this)."""
    return "embed"


@pytest.fixture
def simcord_bot(db_path: str, service_options: dict[str, Any], card: str) -> KontorBot:
    return make_bot(db_path, card=card, **service_options)


@pytest.fixture
def service(world: World) -> TableService:
    """The service the running bot opened for itself."""
    return world.bot.service


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
    await shut_down(w.bot)


async def shut_down(bot: KontorBot) -> None:
    """What ``bot.close()`` does minus the gateway (SimCord detaches bots without closing them)."""
    await bot.command_sync.stop()
    await bot.app_emojis.stop()
    await bot.scheduler.stop()
    await bot.digest.stop()
    await bot.tournaments.stop()
    await bot.seeking.stop()
    await bot.close_service()


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Each user's Discord locale in the interactions SimCord makes: ``locales[user_id] = "fr"``.

    SimCord writes ``"locale": "en-US"`` and ``"guild_locale": "en-US"`` into every INTERACTION_CREATE payload
    (``simcord.interactions.base_payload``, which ``simcord.actors`` calls through the module): this shim sets the
    user's locale from this dict (en-US for anyone not in it) and the guild's ``preferred_locale`` as
    ``guild_locale`` (set it with ``set_server_locale``), as Discord does."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **kwargs)
        payload["locale"] = chosen.get(kwargs["user_id"], "en-US")
        if kwargs.get("guild_id") is not None:
            payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return chosen


def set_server_locale(w: World, locale: str) -> None:
    """The server's preferred locale (Server Settings → Community → Overview), read by the ``locales`` shim."""
    w.env.backend.get_guild(w.guild.id).preferred_locale = locale
