"""Looking back and starting over, through Discord: ``/game log`` (timestamps, markers, pages), ``/game mygames``
(every open game, own moves first, links and time left), the Rematch button (also after a restart) and
``/game record`` (a JSON file that ``kontor verify`` accepts)."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.discord.ui import logview
from bot.table import LogEntry
from bot.tools.verify import verify_record
from tests.discord.conftest import make_bot, shut_down
from tests.discord.helpers import actor_of, new_table, play_by_button, table
from tests.support.toygame import TALLY

HOUR = 3600
STAMP = re.compile(r"<t:(\d+):f>")


def buttons(message: Any) -> dict[str, dict[str, Any]]:
    """label -> raw button of an interaction response."""
    return {c["label"]: c for row in message.components for c in row.get("components", [])}


def channel_buttons(message: Any) -> list[Any]:
    return [c for row in message.components for c in row.children]


async def play_to_end(w: Any) -> Any:
    for _ in range(60):
        t = await table(w)
        if t.status != "active":
            return t
        await play_by_button(w, actor_of(w, t.awaited[0]))
    raise AssertionError("the game did not end")


# ---- /game log -----------------------------------------------------------------------------------
async def test_log_shows_times_marks_caretaker_moves_and_pages(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob, options="length=long", remind_hours=0, deadline_hours=1)
    for _ in range(60):  # nobody moves or answers: the caretaker plays the whole game, bank after bank
        if (await table(w)).status != "active":
            break
        await w.env.advance_time(1.1 * HOUR)
    assert (await table(w)).status == "finished"

    r = await w.bob.slash(w.channel, "game log")
    first = r.response.content
    assert r.ephemeral and first.startswith("📜 **Log of Tally (test game)**, page 1 of ")
    assert len(first) <= 2000 and "The seed was" in first  # the newest events first
    stamps = [int(s) for s in STAMP.findall(first)]
    assert stamps and all(abs(s - w.env.now().timestamp()) < 80 * HOUR for s in stamps)  # real times, not versions
    assert "🤖 caretaker — " in first
    pages = int(re.findall(r"page 1 of (\d+)", first)[0])
    assert pages >= 2
    assert buttons(r.response)["◀ Previous"].get("disabled") is not True
    assert buttons(r.response)["Next ▶"].get("disabled") is True  # nothing newer than the first page

    older = await w.bob.click(r.response, label="◀ Previous")
    second = older.response.content
    assert second.startswith(f"📜 **Log of Tally (test game)**, page 2 of {pages}") and second != first
    assert max(int(s) for s in STAMP.findall(second)) <= min(stamps)  # earlier events
    newer = await w.bob.click(older.response, label="Next ▶")
    assert newer.response.content == first

    r = await w.bob.slash(w.channel, "game log", page=pages)  # the very start of the game
    assert "bob joined." in r.response.content and buttons(r.response)["◀ Previous"].get("disabled") is True


def test_log_marks_are_a_mapping_from_the_rows_kind() -> None:
    auto = LogEntry(1_700_000_000.0, "auto", 0, 5, ("Anna passes.",))
    assert logview.entry_text(auto) == "<t:1700000000:f> · ⚙️ automatic — Anna passes."
    mine = LogEntry(1_700_000_000.0, "player", 0, 5, ("Anna **takes** 3.", "Bids revealed."))
    assert logview.entry_text(mine) == "<t:1700000000:f> — Anna \\*\\*takes\\*\\* 3.\n↳ Bids revealed."
    undone = LogEntry(1_700_000_000.0, "caretaker", 0, 5, ("Anna passes.",), undone=True)
    assert logview.entry_text(undone) == "<t:1700000000:f> · 🤖 caretaker · ↩️ undone — ~~Anna passes.~~"
    assert logview.KIND_MARKS["caretaker"] == "🤖 caretaker"


# ---- /game mygames -------------------------------------------------------------------------------
async def test_mygames_lists_every_open_game_with_links_and_time_left(world: Any) -> None:
    w = world
    other = w.env.create_guild(name="Zunft")
    tische = other.create_text_channel("tische")
    alice_there, dave = other.add_member(w.alice.user), other.add_member(w.env.create_user("dave"))
    lobby_channel = w.guild.create_text_channel("lobby")
    await dave.slash(tische, "game new", game="tally", options="length=short")  # dave hosts on the other server
    await alice_there.slash(tische, "game join")
    await dave.slash(tische, "game start")
    await alice_there.slash(tische, "move", action=(await w.bot.service.legal(tische.id, w.alice.id))[0][0])
    await new_table(w, w.alice, w.bob, pace="fast")  # in Hanse #games: alice's bid, her bank runs out in 12 h
    await w.bob.slash(lobby_channel, "game new", game="tally")
    await w.alice.slash(lobby_channel, "game join")

    here = f"https://discord.com/channels/{w.guild.id}/{w.channel.id}"
    there = f"https://discord.com/channels/{other.id}/{tische.id}"
    lobby = f"https://discord.com/channels/{w.guild.id}/{lobby_channel.id}"
    deadline = int(w.env.now().timestamp() + 12 * HOUR)
    r = await w.alice.slash(w.channel, "game mygames")
    text = r.response.content
    assert r.ephemeral and text.startswith("**It's your move in 1 game:**")
    assert text.index(here) < text.index("**Your other open games:**") < text.index(there) < text.index(lobby)
    mine = text.splitlines()[1]
    assert here in mine and "**your move**" in mine and abs(int(re.findall(r"<t:(\d+):R>", mine)[0]) - deadline) < 5
    assert "waiting for dave" in text and "lobby, 2/4 seats" in text

    await play_by_button(w, w.alice)  # alice bids here too: nothing waits for her, but three games are open
    r = await w.alice.slash(w.channel, "game mygames")
    text = r.response.content
    assert "No game is waiting for you. 🎉" not in text
    assert text.startswith("No game is waiting for your move right now. Your 3 open games:")
    assert all(link in text for link in (here, there, lobby))


async def test_twenty_four_open_games_are_paged_with_the_games_waiting_for_you_first(world: Any) -> None:
    w = world
    waiting, lobbies = [], []
    for i in range(4):  # Tally bids at once: alice is awaited in these as soon as they start
        channel = w.guild.create_text_channel(f"play-{i}")
        await w.bob.slash(channel, "game new", game="tally")
        await w.alice.slash(channel, "game join")
        await w.bob.slash(channel, "game start")
        waiting.append(f"https://discord.com/channels/{w.guild.id}/{channel.id}")
    for i in range(20):
        channel = w.guild.create_text_channel(f"table-{i}")
        await w.bob.slash(channel, "game new", game="tally")
        await w.alice.slash(channel, "game join")
        lobbies.append(f"https://discord.com/channels/{w.guild.id}/{channel.id}")

    def links(text: str) -> list[str]:
        return re.findall(r"https://discord\.com/channels/\d+/\d+", text)

    first = await w.alice.slash(w.channel, "game mygames")
    pages = [first.response.content]
    assert first.ephemeral and pages[0].startswith("**It's your move in 4 games:**")
    assert links(pages[0])[:4] == waiting  # the games waiting for her lead the first page
    total = int(re.search(r"Page 1 of (\d+)", pages[0])[1])
    assert total > 1
    for n in range(2, total + 1):  # Next ▶ turns the pages
        pages.append((await w.alice.click(first.response, label="Next ▶")).response.content)
        assert f"Page {n} of {total}" in pages[-1]
    assert all(len(page) <= 2000 for page in pages)
    assert pages[1].startswith("**Your other open games:**")  # a continued group says what it is
    seen = [link for page in pages for link in links(page)]
    assert sorted(seen) == sorted(waiting + lobbies)  # every game once, none cut

    second = await w.alice.slash(w.channel, "game mygames", page=2)  # the option opens a page directly
    assert second.response.content == pages[1]
    beyond = await w.alice.slash(w.channel, "game mygames", page=total + 1)
    assert beyond.ephemeral and beyond.response.content == f"Your open games fit on {total} pages."


# ---- rematch -------------------------------------------------------------------------------------
async def test_rematch_after_a_restart_seats_everyone_again(world: Any, db_path: str) -> None:
    w = world
    await new_table(w, w.alice, w.bob, bots=1)
    old = await play_to_end(w)
    final = w.channel.history()[-1]
    assert [b.label for b in channel_buttons(final)] == ["Rematch"]

    r = await w.carol.click(final, label="Rematch")  # not a player of that game
    assert r.ephemeral and "Only the players of that game" in r.response.content

    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    r = await w.bob.click(final, label="Rematch")  # a button posted before the restart
    assert not r.ephemeral and r.response.content.startswith(f"🔁 **Rematch!** <@{w.alice.id}>")
    lobby = await table(w)
    assert lobby.status == "lobby" and lobby.game_id != old.game_id and lobby.creator == w.bob.id
    assert sorted(lobby.names) == ["Bot Anna", "bob"] and lobby.options == old.options
    invite = w.channel.history()[-1]
    assert [b.label for b in channel_buttons(invite)] == ["Join the rematch"]

    r = await w.alice.click(final, label="Rematch")  # the channel has an open game now
    assert r.ephemeral and "already has an open game" in r.response.content
    r = await w.carol.click(invite, label="Join the rematch")
    assert r.ephemeral and "Only the players of that game" in r.response.content

    await shut_down(w.bot)
    await w.env.restart_bot(make_bot(db_path))
    r = await w.alice.click(invite, label="Join the rematch")  # the last seat: the rematch begins
    assert r.ephemeral and "the rematch begins" in r.response.content
    new = await table(w)
    assert new.status == "active" and new.game_id == lobby.game_id
    assert sorted(new.names) == sorted(old.names) and new.settings == old.settings
    assert new.seed_digest != old.seed_digest  # a new seed
    assert any(new.seed_digest in (m.content or "") for m in w.channel.history())
    assert w.board().id != final.id


async def test_rematch_of_a_game_with_only_bots_besides_the_presser_starts_at_once(world: Any) -> None:
    w = world
    await new_table(w, w.alice, bots=1)
    await play_to_end(w)
    r = await w.alice.click(w.channel.history()[-1], label="Rematch")
    assert not r.ephemeral and "started a rematch" in r.response.content
    assert (await table(w)).status in ("active", "finished")  # the bots may already be moving


# ---- /game record --------------------------------------------------------------------------------
async def test_record_of_a_finished_game_is_a_file_kontor_verify_accepts(world: Any) -> None:
    w = world
    await new_table(w, w.alice, w.bob)
    r = await w.alice.slash(w.channel, "game record")
    assert r.ephemeral and "still running" in r.response.content and not r.response.attachments
    done = await play_to_end(w)

    r = await w.carol.slash(w.channel, "game record")  # the game is over: anyone here may have it
    assert r.ephemeral and f"`{done.seed}`" in r.response.content and done.seed_digest in r.response.content
    (attachment,) = r.response.attachments
    assert attachment.filename == f"kontor-game-{done.game_id}.json"
    data = json.loads(await attachment.read())
    assert data["seed"] == done.seed and sorted(s["name"] for s in data["seats"]) == ["alice", "bob"]
    assert str(w.alice.id) not in json.dumps(data)  # names only
    assert verify_record(data, {"tally": TALLY}).ok

    await w.alice.slash(w.channel, "game new", game="tally")  # a new table here: the record is still the old one's
    r = await w.alice.slash(w.channel, "game record")
    assert r.response.attachments[0].filename == f"kontor-game-{done.game_id}.json"
    r = await w.alice.slash(w.channel, "game record", game=(await table(w)).game_id)
    assert r.ephemeral and "has not started yet" in r.response.content
