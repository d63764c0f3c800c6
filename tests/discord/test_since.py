"""Since your last move: the turn notice carries the public events since the player's own latest move (the channel's
"Your move" post, a ``dm`` player's DM), ``/game since`` pages through the boards after each of them, and quiet
hours keep reminders (and pings) away at night."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

import render
from tests.discord.helpers import actor_of, table
from tests.discord.test_notify_prefs import HOUR, channel_posts, dms, pinged
from tests.discord.test_records import buttons

DRAWN: list[dict[str, Any]] = []


def fake_board(game: str, view: dict[str, Any], **kwargs: Any) -> bytes:
    DRAWN.append(view)
    return b"\x89PNG board " + json.dumps(view, sort_keys=True).encode()


@pytest.fixture
def service_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setattr(render, "board", fake_board)
    monkeypatch.setattr(render, "private", lambda game, view, **kw: b"\x89PNG screen")
    DRAWN.clear()
    return {"render": True}


async def start(w: Any, **settings: Any) -> tuple[Any, Any]:
    """alice and bob at Tally (untimed unless said otherwise): (the player of seat 0, of seat 1)."""
    settings.setdefault("pace", "untimed")
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    await w.bob.slash(w.channel, "game join")
    await w.alice.slash(w.channel, "game settings", auto_forced="off", **settings)
    r = await w.alice.slash(w.channel, "game start")
    assert "begins" in r.response.content
    seats = (await table(w)).seats
    return actor_of(w, seats[0].user_id), actor_of(w, seats[1].user_id)


async def to_seat_ones_turn(w: Any, first: Any, second: Any) -> None:
    """Seat 1 bids, seat 0 bids (the bids are revealed), seat 0 draws a hidden card: now seat 1 picks."""
    svc = w.bot.service
    await second.slash(w.channel, "move", action=(await svc.legal(w.channel.id, second.id))[0][0])
    await first.slash(w.channel, "move", action=(await svc.legal(w.channel.id, first.id))[0][0])
    await first.slash(w.channel, "move", action="draw")
    assert (await table(w)).awaited == (second.id,)


async def test_the_turn_ping_in_the_channel_says_what_happened_since_the_last_move(world):
    w = world
    first, second = await start(w)
    since = len(w.env.http_requests)
    await to_seat_ones_turn(w, first, second)
    name = first.user.name
    (post,) = [b for b in channel_posts(w, since) if f"Your move: <@{second.id}>" in (b.get("content") or "")]
    content = post["content"]
    assert pinged(post) == {second.id}
    assert f"📰 Since your last move (2 moves by {name}): {name} has chosen a bid; Bids revealed" in content
    assert content.endswith(f"{name} draws a card.")
    assert "You drew" not in content and "You bid" not in content  # the hidden draw stays hidden


async def test_a_dm_player_gets_it_in_the_turn_dm(world):
    w = world
    await w.bob.slash(w.channel, "game notify", choice="dm")
    await w.alice.slash(w.channel, "game notify", choice="dm")
    first, second = await start(w)
    await to_seat_ones_turn(w, first, second)
    notice = [t for t in dms(second) if t.startswith("🎲 It's your move")][-1]
    name = first.user.name
    assert f"\n📰 Since your last move (2 moves by {name}): {name} has chosen a bid;" in notice
    assert notice.endswith(f"{name} draws a card.") and "You drew" not in notice


async def test_game_since_pages_through_the_boards_after_each_move(world):
    w = world
    first, second = await start(w)
    await to_seat_ones_turn(w, first, second)
    DRAWN.clear()
    r = await second.slash(w.channel, "game since")
    assert r.ephemeral
    page = r.response
    assert "📰 Since your last move (2 moves by" in page.content
    assert "🖼️ Board 1 of 2 — after move" in page.content and "Bids revealed" in page.content.split("🖼️")[1]
    assert [a.filename for a in page.attachments] == ["since-1.png"]
    assert buttons(page)["◀ Previous"].get("disabled") is True
    later = await second.click(page, label="Next ▶")
    assert "🖼️ Board 2 of 2 — after move" in later.response.content
    assert "draws a card" in later.response.content.split("🖼️")[1]
    assert [a.filename for a in later.response.attachments] == ["since-2.png"]
    assert buttons(later.response)["Next ▶"].get("disabled") is True
    earlier = await second.click(later.response, label="◀ Previous")
    assert "🖼️ Board 1 of 2" in earlier.response.content
    assert DRAWN and all(view["viewer"] is None and "hand" not in view for view in DRAWN)  # public views only
    assert DRAWN[1] == await w.bot.service.public_view(w.channel.id)  # the last board is the current one

    r = await first.slash(w.channel, "game since")  # seat 0 just moved: nothing new
    assert r.response.content == "Nothing has happened here since your last move." and not r.response.attachments


def utc_hour() -> int:
    return discord.utils.utcnow().astimezone(UTC).hour


async def test_a_reminder_at_night_waits_for_the_morning_and_turn_notices_do_not_ping(world):
    w = world
    now = datetime.fromtimestamp(discord.utils.utcnow().timestamp(), UTC)
    start_h, end_h = (now.hour + 1) % 24, (now.hour + 7) % 24  # bob's night: from the next full hour, six hours
    r = await w.bob.slash(w.channel, "game notify", timezone="Etc/UTC", quiet=f"{start_h}-{end_h}")
    assert f"Quiet hours: **{start_h}:00–{end_h}:00** in Etc/UTC" in r.response.content
    # a 12-hour bank, the reminder at 10 h left: two hours after the start, inside bob's night
    await start(w, deadline_hours=12.0, remind_hours=10.0)
    await w.alice.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, w.alice.id))[0][0])
    assert (await table(w)).awaited == (w.bob.id,)

    since = len(w.env.http_requests)
    await w.env.advance_time(3 * HOUR)  # the reminder fell due at night: nothing reaches bob
    assert not [b for b in channel_posts(w, since) if "Reminder" in (b.get("content") or "")]
    await w.env.advance_time(4 * HOUR)  # bob's morning
    (line,) = [b for b in channel_posts(w, since) if (b.get("content") or "").startswith("⏰ Reminder")]
    assert f"<@{w.bob.id}>" in line["content"] and pinged(line) == {w.bob.id}
    assert (await table(w)).status == "active" and (await table(w)).awaited == (w.bob.id,)  # the bank ran on
    left = (await table(w)).banks[(await table(w)).seat_of(w.bob.id)]
    assert left is not None and 4.5 * HOUR < left < 5.5 * HOUR



async def test_a_turn_notice_in_quiet_hours_names_the_player_without_a_ping(world):
    w = world
    hour = utc_hour()
    await w.bob.slash(w.channel, "game notify", timezone="UTC", quiet=f"{hour}-{(hour + 6) % 24}")  # now is night
    assert await w.bot.service.quiet_until(w.bob.id) is not None
    since = len(w.env.http_requests)
    await start(w)
    (board,) = [b for b in channel_posts(w, since) if "Your move" in (b.get("content") or "")]
    assert f"<@{w.bob.id}>" in board["content"] and pinged(board) == {w.alice.id}  # named, not pinged
