"""``/game notify``: a mention in the channel (the default), a DM instead, or one digest DM a day — per user, on
every server, kept across restarts; closed DMs fall back to the channel mention."""

from __future__ import annotations

from typing import Any

from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import actor_of, new_table, table

HOUR = 3600.0
CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


def channel_posts(w: Any, since: int = 0) -> list[dict[str, Any]]:
    """The payloads the bot posted in the table's channel (content, allowed_mentions, …)."""
    path = f"/channels/{w.channel.id}/messages"
    return [q.json for q in w.env.http_requests[since:] if q.method == "POST" and q.path == path
            and isinstance(q.json, dict)]


def pinged(body: dict[str, Any]) -> set[int]:
    return set(map(int, (body.get("allowed_mentions") or {}).get("users", [])))


def dms(actor: Any) -> list[str]:
    return [m.content or "" for m in actor.user.dm_channel.history()]


async def test_without_a_choice_it_shows_the_current_setting_and_mention_is_the_default(world):
    w = world
    r = await w.alice.slash(w.channel, "game notify")
    assert r.ephemeral and "Your turn notices: **mention**" in r.response.content
    assert await w.bot.service.notify_pref(w.alice.id) == "mention"
    since = len(w.env.http_requests)
    await new_table(w, w.alice, w.bob)
    (board,) = [b for b in channel_posts(w, since) if "Your move" in (b.get("content") or "")]
    assert pinged(board) == {w.alice.id, w.bob.id}  # both bid: both mentioned, and pinged


async def test_dm_names_the_player_on_the_board_without_a_ping_and_tells_them_by_dm(world):
    w = world
    r = await w.bob.slash(w.channel, "game notify", choice="dm")
    assert r.ephemeral and r.response.content.startswith("✅ From now on, on every server: **dm**")
    assert "closed" not in r.response.content
    since = len(w.env.http_requests)
    # a fixed 2-hour deadline per move, the reminder at 1 h left (set before the start: a running wait keeps the
    # bank it began with, and bob may be awaited from the first bid through his pick)
    await new_table(w, w.alice, w.bob, deadline_hours=2.0, remind_hours=1.0)

    (board,) = [b for b in channel_posts(w, since) if "Your move" in (b.get("content") or "")]
    assert f"<@{w.bob.id}>" in board["content"]  # named …
    assert pinged(board) == {w.alice.id}  # … but only alice is pinged
    link = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}"
    assert dms(w.bob)[-1] == f"🎲 It's your move in **Tally (test game)**: {link}"  # the notice, with his screen
    assert "Your hand" in str(w.bob.user.dm_channel.history()[-1].embeds[0].to_dict())
    assert not any("It's your move in" in text for text in dms(w.alice))

    # a reminder: one short line in the channel naming him without a ping, and the reminder by DM
    for actor in (w.alice, w.bob):  # the bids
        await actor.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, actor.id))[0][0])
    if (await table(w)).awaited != (w.bob.id,):  # pick order is by seat: let alice take her turn first
        await w.alice.slash(w.channel, "move", action="pass")
    assert (await table(w)).awaited == (w.bob.id,)
    since, count = len(w.env.http_requests), len(dms(w.bob))
    await w.env.advance_time(1.5 * HOUR)
    (line,) = [b for b in channel_posts(w, since) if (b.get("content") or "").startswith("⏰ Reminder")]
    assert f"<@{w.bob.id}>" in line["content"] and pinged(line) == set()
    assert len(dms(w.bob)) == count + 1 and dms(w.bob)[-1].startswith("⏰ Reminder: the table is waiting for bob")


async def test_closed_dms_fall_back_to_the_channel_mention_and_the_answer_says_so(world):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    w.env.inject_error("POST", f"/channels/{w.bob.user.dm_channel.id}/messages", times=None, **CLOSED)
    await w.bob.slash(w.channel, "game join")  # the hello is refused: his DMs are known closed
    r = await w.bob.slash(w.channel, "game notify", choice="digest")
    assert "✅ From now on, on every server: **digest**" in r.response.content
    assert "keep mentioning you in the channel" in r.response.content
    since = len(w.env.http_requests)
    r = await w.alice.slash(w.channel, "game start")
    (board,) = [b for b in channel_posts(w, since) if "Your move" in (b.get("content") or "")]
    assert pinged(board) == {w.alice.id, w.bob.id}  # bob is still pinged in the channel
    assert await w.bot.digest.tick() == []  # and no digest for him: it could not arrive


async def test_digest_sends_one_dm_a_day_listing_the_waiting_games_and_survives_a_restart(world, db_path):
    w = world
    r = await w.carol.slash(w.channel, "game notify", choice="digest")
    assert "**digest**" in r.response.content
    assert await w.bot.digest.tick() == []  # nothing waits for her yet: no DM
    assert dms(w.carol) == []
    since = len(w.env.http_requests)
    await new_table(w, w.alice, w.carol, pace="untimed")  # no reminders or deadlines meanwhile
    (board,) = [b for b in channel_posts(w, since) if "Your move" in (b.get("content") or "")]
    assert f"<@{w.carol.id}>" in board["content"] and pinged(board) == {w.alice.id}  # named, no ping
    opening = len(dms(w.carol))  # the "you joined" hello only: no DM per turn
    assert not any("move" in text for text in dms(w.carol))

    assert await w.bot.digest.tick() == [w.carol.id]
    digest = dms(w.carol)[-1]
    assert len(dms(w.carol)) == opening + 1
    assert digest.startswith("📋 **Your Kontor digest** — 1 game waiting for you:")
    assert f"https://discord.com/channels/{w.guild.id}/{w.channel.id}" in digest and "Tally (test game)" in digest
    assert await w.bot.digest.tick() == []  # once a day at most

    # the preference and the digest's time survive a restart
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    r = await w.carol.slash(w.channel, "game notify")
    assert "Your turn notices: **digest**" in r.response.content
    assert await w.bot.digest.tick() == []  # not again within the day
    await w.env.advance_time(25 * HOUR)  # the loop itself sends the next one a day later
    assert len(dms(w.carol)) == opening + 2 and dms(w.carol)[-1].startswith("📋 **Your Kontor digest**")

    # nothing waiting: no digest
    actor = actor_of(w, w.carol.id)
    await actor.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, w.carol.id))[0][0])
    assert w.carol.id not in (await table(w)).awaited
    count = len(dms(w.carol))
    await w.env.advance_time(25 * HOUR)
    assert w.carol.id not in (await table(w)).awaited and len(dms(w.carol)) == count


async def test_a_bad_choice_is_refused_and_changes_nothing(world):
    w = world
    await w.alice.slash(w.channel, "game notify", choice="dm")
    from bot.table import TableError

    try:
        await w.bot.service.set_notify_pref(w.alice.id, "loud")
    except TableError as exc:
        assert "mention, dm, digest" in exc.message
    else:
        raise AssertionError("accepted")
    assert await w.bot.service.notify_pref(w.alice.id) == "dm"


async def test_posting_a_move_asks_the_table_nothing_about_the_players(world, monkeypatch):
    """The Update carries what posting needs of each player (their language, how they hear of their turn, whether
    they are in their quiet hours, whether DMs reach them, their screen, what they missed since their last move, the
    private news the table kept for them), and the board's summary and alt text in the channel's language: the
    channel post, the pings and the DMs of a move ask the service none of it. (A DM's screen is put in words
    through the game's rules, ``service.game``: a lookup.)"""
    w = world
    await w.bob.slash(w.channel, "game notify", choice="dm")
    await new_table(w, w.alice, w.bob)
    svc, asked = w.bot.service, []
    for name in ("notify_pref", "quiet_until", "quiet_hours", "user_language", "dm_status", "dm_ok", "screen",
                 "since_last_move", "public_view", "private_view", "add_news", "pending_news", "news_users"):
        original = getattr(svc, name)

        def spy(*args, _name=name, _original=original, **kwargs):
            asked.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(svc, name, spy)
    since, notices = len(w.env.http_requests), len(dms(w.bob))
    moves = 0
    while moves < 6 and len(dms(w.bob)) == notices:  # until bob's turn begins after someone else's move
        actor = w.alice if w.alice.id in (await table(w)).awaited else w.bob
        await actor.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, actor.id))[0][0])
        moves += 1
    assert channel_posts(w, since) and asked == []
    assert dms(w.bob)[notices].startswith("🎲 It's your move in")  # his turn notice went by DM, with his screen
