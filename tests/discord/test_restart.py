"""A restart keeps everything working: the board's buttons, the deadlines and reminders (all in SQLite),
and the commands are not synced again when they did not change."""

from __future__ import annotations

from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import actor_of, finish_bids, menu_actions, new_table, table

HOUR = 3600


def command_syncs(env, since: int = 0) -> int:
    return sum(1 for q in env.http_requests[since:] if q.method == "PUT" and q.path.endswith("/commands"))


async def test_restart_keeps_buttons_and_deadlines(world, db_path):
    w = world
    assert command_syncs(w.env) == 1  # the first start synced the tree (and stored its hash)
    await new_table(w, w.alice, w.bob, deadline_hours=4, remind_hours=3)  # reminder after 1 h, bank out after 4 h
    await finish_bids(w)
    board = w.board()
    mover = actor_of(w, (await table(w)).awaited[0])

    old = w.bot
    await shut_down(old)  # the old process goes away; a new one opens the same file afresh
    before = len(w.env.http_requests)
    await w.env.restart_bot(make_bot(db_path))
    assert w.bot is not old and w.bot.scheduler.running and w.bot.service is not None
    assert command_syncs(w.env, before) == 0  # same commands, same hash: no sync

    menu = await mover.click(board, label="Take your turn")  # a button posted before the restart
    assert menu.ephemeral and "take 1" in menu_actions(menu)

    await w.env.advance_time(1.5 * HOUR)
    reminder = w.channel.history()[-1]
    assert reminder.content.startswith("⏰ Reminder: the table is waiting for")
    assert reminder.content.endswith(f"\nYour move: <@{mover.id}>")  # only the overdue player is mentioned

    version = (await table(w)).version
    await w.env.advance_time(3 * HOUR)  # the bank ran out: the other player is asked
    (question,) = [m for m in w.channel.history() if "time bank ran out" in (m.content or "")]
    assert [c.label for row in question.components for c in row.children] == [
        "Wait another day", "Caretaker plays this turn", "Caretaker takes the seat", "End the game"]
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))  # the question and its buttons survive a restart
    other = w.alice if mover is w.bob else w.bob
    pressed = await other.click(question, label="Caretaker plays this turn")
    assert pressed.ephemeral and "(1 of 1 answered)" in pressed.response.content
    t = await table(w)
    assert t.version > version and mover.id not in t.awaited  # the caretaker played the overdue turn
    assert any("🤖 the caretaker played for" in text for text in w.texts())
    assert w.board().id != board.id


async def test_an_abandon_vote_survives_a_restart(world, db_path):
    w = world
    await new_table(w, w.alice, w.bob, w.carol)  # three humans: two votes end the game
    r = await w.bob.slash(w.channel, "game abandon")
    assert "(1/2 votes)" in r.response.content

    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    assert await w.bot.service.abandon_votes(w.channel.id) == ([w.bob.id], 2)

    r = await w.bob.slash(w.channel, "game abandon")  # still counted after the restart …
    assert r.ephemeral and "already voted" in r.response.content
    r = await w.carol.slash(w.channel, "game abandon")  # … so carol's vote is the second of two
    assert "(2/2 votes)" in r.response.content and "abandoned by vote" in r.response.content
    assert (await table(w)).status == "abandoned"
