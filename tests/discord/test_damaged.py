"""A damaged game on Discord: the start-up check names it in the log, players get the one plain message, a
moderator ends it with /game abandon, and the same players' game in another channel plays on."""

from __future__ import annotations

import logging
import sqlite3

from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import new_table, table

MESSAGE = "This game's saved data is damaged; a moderator can end it with /game abandon."


async def test_a_damaged_game_is_logged_at_start_refused_and_ended_by_a_moderator(world, db_path, caplog):
    w = world
    await new_table(w, w.alice, w.bob)  # #games: the game that gets damaged
    more = w.guild.create_text_channel("more")
    await w.alice.slash(more, "game new", game="tally", options="length=short")
    await w.bob.slash(more, "game join")
    await w.alice.slash(more, "game start")
    bad = (await table(w)).game_id

    await shut_down(w.bot)
    con = sqlite3.connect(db_path)
    with con:
        con.execute("UPDATE games SET snapshot = '{\"broken' WHERE id = ?", (bad,))
    con.close()
    with caplog.at_level(logging.WARNING, logger="kontor.health"):
        await w.env.restart_bot(make_bot(db_path))
    logged = [r.getMessage() for r in caplog.records if r.name == "kontor.health"]
    assert "1 of 2 open games cannot be played: their saved data is damaged." in logged
    assert (f"  game {bad} (tally, active) in channel {w.channel.id}: its snapshot (JSONDecodeError) cannot be read."
            in logged)
    assert any("/game abandon" in line for line in logged)

    r = await w.alice.slash(w.channel, "game status")
    assert r.ephemeral and r.response.content == MESSAGE
    r = await w.alice.click(w.board(), label="Take your turn")
    assert r.ephemeral and r.response.content == MESSAGE
    r = await w.bob.slash(w.channel, "game log")  # the log is only lines: it still reads
    assert r.ephemeral and "Log of this channel's game" in r.response.content and "bob joined." in r.response.content
    r = await w.bob.slash(w.channel, "game abandon")  # neither host nor moderator: no vote on unreadable data
    assert r.ephemeral and "Only the table's host or a moderator" in r.response.content
    r = await w.mod.slash(w.channel, "game abandon")  # a moderator confirms first, as for any abandon
    assert r.ephemeral and "saved data is damaged" in r.response.content
    pressed = await w.mod.click(r.response, label="Abandon")
    assert pressed.followups[0].content.startswith("The game was abandoned.")
    assert (await table(w)).status == "abandoned"

    svc = w.bot.service
    before = (await svc.table(more.id)).version
    r = await w.alice.slash(more, "move", action=(await svc.legal(more.id, w.alice.id))[0][0])
    assert (await svc.table(more.id)).version == before + 1  # the other game never noticed
    r = await w.bob.slash(w.channel, "game new", game="tally")
    assert (await table(w)).status == "lobby"
