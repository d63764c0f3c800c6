"""A ping only when a player's turn begins: no re-pings of players already awaited, and a reminder is one short
line that pings only the late player, not the whole board posted again."""

from __future__ import annotations

from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table

HOUR = 3600


def mentioned(message) -> set[int]:
    return mentioned_ids(message.content or "")


def mentioned_ids(content: str) -> set[int]:
    return {int(u) for u in content.replace(">", " ").split("<@")[1:] for u in [u.split()[0]]}


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
    await new_table(w, w.alice, w.bob, deadline_hours=4, remind_hours=3)  # the reminder after 1 h
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


async def test_the_reply_to_a_move_offers_the_next_menu_while_the_player_is_still_awaited(world):
    from tests.discord.helpers import selects

    w = world
    await new_table(w, w.alice, w.bob)
    for _ in range(12):  # play until someone's move leaves them awaited (the last turn of a round: the next bids)
        t = await table(w)
        actor = actor_of(w, min(t.awaited))
        menu = await open_menu(w, actor)
        result = await choose(actor, menu, menu_actions(menu)[0])
        if actor.id in (await table(w)).awaited:
            break
    else:
        raise AssertionError("nobody was awaited twice in a row")
    # The old reply was only "✅ Done": the player had to open the menu from the board again.
    assert result.response.content.startswith("✅ Done") and "Your next step" in result.response.content
    version = (await table(w)).version
    assert selects(result) and all(f":{version}:" in s["custom_id"] for s in selects(result))
    nxt = await choose(actor, result, menu_actions(result)[0])  # one interaction: straight from the reply
    assert nxt.response.content.startswith("✅ Done")
    assert (await table(w)).version > version


async def test_the_steps_of_one_players_turn_edit_one_board(world):
    from tests.discord.helpers import play_by_button

    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="nuernberg", options=None)  # turns of several steps
    edited = 0
    for _ in range(150):
        t = await table(w)
        if len(t.awaited) != 1:  # a simultaneous step: everyone answers once
            for user in t.awaited:
                await play_by_button(w, actor_of(w, user))
            continue
        board = w.board()
        await play_by_button(w, actor_of(w, t.awaited[0]))
        after = await table(w)
        if after.awaited == t.awaited and after.status == "active":
            # The old code posted a new board (and pinged the mover again) for every step of the turn.
            assert w.board().id == board.id
            if w.board().embeds[0].footer.text.startswith(f"Move {after.moves} "):  # a step with public news
                assert w.board().components[0].children[0].custom_id.endswith(f":{after.version}")
                edited += 1
        if edited >= 2:
            break
    assert edited >= 1, "no turn of several steps with public news was played"


async def test_a_step_with_no_public_line_that_hands_the_turn_on_still_tells_the_next_player(world):
    """A private choice can end a turn (Strasbourg's returned card, with nothing to say publicly): the old code posted
    nothing for a change without public lines, so the next player was never told it was their move. A secret step
    of a simultaneous phase (the awaited set only shrinks) still posts nothing."""
    import dataclasses

    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    update = await w.bot.service.act(w.channel.id, t.awaited[0], (await w.bot.service.legal(w.channel.id,
                                                                                           t.awaited[0]))[0][0])
    await w.bot.notifier.publish(update)
    posted = len(w.channel.history())
    waited = set(update.awaited)
    shrunk = dataclasses.replace(update, version=update.version + 1, public_events=[],
                                 awaited=sorted(waited)[:1] if len(waited) > 1 else [])
    await w.bot.notifier.publish(shrunk)
    assert len(w.channel.history()) == posted  # nothing new to tell anyone: silent, as before
    handed = dataclasses.replace(update, version=update.version + 2, public_events=[], awaited=[w.carol.id])
    await w.bot.notifier.publish(handed)
    assert len(w.channel.history()) == posted + 1
    assert w.carol.id in mentioned(w.channel.history()[-1])


async def test_the_mover_is_not_pinged_when_a_new_round_starts_with_them_after_a_restart(world, db_path):
    """The channel's memory of whom its last board awaited is gone after a restart: the old code then pinged everyone
    the next board awaited, the player who had just moved too (their reply already offers their next step)."""
    from tests.discord.conftest import make_bot, shut_down

    w = world
    await new_table(w, w.alice, w.bob)
    for _ in range(12):  # to the last turn of the round: its move starts the next round's bids, the mover's too
        t = await table(w)
        if t.awaited and len(t.awaited) == 1 and t.seat_of(t.awaited[0]) == len(t.seats) - 1 and (
                await w.bot.service.public_view(w.channel.id))["phase"] != "bid":
            break
        actor = actor_of(w, min(t.awaited))
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])
    else:
        raise AssertionError("no last turn of a round was reached")
    mover = actor_of(w, t.awaited[0])
    other = w.bob if mover is w.alice else w.alice
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    since = len(w.env.http_requests)
    menu = await open_menu(w, mover)
    result = await choose(mover, menu, menu_actions(menu)[0])
    assert set((await table(w)).awaited) == {mover.id, other.id}  # the new round began with both bidding
    assert "Your next step" in result.response.content  # the mover is told in the reply to their move …
    posts = [q.json for q in w.env.http_requests[since:] if q.method == "POST"
             and q.path == f"/channels/{w.channel.id}/messages" and isinstance(q.json, dict)]
    (board,) = [p for p in posts if "Your move" in (p.get("content") or "")]
    assert mentioned_ids(board["content"]) == {mover.id, other.id}  # the board names whose move it is …
    pinged = set().union(*(set(map(int, (p.get("allowed_mentions") or {}).get("users", []))) for p in posts))
    assert pinged == {other.id}  # … and pings only the other player
