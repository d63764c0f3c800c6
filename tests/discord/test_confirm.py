"""Host actions: a refused ``/game start`` is private; abandoning and handing a seat over ask first (only the asker
can answer; Cancel or silence change nothing), and the confirmed action is acknowledged before it runs."""

from __future__ import annotations

import pytest
import simcord

from bot.discord.ui.confirm import CONFIRM_SECONDS
from tests.discord.helpers import new_table, table


def buttons(message) -> list[str]:
    return [c["label"] for row in message.components for c in row.get("components", [])]


async def test_start_refusals_are_private_and_the_start_is_public(world):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally")
    r = await w.alice.slash(w.channel, "game start")  # alone at a two-player game
    assert r.ephemeral and "needs 2–4 seats" in r.response.content
    await w.bob.slash(w.channel, "game join")
    r = await w.bob.slash(w.channel, "game start")
    assert r.ephemeral and "Only the table's host" in r.response.content
    assert (await table(w)).status == "lobby"
    r = await w.alice.slash(w.channel, "game start")
    assert not r.ephemeral and "begins" in r.response.content
    r = await w.alice.slash(w.channel, "game start")
    assert r.ephemeral and "already started" in r.response.content
    assert not any("Only the table's host" in (m.content or "") or "already started" in (m.content or "")
                   for m in w.channel.history())


async def test_abandon_asks_first_and_only_a_confirmation_by_the_asker_ends_the_game(world):
    w = world
    await new_table(w, w.alice, w.bob)
    version = (await table(w)).version
    posts = len(w.channel.history())

    r = await w.alice.slash(w.channel, "game abandon")
    assert r.ephemeral and r.response.content.startswith("Really abandon **Tally (test game)**")
    assert buttons(r.response) == ["Abandon", "Cancel"]
    cancelled = await w.alice.click(r.response, label="Cancel")
    assert cancelled.response.content == "Cancelled: nothing was changed." and buttons(cancelled.response) == []

    r = await w.alice.slash(w.channel, "game abandon")
    await w.env.advance_time(CONFIRM_SECONDS + 1)  # no answer
    assert r.response.content == "No answer in time: nothing was changed." and buttons(r.response) == []
    assert ((await table(w)).status, (await table(w)).version, len(w.channel.history())) == ("active", version, posts)

    r = await w.alice.slash(w.channel, "game abandon")
    with pytest.raises(simcord.SetupError, match="not visible to this user"):
        await w.bob.click(r.response, label="Abandon")  # the question is the asker's alone
    assert (await table(w)).status == "active"
    done = await w.alice.click(r.response, label="Abandon")
    assert done.response.content.startswith("✅ Done") and buttons(done.response) == []
    (announcement,) = done.followups
    assert not announcement.ephemeral and "The game was abandoned." in announcement.content
    assert (await table(w)).status == "abandoned"


async def test_hand_over_asks_first_then_acknowledges_before_the_work(world):
    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    r = await w.mod.slash(w.channel, "game seat replace", seat=1, member=w.carol)
    assert r.ephemeral and r.response.content == f"Really hand seat 1 ({t.seats[0].name}) over to carol?"
    assert (await table(w)).version == t.version  # asking changed nothing

    before = len(w.env.http_requests)
    pressed = await w.mod.click(r.response, label="Hand over")
    first = w.env.http_requests[before]
    assert first.path.endswith("/callback") and first.json["type"] == 7  # the press is answered first …
    assert first.json["data"]["content"] == "Working on it…"  # … before its outcome is known
    after = await table(w)
    assert after.seats[0].user_id == w.carol.id and after.version > t.version
    assert "now played by carol" in pressed.followups[0].content and not pressed.followups[0].ephemeral
    assert w.board().embeds[0].footer.text.startswith(f"Move {after.moves} ")


async def test_a_hand_over_by_someone_who_may_not_is_refused_before_any_question(world):
    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    alices = t.seat_of(w.alice.id) + 1
    posts = len(w.channel.history())
    # neither the host nor that seat's player
    r = await w.bob.slash(w.channel, "game seat replace", seat=alices, member=w.carol)
    assert r.ephemeral and r.response.content.startswith("Only the table's host, a moderator or the seat's player")
    assert buttons(r.response) == []  # no "Really …?" to press first
    assert (await table(w)).version == t.version and len(w.channel.history()) == posts


async def test_a_hand_over_refused_at_the_press_is_answered_privately(world):
    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    bobs = t.seat_of(w.bob.id) + 1
    r = await w.alice.slash(w.channel, "game seat replace", seat=bobs, member=w.carol)  # the host may ask …
    ask = await w.mod.slash(w.channel, "game seat replace", seat=t.seat_of(w.alice.id) + 1)  # … then loses her seat
    await w.mod.click(ask.response, label="Hand over")
    version = (await table(w)).version
    pressed = await w.alice.click(r.response, label="Hand over")
    assert pressed.response.content.startswith("Only the table's host, a moderator or the seat's player")
    assert pressed.followups == [] and (await table(w)).version == version
