"""Issue 41, "the channel speaks the mover's language": everything Kontor posts in a table's channel (the board's
alt text, the "Since your last move" paragraph of a turn notice) is in the table's language with the players named,
whoever's click caused the post, through the real bot on SimCord."""

from __future__ import annotations

from typing import Any

import pytest

import render
from tests.discord.conftest import World, set_server_locale
from tests.discord.helpers import table
from tests.discord.test_alt_text import GAME, play_some, png

NUMBERED = ("Seat ", "seat ", "joueur ", "Joueur ", "Spieler ", "giocatore ", "Giocatore ")


@pytest.fixture
def service_options(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    # Drawing is not what is tested here: any PNG will do, the words are the game's.
    monkeypatch.setattr(render, "board", png)
    monkeypatch.setattr(render, "board_and_focus", lambda *_a, **_k: (png(), png()))
    monkeypatch.setattr(render, "private", png)
    return {"render": True}


async def test_the_channel_reads_the_tables_language_whoever_moves(world: World, locales: dict[int, str]) -> None:
    w = world
    set_server_locale(w, "it")
    locales[w.alice.id], locales[w.bob.id], locales[w.carol.id] = "fr", "de", "en"
    await w.alice.slash(w.channel, "game new", game=GAME)
    for player in (w.bob, w.carol):
        await player.slash(w.channel, "game join")
    started = await w.alice.slash(w.channel, "game start")  # a French host starts an Italian table
    assert "comincia" in started.response.content and (await table(w)).settings["language"] == "it"
    await play_some(w, 9)
    posts = w.channel.history()
    names = [s.name for s in (await table(w)).seats]
    boards = [a for m in posts for a in m.attachments if a.filename == "board.png"]
    assert len(boards) >= 3
    for board in boards:  # the first board after the French host's start too
        assert not any(word in board.description for word in NUMBERED), board.description
        assert "Manche" not in board.description and "Runde" not in board.description
        assert any(name.casefold() in board.description.casefold() for name in names)
    notices = [m.content for m in posts if m.content and "📰" in m.content]
    assert notices, "no turn notice said what the player missed"
    for text in notices:
        for paragraph in text.split("📰")[1:]:
            assert paragraph.lstrip().startswith(("Dalla tua ultima mossa", "Dall'inizio della partita")), repr(text)
