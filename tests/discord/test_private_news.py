"""Private news, not churn: a turn's private news reaches its player as one DM when their turn begins (not one per
step), and a player whose DMs are closed reads it once, in the reply to their next interaction or in My screen."""

from __future__ import annotations

from typing import Any

from tests.discord.helpers import actor_of, new_table, table

GIFTS = "length=short, gifts=on"
CLOSED = {"status": 403, "code": 50007, "message": "Cannot send messages to this user"}


def dm_texts(actor: Any) -> list[str]:
    """Each DM as one text: its content and its embeds."""
    return [" ".join([m.content or "", *(str(e.to_dict()) for e in m.embeds)])
            for m in actor.user.dm_channel.history()]


def reply_texts(r: Any) -> list[str]:
    """What an interaction answered: the response and the follow-ups, contents and embeds."""
    out = []
    for message in [r.response, *r.followups]:
        if message is not None:
            out.append(message.content or "")
            out.extend(str(e.to_dict()) for e in message.embeds)
    return out


async def move(w: Any, actor: Any, action: str) -> Any:
    r = await actor.slash(w.channel, "move", action=action)
    assert r.response.content.startswith("✅ Done"), r.response.content
    return r


async def bid_all(w: Any) -> None:
    """The bid phase: everyone awaited bids their lowest card."""
    while (await w.bot.service.public_view(w.channel.id))["phase"] == "bid":
        actor = actor_of(w, (await table(w)).awaited[0])
        await move(w, actor, (await w.bot.service.legal(w.channel.id, actor.id))[0][0])


async def by_seat(w: Any) -> list[Any]:
    return [actor_of(w, s.user_id) for s in (await table(w)).seats]


async def test_a_turns_private_news_arrives_as_one_dm_when_the_turn_begins(world):
    w = world
    await new_table(w, w.alice, w.bob, w.carol, options=GIFTS)
    await bid_all(w)
    first, second, last = await by_seat(w)  # the pick phase goes by seat
    assert (await table(w)).awaited == (first.id,)
    dms = len(last.user.dm_channel.history())

    # A stretch of play: three steps by two players, each giving `last` a card (private news for `last` alone).
    r1 = await move(w, first, "gift 2")
    await move(w, first, "gift 2")
    await move(w, first, "pass")
    assert (await table(w)).awaited == (second.id,)
    await move(w, second, "gift 2")
    assert len(last.user.dm_channel.history()) == dms  # not one DM per step, nor one per turn of another player
    await move(w, second, "pass")

    assert (await table(w)).awaited == (last.id,)
    new = dm_texts(last)[dms:]
    assert len(new) == 1, new  # their turn began: all of it in one DM, with the turn notice
    assert new[0].startswith(f"Your screen in <#{w.channel.id}> — it's your move")
    assert new[0].count("gave you a") == 3 and "Since your last look" in new[0]
    hand = (await w.bot.service.private_view(w.channel.id, last.id))["hand"]
    assert "Your hand: " + ", ".join(map(str, hand)) in new[0]  # with their current screen

    # The news was theirs alone: not in the channel, not in the givers' replies or DMs.
    assert not any("gave you" in text for text in w.texts())
    assert not any("gave you" in text for text in reply_texts(r1) + dm_texts(first) + dm_texts(second))
    assert f"gives {(await table(w)).seats[2].name} a card." in "\n".join(w.texts())  # the public part

    # Their own steps bring them no DM; the next turn's news comes with that turn, once.
    r = await move(w, last, "draw")
    assert "🔒" in r.response.content and "You drew" in r.response.content  # their own news, in their reply
    assert len(dm_texts(last)) == dms + 1


async def test_closed_dms_news_comes_in_the_next_reply_and_in_my_screen_once(world):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally", options=GIFTS)
    for actor in (w.bob, w.carol):
        await actor.slash(w.channel, "game join")
    r = await w.alice.slash(w.channel, "game start")
    assert "begins" in r.response.content
    await bid_all(w)
    first, second, last = await by_seat(w)
    w.env.inject_error("POST", f"/channels/{last.user.dm_channel.id}/messages", times=None, **CLOSED)

    await move(w, first, "gift 2")
    await move(w, first, "draw")  # (a card to give again in round 2)
    await move(w, second, "gift 2")
    await move(w, second, "pass")  # `last`'s turn begins: the DM with the news is refused
    assert await w.bot.service.dm_ok(last.id) is False
    assert not any("gave you" in text for text in dm_texts(last))

    r = await last.click(w.board(), label="Take your turn")  # the next interaction with the table shows it
    assert r.ephemeral
    assert "Since your last look" in r.response.content and r.response.content.count("gave you a") == 2
    assert "your options" in r.response.content  # and the menu, below the news
    r = await last.click(w.board(), label="My screen")  # shown once: not again
    assert "gave you" not in " ".join(reply_texts(r)) and "Your hand" in r.response.embeds[0].description

    # News while the player waits (a gift during someone else's turn) is in My screen, above the screen, once.
    await move(w, last, "pass")  # round 2: everyone bids, then the picks again
    await bid_all(w)
    await move(w, first, "gift 2")
    r = await last.click(w.board(), label="My screen")
    assert r.ephemeral and r.response.content.startswith("📬 **Since your last look:**")
    assert r.response.content.count("gave you a") == 1
    hand = (await w.bot.service.private_view(w.channel.id, last.id))["hand"]
    assert "Your hand: " + ", ".join(map(str, hand)) in r.response.embeds[0].description
    r = await last.slash(w.channel, "game hand")
    assert "gave you" not in " ".join(reply_texts(r))

    # Nobody else ever saw it.
    assert not any("gave you" in text for text in w.texts())
    for other in (first, second):
        assert not any("gave you" in text for text in dm_texts(other))


async def test_pending_news_survives_a_restart(world, db_path):
    """Kept in the database: news not yet delivered is still shown once after a restart, and not twice."""
    from tests.discord.conftest import make_bot, shut_down

    w = world
    await new_table(w, w.alice, w.bob, w.carol, options=GIFTS)
    await bid_all(w)
    first, _second, last = await by_seat(w)
    await move(w, first, "gift 2")

    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    r = await last.click(w.board(), label="My screen")
    assert "Since your last look" in r.response.content and "gave you a" in r.response.content
    r = await last.click(w.board(), label="My screen")
    assert "gave you" not in (r.response.content or "")


def test_a_screen_change_is_news_when_something_was_gained_not_when_a_secret_was_only_cleared():
    from bot.table.news import gained

    assert gained({"me": {"ballot": None, "goods": {"cloth": 0}}}, {"me": {"ballot": None, "goods": {"cloth": 1}}})
    assert gained({"hand": [1, 2]}, {"hand": [2]})  # a card gone is news too
    assert not gained({"me": {"ballot": "yes", "goods": {"cloth": 1}}}, {"me": {"ballot": None, "goods": {"cloth": 1}}})
    assert not gained({"family_choice": 8}, {})
