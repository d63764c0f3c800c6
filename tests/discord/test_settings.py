"""``/game mygames`` across servers and ``/game settings`` through the slash command, each checked by its effect:
reminders and deadlines on SimCord's virtual clock, the caretaker's three modes, and the live board message."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table
from tests.discord.test_play import finish_bids

HOUR = 3600


def boards(w: Any) -> list[Any]:
    """The board posts in the channel (embeds with a "Move N" footer), oldest first."""
    return [m for m in w.channel.history()
            if m.embeds and (m.embeds[0].footer.text or "").startswith("Move")]


def notices(w: Any, marker: str) -> list[str]:
    return [m.content for m in w.channel.history() if marker in (m.content or "")]


async def move_once(w: Any) -> None:
    actor = actor_of(w, (await table(w)).awaited[0])
    menu = await open_menu(w, actor)
    await choose(actor, menu, menu_actions(menu)[0])


async def test_mygames_lists_the_games_waiting_for_me_on_every_server(world: Any) -> None:
    w = world
    other = w.env.create_guild(name="Zunft")
    tische = other.create_text_channel("tische")
    alice_there, dave = other.add_member(w.alice.user), other.add_member(w.env.create_user("dave"))
    await new_table(w, w.alice, w.bob)  # in Hanse #games
    await alice_there.slash(tische, "game new", game="tally", options="length=short")
    await dave.slash(tische, "game join")
    await alice_there.slash(tische, "game start")

    here = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}"
    there = f"https://discord.com/channels/{other.id}/{tische.id}"
    r = await w.alice.slash(w.channel, "game mygames")  # both bid phases await alice
    assert r.ephemeral and here in r.response.content and there in r.response.content

    await alice_there.slash(tische, "move", action=(await w.bot.service.legal(tische.id, w.alice.id))[0][0])
    r = await w.alice.slash(w.channel, "game mygames")  # she has bid on the other server: only #games waits
    mine, _, others = r.response.content.partition("**Your other open games:**")
    assert here in mine and there not in mine and there in others
    r = await dave.slash(tische, "game mygames")  # dave only plays on the other server
    assert there in r.response.content and here not in r.response.content
    r = await w.carol.slash(w.channel, "game mygames")  # carol plays nowhere
    assert r.response.content.startswith("No game is waiting for you. 🎉 You have no open games")
    assert "Turn notices: **mention**" in r.response.content  # and how she hears of her turns


async def test_reminder_and_deadline_hours_set_by_command_fire_on_time(world: Any) -> None:
    w = world
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    await w.bob.slash(w.channel, "game join")  # default pace: daily (a 72 h bank, reminder at 12 h left)
    r = await w.alice.slash(w.channel, "game settings", remind_hours=1, deadline_hours=3)  # a fixed 3 h per move
    assert r.response.content == "Settings: a time bank of 3 h, +3 h per move, reminder at 1 h left."
    await w.alice.slash(w.channel, "game start")  # timers apply from each wait's start (never to a running one)
    version = (await table(w)).version

    await w.env.advance_time(1.5 * HOUR)
    assert notices(w, "Reminder") == []
    await w.env.advance_time(0.75 * HOUR)  # 2.25 h: each awaited player is reminded, by name and mention
    reminders = notices(w, "Reminder")
    assert len(reminders) == 2 and all(text.startswith("⏰ Reminder: the table is waiting for") for text in reminders)
    assert {text.rsplit("<@", 1)[1].rstrip(">") for text in reminders} == {str(w.alice.id), str(w.bob.id)}
    assert (await table(w)).version == version  # a reminder changes nothing

    await w.env.advance_time(1 * HOUR)  # 3.25 h: both banks ran out, each player is asked about the other's
    assert len(notices(w, "time bank ran out")) == 2 and (await table(w)).version == version
    await w.env.advance_time(3 * HOUR)  # nobody answered within the table's day (3 h): the caretaker bid for both
    assert len(notices(w, "the caretaker plays this turn for")) == 2
    assert (await table(w)).version == version + 2


async def test_caretaker_skip_then_none_at_the_deadline(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    r = await w.alice.slash(w.channel, "game settings", caretaker="skip", remind_hours=0, deadline_hours=1)
    assert r.response.content == ("Settings: a time bank of 1 h, +1 h per move, no reminder, the caretaker skips where"
                                  " it can.")
    await finish_bids(w)  # the pick phase, where the game has a "pass"; its waits start with the new timers
    late = (await table(w)).seats[(await table(w)).awaited_seats[0]].name
    await w.env.advance_time(1.25 * HOUR)  # the bank ran out: the other player is asked
    assert notices(w, f"{late}'s time bank ran out. What now?")
    await w.env.advance_time(1 * HOUR)  # no answer within the table's day (1 h): the caretaker skips
    assert notices(w, f"the caretaker plays this turn for {late}.")
    assert f"{late} passes." in await w.bot.service.log(w.channel.id, limit=5)

    await w.alice.slash(w.channel, "game settings", caretaker="none")
    t = await table(w)
    late = t.seats[t.awaited_seats[0]].name
    await w.env.advance_time(2.25 * HOUR)  # asked, and no answer: "none" reads as the table's default "wait"
    assert notices(w, f"the table waits 60 min more for {late}.")
    after = await table(w)
    assert after.version == t.version and after.awaited == t.awaited  # only told, nothing played


async def test_post_mode_switched_by_command_edits_one_live_board(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    await move_once(w)
    assert len(boards(w)) == 2  # post "every": a new message per change

    r = await w.alice.slash(w.channel, "game settings", post="live")
    assert r.response.content == "Settings: one live board edited in place."
    await move_once(w)  # the first change after the switch posts the live board …
    live = boards(w)[-1]
    assert (await table(w)).live_message_id == live.id
    for _ in range(2):  # … and later changes edit it in place
        await move_once(w)
    assert boards(w)[-1].id == live.id and len(boards(w)) == 3
    assert w.channel.history()[-1].content.startswith("Your move:")  # the ping still comes, as a short message
    refreshed = next(m for m in w.channel.history() if m.id == live.id)
    assert refreshed.embeds[0].footer.text.startswith(f"Move {(await table(w)).moves}")

    await w.alice.slash(w.channel, "game settings", post="every")
    await move_once(w)
    assert len(boards(w)) == 4 and boards(w)[-1].id != live.id  # back to a message per change
