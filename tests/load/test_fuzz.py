"""Bad input through the service: random and malformed actions, ids, versions, names, games, options.

Every one must get a clear refusal (``TableError`` with a message), change nothing (version, snapshot,
log, seats), and crash nothing (no other exception type). Runs on one real SQLite file per module.
"""

from __future__ import annotations

import asyncio
import random
import string
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rules
from bench import driver
from bot.table import MAX_NAME_LEN, TableError, TableService

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME_NAMES = sorted(rules.GAMES)


@dataclass
class Env:
    runner: asyncio.Runner
    svc: TableService
    tables: dict[str, driver.Table]

    def run(self, coro: Any) -> Any:
        return self.runner.run(coro)

    def snapshot(self) -> list[tuple[Any, ...]]:
        """Everything a refused request must leave alone: each table's row and log, and the seat lists."""
        async def grab() -> list[tuple[Any, ...]]:
            out = []
            for table in self.tables.values():
                row = await self.svc.store.latest_game(table.channel)
                assert row is not None
                out.append((row.version, row.snapshot, row.status, len(await self.svc.store.log(row.id)),
                            tuple(await self.svc.store.seats(row.id))))
            return out

        return self.run(grab())


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    runner = asyncio.Runner()
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
    svc = runner.run(TableService.open(str(path), render=False))
    rnd = random.Random(17)

    async def setup() -> dict[str, driver.Table]:
        tables = {}
        for i, name in enumerate(GAME_NAMES):
            table = await driver.open_table(svc, svc.store, 500 + i, name)
            for _ in range(4):
                await driver.act(svc, table, rnd)
            tables[name] = table
        return tables

    try:
        yield Env(runner, svc, runner.run(setup()))
    finally:
        runner.run(svc.close())
        runner.close()


def refused(env: Env, coro: Any) -> TableError:
    """Run a request that must be refused; return the refusal (any other outcome fails the test)."""
    try:
        result = env.run(coro)
    except TableError as exc:
        assert exc.message and len(exc.message) <= 500 and exc.message.isprintable(), repr(exc.message)
        return exc
    pytest.fail(f"accepted instead of refused: {str(result)[:300]}")


ODD_CHARS = st.characters(categories=["Cc", "Cf", "Co", "Cs", "Zs", "Zl", "Zp", "So", "Mn", "Lo"])
TEXT = st.one_of(
    st.text(max_size=120),
    st.text(ODD_CHARS, min_size=1, max_size=40),
    st.text(string.printable, max_size=300),
    st.just("x" * 10_000),
)


MANGLERS = [
    lambda a: a + " " + a, lambda a: a.upper(), lambda a: a[:-1], lambda a: a + "\x00", lambda a: "\x00" + a,
    lambda a: a.replace(" ", "\u200b"), lambda a: a + " 99999999999999999999", lambda a: a + " -1",
    lambda a: "\n".join(a.split()), lambda a: a + "\u202e", lambda a: "/" + a, lambda a: a * 20,
    lambda a: " ".join(reversed(a.split())), lambda a: a.replace("1", "١"), lambda a: a + "\t" + a,
    lambda a: "".join(str(int(c) + 40) if c.isdigit() else c for c in a), lambda a: a.replace(" ", "  "),
]
JUNK = st.one_of(TEXT, st.integers(), st.none(), st.binary(max_size=20), st.lists(st.text(max_size=5), max_size=3),
                 st.floats(), st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2))


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), pick=st.integers(min_value=0), mangle=st.sampled_from(MANGLERS),
       junk=st.one_of(st.none(), JUNK))
def test_malformed_actions_are_refused_and_change_nothing(env: Env, name: str, pick: int, mangle: Any,
                                                          junk: Any) -> None:
    """A real legal action of the table gone wrong, or (when ``junk`` is drawn) anything at all."""
    table = env.tables[name]
    seat = table.state.to_act()[0]
    legal = table.state.legal_actions(seat)
    action = mangle(legal[pick % len(legal)]) if junk is None else junk
    assume(not (isinstance(action, str) and action.strip() in legal))
    # typed words are read as a player types them (docs/i18n.md, "Typed commands": case, accents and runs of spaces
    # do not matter): a mangling that still reads as a legal action is that action, not junk
    assume(not (isinstance(action, str) and _reads_as_legal(name, action, legal)))
    before = env.snapshot()
    refused(env, env.svc.act(table.channel, table.users[seat], action, expected_version=table.version))
    refused(env, env.svc.act(table.channel, table.users[seat], action))
    assert env.snapshot() == before


def _reads_as_legal(name: str, action: str, legal: list[str]) -> bool:
    try:
        return rules.get_game(name).typed(action) in legal
    except Exception:  # what cannot be read at all is junk
        return False


def _awaited_legal(env: Env, name: str) -> tuple[driver.Table, int, str]:
    table = env.tables[name]
    seat = table.state.to_act()[0]
    return table, seat, table.state.legal_actions(seat)[0]


JUNK_ID = st.one_of(st.integers(min_value=-(2**80), max_value=2**80), st.booleans(), st.none(), st.floats(),
                    TEXT, st.binary(max_size=8))


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), user=JUNK_ID)
def test_strangers_and_junk_user_ids_cannot_act(env: Env, name: str, user: Any) -> None:
    table, _seat, action = _awaited_legal(env, name)
    assume(user not in table.users)
    before = env.snapshot()
    refused(env, env.svc.act(table.channel, user, action, expected_version=table.version))
    refused(env, env.svc.legal(table.channel, user))
    refused(env, env.svc.private_view(table.channel, user))
    assert env.snapshot() == before


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), channel=JUNK_ID)
def test_junk_and_unknown_channels_are_refused(env: Env, name: str, channel: Any) -> None:
    table, seat, action = _awaited_legal(env, name)
    assume(channel not in {t.channel for t in env.tables.values()})
    before = env.snapshot()
    refused(env, env.svc.act(channel, table.users[seat], action))
    refused(env, env.svc.legal(channel, table.users[seat]))
    refused(env, env.svc.table(channel))
    refused(env, env.svc.log(channel))
    refused(env, env.svc.join(channel, 424242, "Mallory"))
    assert env.snapshot() == before


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), version=JUNK_ID.filter(lambda v: v is not None))  # None = don't check
def test_wrong_and_junk_versions_are_refused(env: Env, name: str, version: Any) -> None:
    table, seat, action = _awaited_legal(env, name)
    assume(not (isinstance(version, int) and not isinstance(version, bool) and version == table.version))
    before = env.snapshot()
    refused(env, env.svc.act(table.channel, table.users[seat], action, expected_version=version))
    assert env.snapshot() == before


@SETTINGS
@given(game=st.one_of(TEXT, st.integers(), st.none(), st.just("chess"), st.just("speicherstadt\x00")),
       channel=st.integers(min_value=10_000, max_value=2**40))
def test_unknown_games_are_refused_and_open_nothing(env: Env, game: Any, channel: int) -> None:
    assume(not (isinstance(game, str) and game.strip().lower() in rules.GAMES))
    err = refused(env, env.svc.create(channel, 1, game, 77, "Host"))
    assert "Available" in err.message or "game" in err.message.lower()
    assert env.run(env.svc.store.latest_game(channel)) is None


OPTION_VALUE = st.one_of(TEXT, st.integers(), st.floats(), st.none(), st.lists(st.integers(), max_size=3),
                         st.just("1" * 100_000))


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), channel=st.integers(min_value=10_000, max_value=2**40),
       options=st.one_of(st.dictionaries(st.one_of(TEXT, st.integers()), OPTION_VALUE, min_size=1, max_size=4),
                         TEXT, st.integers(), st.lists(st.text(max_size=3), max_size=3)),
       use_settings=st.booleans())
def test_bad_options_and_settings_are_refused_and_open_nothing(env: Env, name: str, channel: int, options: Any,
                                                               use_settings: bool) -> None:
    game = rules.get_game(name)
    if isinstance(options, dict):  # drop any pair that happens to be valid, so that something is wrong
        options = {k: v for k, v in options.items() if not (k in game.option_choices
                                                            and str(v) in game.option_choices[k])}
        assume(options)
    kwargs = {"settings": options} if use_settings else {"options": options}
    refused(env, env.svc.create(channel, 1, name, 77, "Host", **kwargs))
    assert env.run(env.svc.store.latest_game(channel)) is None


@SETTINGS
@given(name=TEXT)
def test_any_player_name_is_stored_clean_or_refused(env: Env, name: str) -> None:
    """Names are free text from Discord: stored printable and short, never crashing the table."""
    channel = 900_000

    async def round_trip() -> list[str]:
        await env.svc.create(channel, 1, GAME_NAMES[0], 1, name)
        try:
            await env.svc.join(channel, 2, name)
            return [s.name for s in (await env.svc.table(channel)).seats]
        finally:
            await env.svc.abandon(channel, 1, True)

    for stored in env.run(round_trip()):
        assert stored and stored.isprintable() and len(stored) <= MAX_NAME_LEN


SETTING_VALUE = st.one_of(TEXT, st.integers(min_value=-(10**30), max_value=10**30), st.floats(), st.none(),
                          st.lists(st.integers(), max_size=2), st.just(float("nan")), st.just(float("inf")))


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), key=st.sampled_from(["pace", "remind_hours", "deadline_hours", "caretaker",
                                                               "post", "colour", "\x00", ""]),
       value=SETTING_VALUE)
def test_junk_settings_are_refused_and_change_nothing(env: Env, name: str, key: str, value: Any) -> None:
    from bot.table import normalise_settings

    try:  # skip the rare junk that is a valid setting
        normalise_settings({key: value})
        assume(False)
    except TableError:
        pass
    table = env.tables[name]
    before = env.snapshot()
    settings_before = env.run(env.svc.table(table.channel)).settings
    refused(env, env.svc.update_settings(table.channel, table.users[0], force=True, **{key: value}))
    assert env.snapshot() == before
    assert env.run(env.svc.table(table.channel)).settings == settings_before


@SETTINGS
@given(name=st.sampled_from(GAME_NAMES), offset=JUNK_ID, limit=JUNK_ID)
def test_junk_log_paging_is_refused(env: Env, name: str, offset: Any, limit: Any) -> None:
    def valid(v: Any, low: int, high: int) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high

    assume(not (valid(offset, 0, 2**100) and valid(limit, 1, 1000)))
    refused(env, env.svc.log(env.tables[name].channel, offset, limit))
