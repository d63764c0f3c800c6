"""Hidden information: a simultaneous secret choice, private screens by DM or ephemeral, closed DMs."""

from __future__ import annotations

from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, table
from tests.discord.test_flow import SECRET_MARKERS


def dm_texts(actor) -> list[str]:
    out = []
    for message in actor.user.dm_channel.history():
        out.append(message.content or "")
        out.extend(str(e.to_dict()) for e in message.embeds)
    return out


def public(w) -> str:
    return "\n".join(w.texts())


async def test_simultaneous_secret_choice_is_revealed_only_when_all_have_chosen(world):
    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    assert len(t.awaited) == 2  # both bid at once

    menu = await open_menu(w, w.alice)
    assert "same time" in menu.response.content and menu.ephemeral
    bid = menu_actions(menu)[-1]
    r = await choose(w.alice, menu, bid)
    assert r.response.content.startswith("✅ Done: ") and r.response.content.splitlines()[0].endswith(f"(`{bid}`)")
    assert r.response.ephemeral

    channel = public(w)
    assert "alice has chosen a bid." in channel
    assert "Bids revealed" not in channel and bid not in channel
    for marker in SECRET_MARKERS:
        assert marker not in channel
    assert f"🔒 You bid {bid.split()[1]}." in r.response.content  # her own news, in her own reply
    screens = [m.content for m in w.alice.user.dm_channel.history() if m.content.startswith("Your screen")]
    assert screens == [f"Your screen in <#{w.channel.id}> — it's your move"]  # dealt, and awaited; no DM per step
    assert not any("You bid" in text for text in dm_texts(w.bob))

    t = await table(w)
    assert t.awaited == (w.bob.id,)
    board = w.board()
    assert not board.content  # bob was awaited already: his turn did not just begin, so no second ping

    menu = await open_menu(w, w.bob)
    await choose(w.bob, menu, menu_actions(menu)[0])
    assert "Bids revealed" in public(w)


async def test_my_screen_button_and_hand_are_ephemeral(world):
    w = world
    await new_table(w, w.alice, w.bob)
    r = await w.alice.click(w.board(), label="My screen")
    assert r.ephemeral
    view = await w.bot.service.private_view(w.channel.id, w.alice.id)
    embed = r.response.embeds[0]
    assert "Your hand: " + ", ".join(map(str, view["hand"])) in embed.description
    r = await w.bob.slash(w.channel, "game hand")
    assert r.ephemeral and "Your hand" in r.response.embeds[0].description
    r = await w.carol.click(w.board(), label="My screen")
    assert r.ephemeral and "not playing" in r.response.content
    assert "Your hand" not in public(w)


async def test_closed_dms_are_told_in_channel_once_and_retried_only_when_the_player_is_back(world):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    r = await w.bob.slash(w.channel, "game join")  # DMs still open: the hello arrives
    assert r.followups == [] and "You joined" in w.bob.user.dm_channel.history()[-1].content
    dm = w.bob.user.dm_channel
    w.env.inject_error("POST", f"/channels/{dm.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=None)
    before = len(w.env.http_requests)
    await w.alice.slash(w.channel, "game start")  # private screens go out: bob's fails

    notes = [m.content for m in w.channel.history() if "can't send you direct messages" in (m.content or "")]
    assert notes == [f"<@{w.bob.id}> " + notes[0].split("> ", 1)[1]]
    assert "/game hand" in notes[0] and "Your hand" not in notes[0]
    assert await w.bot.service.dm_ok(w.bob.id) is False

    # alice moves: no further attempt at bob's DM channel within the cool-off, no further notice
    path = f"/channels/{dm.id}/messages"
    menu = await open_menu(w, w.alice)
    await choose(w.alice, menu, menu_actions(menu)[0])
    attempts = [q for q in w.env.http_requests[before:] if q.method == "POST" and q.path == path]
    assert len(attempts) == 1
    # bob is back (he plays): his next DM (his screen, when a turn of his begins through alice's move) is tried
    # again; still refused, so remembered again, without a notice
    menu = await open_menu(w, w.bob)
    await choose(w.bob, menu, menu_actions(menu)[0])
    for _ in range(4):
        attempts = [q for q in w.env.http_requests[before:] if q.method == "POST" and q.path == path]
        if len(attempts) > 1:
            break
        await w.alice.slash(w.channel, "move", action="pass") if (await table(w)).awaited == (w.alice.id,) else \
            await w.bob.slash(w.channel, "move", action="pass")
    assert len(attempts) == 2
    assert await w.bot.service.dm_ok(w.bob.id) is False
    assert len([m for m in w.channel.history() if "can't send you direct messages" in (m.content or "")]) == 1

    r = await w.bob.click(w.board(), label="My screen")  # the fallback works
    assert r.ephemeral and "Your hand" in r.response.embeds[0].description


async def test_join_with_closed_dms_explains_how_to_enable(world):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally")
    w.env.inject_error("POST", f"/channels/{w.carol.user.dm_channel.id}/messages", status=403, code=50007,
                       message="Cannot send messages to this user", times=None)
    r = await w.carol.slash(w.channel, "game join")
    assert "carol joined." in r.response.embeds[0].description  # the seat is taken either way …
    (note,) = r.followups  # … and carol alone learns how to get her screen
    assert note.ephemeral and "can't send you direct messages" in note.content and "/game hand" in note.content
    assert await w.bot.service.dm_ok(w.carol.id) is False


async def test_strasbourg_secret_objectives_through_its_own_commands(world):
    """Round 1 of Strasbourg: every player keeps objectives at once and in secret (``/strasbourg keep``)."""
    import rules

    if "strasbourg" not in rules.GAMES:
        import pytest

        pytest.skip("Strasbourg is not registered yet")
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="strasbourg", options=None)
    t = await table(w)
    assert set(t.awaited) == {w.alice.id, w.bob.id, w.carol.id}
    posts = len(w.channel.history())

    offered = await w.alice.autocomplete(w.channel, "strasbourg keep", "objective", "")
    assert offered and all(c["value"].startswith("O") for c in offered)
    kept = offered[0]["value"]
    r = await w.alice.slash(w.channel, "strasbourg keep", objective=kept)
    assert r.ephemeral and r.response.content.startswith("✅ Done: ") and f"`keep {kept}`" in r.response.content
    replies = r.response.content
    r = await w.alice.slash(w.channel, "strasbourg confirm")
    assert r.ephemeral and r.response.content.startswith("✅ Done")
    replies += r.response.content

    assert kept not in public(w)
    assert len(w.channel.history()) == posts  # purely secret steps post nothing: even the timing stays private
    assert f"🔒 You keep objectives {kept}" in replies  # her own news, in her replies (not by DM)
    assert not any(f"You keep objectives {kept}" in text for text in dm_texts(w.alice))
    r = await w.bob.slash(w.channel, "strasbourg keep", objective=kept)  # dealt from one deck: not bob's card
    # the rules' own reason (issue 19), about bob's own cards only: nothing says whose card it is
    assert r.ephemeral and f"{kept} is not one of your undecided objectives" in r.response.content
    assert "alice" not in r.response.content.lower()


async def test_colonia_family_cards_are_secret_until_all_have_chosen(world):
    """Colonia's Tuesday: family cards are chosen at once and revealed together (``/colonia family``)."""
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="colonia", options=None)
    while "family" not in (await w.bot.service.public_view(w.channel.id))["phase"]:  # set-up: a 6 takes a good
        actor = actor_of(w, (await table(w)).awaited[0])
        await actor.slash(w.channel, "move", action=(await w.bot.service.legal(w.channel.id, actor.id))[0][0])
    assert set((await table(w)).awaited) == {w.alice.id, w.bob.id, w.carol.id}
    offered = await w.alice.autocomplete(w.channel, "colonia family", "card", "")
    assert [c["value"] for c in offered] == ["3", "4", "5", "6", "7", "8"]
    r = await w.alice.slash(w.channel, "colonia family", card="7")
    assert r.ephemeral and r.response.content.startswith("✅ Done: ") and "`family 7`" in r.response.content
    assert "alice has chosen a family card." in public(w)
    assert "family card 7" not in public(w) and "Family cards revealed" not in public(w)
    assert "🔒 You chose family card 7." in r.response.content  # her own news, in her reply
    assert not any("family card 7" in text for text in dm_texts(w.bob) + dm_texts(w.carol))

    for actor in (w.bob, w.carol):  # the others choose in the menu under the board
        menu = await open_menu(w, actor)
        assert ("same time" in menu.response.content) == (actor is w.bob)  # carol is the last one awaited
        await choose(actor, menu, "family 3")
    assert "Family cards revealed" in public(w) and "alice: 7" in public(w)


async def test_no_dm_per_step_news_waits_for_the_players_turn(world):
    """A heavy game changes a player's screen at nearly every step: nobody is DMed per step, neither the one who
    acted (their reply shows their own news) nor the others (their news, kept by the table, waits for their turn,
    then one DM)."""
    from bot.table import Update

    w = world
    await new_table(w, w.alice, w.bob)
    svc, t = w.bot.service, await table(w)
    count = {a.id: len(a.user.dm_channel.history()) for a in (w.alice, w.bob)}
    for _ in range(3):  # three steps of the same turn (the same players awaited): news kept, nobody's turn begins
        await svc.add_news(t.game_id, t.version, {w.bob.id: ["alice gave you a 3."]})
        await w.bot.notifier.publish(Update(w.channel.id, t, t.version, awaited=list(t.awaited)), actor=w.alice.id)
    assert [len(a.user.dm_channel.history()) for a in (w.alice, w.bob)] == [count[w.alice.id], count[w.bob.id]]

    # the turn changes: bob's turn begins: one DM with the three steps' news
    news = await svc.pending_news(t.game_id, w.bob.id)
    await w.bot.notifier.publish(Update(w.channel.id, t, t.version, awaited=[w.bob.id], begins=(w.bob.id,),
                                        news={w.bob.id: news}), actor=w.alice.id)
    assert len(w.alice.user.dm_channel.history()) == count[w.alice.id]
    assert len(w.bob.user.dm_channel.history()) == count[w.bob.id] + 1
    assert dm_texts(w.bob)[-1].count("alice gave you a 3.") == 3 and "You drew" not in dm_texts(w.bob)[-1]
