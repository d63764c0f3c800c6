"""The plugin test game Secret Nim (tests/support/games.py: exactly two players, a secret simultaneous pick),
registered in one place, played whole through the real bot on SimCord: its own ``/secretnim`` command and the menu,
its images drawn (with alt text), each pick shown only to its player until both are revealed, and the outcome."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from bot.tools.verify import verify_record
from rules.core import ALT_TEXT_MAX
from tests.discord.helpers import actor_of, choose, menu_actions, open_menu, table
from tests.support.games import NIM

pytestmark = pytest.mark.usefixtures("plugin_games")  # registered before the bot is built


@pytest.fixture
def service_options() -> dict[str, Any]:
    return {"render": True}  # Secret Nim's real images: they cost little


def public_texts(w: Any) -> list[str]:
    """Everything the channel shows: contents, embeds and the images' alt text."""
    out = []
    for message in w.channel.history():
        out.append(message.content or "")
        out.extend(json.dumps(e.to_dict(), ensure_ascii=False) for e in message.embeds)
        out.extend(a.description or "" for a in message.attachments)
    return out


def dm_texts(actor: Any) -> list[str]:
    history = actor.user.dm_channel.history() if actor.user.dm_channel else []
    return [text for m in history for text in
            [m.content or "", *(json.dumps(e.to_dict(), ensure_ascii=False) for e in m.embeds)]]


def said(texts: list[str], needle: str) -> int:
    return sum(text.count(needle) for text in texts)


async def test_a_whole_two_player_game_with_a_secret_pick_on_discord(world: Any) -> None:
    w = world
    opened = await w.alice.slash(w.channel, "game new", game=NIM)
    assert "needs 2" in json.dumps([e.to_dict() for e in opened.response.embeds])
    await w.bob.slash(w.channel, "game join")
    third = await w.carol.slash(w.channel, "game join")  # two players exactly
    assert len((await table(w)).seats) == 2, third.response.content
    assert "full (2 seats)" in third.response.content
    started = await w.alice.slash(w.channel, "game start")
    assert "begins" in started.response.content
    rounds = 0
    while (t := await table(w)).status == "active":
        assert len(t.awaited) == 2  # every step is the two players' secret pick
        first, second = (actor_of(w, u) for u in t.awaited)
        mine = 1 + rounds % 3
        reveals = said(public_texts(w), "Picks revealed")
        before_public = said(public_texts(w), f"picked {mine}")
        before_dm = said(dm_texts(second), f"pick {mine}")
        # the first picks with the game's own command
        answer = await first.slash(w.channel, "secretnim pick", stones=str(mine))
        assert (answer.response.content or "").startswith("✅ Done"), answer.response.content
        # until the other has picked, nothing public and nothing of the other's tells it
        assert said(public_texts(w), "Picks revealed") == reveals
        assert said(public_texts(w), f"picked {mine}") == before_public
        assert said(dm_texts(second), f"pick {mine}") == before_dm
        assert f"{first.name} has picked in secret" in " ".join(public_texts(w))
        hand = await first.slash(w.channel, "game hand")  # the picker's own screen says it
        screen = [a for m in [hand.response, *hand.followups] if m for a in m.attachments]
        assert any(f"Your pick: {mine}" in (a.description or "") for a in screen), [a.description for a in screen]
        # the second picks from the menu under the board
        menu = await open_menu(w, second)
        assert menu_actions(menu) == ["pick 1", "pick 2", "pick 3"]
        theirs = f"pick {3 - rounds % 3}"
        chosen = await choose(second, menu, theirs)
        assert (chosen.response.content or "").startswith("✅ Done"), chosen.response.content
        # both picked: the picks are revealed to everyone, with the players' names
        assert said(public_texts(w), "Picks revealed") > reveals
        assert said(public_texts(w), f"{first.name} picked {mine}") > 0
        assert said(public_texts(w), f"{second.name} picked {theirs[-1]}") > 0
        rounds += 1
        assert rounds <= 7  # the heap shrinks every round
    assert t.status == "finished" and rounds >= 2
    channel = w.channel.history()
    assert channel[-1].content.startswith("🏁 Game over")
    boards = [a for m in channel for a in m.attachments if a.filename == "board.png"]
    assert len(boards) >= rounds and all(a.description and len(a.description) <= ALT_TEXT_MAX for a in boards)
    ended = channel[-1].content
    assert ended.startswith("🏁 Game over") and "alice" in ended and "bob" in ended
    # the record of the game (its seed, seats, log) replays to the outcome through Secret Nim's own rules
    record = await w.carol.slash(w.channel, "game record")
    (attachment,) = record.response.attachments
    data = json.loads(await attachment.read())
    assert data["game"] == NIM and sorted(s["name"] for s in data["seats"]) == ["alice", "bob"]
    verdict = verify_record(data, {NIM: rules.get_game(NIM)})
    assert verdict.ok, verdict
