"""A ping only when a player's turn begins: no re-pings of players already awaited, and a reminder is one short
line that pings only the late player, not the whole board posted again."""

from __future__ import annotations

from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table

HOUR = 3600


def mentioned(message) -> set[int]:
    return {int(u) for u in (message.content or "").replace(">", " ").split("<@")[1:] for u in [u.split()[0]]}


async def test_each_player_is_pinged_when_their_turn_begins_and_not_again(world):
    w = world
    await new_table(w, w.alice, w.bob, w.carol, pace="fast")  # three simultaneous bids, then turns in order
    pings = 0
    for _ in range(8):
        before = set((await table(w)).awaited)
        posted = len(w.channel.history())
        actor = actor_of(w, min(before))
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])
        after = set((await table(w)).awaited)
        for message in w.channel.history()[posted:]:
            # The old code mentioned everyone still awaited on every board: each bid re-pinged the others.
            assert mentioned(message) <= after - before, (message.content, before, after)
            pings += len(mentioned(message))
    assert pings > 0  # a turn that begins is still announced


async def test_a_reminder_is_a_short_line_that_pings_only_the_late_player(world):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")  # reminder after 1 h
    actor = actor_of(w, (await table(w)).awaited[0])
    menu = await open_menu(w, actor)
    await choose(actor, menu, menu_actions(menu)[0])
    late = (await table(w)).awaited[0]
    board = w.board()
    await w.env.advance_time(1.25 * HOUR)
    reminder = w.channel.history()[-1]
    assert reminder.content.startswith("⏰ Reminder: the table is waiting for")
    assert not reminder.embeds and not reminder.attachments and not reminder.components  # not the board again
    assert mentioned(reminder) == {late}
    assert w.board().id == board.id  # the board with the buttons is still the newest board
