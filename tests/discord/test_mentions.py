"""Names are text, never pings: a player called ``<@victim>``, ``@everyone`` or ``**bold**`` pings nobody and reads
literally everywhere the bot shows it; the only users a message may ping are the players it awaits."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from tests.discord.helpers import new_table, play_by_button, table


def sent_messages(requests: list[Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(request, message payload) of every message the bot sent or edited: posts, DMs, interaction replies."""
    for q in requests:
        body = q.json if isinstance(q.json, dict) else {}
        if isinstance(body.get("data"), dict) and "type" in body:  # an interaction callback wraps its message
            body = body["data"]
        if "content" in body or "embeds" in body:
            yield f"{q.method} {q.path}", body


def rendered_texts(body: dict[str, Any]) -> list[str]:
    """The parts of a message Discord renders as markdown: content, embed titles, descriptions and fields."""
    texts = [body.get("content") or ""]
    for embed in body.get("embeds") or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [part for f in embed.get("fields") or [] for part in (f.get("name", ""), f.get("value", ""))]
    return texts


def all_texts(body: dict[str, Any]) -> str:
    footers = [(e.get("footer") or {}).get("text") or "" for e in body.get("embeds") or []]
    return "\n".join(rendered_texts(body) + footers)


async def test_names_never_ping_and_read_literally(world):
    w = world
    victim = w.guild.add_member(w.env.create_user("victim"))  # watches the channel; must never be pinged
    sly = w.guild.add_member(w.env.create_user("sly"), nick=f"<@{victim.id}>")
    loud = w.guild.add_member(w.env.create_user("loud"), nick="@everyone")
    bold = w.guild.add_member(w.env.create_user("bold"), nick="**bold**")
    players = {p.id: p for p in (sly, loud, bold)}
    before = len(w.env.http_requests)

    await new_table(w, sly, loud, bold)  # lobby texts: opened, joined, the seat order
    for _ in range(4):  # three secret bids, then a turn: the board, "Your move", a player not awaited asking
        awaited = (await table(w)).awaited
        for idle in (p for uid, p in players.items() if uid not in awaited):
            r = await idle.click(w.board(), label="Take your turn")
            assert "not your move" in r.response.content
        await play_by_button(w, players[awaited[0]])
    overdue = (await table(w)).awaited
    await w.env.advance_time(60 * 3600 + 60)  # pace daily: the reminder at 12 h left of the 72 h bank
    reminders = [m for m in w.channel.history() if (m.content or "").startswith("⏰ Reminder")]
    assert reminders and reminders[-1].content.endswith(f"Your move: <@{overdue[0]}>")
    await victim.slash(w.channel, "game log")
    await victim.slash(w.channel, "game status")

    messages = list(sent_messages(w.env.http_requests[before:]))
    assert len(messages) > 20
    for where, body in messages:
        policy = body.get("allowed_mentions")
        assert policy is not None, where  # without one, Discord would ping whatever the text mentions
        assert policy.get("parse", []) == [], (where, policy)  # never "everyone", "roles" or every user named
        assert str(victim.id) not in map(str, policy.get("users", [])), where
        assert set(map(int, policy.get("users", []))) <= set(players), where
        text = all_texts(body)
        assert f"<@{victim.id}>" not in text and "@everyone" not in text, (where, text)
        assert not any("**bold**" in part for part in rendered_texts(body)), (where, text)
    pinged = [set(map(int, b["allowed_mentions"]["users"])) for _, b in messages if b["allowed_mentions"].get("users")]
    assert pinged and all(users <= set(players) for users in pinged)

    # … and each name reads as itself: escaped where Discord renders markdown, never dropped
    shown = "\n".join(all_texts(body) for _, body in messages)
    assert discord.utils.escape_mentions(f"<@{victim.id}>") in shown
    assert discord.utils.escape_mentions("@everyone") in shown
    assert discord.utils.escape_markdown("**bold**") in shown
    posts = "\n".join(all_texts(body) for where, body in messages if where == f"POST /channels/{w.channel.id}/messages")
    assert discord.utils.escape_markdown("**bold**") in posts and discord.utils.escape_mentions("@everyone") in posts
