"""A seated member leaves the server: Kontor (without the privileged members intent) finds out when a reminder is
due, tells the table once instead of pinging them, and the players still there vote on the seat with buttons."""

from __future__ import annotations

from tests.discord.helpers import new_table, table

HOUR = 3600


async def test_a_member_who_left_is_announced_not_pinged_and_the_others_vote_a_bot_in(world):
    w = world
    # All three bid at once; a fixed 4 h deadline, the reminder at 3 h left (after 1 h).
    await new_table(w, w.alice, w.bob, w.carol, deadline_hours=4, remind_hours=3)
    for actor in (w.alice, w.carol):
        await actor.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, actor.id))[0][0])
    assert (await table(w)).awaited == (w.bob.id,)
    w.guild.remove_member(w.bob)  # Discord does not tell a bot without the Server Members intent
    before = len(w.channel.history())
    await w.env.advance_time(1.25 * HOUR)

    new = w.channel.history()[before:]
    assert not any(f"<@{w.bob.id}>" in (m.content or "") for m in new)  # no reminder pings someone who left
    (announcement,) = [m for m in new if "has left the server" in (m.content or "")]
    labels = [c.label for row in announcement.components for c in row.children]
    assert labels == ["A bot plays bob's seat", "End the game"]
    assert (await table(w)).status == "active"

    pressed = await w.carol.click(announcement, label="A bot plays bob's seat")
    assert pressed.ephemeral and "(1/2 votes)" in pressed.response.content  # alice and carol: 2 needed
    pressed = await w.alice.click(announcement, label="A bot plays bob's seat")
    assert "(2/2 votes)" in pressed.response.content
    after = await table(w)
    assert all(s.user_id != w.bob.id for s in after.seats)
    assert sum(s.is_bot for s in after.seats) == 1  # his seat, now a bot's
    assert w.bob.id not in after.awaited and after.status == "active"  # the bot bid for the seat at once


async def test_the_players_still_here_can_vote_another_member_into_the_seat(world):
    w = world
    await new_table(w, w.alice, w.bob, deadline_hours=4, remind_hours=3)  # the reminder after 1 h
    await w.alice.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, w.alice.id))[0][0])
    w.guild.remove_member(w.bob)
    await w.env.advance_time(1.25 * HOUR)  # bob's reminder finds him gone
    seat = (await table(w)).seat_of(w.bob.id)
    assert seat is not None
    r = await w.alice.slash(w.channel, "game seat vote", seat=seat + 1, vote="member")
    assert r.ephemeral and "Name the member" in r.response.content
    r = await w.alice.slash(w.channel, "game seat vote", seat=seat + 1, vote="member", member=w.carol)
    assert "alice votes that carol takes it for bob's seat (1/1 votes)." in r.response.content
    after = await table(w)
    assert after.seats[seat].user_id == w.carol.id and w.carol.id in after.awaited  # carol bids now


async def test_a_departed_players_spent_bank_asks_nothing_more_and_never_pings_them(world):
    """Issue 41: the seat vote is the one question about a player who left. When their bank runs out too, the
    caretaker plays the turn at once (no second vote, no "wait another day" for someone gone), and they are never
    pinged (not by a reminder, not by the caretaker's move)."""
    w = world
    await new_table(w, w.alice, w.bob, w.carol, deadline_hours=4, remind_hours=3)
    for actor in (w.alice, w.carol):
        await actor.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, actor.id))[0][0])
    w.guild.remove_member(w.bob)
    before = len(w.channel.history())
    await w.env.advance_time(1.25 * HOUR)  # the reminder finds him gone: the seat vote opens
    await w.env.advance_time(3 * HOUR)  # and his bank runs out
    new = w.channel.history()[before:]
    assert [m for m in new if "has left the server" in (m.content or "") and m.components]  # the seat vote
    assert not any("What now?" in (m.content or "") or ("ran out. " in (m.content or "") and m.components)
                   for m in new)  # no second vote
    labels = [c.label for m in new for row in m.components for c in row.children]
    assert "Wait another day" not in labels
    assert not any(f"<@{w.bob.id}>" in (m.content or "") for m in new)
    assert any("the caretaker plays this turn for bob" in text for text in w.texts())
    t = await table(w)
    assert w.bob.id not in t.awaited and t.status == "active"
