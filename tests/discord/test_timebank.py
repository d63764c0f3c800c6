"""Time banks, away and the caretaker by consent, on SimCord's virtual clock."""

from __future__ import annotations

from typing import Any

from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import actor_of, new_table, play_by_button, table

HOUR = 3600
DAY = 24 * HOUR


async def advance(w: Any, seconds: float) -> None:
    """Virtual time in steps of a day (each step's ticks settle before the next day starts)."""
    while seconds > 0:
        step = min(seconds, DAY)
        await w.env.advance_time(step)
        seconds -= step


def posts(w: Any, marker: str) -> list[Any]:
    return [m for m in w.channel.history() if marker in (m.content or "")]


def seats_field(message: Any) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name == "Seats")


async def only_alice_awaited(w: Any) -> None:
    """Everyone else bids: the table waits for alice alone."""
    for uid in (await table(w)).awaited:
        if uid != w.alice.id:
            await play_by_button(w, actor_of(w, uid))
    assert (await table(w)).awaited == (w.alice.id,)


async def test_the_bank_shows_on_the_board_and_a_move_refills_it(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)  # daily: a bank of 3 days, +24 h per move
    assert seats_field(w.board()).count("⏳ 3d") == 2
    await w.env.advance_time(30 * HOUR)
    await play_by_button(w, w.alice)  # 42 h left, + 24 h
    t = await table(w)
    assert abs((t.banks[t.seat_of(w.alice.id)] or 0) - 66 * HOUR) < 120
    assert abs((t.banks[t.seat_of(w.bob.id)] or 0) - 42 * HOUR) < 120  # bob's still runs
    r = await w.bob.slash(w.channel, "game status")
    field = seats_field(r.response)
    assert "alice ⏳ 2d 17h" in field or "alice ⏳ 2d 18h" in field
    assert "bob ▶️ ⏳ 1d 17h" in field or "bob ▶️ ⏳ 1d 18h" in field


async def test_away_five_days_keeps_the_seat_and_the_bank_then_the_clock_runs_again(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, deadline_hours=4, remind_hours=3)
    await only_alice_awaited(w)
    version = (await table(w)).version
    r = await w.alice.slash(w.channel, "game away", days=5)
    assert r.ephemeral and "paused until" in r.followups[0].content if r.followups else True
    (said,) = posts(w, "alice is away until <t:")
    assert "their clock is paused" in said.content and "5 days of 14 days of away used" in said.content
    await advance(w, 5 * DAY - HOUR)  # a 4 h bank, five days: no reminder, no question, no caretaker
    assert posts(w, "Reminder") == [] and posts(w, "time bank ran out") == [] and posts(w, "caretaker") == []
    later = [m for m in w.channel.history() if m.id > said.id]
    assert not any(f"<@{w.alice.id}>" in (m.content or "") for m in later)  # nobody pinged alice
    t = await table(w)
    assert t.version == version and t.seat_of(w.alice.id) is not None and t.away == (t.seat_of(w.alice.id),)
    assert abs((t.banks[t.seat_of(w.alice.id)] or 0) - 4 * HOUR) < 120  # the bank stood still
    await w.env.advance_time(1.1 * HOUR)  # the away time is over: the clock runs again, by itself
    (over,) = posts(w, "alice's away time is over; their clock runs again.")
    assert f"<@{w.alice.id}>" in over.content
    assert (await table(w)).away == ()
    await w.env.advance_time(1.1 * HOUR)
    assert len(posts(w, "Reminder: the table is waiting for alice")) == 1  # 3 h left
    await w.env.advance_time(3 * HOUR)
    assert len(posts(w, "alice's time bank ran out")) == 1


async def test_back_ends_the_away_early_and_says_so(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, deadline_hours=4, remind_hours=3)
    await only_alice_awaited(w)
    await w.alice.slash(w.channel, "game away", days=5)
    await w.env.advance_time(DAY)
    r = await w.alice.slash(w.channel, "game back")
    assert "Welcome back" in (r.followups[0].content if r.followups else r.response.content)
    assert posts(w, "alice is back; their clock runs again.")
    assert (await table(w)).away == ()
    r = await w.alice.slash(w.channel, "game back")
    assert "You are not away." in (r.followups[0].content if r.followups else r.response.content)
    await w.env.advance_time(4.1 * HOUR)
    assert posts(w, "alice's time bank ran out")  # the clock ran again from the return


async def test_a_spent_bank_asks_the_others_and_the_majority_gives_the_seat_to_the_caretaker_then_reclaim(
        world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol, deadline_hours=4, remind_hours=3)
    await only_alice_awaited(w)
    await w.env.advance_time(4.1 * HOUR)
    (question,) = posts(w, "alice's time bank ran out. What now?")
    assert f"<@{w.bob.id}>" in question.content and f"<@{w.carol.id}>" in question.content
    r = await w.alice.click(question, label="End the game")
    assert r.ephemeral and "Only the other players" in r.response.content
    r = await w.bob.click(question, label="Caretaker takes the seat")
    assert "(1 of 2 answered)" in r.response.content and (await table(w)).caretaken == ()
    r = await w.carol.click(question, label="Caretaker takes the seat")  # 2 of 2: decided at once
    t = await table(w)
    seat = t.seat_of(w.alice.id)
    assert t.caretaken == (seat,) and w.alice.id not in t.awaited and t.status == "active"
    assert any("🤖 the caretaker played for alice." in text for text in w.texts())
    log = await w.bot.service.log_entries(w.channel.id)
    assert any(e.kind == "caretaker" and e.seat == seat for e in log)
    (offer,) = posts(w, "The caretaker plays alice's seat now")
    r = await w.bob.click(offer, label="Take my seat back")
    assert "not with the caretaker" in r.followups[0].content if r.followups else r.response.content
    r = await w.alice.click(offer, label="Take my seat back")
    assert (await table(w)).caretaken == ()
    assert posts(w, "alice takes their seat back from the caretaker.") or any(
        "takes their seat back" in text for text in w.texts())
    r = await w.alice.slash(w.channel, "game seat reclaim")
    assert "nothing to reclaim" in (r.followups[0].content if r.followups else r.response.content)


async def test_without_an_answer_for_a_day_the_tables_default_applies(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, pace="daily", timeout_default="end")
    await only_alice_awaited(w)
    await advance(w, 72 * HOUR + 60)
    assert posts(w, "alice's time bank ran out. What now?")
    assert (await table(w)).status == "active"
    await w.env.advance_time(24 * HOUR)
    assert posts(w, "Nobody answered about alice's time bank in time: the game ends.") or any(
        "Nobody answered about alice's time bank in time: the game ends." in t for t in w.texts())
    assert (await table(w)).status == "abandoned"


async def test_with_nobody_else_to_ask_the_default_applies_at_once(world: Any) -> None:
    w = world
    await new_table(w, w.alice, bots=1, deadline_hours=4, remind_hours=3)
    version = (await table(w)).version
    await w.env.advance_time(4.1 * HOUR)
    assert posts(w, "What now?") == []
    assert (await table(w)).version > version
    assert any("nobody else is at the table to ask: the caretaker plays this turn for alice" in t for t in w.texts())


async def test_a_restart_keeps_banks_away_periods_and_answers(world: Any, db_path: str) -> None:
    w = world
    await new_table(w, w.alice, w.bob, w.carol, deadline_hours=4, remind_hours=3)
    await only_alice_awaited(w)
    await w.env.advance_time(4.1 * HOUR)
    (question,) = posts(w, "alice's time bank ran out. What now?")
    await w.bob.click(question, label="End the game")
    await w.carol.slash(w.channel, "game away", days=2)
    before = await table(w)
    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    after = await table(w)
    assert after.away == before.away == (after.seat_of(w.carol.id),) and after.banks == before.banks
    r = await w.carol.click(question, label="End the game")  # bob's answer was kept: 2 of 2
    assert "(2 of 2 answered)" in r.response.content
    assert (await table(w)).status == "abandoned"
