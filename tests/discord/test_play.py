"""Acting on a game: stale buttons, races, spectators, players out of turn, big menus and bad input."""

from __future__ import annotations

import pytest

from bot.table import StaleVersion
from tests.discord.helpers import actor_of, choose, finish_bids, menu_actions, new_table, open_menu, selects, table


async def test_stale_button_says_the_board_moved_on_and_offers_the_current_one(world):
    w = world
    await new_table(w, w.alice, w.bob)
    old_board = w.board()
    first = actor_of(w, (await table(w)).awaited[0])
    menu = await open_menu(w, first)
    await choose(first, menu, menu_actions(menu)[0])
    assert w.board().id != old_board.id

    second = actor_of(w, (await table(w)).awaited[0])
    version = (await table(w)).version
    r = await first.click(old_board, label="Take your turn")  # first is no longer awaited
    assert r.ephemeral and "moved on" in r.response.content
    game_id = (await table(w)).game_id
    assert r.response.components[0]["components"][0]["custom_id"] == f"kontor:turn:{w.channel.id}:{game_id}:{version}"
    r = await first.click(r.response, label="Take your turn")  # the offered current button is live
    assert "not your move" in r.response.content

    r = await second.click(old_board, label="Take your turn")  # an awaited player gets the current menu
    assert "moved on" in r.response.content
    assert all(f":{version}:" in s["custom_id"] for s in selects(r))
    assert (await choose(second, r, menu_actions(r)[0])).response.content.startswith("✅ Done")


async def test_a_button_from_an_earlier_game_in_the_channel_is_not_taken_for_the_current_one(world):
    w = world
    await new_table(w, w.alice, w.bob)
    old_board = w.board()
    r = await w.mod.slash(w.channel, "game abandon")
    await w.mod.click(r.response, label="Abandon")
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    assert f":{t.version}" in old_board.components[0].children[0].custom_id  # same version, other game
    mover = actor_of(w, t.awaited[0])
    r = await mover.click(old_board, label="Take your turn")
    assert "moved on" in r.response.content and not selects(r)
    assert r.response.components[0]["components"][0]["custom_id"].endswith(f":{t.game_id}:{t.version}")


async def test_two_players_racing_in_a_simultaneous_step_both_count(world):
    w = world
    await new_table(w, w.alice, w.bob)
    menu_a = await open_menu(w, w.alice)
    menu_b = await open_menu(w, w.bob)  # both menus are for the same version
    await choose(w.alice, menu_a, menu_actions(menu_a)[0])
    r = await choose(w.bob, menu_b, menu_actions(menu_b)[0])  # the version moved, but bob's choice still stands
    assert r.response.content.startswith("✅ Done")
    assert "Bids revealed" in "\n".join(w.texts())


async def test_racing_on_a_sequential_turn_plays_once(world):
    w = world
    await new_table(w, w.alice, w.bob)
    await finish_bids(w)
    mover = actor_of(w, (await table(w)).awaited[0])
    menu, again = await open_menu(w, mover), await open_menu(w, mover)  # e.g. a double click: two menus
    version = (await table(w)).version
    first = await choose(mover, menu, "take 2")
    assert first.response.content.startswith("✅ Done")
    second = await choose(mover, again, "take 4")  # the second menu is now outdated
    assert "moved on" in second.response.content or "not your turn" in second.response.content
    assert (await table(w)).version == version + 1
    log = await w.bot.service.log(w.channel.id, limit=5)
    assert sum("takes" in line for line in log) == 1


async def test_spectators_and_players_out_of_turn_are_refused_politely(world):
    w = world
    await new_table(w, w.alice, w.bob)
    await finish_bids(w)
    t = await table(w)
    waiting = actor_of(w, t.awaited[0])
    idle = w.bob if waiting is w.alice else w.alice
    version = t.version

    r = await w.carol.click(w.board(), label="Take your turn")
    assert r.ephemeral and "not playing at this table" in r.response.content
    r = await w.carol.slash(w.channel, "move", action="pass")
    assert r.ephemeral and "not playing" in r.response.content
    r = await idle.click(w.board(), label="Take your turn")
    assert r.ephemeral and "not your move" in r.response.content and waiting.name in r.response.content
    r = await idle.slash(w.channel, "move", action="pass")
    assert r.ephemeral and "not your turn" in r.response.content
    assert await idle.autocomplete(w.channel, "move", "action", "") == []
    assert (await table(w)).version == version  # nothing changed


async def test_more_than_25_actions_are_paged_into_several_selects(world):
    w = world
    await new_table(w, w.alice, w.bob)
    await finish_bids(w)
    mover = actor_of(w, (await table(w)).awaited[0])
    legal = [a for a, _ in await w.bot.service.legal(w.channel.id, mover.id)]
    assert len(legal) > 25
    menu = await open_menu(w, mover)
    menus = selects(menu)
    assert len(menus) == 2 and all(len(s["options"]) <= 25 for s in menus)
    assert menu_actions(menu) == legal  # every action exactly once, in the game's order
    r = await choose(mover, menu, "take 30")  # from the second select
    assert r.response.content == "✅ Done: Take 30 (scores 0) (`take 30`)"  # in words, and the action string


async def test_bad_input_gets_a_friendly_refusal(world):
    w = world
    await new_table(w, w.alice, w.bob)
    mover = actor_of(w, (await table(w)).awaited[0])
    version = (await table(w)).version
    for junk, reason in [("bid\x00 3", "control"), ("x" * 81, "too long"), ("💥 ünïcode", "not a legal action"),
                         ("bid 3\u200b", "invisible"), ("   ", "empty")]:
        r = await mover.slash(w.channel, "move", action=junk)
        assert r.ephemeral and reason in r.response.content, (junk, r.response.content)
    assert (await table(w)).version == version

    r = await w.carol.slash(w.channel, "game new", game="\x07" * 3)
    assert r.ephemeral and "control" in r.response.content
    r = await w.carol.slash(w.channel, "game new", game="chess")
    assert r.ephemeral and "Unknown game" in r.response.content
    r = await w.carol.slash(w.channel, "game new", game="tally", options="length==@everyone")
    assert r.ephemeral and "@everyone" not in r.response.content
    r = await w.carol.slash(w.channel, "game new", game="tally", options="l" * 300)
    assert r.ephemeral and "too long" in r.response.content


async def test_a_menu_from_an_earlier_simultaneous_step_cannot_play_in_the_next_one(world):
    """Round 1's bid menu, kept open, must not place a bid in round 2 even when that bid is legal again."""
    w = world
    await new_table(w, w.alice, w.bob)
    old_menu = await open_menu(w, w.bob)  # round 1's bid menu, left open
    for actor in (w.alice, w.bob):  # both bid through fresh menus
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])
    while (await w.bot.service.public_view(w.channel.id))["phase"] != "bid":  # the pick phase: everyone takes
        actor = actor_of(w, (await table(w)).awaited[0])
        menu = await open_menu(w, actor)
        await choose(actor, menu, "take 1")
    t = await table(w)
    assert w.bob.id in t.awaited  # round 2's bids
    legal_now = {a for a, _ in await w.bot.service.legal(w.channel.id, w.bob.id)}
    again = next(a for a in menu_actions(old_menu) if a in legal_now)  # a round-1 option legal again
    r = await choose(w.bob, old_menu, again)
    assert "moved on" in r.response.content and not r.response.content.startswith("✅")
    assert (await table(w)).version == t.version  # nothing was played
    fresh = await open_menu(w, w.bob)  # the current menu still works
    assert (await choose(w.bob, fresh, again)).response.content.startswith("✅ Done")


async def test_the_newest_board_never_answers_moved_on(world):
    """Strasbourg's secret planning steps bump the version without a new board, yet a player clicking the newest board
    must never read "the board has moved on". Each click here is on the channel's newest board; every answer is the
    menu, without that line."""
    import rules

    if "strasbourg" not in rules.GAMES:
        return
    w = world
    await new_table(w, w.alice, w.bob, w.carol, game="strasbourg", options=None)
    opens = stale_opens = 0
    for _ in range(60):
        t = await table(w)
        if t.status != "active":
            break
        for user in t.awaited:
            now = await table(w)
            if user not in now.awaited:
                continue
            actor = actor_of(w, user)
            menu = await open_menu(w, actor)
            opens += 1
            stale_opens += now.version != int(w.board().components[0].children[0].custom_id.rsplit(":", 1)[1])
            assert "moved on" not in menu.response.content, menu.response.content
            actions = menu_actions(menu)
            assert actions, menu.response.content
            done = await choose(actor, menu, actions[-1])
            assert "moved on" not in done.response.content, done.response.content
    assert stale_opens, "no click on a board older than the current version: the test did not cover the case"
    assert opens >= 30


async def test_the_menu_says_whether_a_simultaneous_step_is_secret_or_public(world):
    """A secret bid promises secrecy; a public simultaneous step (Speicherstadt's loading) says each step shows."""
    import dataclasses

    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    assert t.simultaneous and t.secret  # the test game's bids
    menu = await open_menu(w, w.alice)
    assert "🤫 Everyone chooses at the same time; your choice stays secret" in menu.response.content
    public = dataclasses.replace(t, game="speicherstadt", secret=False)
    note = w.bot.play.together_note(public)
    assert note == "\n👥 Everyone loads at the same time; each step shows at once."
    assert w.bot.play.together_note(dataclasses.replace(t, awaited_seats=(0,))) == ""


async def test_choosing_from_the_menu_asks_the_table_once(world, monkeypatch):
    """``act`` returns all the reply needs (the label played, Undo, the next menu), so choosing is one service call,
    not five (read the table, label every legal action, play, ask whether Undo applies, read the next menu)."""
    w = world
    await new_table(w, w.alice, w.bob)
    mover = actor_of(w, (await table(w)).awaited[0])
    menu = await open_menu(w, mover)
    action = menu_actions(menu)[0]
    svc, calls = w.bot.service, []
    for name in ("table", "legal", "can_undo", "act"):
        original = getattr(svc, name)

        def spy(*args, _name=name, _original=original, **kwargs):
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(svc, name, spy)
    label = dict((o["value"], o["label"]) for s in selects(menu) for o in s["options"])[action]
    done = await choose(mover, menu, action)
    assert calls == ["act"]
    assert done.response.content.startswith("✅ Done") and label.split(" (")[0] in done.response.content


async def test_the_mover_reply_of_act_carries_label_undo_and_next_menu(world):
    w = world
    await new_table(w, w.alice, w.bob)
    t = await table(w)
    svc, user = w.bot.service, t.awaited[0]
    action, label = (await svc.legal(w.channel.id, user))[0]
    update = await svc.act(w.channel.id, user, action, reply=True)
    assert update.mover.label == label
    still = user in update.table.awaited
    assert (update.mover.menu == await svc.legal(w.channel.id, user)) if still else update.mover.menu is None
    assert update.mover.can_undo == await svc.can_undo(w.channel.id, user)
    old = t.game_id
    other = update.table.awaited[0]
    next_action = (await svc.legal(w.channel.id, other))[0][0]
    with pytest.raises(StaleVersion):  # a menu of another game in the channel is refused before anything is played
        await svc.act(w.channel.id, other, next_action, game_id=old + 1)
    assert (await table(w)).version == update.table.version


async def test_menus_leave_no_task_behind_and_an_old_one_still_answers(world):
    """A menu's items are answered by their custom id alone (``DynamicItem``), so the bot keeps no view per menu: no
    15-minute timeout task for each one opened (hundreds in a long game, which made every step on SimCord slower),
    and a menu opened long ago still gets its answer."""
    import asyncio

    w = world
    await new_table(w, w.alice, w.bob)
    assert set((await table(w)).awaited) == {w.alice.id, w.bob.id}  # both bid
    old = await open_menu(w, w.alice)
    for actor in (w.alice, w.bob):
        menu = await open_menu(w, actor)
        await choose(actor, menu, menu_actions(menu)[0])
    timers = [t for t in asyncio.all_tasks() if "timeout_task" in getattr(t.get_coro(), "__qualname__", "")]
    assert timers == []
    r = await choose(w.alice, old, menu_actions(old)[0])  # its step is over: the bot says why, it does not go silent
    assert r.response is not None and r.response.content and not r.response.content.startswith("✅")
