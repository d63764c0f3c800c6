"""Lost permissions: a table is not opened or started where Kontor cannot post; when posts start failing later, the
mover hears the truth, the clocks pause (nobody is played for unseen) and resume with the next post."""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.discord.helpers import actor_of, new_table, play_by_button, table

HOUR = 3600
POSTING = discord.Permissions(send_messages=True, embed_links=True, attach_files=True).value


def deny_bot(w, bits: int) -> None:
    bot_id = w.env.backend.bot_user.id
    w.env.backend.set_overwrite(w.channel.id, Overwrite(target_id=bot_id, type=OverwriteType.MEMBER, deny=bits))


def allow_bot_again(w) -> None:
    w.env.backend.delete_overwrite(w.channel.id, w.env.backend.bot_user.id)


async def test_new_and_start_list_the_permissions_kontor_lacks(world):
    w = world
    deny_bot(w, discord.Permissions(attach_files=True, embed_links=True).value)
    r = await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    assert r.ephemeral and "I'm missing Embed Links, Attach Files in this channel" in r.response.content
    assert "Permissions → Kontor" in r.response.content
    allow_bot_again(w)
    await w.alice.slash(w.channel, "game new", game="tally", options="length=short")
    await w.bob.slash(w.channel, "game join")
    deny_bot(w, discord.Permissions(send_messages=True).value)
    r = await w.alice.slash(w.channel, "game start")
    assert r.ephemeral and "I'm missing Send Messages" in r.response.content
    assert (await table(w)).status == "lobby"


async def test_a_post_refused_later_pauses_the_clocks_tells_the_mover_and_resumes_with_the_next_post(world):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")  # reminder after 1 h, deadline after 4 h
    deny_bot(w, POSTING)
    mover = actor_of(w, (await table(w)).awaited[0])
    _action, result = await play_by_button(w, mover)
    assert result.response.content.startswith("✅ Done")  # the move stands …
    warning = [f.content for f in result.followups if "could not post the board" in (f.content or "")]
    assert warning and "clocks are paused" in warning[0]  # … and the mover hears what did not happen
    t = await table(w)
    assert t.paused == "post"
    await w.env.advance_time(10 * HOUR)  # the old code had the caretaker play for a player never told
    assert (await table(w)).version == t.version

    allow_bot_again(w)
    await w.env.advance_time(60)
    assert (await table(w)).paused is None  # the permission change resumed the table
    await w.env.advance_time(60)
    texts = "\n".join(m.content or "" for m in w.channel.history())
    assert "Your move" in w.board().content and "caretaker" not in texts  # told again before any deadline


def posts_since(w, since: int) -> list[dict]:
    path = f"/channels/{w.channel.id}/messages"
    return [q.json for q in w.env.http_requests[since:] if q.method == "POST" and q.path == path
            and isinstance(q.json, dict)]


async def refused_move(w) -> tuple[str, int]:
    """A move whose board Discord refuses: the table pauses. Returns the move's action and the newest board's id."""
    board = w.board().id
    mover = actor_of(w, (await table(w)).awaited[0])
    action, _result = await play_by_button(w, mover)
    assert (await table(w)).paused == "post"
    return action, board


async def test_a_permission_given_back_posts_a_fresh_board_at_once_without_waiting_for_a_move(world):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")
    deny_bot(w, POSTING)
    _action, old_board = await refused_move(w)
    waiting = (await table(w)).awaited
    since = len(w.env.http_requests)
    allow_bot_again(w)
    await w.env.advance_time(1)  # the channel update arrives; nobody moves
    t = await table(w)
    assert t.paused is None
    # The old code resumed the clocks silently: no board until someone moved (a 9-day stall in a trial).
    board = w.board()
    assert board.id != old_board and w.channel.history()[-1].id == board.id  # a new board, at the bottom
    assert board.components[0].children[0].custom_id.endswith(f":{t.version}")  # of the current move
    assert "Kontor can post here again" in "\n".join(w.texts())
    assert "has chosen" in str(board.embeds[0].to_dict())  # the refused post's line is not lost
    (post,) = [p for p in posts_since(w, since) if p.get("embeds")]
    assert set(map(int, post["allowed_mentions"]["users"])) == set(waiting)  # never told: pinged now


async def test_a_server_role_given_back_resumes_the_table_too(world):
    w = world
    await new_table(w, w.alice, w.bob, pace="fast")
    (kontor,) = [r for r in w.env.backend.get_guild(w.guild.id).roles.values() if r.managed]  # Kontor's own role
    allowed = kontor.permissions
    everyone = w.env.backend.get_role(w.guild.id, w.guild.id)
    w.env.backend.edit_role(w.guild.id, everyone.id, {"permissions": everyone.permissions & ~POSTING})
    w.env.backend.edit_role(w.guild.id, kontor.id, {"permissions": allowed & ~POSTING})
    _action, old_board = await refused_move(w)
    w.env.backend.edit_role(w.guild.id, kontor.id, {"permissions": allowed | POSTING})  # a moderator gives it back
    await w.env.advance_time(1)
    assert (await table(w)).paused is None
    assert w.board().id != old_board and w.channel.history()[-1].id == w.board().id
