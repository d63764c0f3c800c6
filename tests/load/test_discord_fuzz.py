"""Bad input through the Discord command layer (the real ``build_bot`` on SimCord, the Discord team's
harness in tests/discord): seeded random junk typed into ``/move``, its autocomplete, ``/game new``
(game and options) and ``/game rules``. Every one gets an ephemeral refusal, nothing is posted in the
channel, the table does not move, and the bot answers every interaction (no handler crashed).
"""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

import rules
from tests.discord.conftest import *  # noqa: F403  (the Discord team's fixtures: world, simcord_bot, ...)
from tests.discord.helpers import actor_of, new_table, table

PIECES = ["\x00", "\x07", "\n", "\t", "\u200b", "\u202e", "\ufeff", "\u0301", "💥", "ü", "ß", "İ", "中", "١",
          "@everyone", "@here", "<@1>", "<#2>", "```", "**", "||", "\\", "'", '"', ";", "--", "%s", "{}", "{0}",
          "9" * 30, "-1", "0", "NaN", "inf", "None", "null", "<script>", "../", "DROP TABLE games", "pass", "take",
          "buy", "  ", "x" * 81]


def junk(rnd: random.Random, legal: list[str]) -> str:
    parts = [rnd.choice(PIECES) for _ in range(rnd.randint(1, 5))]
    if legal and rnd.random() < 0.5:  # a real action, damaged
        parts.insert(rnd.randrange(len(parts) + 1), rnd.choice(legal))
    return "".join(parts)[: rnd.choice([20, 80, 100, 300, 2000])]


async def seat_players(w: Any, name: str) -> list[Any]:
    """Enough humans for the game (alice, bob, carol), bots for the rest; ``w.mod`` stays a spectator."""
    game = rules.get_game(name)
    humans = [w.alice, w.bob, w.carol][: max(2, min(3, game.min_players))]
    await new_table(w, *humans, game=name, options=None, bots=max(0, game.min_players - len(humans)))
    return humans


def bot_log(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The bot's own log lines (kontor, bot.*, discord.py): not SimCord's simulated-Discord trace."""
    return [r.getMessage() for r in caplog.records if r.name.split(".")[0] in ("kontor", "bot", "discord")]


def public_count(w: Any) -> int:
    return len(w.channel.history())


def assert_refused(w: Any, result: Any, posted_before: int, what: str) -> None:
    assert result.response is not None, f"no answer to {what!r}: the handler crashed"
    assert result.ephemeral, f"{what!r} was answered in public"
    assert result.response.content, f"{what!r}: an empty refusal"
    assert public_count(w) == posted_before, f"{what!r} posted in the channel"


@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_junk_moves_and_autocomplete_are_refused_and_change_nothing(world: Any, name: str) -> None:
    w = world
    await seat_players(w, name)
    rnd = random.Random(f"discord-fuzz-{name}")
    t = await table(w)
    mover = actor_of(w, t.awaited[0])
    legal = [a for a, _ in await w.bot.service.legal(w.channel.id, mover.id)]
    log_before = await w.bot.service.log(w.channel.id, limit=1000)
    tried = 0
    while tried < 25:
        text = junk(rnd, legal)
        if text.strip() in legal:
            continue
        tried += 1
        posted = public_count(w)
        for actor in (mover, w.mod):  # the awaited player, and a spectator
            r = await actor.slash(w.channel, "move", action=text)
            assert_refused(w, r, posted, text)
        choices = await mover.autocomplete(w.channel, "move", "action", text)
        assert all(c["value"] in legal for c in choices), "autocomplete offered something illegal"
    after = await table(w)
    assert after.version == t.version and after.status == "active"
    assert await w.bot.service.log(w.channel.id, limit=1000) == log_before


async def test_junk_games_and_options_open_no_table(world: Any) -> None:
    w = world
    rnd = random.Random("discord-fuzz-new")
    names = list(rules.GAMES)
    for _ in range(30):
        game = junk(rnd, names) if rnd.random() < 0.6 else rnd.choice(names)
        options = junk(rnd, ["players=3", "variant=base", "length=short"])
        if game.strip().lower() in rules.GAMES:  # a real game: make sure the options are wrong
            options = f"nosuch{junk(rnd, [])}={'z' * rnd.choice([1, 500])}"
        posted = public_count(w)
        r = await w.carol.slash(w.channel, "game new", game=game, options=options)
        if r.response is not None and not r.ephemeral:  # the junk happened to be a valid request
            pytest.fail(f"game={game!r} options={options!r} opened a table")
        assert_refused(w, r, posted, f"game={game!r} options={options!r}")
        r = await w.carol.slash(w.channel, "game rules", game=game)
        assert r.response is not None and r.ephemeral
    with pytest.raises(Exception):  # noqa: B017  (whatever the service raises: there is no table)
        await w.bot.service.table(w.channel.id)


@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_discord_play_posts_no_private_information(world: Any, name: str, monkeypatch: pytest.MonkeyPatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    await _play_and_check(world, name, monkeypatch, moves=40, caplog=caplog)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(rules.GAMES))
async def test_a_whole_discord_game_posts_no_private_information(world: Any, name: str,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    await _play_and_check(world, name, monkeypatch, moves=None, caplog=caplog)


async def _play_and_check(w: Any, name: str, monkeypatch: pytest.MonkeyPatch, moves: int | None,
                          caplog: pytest.LogCaptureFixture) -> None:
    """Played with ``/move`` (``moves`` of them, or to the end): no private event text reaches the channel,
    another player's DMs or the bot's log records, and the seed appears in the channel (and the bot's logs)
    only once the game is over."""
    caplog.set_level(logging.DEBUG)
    svc = w.bot.service
    private: dict[int, set[str]] = {}
    public: set[str] = set()
    real_act = svc.act

    async def recording_act(*args: Any, **kwargs: Any) -> Any:
        update = await real_act(*args, **kwargs)
        public.update(update.public_events)
        for user, personal in update.private.items():
            private.setdefault(user, set()).update(personal.events)
        return update

    monkeypatch.setattr(svc, "act", recording_act)
    humans = await seat_players(w, name)
    row = await svc.store.open_game(w.channel.id)
    seed = str(row.seed)
    rnd = random.Random(f"discord-secrets-{name}")
    for _ in range(moves or 5000):
        t = await table(w)
        if t.status != "active":
            break
        actor = actor_of(w, t.awaited[rnd.randrange(len(t.awaited))])
        legal = [a for a, _ in await svc.legal(w.channel.id, actor.id)]
        r = await actor.slash(w.channel, "move", action=rnd.choice(legal))
        assert r.response is not None and r.ephemeral
        if (await table(w)).status == "active":
            assert seed not in "\n".join(w.texts()), "the seed was posted before the end"
            assert not any(seed in line for line in bot_log(caplog)), "the seed reached the bot's log"
    if moves is None:
        assert (await table(w)).status == "finished"

    def dms(actor: Any) -> str:
        return "\n".join([m.content or "" for m in actor.user.dm_channel.history()]
                         + [str(e.to_dict()) for m in actor.user.dm_channel.history() for e in m.embeds])

    channel = "\n".join(w.texts())
    records = "\n".join(bot_log(caplog))
    for user, texts in private.items():
        for text in texts - public:
            assert text not in channel, f"private text posted in the channel: {text!r}"
            assert text not in records, f"private text in the bot's log: {text!r}"
            for other in humans:  # the same words may be another player's own news ("You drew a 1")
                if other.id != user and text not in private.get(other.id, set()):
                    assert text not in dms(other), f"private text sent to another player: {text!r}"
