"""Bad input through the Discord command layer (the real ``build_bot`` on SimCord, the Discord team's
harness in tests/discord): seeded random junk typed into ``/move``, its autocomplete, ``/game new``
(game and options) and ``/game rules``. Every one gets an ephemeral refusal, nothing is posted in the
channel, the table does not move, and the bot answers every interaction (no handler crashed).
"""

from __future__ import annotations

import logging
import random
from typing import Any

import discord
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


def _reads_as_legal(name: str, text: str, legal: list[str]) -> bool:
    try:
        return rules.get_game(name).typed(text) in legal
    except Exception:  # what cannot be read at all is junk
        return False


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
        # typed words are read as a player types them (docs/i18n.md, "Typed commands": case, accents and runs of
        # spaces do not matter): junk that still reads as a legal action is that action
        if text.strip() in legal or _reads_as_legal(name, text, legal):
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


# ---- forged components ---------------------------------------------------------------------------
# A modified client (or an old message) can send any ``custom_id`` and any select value. SimCord only lets a
# user press components that exist on a message, so the forgeries are posted raw by the bot's HTTP client in
# a side channel (no view is registered for them): the click then reaches discord.py's real dispatch, which
# matches it against the registered ``DynamicItem`` templates exactly as it would a real one.

async def post_forged(w: Any, place: Any, component: dict[str, Any]) -> Any:
    params = discord.http.MultipartParameters(
        payload={"content": "forged", "components": [{"type": 1, "components": [component]}]},
        multipart=None, files=None)
    await w.bot.http.send_message(place.id, params=params)
    return place.history()[-1]


def forged_button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}


def forged_select(custom_id: str, values: list[str]) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": 1,
            "options": [{"label": str(i), "value": v} for i, v in enumerate(values)]}


def forged_ids(ch: int, game: int, ver: int, other: int) -> list[str]:
    """``kontor:<kind>:`` + a body per forgery: other channels and games, odd versions, odd characters."""
    bodies = [f"{other}:{game}:{ver}", f"{ch}:{game + 1}:{ver}", f"{ch}:{max(0, game - 1)}:{ver}",
              f"{ch}:{game}:{ver + 7}", f"{ch}:{game}:-1", f"{ch}:{game}:x", f"{ch}:{game}:{ver}.0",
              f"{ch}:{game}:{'9' * 40}", f"{'9' * 40}:{game}:{ver}", f"{ch}:{'9' * 25}:{ver}",
              f"{ch}:{game}:{ver}\n", f"{ch}:{game}:\u0661", f"{ch}\u200b:{game}:{ver}", f"{ch}:{game}:{ver}:💥",
              f"{ch}:{game}:{str(ver + 1).zfill(60)}", "0:0:0", ":::", ""]
    out = []
    for i, body in enumerate(bodies):  # every body as a turn button and a menu select; the rest in turn
        out += [f"kontor:turn:{body}", f"kontor:act:{body}:{i % 3}:{i % 2}",
                [f"kontor:page:{body}:0", f"kontor:page:{body}:{'9' * 20}", f"kontor:act:{body}:{'9' * 20}:1"][i % 3]]
    out += [f"kontor:screen:{other}", f"kontor:screen:{'9' * 40}", "kontor:screen:-5", "kontor:screen:\u0665",
            f"kontor:turn:{ch}:{game}:{ver}".ljust(100, "0"), "kontor:" + "x" * 93, "\x00" * 100, "kontor", "💥"]
    return [cid[:100] for cid in out if cid]


async def snapshot_of(w: Any) -> tuple[Any, ...]:
    t = await table(w)
    row = await w.bot.service.store.open_game(w.channel.id)
    return t.version, t.status, row.snapshot, tuple(await w.bot.service.log(w.channel.id, limit=1000))


async def test_forged_component_ids_and_values_are_refused_and_change_nothing(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol)  # the test game: a simultaneous secret bid first
    side = w.guild.create_text_channel("forgeries")
    other = w.guild.create_text_channel("elsewhere")
    t = await table(w)
    ch, game, ver = t.channel, t.game_id, t.version
    mover = actor_of(w, t.awaited[0])
    others = [actor_of(w, u) for u in t.awaited[1:]]
    legal = [a for a, _ in await w.bot.service.legal(ch, mover.id)]
    before = await snapshot_of(w)
    posted = public_count(w)
    answered = ignored = 0

    async def press(actor: Any, component: dict[str, Any], values: list[str] | None = None) -> None:
        nonlocal answered, ignored
        message = await post_forged(w, side, component)
        side_posts, errors = len(side.history()), w.env.error_cursor
        if values is None:
            r = await actor.click(message, custom_id=component["custom_id"])
        else:
            r = await actor.select(message, values, custom_id=component["custom_id"])
        what = f"{component['custom_id']!r} {values!r}"
        assert not w.env.errors_since(errors), f"{what} crashed: {w.env.errors_since(errors)}"
        assert public_count(w) == posted and len(side.history()) == side_posts, f"{what} posted in a channel"
        assert len(other.history()) == 0, f"{what} posted in another channel"
        assert [m.content for m in side.history()] == ["forged"] * side_posts, f"{what} rewrote a public message"
        assert await snapshot_of(w) == before, f"{what} changed the game"
        if r.response is None:  # no registered item matches: discord.py ignores it, and so does the bot
            ignored += 1
            return
        answered += 1
        assert r.ephemeral, f"{what} was answered in public"
        assert r.response.content and "✅" not in r.response.content, f"{what}: {r.response.content!r}"

    for i, cid in enumerate(forged_ids(ch, game, ver, other.id)):
        for actor in (mover, w.mod) if i % 4 == 0 else (mover,):  # the spectator on a sample
            if cid.startswith("kontor:act:"):
                await press(actor, forged_select(cid, [legal[0]]), [legal[0]])
            else:
                await press(actor, forged_button(cid))
    # a current menu's id with values that are not legal for this player: junk, 100 characters, another seat's
    act_id = f"kontor:act:{ch}:{game}:{ver}:0:1"
    mine = set(legal)
    theirs = {a for o in others for a, _ in await w.bot.service.legal(ch, o.id)} - mine
    await press(w.mod, forged_select(act_id, [legal[0]]), [legal[0]])  # a spectator with a legal action
    values = ["-", "take 1", "bid 99", "bid -1", "x" * 100, "bid 1" + " " * 95, "bid\u00a01", "bid 1\u200b",
              "\u202ebid 1", "💥" * 100, "pass", *sorted(theirs)]
    for value in values:
        if value not in mine:
            await press(mover, forged_select(act_id, [value]), [value])
    assert answered and ignored  # both paths were exercised
    future = f"kontor:act:{ch}:{game}:{ver + 1}:0:1"  # a simultaneous menu from a version that does not exist yet
    message = await post_forged(w, side, forged_select(future, [legal[0]]))
    r = await mover.select(message, [legal[0]], custom_id=future)
    assert r.ephemeral and "nothing was played" in r.response.content
    assert await snapshot_of(w) == before
