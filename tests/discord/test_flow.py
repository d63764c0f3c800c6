"""A whole game through Discord: lobby → start → moves (slash commands and button clicks) → end,
with the seed digest published at start and the seed revealed at the end."""

from __future__ import annotations

import hashlib

from tests.discord.helpers import actor_of, choose, menu_actions, new_table, open_menu, play_by_button, table

SECRET_MARKERS = ("You bid", "You drew", "Your hand")


async def test_whole_game_lobby_to_end(world):
    w = world
    offered = await w.alice.autocomplete(w.channel, "game new", "game", "tal")
    assert [c["value"] for c in offered] == ["tally"]
    offered = await w.alice.autocomplete(w.channel, "game new", "options", "len", game="tally")
    assert [c["value"] for c in offered] == ["length=short", "length=long"]
    r = await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    assert "Table open" in r.response.content
    r = await w.bob.slash(w.channel, "game join")
    assert "bob joined." in r.response.embeds[0].description
    r = await w.alice.slash(w.channel, "game start")
    digest = (await table(w)).seed_digest
    assert digest and digest in r.response.content

    board = w.board()
    t = await table(w)
    assert board.content.startswith("Your move:")
    assert {f"<@{u}>" for u in t.awaited} == set(board.content.removeprefix("Your move: ").split())

    moves = 0
    use_slash = True
    while (t := await table(w)).status == "active":
        for user in list(t.awaited):
            if user not in (await table(w)).awaited:  # a bid that was the only option was played automatically
                continue
            actor = actor_of(w, user)
            if use_slash:  # alternate: the generic /move command with its autocomplete …
                offered = await actor.autocomplete(w.channel, "move", "action", "")
                assert offered, "autocomplete offers the legal actions"
                r = await actor.slash(w.channel, "move", action=offered[0]["value"])
                assert r.ephemeral and r.response.content.startswith("✅ Done"), r.response.content
            else:  # … and the board's button with its menu
                menu = await open_menu(w, actor)
                assert menu.ephemeral
                r = await choose(actor, menu, menu_actions(menu)[0])
                assert r.response.content.startswith("✅ Done"), r.response.content
            use_slash = not use_slash
            moves += 1
        assert moves < 50
    automatic = sum("Only one option for" in line for line in await w.bot.service.log(w.channel.id, limit=1000))
    assert t.status == "finished" and moves + automatic >= 8

    final = w.channel.history()[-1]
    assert final.content.startswith("🏁 Game over")
    buttons = [c for row in final.components for c in row.children]  # no turn any more: only a rematch
    assert [b.label for b in buttons] == ["Rematch"] and buttons[0].custom_id == f"kontor:rematch:{t.game_id}"
    seed = t.seed
    assert seed is not None and f"`{seed}`" in final.content
    assert hashlib.sha256(str(seed).encode()).hexdigest() == digest  # anyone can check the published digest
    await w.bot.service.rebuild(w.channel.id)  # and the log replays to the saved state

    public = "\n".join(w.texts())
    for marker in SECRET_MARKERS:
        assert marker not in public

    r = await w.bob.slash(w.channel, "game log")
    assert r.ephemeral and "Bids revealed" in r.response.content and "The seed was" in r.response.content
    r = await w.bob.slash(w.channel, "game log", page=50)
    assert r.response.content == "No events on that page."


async def test_lobby_management(world):
    w = world
    r = await w.alice.slash(w.channel, "game new", game="tally", pace="live")
    assert ("pace live · a time bank of 30 min · +15 min per move · reminder at 7.5 min left"
            in str(r.response.embeds[0].to_dict()))
    assert (await table(w)).settings["pace"] == "live"
    r = await w.alice.slash(w.channel, "game new", game="tally")
    assert r.ephemeral and "already has an open game" in r.response.content
    r = await w.bob.slash(w.channel, "game join")
    r = await w.bob.slash(w.channel, "game join")
    assert r.ephemeral and "already joined" in r.response.content
    r = await w.alice.slash(w.channel, "game bot add")
    assert "Bot Anna took a seat." in r.response.embeds[0].description
    r = await w.alice.slash(w.channel, "game bot remove")
    assert "left the table" in r.response.embeds[0].description
    r = await w.bob.slash(w.channel, "game start")
    assert "Only the table's host" in r.response.content
    r = await w.bob.slash(w.channel, "game seat leave")
    assert len((await table(w)).seats) == 1
    r = await w.alice.slash(w.channel, "game status")
    assert r.ephemeral and "lobby" in r.response.embeds[0].title
    r = await w.carol.slash(w.channel, "game rules")
    embed = r.response.embeds[0]
    assert r.ephemeral and "highest bid" in embed.description
    assert any("made up for tests" in f.value for f in embed.fields)


async def test_abandon_by_vote_and_by_moderator(world):
    w = world
    await new_table(w, w.alice, w.bob, w.carol)
    r = await w.bob.slash(w.channel, "game abandon")
    assert not r.ephemeral and r.response.content.startswith("🗳️ bob votes to abandon the game (1/2 votes).")
    assert (await table(w)).status == "active"
    r = await w.bob.slash(w.channel, "game abandon")  # a second vote by the same player does not count
    assert r.ephemeral and "already voted" in r.response.content and (await table(w)).status == "active"
    r = await w.carol.slash(w.channel, "game abandon")
    assert "abandoned by vote" in r.response.content and (await table(w)).status == "abandoned"
    assert "The seed was" in r.response.content  # an abandoned game reveals its seed too

    await new_table(w, w.alice, w.bob)
    r = await w.mod.slash(w.channel, "game abandon")  # Manage Channel: no vote needed, only a confirmation
    r = await w.mod.click(r.response, label="Abandon")
    assert (await table(w)).status == "abandoned"


async def test_replace_settings_mygames(world):
    w = world
    await new_table(w, w.alice, w.bob)
    bob_first = (await table(w)).seats[0].user_id == w.bob.id
    r = await w.bob.slash(w.channel, "game seat replace", seat=1, member=w.carol)
    if bob_first:  # bob may hand over his own seat; otherwise the host or a moderator (refused before any question)
        r = await w.bob.click(r.response, label="Hand over")
        assert "now played by carol" in r.followups[0].content
    else:
        assert r.ephemeral and r.response.content.startswith("Only the table's host")
    r = await w.mod.slash(w.channel, "game seat replace", seat=2, member=w.carol)
    r = await w.mod.click(r.response, label="Hand over")
    t = await table(w)
    assert w.carol.id in t.humans
    r = await w.carol.slash(w.channel, "game mygames")
    assert r.ephemeral and f"https://discord.com/channels/{w.guild.id}/{w.channel.id}" in r.response.content
    r = await w.bob.slash(w.channel, "game settings", caretaker="skip")
    assert r.ephemeral and "Only the table's host" in r.response.content
    r = await w.alice.slash(w.channel, "game settings", pace="fast", post="live")
    assert r.response.content.startswith("Settings: pace fast, a time bank of 12 h, +4 h per move, reminder at 3 h"
                                         " left")
    t = await table(w)
    assert t.settings["post"] == "live" and t.settings["bank_hours"] == 12.0


async def test_the_hosts_seat_handed_on_by_a_moderator_moves_the_host_powers(world):
    w = world
    await new_table(w, w.alice, w.bob)
    seat = (await table(w)).seat_of(w.alice.id)
    r = await w.mod.slash(w.channel, "game seat replace", seat=seat + 1, member=w.carol)
    pressed = await w.mod.click(r.response, label="Hand over")
    assert "now played by carol. carol now hosts the table." in pressed.followups[0].content
    r = await w.alice.slash(w.channel, "game settings", caretaker="skip")
    assert r.ephemeral and "Only the table's host" in r.response.content
    r = await w.alice.slash(w.channel, "game abandon")  # no longer the host, nor seated: not even a vote
    assert r.ephemeral and "seated players (by vote)" in r.response.content
    assert (await table(w)).status == "active"
    r = await w.carol.slash(w.channel, "game settings")  # the table's card names the host
    assert r.response.embeds[0].footer.text == "Host: carol"
    r = await w.carol.slash(w.channel, "game abandon")  # the new host ends it (after confirming), no vote
    await w.carol.click(r.response, label="Abandon")
    assert (await table(w)).status == "abandoned"


def open_thread(w, name: str):
    """A public thread under #games. SimCord has no user action that starts a thread, so the test asks its
    backend directly (``Env.backend`` is importable but not SimCord's public API)."""
    from simcord import ChannelHandle

    thread = w.env.backend.create_thread(w.channel.id, name, w.alice.id)
    return ChannelHandle(w.env, w.guild, thread)


async def test_a_thread_is_its_own_table_beside_the_channels(world):
    w = world
    await new_table(w, w.alice, w.bob)  # the channel's game
    thread = open_thread(w, "second table")
    assert thread.is_thread
    r = await w.carol.slash(thread, "game new", game="tally", options="length=short")
    assert "Table open" in r.response.content  # one open game per channel, and a thread is a channel
    r = await w.mod.slash(thread, "game join")
    r = await w.carol.slash(thread, "game start")
    assert "begins" in r.response.content
    main, side = await w.bot.service.table(w.channel.id), await w.bot.service.table(thread.id)
    assert main.game_id != side.game_id and {main.channel, side.channel} == {w.channel.id, thread.id}

    # a move in the thread is posted in the thread and leaves the channel's game alone
    channel_posts = len(w.channel.history())
    mover = actor_of(w, side.awaited[0])
    menu = await mover.click(thread.history()[-1], label="Take your turn")
    await choose(mover, menu, menu_actions(menu)[0])
    assert len(w.channel.history()) == channel_posts
    assert (await w.bot.service.table(w.channel.id)).version == main.version
    assert (await w.bot.service.table(thread.id)).version > side.version
    r = await w.alice.slash(thread, "move", action="bid 1")  # alice plays in the channel, not in this thread
    assert r.ephemeral and "not playing" in r.response.content

    r = await w.bob.slash(thread, "game abandon")  # bob sits at the channel's table, so he has no vote here
    assert r.ephemeral and "seated players (by vote)" in r.response.content
    r = await w.mod.slash(thread, "game abandon")  # Manage Channel: the thread's game ends, the channel's goes on
    await w.mod.click(r.response, label="Abandon")
    assert (await w.bot.service.table(thread.id)).status == "abandoned"
    assert (await w.bot.service.table(w.channel.id)).status == "active"


async def test_a_bot_is_added_at_a_level_and_the_seats_show_it(world):
    w = world
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    r = await w.alice.slash(w.channel, "game bot add", level="strong")
    assert "(a strong bot) took a seat." in r.response.embeds[0].description
    seats = next(f.value for f in r.response.embeds[0].fields if "Seats" in f.name or "seat" in f.name.lower())
    assert "(strong)" in seats
    r = await w.alice.slash(w.channel, "game bot add")
    assert "(a strong bot)" not in r.response.embeds[0].description
    t = await table(w)
    assert [s.level for s in t.seats if s.is_bot] == ["strong", "basic"]


async def test_an_only_option_played_automatically_is_said_first_and_named(world):
    """The last round's bids are each player's only card: played for them. The old line came after the reveal (and
    after "Game over" at the end) and never said which move it was."""
    w = world
    await new_table(w, w.alice, w.bob, options="length=long", auto_forced="on")
    for _ in range(40):
        t = await table(w)
        if (await w.bot.service.public_view(w.channel.id))["round"] == 3:
            break
        await play_by_button(w, actor_of(w, t.awaited[0]), pick=lambda actions: next(
            (a for a in actions if a.startswith("bid") or a == "pass"), actions[0]))
    else:
        raise AssertionError("round 3 was not reached")
    board = "\n".join(str(e.to_dict()) for e in w.board().embeds)
    for seat in t.seats:
        line = f"Only one option for {seat.name}, played automatically: {seat.name} has chosen a bid."
        assert line in board and board.index(line) < board.index("Bids revealed")
    assert "had only one option" not in board
