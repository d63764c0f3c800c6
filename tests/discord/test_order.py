"""A channel shows its changes in version order: the newest message always shows the newest board, a board a
newer one superseded is not posted (its lines go with the newer one), and a refused post wedges nothing."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.table import Update
from tests.discord.helpers import new_table, table


async def three_changes(w) -> list[Update]:
    """Three committed changes (two secret bids, then a turn), not yet posted: the service alone, no interaction."""
    svc, ch = w.bot.service, w.channel.id
    updates = []
    for _ in range(3):
        user = (await table(w)).awaited[0]
        action = (await svc.legal(ch, user))[0][0]
        updates.append(await svc.act(ch, user, action))
    assert [u.version for u in updates] == list(range(updates[0].version, updates[0].version + 3))
    return updates


def slowed(request: Any, version: int) -> Any:
    """The bot's HTTP client, with the post of board ``version`` taking longer (as a big image upload would):
    the request still goes out, only after other tasks had many turns to run."""

    async def slow_request(route: Any, **kwargs: Any) -> Any:
        payload = kwargs.get("json") or {}
        footers = [(e.get("footer") or {}).get("text", "") for e in payload.get("embeds") or []]
        if route.method == "POST" and any(f.split(" · ")[0] == f"Move {version}" for f in footers):
            for _ in range(50):
                await asyncio.sleep(0)
        return await request(route, **kwargs)

    return slow_request


def boards(w) -> list[tuple[int, str]]:
    """(move, description) of every board message in the channel, oldest first."""
    out = []
    for message in w.channel.history():
        for embed in message.embeds:
            footer = embed.footer.text or ""
            if footer.startswith("Move "):
                out.append((int(footer.split(" · ")[0].removeprefix("Move ")), embed.description or ""))
    return out


async def publish(w, update: Update) -> Any:
    return await w.bot.notifier.publish(update, from_scheduler=True)  # the test's updates start no clocks


def channel_text(w) -> str:
    return "\n".join((m.content or "") + "\n" + "\n".join(e.description or "" for e in m.embeds)
                     for m in w.channel.history())


async def test_an_older_board_that_uploads_slower_is_still_posted_first(world, monkeypatch):
    w = world
    await new_table(w, w.alice, w.bob)
    older, newer, _ = await three_changes(w)
    monkeypatch.setattr(w.bot.http, "request", slowed(w.bot.http.request, older.table.moves))
    await asyncio.gather(publish(w, older), publish(w, newer))  # the older one starts first, finishes last
    assert [v for v, _ in boards(w)][-2:] == [older.table.moves, newer.table.moves]
    assert w.board().embeds[0].footer.text.startswith(f"Move {newer.table.moves} ")


async def test_a_board_arriving_after_a_newer_one_adds_only_its_lines(world):
    w = world
    await new_table(w, w.alice, w.bob)
    older, newer, _ = await three_changes(w)
    posted = [v for v, _ in boards(w)]
    await publish(w, newer)
    await publish(w, older)  # e.g. its mover's reply took longer
    assert [v for v, _ in boards(w)] == [*posted, newer.table.moves]  # no outdated board below the newest
    late = w.channel.history()[-1]
    assert late.content.startswith(f"Also, at move {older.table.moves}:") and not late.embeds and not late.components
    assert all(line in late.content for line in older.public_events)


async def test_boards_waiting_together_become_one_post_with_all_their_lines(world, monkeypatch):
    w = world
    await new_table(w, w.alice, w.bob)
    first, second, third = await three_changes(w)
    monkeypatch.setattr(w.bot.http, "request", slowed(w.bot.http.request, first.table.moves))
    messages = await asyncio.gather(publish(w, first), publish(w, second), publish(w, third))
    shown = boards(w)
    # The second was superseded while waiting: never shown. (The first's board may have been edited into the
    # third's, when the same players are awaited at both: one post per turn.)
    assert second.table.moves not in [v for v, _ in shown] and shown[-1][0] == third.table.moves
    description = shown[-1][1]
    for line in second.public_events + third.public_events:
        assert line in description
    assert all(line in channel_text(w) or line in description for line in first.public_events)
    assert messages[1] is not None and messages[1].id == messages[2].id  # the second is shown by the third's post


async def test_a_refused_post_does_not_wedge_the_channel_nor_lose_its_lines(world, caplog):
    w = world
    await new_table(w, w.alice, w.bob)
    first, second, _ = await three_changes(w)
    w.env.inject_error("POST", f"/channels/{w.channel.id}/messages", status=500, times=1)
    with caplog.at_level(logging.ERROR, logger="bot.discord.notify"):
        assert await publish(w, first) is None
    assert "its lines go with the next post" in caplog.text
    message = await publish(w, second)
    assert message is not None and w.board().id == message.id
    version, description = boards(w)[-1]
    assert version == second.table.moves
    for line in first.public_events + second.public_events:
        assert line in description
    assert all(line in channel_text(w) for line in first.public_events)
